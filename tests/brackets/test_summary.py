"""A formule in plain words (BRACKETS.md 1): the sizes it makes, the fewest and the most
parties an entrant plays — checked against concours played through the pure core."""

from collections import Counter

import pytest

from tournament.brackets import BracketError
from tournament.brackets.formule import Formule, formule_play
from tournament.brackets.summary import formule_shape, formule_words, tableau_span

from .helpers import by_lot, recorded


def test_the_ascee_evening_in_words():
    words = formule_words(Formule("poules", placement="complet"), 16, minutes=45,
                          target=None, donnes=12)
    assert words == ("16 équipes : 4 poules de 4, puis un tableau principal de 8 et une "
                     "consolante de 8 ; chaque équipe joue 6 parties, environ 4 h 30 en "
                     "parties de 12 donnes")


def test_the_issues_twenty_four_teams_in_words():
    words = formule_words(Formule("poules"), 24, minutes=45, target=None, donnes=12)
    assert words.startswith("24 équipes : 6 poules de 4, puis un tableau principal de 12 "
                            "avec cadrage et une consolante de 12 ; chaque équipe joue de 4 "
                            "à 7 parties, environ 5 h")


def test_poules_of_three_and_the_parties_and_direct_are_said():
    assert formule_words(Formule("poules", consolante=False), 7, minutes=60, target=1000,
                         donnes=None).startswith(
        "7 équipes : 2 poules (1 de 4 et 1 de 3), puis un tableau principal de 4 ; "
        "chaque équipe joue de 2 à 5 parties, environ 5 h en parties de 1000 points")
    assert "3 parties qualificatives, puis un tableau principal des 8 premières et une " \
           "consolante de 12" in formule_words(Formule("parties", parties=3, principal=8),
                                               20, minutes=45, target=None, donnes=None)
    assert "un tableau principal de 24 avec cadrage et une consolante des perdants" in \
        formule_words(Formule("direct"), 24, minutes=45, target=None, donnes=None)


def test_a_formule_the_draw_refuses_is_refused_in_words_too():
    with pytest.raises(BracketError, match="au moins 6 équipes"):
        formule_words(Formule("poules"), 5, minutes=45, target=None, donnes=None)


def test_a_tableau_span_by_its_placement():
    assert tableau_span(8, "partagees") == tableau_span(8, "petite-finale")
    assert (tableau_span(8, "partagees").fewest, tableau_span(8, "partagees").most) == (1, 3)
    assert (tableau_span(8, "complet").fewest, tableau_span(8, "complet").most) == (3, 3)
    assert (tableau_span(12, "complet").fewest, tableau_span(12, "complet").most) == (1, 4)
    assert (tableau_span(1, "complet").fewest, tableau_span(1, "complet").most) == (0, 0)


FORMULES = [
    Formule("poules", placement="complet"),
    Formule("poules", qualified=1, placement="petite-finale"),
    Formule("poules", poule_style="gagnants", consolante=False),
    Formule("parties", parties=2, principal=8),
    Formule("direct", placement="complet"),
    Formule("direct", consolante=False),
]


@pytest.mark.parametrize("formule", FORMULES)
@pytest.mark.parametrize("entrants", [10, 16, 23])
def test_every_entrant_plays_within_the_span_said(formule, entrants):
    shape = formule_shape(formule, entrants)
    for seed in range(3):
        log: list[tuple[int, int]] = []
        formule_play(range(1, entrants + 1), formule, seed=seed,
                     play=recorded(by_lot(seed), log))
        played = Counter(entrant for pair in log for entrant in pair)
        counts = [played[entrant] for entrant in range(1, entrants + 1)]
        assert shape.span.fewest <= min(counts)
        assert max(counts) <= shape.span.most
