"""A whole concours in phases (BRACKETS.md 1–6) played with stand-in parties: who plays
what, the places, the refusals, determinism."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.brackets import BracketError, Game
from tournament.brackets.bracket import first_round
from tournament.brackets.formule import Formule, formule_check, formule_play
from tournament.brackets.standings import final_standings

from .helpers import by_lot, recorded, strongest


def places_of(concours):
    return [(place.place, place.entrant, place.tableau) for place in concours.places]


def assert_shared_place_rule(places):
    """Every entrant once; a place is 1 + the entrants before it (1, 2, 3, 3, 5)."""
    ranks = [place for place, _entrant, _tableau in places]
    assert ranks == sorted(ranks)
    for index, rank in enumerate(ranks):
        assert rank == index + 1 or rank == ranks[index - 1]


def test_the_ascee_evening_sixteen_teams_poules_of_four_principal_and_consolante_complet():
    log = []
    concours = formule_play(range(1, 17), Formule("poules", placement="complet"), seed=2016,
                            play=recorded(by_lot(5), log))
    assert [len(poule.entrants) for poule in concours.poules] == [4, 4, 4, 4]
    names = [name for name, _tableau in concours.tableaux]
    assert names == ["principal", "consolante"]
    principal, consolante = (tableau for _name, tableau in concours.tableaux)
    firsts = [poule.ranking[0] for poule in concours.poules]
    seconds = [poule.ranking[1] for poule in concours.poules]
    assert principal.seeds == [*firsts, seconds[2], seconds[3], seconds[0], seconds[1]]
    thirds = [poule.ranking[2] for poule in concours.poules]
    assert consolante.seeds[:4] == thirds
    # Every team plays its three poule parties and three more: six.
    played = [entrant for pair in log for entrant in pair]
    assert all(played.count(entrant) == 6 for entrant in range(1, 17))
    places = places_of(concours)
    assert [place for place, _e, _t in places] == list(range(1, 17))
    assert [tableau for _p, _e, tableau in places] == ["principal"] * 8 + ["consolante"] * 8


def test_twenty_four_teams_six_poules_a_principal_of_twelve_with_cadrage():
    concours = formule_play(range(1, 25), Formule("poules"), seed=1, play=by_lot(1))
    assert len(concours.poules) == 6
    principal, consolante = (tableau for _name, tableau in concours.tableaux)
    assert len(principal.seeds) == 12 and principal.size == 16
    assert principal.rounds[0].name == "cadrage"
    assert len(consolante.seeds) == 12
    poule_of = {e: i for i, poule in enumerate(concours.poules) for e in poule.entrants}
    for tableau in (principal, consolante):
        for a, b in first_round(tableau.seeds):
            assert b is None or poule_of[a] != poule_of[b] or (a, b) in concours.unmended


def test_without_consolante_the_poules_left_share_a_rank_by_their_poule_place():
    concours = formule_play(range(1, 15), Formule("poules", consolante=False), seed=3,
                            play=by_lot(3))
    # 14 entrants: poules 4, 4, 3, 3; 8 in the principal; 4 thirds share 9th, 2 fourths 13th.
    places = places_of(concours)
    assert len(concours.tableaux) == 1
    assert [p for p, _e, t in places if t is None] == [9, 9, 9, 9, 13, 13]
    thirds = {poule.ranking[2] for poule in concours.poules}
    assert {e for p, e, _t in places if p == 9} == thirds


def test_one_qualifier_per_poule_sends_the_seconds_thirds_and_fourths_to_the_consolante():
    concours = formule_play(range(1, 17), Formule("poules", qualified=1), seed=3,
                            play=by_lot(3))
    principal, consolante = (tableau for _name, tableau in concours.tableaux)
    assert principal.seeds == [poule.ranking[0] for poule in concours.poules]
    assert len(consolante.seeds) == 12
    assert consolante.seeds[:4] == [poule.ranking[1] for poule in concours.poules]
    assert set(consolante.seeds[8:]) == {poule.ranking[3] for poule in concours.poules}


def test_gagnants_perdants_poules_play_five_parties_and_rank_by_them():
    concours = formule_play(range(1, 9), Formule("poules", poule_style="gagnants"), seed=8,
                            play=by_lot(8))
    for poule in concours.poules:
        assert [partie for partie, _match in poule.matches] == [1, 1, 2, 2, 3]
        matches = [match for _partie, match in poule.matches]
        assert poule.ranking[0] == matches[2].winner and poule.ranking[3] == matches[3].loser


def test_parties_qualificatives_send_the_top_m_to_the_principal():
    formule = Formule("parties", parties=3, principal=8)
    concours = formule_play(range(1, 21), formule, seed=4, play=strongest)
    principal, consolante = (tableau for _name, tableau in concours.tableaux)
    assert len(principal.seeds) == 8 and len(consolante.seeds) == 12
    assert concours.poules == []
    assert_shared_place_rule(places_of(concours))


def test_parties_without_consolante_place_the_others_by_their_standings():
    formule = Formule("parties", parties=2, principal=4, consolante=False)
    concours = formule_play(range(1, 11), formule, seed=4, play=strongest)
    places = places_of(concours)
    assert [t for _p, _e, t in places] == ["principal"] * 4 + [None] * 6
    assert_shared_place_rule(places)


def test_direct_with_tetes_de_serie_and_a_consolante_of_first_losers():
    formule = Formule("direct", tetes=(3, 1))
    concours = formule_play(range(1, 25), formule, seed=9, play=by_lot(9))
    principal, consolante = (tableau for _name, tableau in concours.tableaux)
    assert principal.seeds[:2] == [3, 1]
    cadrage_losers = {m.loser for m in principal.rounds[0].matches if not m.bye}
    assert cadrage_losers <= set(consolante.seeds)
    places = places_of(concours)
    assert {e for _p, e, t in places if t == "consolante"} == set(consolante.seeds)
    assert len([1 for _p, _e, t in places if t == "principal"]) == 24 - len(consolante.seeds)
    assert_shared_place_rule(places)


def test_direct_of_two_has_no_consolante_and_its_loser_is_second():
    concours = formule_play([5, 6], Formule("direct"), seed=1, play=strongest)
    assert [name for name, _t in concours.tableaux] == ["principal"]
    assert places_of(concours) == [(1, 5, "principal"), (2, 6, "principal")]


def test_cadrage_par_tirage_draws_the_seeds_by_lot():
    seeds = {tuple(formule_play(range(1, 17), Formule("poules", cadrage="tirage"), seed=seed,
                                play=strongest).tableaux[0][1].seeds) for seed in range(6)}
    assert len(seeds) > 1
    tetes = formule_play(range(1, 17), Formule("direct", cadrage="tirage", tetes=(16,)),
                         seed=1, play=strongest).tableaux[0][1].seeds
    ordered = formule_play(range(1, 17), Formule("direct", tetes=(16,)), seed=1,
                           play=strongest).tableaux[0][1].seeds
    assert ordered[0] == 16 and sorted(tetes) == list(range(1, 17))


@pytest.mark.parametrize(("formule", "entrants", "message"), [
    (Formule("poules"), 5, "Il faut au moins 6 équipes pour jouer en poules"),
    (Formule("poules", qualified=3), 8, "1 ou 2"),
    (Formule("poules", tetes=(1, 2, 3)), 8, "Plus de têtes de série"),
    (Formule("direct"), 1, "Il faut au moins 2 équipes pour un tableau"),
    (Formule("direct", tetes=(1, 2, 3)), 2, "Plus de têtes de série"),
    (Formule("parties", parties=3), 8, "--parties|nombre"),
    (Formule("parties", parties=3, principal=9), 8, "plus que"),
    (Formule("parties", parties=3, principal=1), 8, "au moins 2"),
    (Formule("parties", parties=3, principal=7), 8, "moins de 2"),
    (Formule("parties", parties=3, principal=4, tetes=(1,)), 8, "têtes de série"),
])
def test_bad_formules_are_refused_in_french(formule, entrants, message):
    with pytest.raises(BracketError, match=message):
        formule_check(formule, entrants)


def test_the_final_standings_share_ex_aequo_ranks():
    places = final_standings([("principal", [[1], [2], [3, 4]]), ("consolante", [[5], [6]])],
                             [[7, 8], [9]])
    assert [(p.place, p.entrant, p.tableau) for p in places] == [
        (1, 1, "principal"), (2, 2, "principal"), (3, 3, "principal"), (3, 4, "principal"),
        (5, 5, "consolante"), (6, 6, "consolante"), (7, 7, None), (7, 8, None), (9, 9, None)]


formules = st.builds(
    Formule,
    qualification=st.sampled_from(["poules", "parties", "direct"]),
    poule_style=st.sampled_from(["toutes", "gagnants"]),
    qualified=st.sampled_from([1, 2]),
    parties=st.just(2),
    principal=st.integers(2, 6),
    consolante=st.booleans(),
    cadrage=st.sampled_from(["tetes", "tirage"]),
    placement=st.sampled_from(["partagees", "petite-finale", "complet"]),
    separate_clubs=st.booleans(),
)


@given(formules, st.integers(8, 40), st.integers(0, 10**6), st.integers(1, 5))
@settings(max_examples=60, deadline=None)
def test_every_entrant_gets_exactly_one_place_and_the_same_seed_gives_the_same_concours(
        formule, entrants, seed, club_count):
    clubs = {entrant: {f"C{entrant % club_count}"} for entrant in range(1, entrants + 1)}
    concours = formule_play(range(1, entrants + 1), formule, seed=seed, play=by_lot(seed),
                            clubs=clubs)
    places = places_of(concours)
    assert sorted(e for _p, e, _t in places) == list(range(1, entrants + 1))
    assert_shared_place_rule(places)
    again = formule_play(range(1, entrants + 1), formule, seed=seed, play=by_lot(seed),
                         clubs=clubs)
    assert places_of(again) == places
    if formule.qualification == "poules" and formule.cadrage == "tetes":
        poule_of = {e: i for i, poule in enumerate(concours.poules) for e in poule.entrants}
        for _name, tableau in concours.tableaux:
            for a, b in first_round(tableau.seeds):
                assert b is None or poule_of[a] != poule_of[b] or (a, b) in concours.unmended
        if formule.separate_clubs and club_count <= len(concours.poules) and all(
                sum(1 for c in clubs.values() if c == {f"C{i}"}) <= len(concours.poules)
                for i in range(club_count)):
            assert concours.deal is not None and concours.deal.clashes == []


def test_a_poule_partie_left_level_is_refused():
    with pytest.raises(BracketError, match="donne par donne"):
        formule_play(range(1, 9), Formule("poules"), seed=1,
                     play=lambda a, b: Game(0, 2000, 2000))


def test_twenty_four_teams_each_play_four_to_seven_parties_as_the_issue_says():
    # « 24 équipes : 6 poules de 4, puis un tableau principal de 12 avec cadrage et une
    # consolante de 12 ; chaque équipe joue de 4 à 7 parties » (partagées).
    counts = set()
    for seed in range(8):
        log = []
        formule_play(range(1, 25), Formule("poules"), seed=seed, play=recorded(by_lot(seed), log))
        played = [entrant for pair in log for entrant in pair]
        counts |= {played.count(entrant) for entrant in range(1, 25)}
    assert min(counts) == 4 and max(counts) == 7
