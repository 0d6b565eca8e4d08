"""A concours in phases once its tableaux are over (BRACKETS.md 6): its standings page and
PDF say the places come from the tableaux and print each line's tableau and how it was
placed, not the criteria and figures that did not rank it."""

import pytest
from django.urls import reverse

from tests.builders import teams_written, tournament
from tournament import services
from tournament.brackets.standings import Place, how_words
from tournament.exports import documents, pdf
from tournament.selectors.phases import phases_standings

pytestmark = pytest.mark.django_db


def won_by_nord_sud(round_) -> None:
    """Every table of a partie won by its Nord-Sud side: East-West forfeits (fast)."""
    for game in round_.games.filter(team_ew__isnull=False):
        services.game_forfeit(game=game, side="EW")


def played_in_phases(placement: str = "partagees", **options):
    """Eight teams in two poules of four, the first two of each to the principal, the others
    to the consolante (4 each), every tableau played to its end: the better seed wins every
    match (the Nord-Sud side), the petite finale too where there is one."""
    t = tournament(**options)
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules", placement=placement)
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    for tableau in services.tableaux_draw(tournament=t):
        for index in range(2):
            match = services.tableau_match_call(tableau=tableau, round_index=0, index=index)
            services.game_forfeit(game=match.game, side="EW")
        if placement != "partagees":
            petite = services.tableau_match_call(tableau=tableau, low=3, round_index=2,
                                                 index=0)
            services.game_forfeit(game=petite.game, side="EW")
        final = services.tableau_match_call(tableau=tableau, round_index=1, index=0)
        services.game_forfeit(game=final.game, side="EW")
    return t


@pytest.mark.parametrize(("within", "shared", "placement", "entrants", "words"), [
    (1, 1, "partagees", 8, "vainqueur du tableau principal"),
    (2, 1, "partagees", 8, "finaliste du tableau principal"),
    (5, 4, "partagees", 8, "places 5–8 partagées"),
    (3, 1, "petite-finale", 8, "vainqueur de la petite finale"),
    (4, 1, "petite-finale", 8, "perdant de la petite finale"),
    (6, 1, "complet", 12, "6e : matchs de classement"),
    (9, 1, "complet", 12, "perdant du cadrage, classé par sa partie"),
])
def test_how_a_tableau_placed_an_entrant_in_words(within, shared, placement, entrants, words):
    assert how_words(Place(within, 1, "principal", within, shared), placement,
                     entrants) == words


def test_the_consolante_and_the_poules_places_are_said_their_own_way():
    assert how_words(Place(9, 1, "consolante", 1, 1), "partagees", 4) == (
        "vainqueur de la consolante")
    assert how_words(Place(9, 1, None, 1, 2), "partagees", 4) == ""


def test_the_final_standings_say_each_tableau_and_how(client):
    t = played_in_phases("partagees")
    places = phases_standings(t).places
    assert [(place.place, place.tableau, place.how) for place in places] == [
        (1, "tableau principal", "vainqueur du tableau principal"),
        (2, "tableau principal", "finaliste du tableau principal"),
        (3, "tableau principal", "places 3–4 partagées"),
        (3, "tableau principal", "places 3–4 partagées"),
        (5, "consolante", "vainqueur de la consolante"),
        (6, "consolante", "finaliste de la consolante"),
        (7, "consolante", "places 3–4 partagées"),
        (7, "consolante", "places 3–4 partagées")]
    assert [place.within for place in places] == [1, 2, 3, 3, 1, 2, 3, 3]
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    assert "Places données par les tableaux" in page
    assert "Critères, dans l" not in page and "Points marqués" not in page
    winner = places[0].team
    assert (f"{winner.number}. {winner.name}</a></td><td >{winner.players}</td>"
            "<td >Tableau principal</td><td >vainqueur du tableau principal</td>") in page
    html = pdf.standings_html(t)
    assert "places données par les tableaux" in html and "critères" not in html
    assert "Points marqués" not in html
    assert "<td>Consolante</td><td>vainqueur de la consolante</td>" in html


def test_the_poules_places_after_the_tableaux_name_their_poule():
    t = tournament()
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    (principal,) = services.tableaux_draw(tournament=t)
    standing = documents.standings(t)
    # Not over: ranked by the criteria, and said so.
    assert not standing.phases
    assert standing.phase_waiting == "Le tableau principal n'est pas fini."
    for index in range(2):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")
    final = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    services.game_forfeit(game=final.game, side="EW")
    words = [(place.place, place.how) for place in phases_standings(t).places][4:]
    assert words == [(5, "3e de la poule A"), (5, "3e de la poule B"),
                     (7, "4e de la poule A"), (7, "4e de la poule B")]
    assert documents.standings(t).phases
