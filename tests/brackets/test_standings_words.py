"""How a tableau placed an entrant, in words (BRACKETS.md 5, 6): what the standings, the
palmarès and the documents print beside the tableau's name."""

import pytest

from tournament.brackets.standings import Place, final_standings, how_words


@pytest.mark.parametrize(("within", "shared", "placement", "entrants", "words"), [
    (1, 1, "partagees", 8, "vainqueur du tableau principal"),
    (2, 1, "partagees", 8, "finaliste du tableau principal"),
    (5, 4, "partagees", 8, "places 5–8 partagées"),
    (3, 1, "petite-finale", 8, "vainqueur de la petite finale"),
    (4, 1, "petite-finale", 8, "perdant de la petite finale"),
    (6, 1, "complet", 12, "6e : matchs de classement"),
    (4, 1, "complet", 8, "perdant de la petite finale"),
    (9, 1, "complet", 12, "perdant du cadrage, classé par sa partie"),
])
def test_how_a_tableau_placed_an_entrant_in_words(within, shared, placement, entrants, words):
    assert how_words(Place(within, 1, "principal", within, shared), placement,
                     entrants) == words


def test_the_consolante_and_the_poules_places_are_said_their_own_way():
    assert how_words(Place(9, 1, "consolante", 1, 1), "partagees", 4) == (
        "vainqueur de la consolante")
    assert how_words(Place(9, 1, None, 1, 2), "partagees", 4) == ""


def test_the_final_standings_give_each_place_its_place_within_its_tableau():
    places = final_standings([("principal", [[1], [2], [3, 4]]), ("consolante", [[5], [6]])],
                             [[7, 8]])
    assert [(p.place, p.within, p.shared) for p in places] == [
        (1, 1, 1), (2, 2, 1), (3, 3, 2), (3, 3, 2), (5, 1, 1), (6, 2, 1), (7, 1, 2), (7, 1, 2)]
