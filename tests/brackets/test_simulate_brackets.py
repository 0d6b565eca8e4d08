"""`manage.py simulate_brackets` (BRACKETS.md 9), run in-process: its JSON for several
options, checked against the rules, and its refusals (French, exit 1, nothing on stdout)."""

import io
import itertools
import json
from collections import Counter

import pytest
from django.core.management import call_command

from tournament.brackets.bracket import round_names, standard_order
from tournament.management.commands.simulate_brackets import club_sizes


def simulate(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate_brackets", *args, stdout=out, stderr=err)
    assert err.getvalue() == ""
    return json.loads(out.getvalue())


def refused(*args):
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("simulate_brackets", *args, stdout=out, stderr=err)
    assert exit_.value.code == 1
    assert out.getvalue() == ""
    return err.getvalue()


def check_tableau(tableau):
    """The shape of 3.2 and 9: S, the first round in bracket order, later rounds from the
    winners of matches 2i − 1 and 2i, the names."""
    seeds, size = tableau["seeds"], tableau["size"]
    count = len(seeds)
    assert size == 1 << (count - 1).bit_length()
    assert [r["name"] for r in tableau["rounds"]] == round_names(count)
    order = standard_order(size)
    first = tableau["rounds"][0]["matches"]
    assert len(first) == size // 2
    for index, match in enumerate(first):
        a, b = order[2 * index], order[2 * index + 1]
        assert match["a"] == seeds[a - 1]
        if b > count:
            assert match == {"a": seeds[a - 1], "b": None, "winner": seeds[a - 1], "bye": True}
        else:
            assert match["b"] == seeds[b - 1] and match["winner"] in (match["a"], match["b"])
            assert match["bye"] is False
    for before, after in itertools.pairwise(tableau["rounds"]):
        winners = [m["winner"] for m in before["matches"]]
        assert [(m["a"], m["b"]) for m in after["matches"]] == list(
            zip(winners[::2], winners[1::2], strict=True))


def check_places(report):
    places = report["places"]
    ids = [entrant["id"] for entrant in report["entrants"]]
    assert sorted(p["entrant"] for p in places) == ids
    ranks = [p["place"] for p in places]
    for index, rank in enumerate(ranks):
        assert rank == index + 1 or rank == ranks[index - 1]


def test_the_ascee_evening_poules_principal_and_consolante_complet():
    report = simulate("--entrants", "16", "--qualification", "poules", "--placement",
                      "complet", "--seed", "2016")
    assert [e["id"] for e in report["entrants"]] == list(range(1, 17))
    assert all(e["club"] is None for e in report["entrants"])
    assert [p["name"] for p in report["poules"]] == ["A", "B", "C", "D"]
    for poule in report["poules"]:
        assert poule["exempt"] == [None, None, None]
        first, second, third, fourth = poule["entrants"]
        assert [(m["partie"], m["a"], m["b"]) for m in poule["parties"]] == [
            (1, first, fourth), (1, second, third), (2, first, third), (2, second, fourth),
            (3, first, second), (3, third, fourth)]
        assert sorted(poule["ranking"]) == sorted(poule["entrants"])
    principal, consolante = report["tableaux"]
    assert principal["name"] == "principal" and consolante["name"] == "consolante"
    rankings = [poule["ranking"] for poule in report["poules"]]
    assert principal["seeds"] == [r[0] for r in rankings] + [
        rankings[2][1], rankings[3][1], rankings[0][1], rankings[1][1]]
    for tableau in (principal, consolante):
        check_tableau(tableau)
        assert [g["name"] for g in tableau["placing"]] == [
            "places 5–8", "petite finale", "places 5–6", "places 7–8"]
    played = Counter()
    for poule in report["poules"]:
        played.update(e for m in poule["parties"] for e in (m["a"], m["b"]))
    for tableau in (principal, consolante):
        for group in tableau["rounds"] + tableau["placing"]:
            played.update(e for m in group["matches"] for e in (m["a"], m["b"]))
    assert set(played.values()) == {6}
    assert [p["place"] for p in report["places"]] == list(range(1, 17))
    assert [p["tableau"] for p in report["places"]] == ["principal"] * 8 + ["consolante"] * 8
    assert report["places"][0]["entrant"] == principal["rounds"][-1]["matches"][0]["winner"]
    check_places(report)


def test_direct_twenty_four_with_cadrage_and_the_consolante_of_first_losers():
    report = simulate("--entrants", "24", "--qualification", "direct", "--seed", "7")
    assert report["poules"] == []
    principal, consolante = report["tableaux"]
    check_tableau(principal)
    check_tableau(consolante)
    assert principal["size"] == 32 and principal["rounds"][0]["name"] == "cadrage"
    byes = [m for m in principal["rounds"][0]["matches"] if m["bye"]]
    assert sorted(m["a"] for m in byes) == sorted(principal["seeds"][:8])
    cadrage_losers = {m["a"] if m["winner"] == m["b"] else m["b"]
                      for m in principal["rounds"][0]["matches"] if not m["bye"]}
    beaten_byes = {m["a"] if m["winner"] == m["b"] else m["b"]
                   for m in principal["rounds"][1]["matches"]} & {m["a"] for m in byes}
    assert set(consolante["seeds"]) == cadrage_losers | beaten_byes
    seed_of = {e: i for i, e in enumerate(principal["seeds"])}
    assert consolante["seeds"] == sorted(consolante["seeds"], key=seed_of.__getitem__)
    placed = {p["entrant"]: p for p in report["places"]}
    assert all(placed[e]["tableau"] == "consolante" for e in consolante["seeds"])
    assert principal["placing"] == []  # partagées by default
    check_places(report)


def test_parties_then_the_top_eight_with_petite_finale_and_no_consolante():
    report = simulate("--entrants", "12", "--qualification", "parties", "--parties", "3",
                      "--principal", "8", "--placement", "petite-finale", "--no-consolante",
                      "--seed", "3")
    assert len(report["tableaux"]) == 1
    principal = report["tableaux"][0]
    check_tableau(principal)
    assert [g["name"] for g in principal["placing"]] == ["petite finale"]
    assert [p["tableau"] for p in report["places"]] == ["principal"] * 8 + [None] * 4
    check_places(report)


def test_gagnants_poules_of_three_clubs_apart_tetes_and_cadrage_by_lot():
    report = simulate("--entrants", "10", "--qualification", "poules", "--poule-style",
                      "gagnants", "--qualified", "1", "--cadrage", "tirage", "--clubs", "3",
                      "--separate-clubs", "--tetes", "2", "--seed", "11")
    sizes = club_sizes(10, 3)
    assert sizes == [6, 3, 1]  # 10·3/6, 10·2/6, 10·1/6 rounded down, + 1 to the first
    assert [e["club"] for e in report["entrants"]] == (
        ["Club 1"] * 6 + ["Club 2"] * 3 + ["Club 3"] * 1)
    poules = report["poules"]
    assert [len(p["entrants"]) for p in poules] == [4, 3, 3]
    assert [p["entrants"][0] for p in poules[:2]] == [1, 2]  # the têtes de série
    four = poules[0]
    assert [m["partie"] for m in four["parties"]] == [1, 1, 2, 2, 3]
    assert four["exempt"] == [None, None, None]
    for three in poules[1:]:
        assert three["exempt"] == three["entrants"]
        assert [m["partie"] for m in three["parties"]] == [1, 2, 3]
    principal, consolante = report["tableaux"]
    assert sorted(principal["seeds"]) == sorted(p["ranking"][0] for p in poules)
    assert len(consolante["seeds"]) == 7
    check_places(report)


@pytest.mark.parametrize("placement", ["partagees", "petite-finale", "complet"])
@pytest.mark.parametrize("qualification", ["poules", "direct"])
def test_every_option_gives_every_entrant_one_place(qualification, placement):
    report = simulate("--entrants", "13", "--qualification", qualification, "--placement",
                      placement, "--seed", "5")
    for tableau in report["tableaux"]:
        check_tableau(tableau)
    check_places(report)
    assert report == simulate("--entrants", "13", "--qualification", qualification,
                              "--placement", placement, "--seed", "5")


def test_club_sizes_follow_c_c_minus_one_down_to_one():
    assert club_sizes(16, 4) == [7, 5, 3, 1]  # 6.4, 4.8, 3.2, 1.6 → 6, 4, 3, 1 + 2
    assert club_sizes(6, 6) == [2, 2, 2, 0, 0, 0]
    assert club_sizes(7, 1) == [7]


@pytest.mark.parametrize(("args", "message"), [
    (["--entrants", "5", "--qualification", "poules"],
     "Il faut au moins 6 équipes pour jouer en poules"),
    (["--entrants", "1", "--qualification", "direct"], "au moins 2 équipes pour un tableau"),
    (["--entrants", "8", "--qualification", "poules", "--qualified", "3"], "1 ou 2"),
    (["--entrants", "8", "--qualification", "poules", "--tetes", "3"],
     "Plus de têtes de série"),
    (["--entrants", "4", "--qualification", "direct", "--tetes", "5"],
     "Plus de têtes de série"),
    (["--entrants", "8", "--qualification", "parties", "--parties", "2", "--principal", "4",
      "--tetes", "1"], "têtes de série"),
    (["--entrants", "8", "--qualification", "poules", "--separate-clubs"], "--clubs"),
    (["--entrants", "8", "--qualification", "poules", "--clubs", "0"], "Clubs"),
    (["--entrants", "8", "--qualification", "poules", "--clubs", "9"], "Clubs"),
    (["--entrants", "8", "--qualification", "parties", "--parties", "2"], "--principal"),
    (["--entrants", "8", "--qualification", "parties", "--principal", "4"], "--parties"),
    (["--entrants", "8", "--qualification", "parties", "--parties", "2", "--principal",
      "9"], "plus que"),
    (["--entrants", "8", "--qualification", "parties", "--parties", "2", "--principal",
      "7"], "moins de 2"),
    (["--entrants", "8", "--qualification", "knockout"], "inconnu"),
    (["--entrants", "8", "--qualification", "direct", "--placement", "tout"], "inconnu"),
    (["--entrants", "huit", "--qualification", "direct"], "nombre entier"),
])
def test_refusals_say_why_in_french_on_stderr_and_exit_one(args, message):
    assert message in refused(*args, "--seed", "1")


def test_the_seed_is_required():
    assert "graine" in refused("--entrants", "8", "--qualification", "direct")
