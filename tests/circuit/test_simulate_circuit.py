"""`manage.py simulate_circuit`: its JSON against the circuit computed here from its own
concours (points table, best M, participation bonus, tie-breaks, qualifiers), players
recognised across clubs by licence and namesakes kept apart, nothing left behind, French
refusals with exit status 1."""

import io
import json

import pytest
from django.core.management import call_command

from circuit.models import Circuit, MemberClub, ReceivedConcours
from tournament.models import Club, ClubPlayer, Tournament

pytestmark = pytest.mark.django_db

ARGS = ["--clubs", "3", "--concours", "2", "--players", "8", "--shared", "2",
        "--points-table", "100,90,80,70,60", "--participation", "5", "--best", "2",
        "--qualify", "4", "--seed", "3"]
TABLE, BONUS, BEST, QUALIFY = (100, 90, 80, 70, 60), 5, 2, 4


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate_circuit", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


def who(player):
    if player["licence"]:
        return ("licence", player["licence"])
    return ("name", player["name"], player["first_name"], player["club"])


def expected_circuit(concours):
    """The circuit's lines as the command's documentation states them, computed apart."""
    results = {}
    for index, one in enumerate(concours):
        for line in one["standings"]:
            points = TABLE[line["place"] - 1] if line["place"] <= len(TABLE) else 0
            for player in line["players"]:
                results.setdefault(who(player), []).append((points, index))
    lines = {}
    for person, mine in results.items():
        best = sorted(mine, key=lambda item: (-item[0], item[1]))[:BEST]
        lines[person] = {"points": sum(p for p, _i in best) + BONUS * len(mine),
                         "played": len(mine), "counted": sorted(i for _p, i in best),
                         "best": max(p for p, _i in mine)}
    return lines


@pytest.fixture(scope="module")
def result(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        found = run(*ARGS)[0]
        left = (Club.objects.exists(), Tournament.objects.exists(),
                ClubPlayer.objects.exists(), MemberClub.objects.exists(),
                ReceivedConcours.objects.exists(), Circuit.objects.exists())
    return found, left


def test_the_json_has_the_issues_shape(result):
    found, _left = result
    assert set(found) == {"concours", "circuit", "qualified"}
    assert len(found["concours"]) == 3 * 2
    for one in found["concours"]:
        assert set(one) == {"club", "name", "standings"}
        places = [line["place"] for line in one["standings"]]
        assert places[0] == 1 and places == sorted(places)
        for line in one["standings"]:
            assert set(line) == {"place", "players"} and len(line["players"]) == 2
            for player in line["players"]:
                assert set(player) == {"licence", "name", "first_name", "club"}
    for row in found["circuit"]:
        assert set(row) == {"rank", "licence", "name", "first_name", "club", "points",
                            "played", "counted"}


def test_the_circuit_adds_up_as_documented(result):
    found, _left = result
    lines = expected_circuit(found["concours"])
    assert len(found["circuit"]) == len(lines)
    keys = []
    for row in found["circuit"]:
        line = lines[who(row)]
        assert (row["points"], row["played"], row["counted"]) == (
            line["points"], line["played"], line["counted"])
        keys.append((line["points"], line["best"], line["played"]))
    # Best first by points, then best single result, then concours played; equal lines
    # share a rank, the next skipping.
    assert keys == sorted(keys, reverse=True)
    for index, row in enumerate(found["circuit"]):
        tied = index and keys[index - 1] == keys[index]
        assert row["rank"] == (found["circuit"][index - 1]["rank"] if tied else index + 1)
    # The first QUALIFY lines, and every line after them of the same rank as the last.
    cut = found["circuit"][QUALIFY - 1]["rank"]
    assert found["qualified"] == [index for index, row in enumerate(found["circuit"])
                                  if index < QUALIFY or row["rank"] == cut]


def test_a_shared_player_is_one_person_across_clubs(result):
    found, _left = result
    visiting = {who(player) for one in found["concours"] for line in one["standings"]
                for player in line["players"] if player["club"] != one["club"]}
    assert visiting and all(person[0] == "licence" for person in visiting)
    rows = {who(row): row for row in found["circuit"]}
    clubs_of = {}
    for one in found["concours"]:
        for line in one["standings"]:
            for player in line["players"]:
                clubs_of.setdefault(who(player), set()).add(one["club"])
    travelled = [person for person in visiting if len(clubs_of[person]) > 1]
    assert travelled
    for person in travelled:
        assert rows[person]["played"] == sum(
            1 for one in found["concours"] for line in one["standings"]
            for player in line["players"] if who(player) == person)


def test_namesakes_without_licence_of_two_clubs_are_two_people(result):
    found, _left = result
    bare = [(row["name"], row["first_name"], row["club"]) for row in found["circuit"]
            if row["licence"] is None]
    names = [(name, first) for name, first, _club in bare]
    namesakes = {name for name in names if names.count(name) > 1}
    assert namesakes
    for name, first in namesakes:
        clubs = [club for n, f, club in bare if (n, f) == (name, first)]
        assert len(clubs) == len(set(clubs)) > 1


def test_nothing_stays_without_keep(result):
    _found, left = result
    assert left == (False,) * 6


@pytest.mark.parametrize(("args", "said"), [
    (["--clubs", "0"], "Clubs (--clubs) : un nombre entier de 1 à 50"),
    (["--players", "3"], "au moins quatre joueurs"),
    (["--players", "4", "--shared", "5"], "Joueurs partagés (--shared 5)"),
    (["--points-table", "10,20"], "Barème (--points-table)"),
    (["--qualify", "-1"], "Qualifiés (--qualify)"),
    (["--clubs", "50", "--concours", "20"], "Au plus 200 concours en tout"),
])
def test_a_refusal_is_french_exit_1_and_stores_nothing(args, said):
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("simulate_circuit", *args, stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    assert said in err.getvalue()
    assert not (Club.objects.exists() or MemberClub.objects.exists()
                or Circuit.objects.exists())


def test_an_option_argparse_refuses_is_refused_in_french_with_exit_1(capsys):
    # The parser is made before call_command hands its streams over: standard error.
    with pytest.raises(SystemExit) as exit_:
        call_command("simulate_circuit", "--tables", "3", stdout=io.StringIO())
    assert exit_.value.code == 1
    assert "Options non comprises" in capsys.readouterr().err
