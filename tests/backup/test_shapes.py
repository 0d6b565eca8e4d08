"""tournament/shapes.py, the JSON-shape checks the backup (and the journal) share, and the
rule « a registered team's name once » the backup takes from services/entrants.py."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament import shapes
from tournament.services.entrants import name_repeated


def test_keys_refuses_unknown_keys_before_missing_ones_in_either_words():
    with pytest.raises(shapes.ShapeError, match="champ inconnu : b"):
        shapes.keys({"b": 1}, ["a"])
    with pytest.raises(shapes.ShapeError, match="valeur inconnue : b"):
        shapes.keys({"b": 1}, ["a"], words=shapes.VALUE)
    with pytest.raises(shapes.ShapeError, match="champ manquant : a"):
        shapes.keys({}, ["a", "c"], ["a"])
    with pytest.raises(shapes.ShapeError, match="valeur manquante : a"):
        shapes.keys({}, ["a"], words=shapes.VALUE)
    with pytest.raises(shapes.ShapeError, match="valeurs nommées"):
        shapes.keys([], ["a"])
    assert shapes.keys({"a": 1}, ["a", "c"], ["a"]) == {"a": 1}


@given(st.dictionaries(st.sampled_from("abcdef"), st.integers()),
       st.sets(st.sampled_from("abcdef")), st.sets(st.sampled_from("abcdef")))
def test_keys_passes_exactly_the_dicts_within_allowed_with_every_required(value, allowed,
                                                                         required):
    required &= allowed
    fits = set(value) <= allowed and required <= set(value)
    try:
        assert shapes.keys(value, sorted(allowed), sorted(required)) is value
    except shapes.ShapeError:
        assert not fits
    else:
        assert fits


@given(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=3)))
def test_whole_numbers_are_ints_within_bounds_never_bools(value):
    assert shapes.is_whole(value, 10) == (type(value) is int and 0 <= value <= 10)


def test_booleans_choices_lists_and_shown_values():
    assert shapes.boolean(True, "publié") is True
    with pytest.raises(shapes.ShapeError, match="publié : true ou false"):
        shapes.boolean(1, "publié")
    assert shapes.choice("a", {"a"}, "atout") == "a"
    with pytest.raises(shapes.ShapeError, match='atout inconnu : "b"'):
        shapes.choice("b", {"a"}, "atout")
    with pytest.raises(shapes.ShapeError, match="une liste est attendue"):
        shapes.listed({})
    assert (shapes.shown([1]), shapes.shown({}), shapes.shown("x" * 50)) == (
        "une liste", "un objet", '"' + "x" * 39)


@given(st.text(alphabet="aAéÉeE ", min_size=1, max_size=6))
def test_a_team_name_is_repeated_whatever_its_case_or_accents_form(name):
    seen: set[str] = set()
    assert not name_repeated(name, seen)
    assert name_repeated(unicodedata.normalize("NFD", name.upper()), seen)
