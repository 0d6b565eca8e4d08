"""A circuit's rule and qualification (pure): the qualifiers' count by the top Q, by steps of
participants and by a ratio; a rule that would divide by zero, or cannot be applied, is
refused in French."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuit.rules import (
    RuleError,
    checked_qualify,
    checked_rule,
    qualified_count,
    qualifiers,
)

RULE = {"kind": "table", "points_table": [100, 90], "beyond": "zero", "participation": 0,
        "best": None, "min_ranked": 0, "tie_breaks": ["best", "played"]}


def test_q_by_the_number_of_participants_as_the_issue_says():
    steps = checked_qualify({"kind": "steps", "steps": [[0, 4], [9, 6]]})
    assert [qualified_count(steps, n) for n in (0, 5, 8, 9, 30)] == [4, 4, 4, 6, 6]


def test_the_top_q_and_one_per_p_participants():
    assert qualified_count(checked_qualify({"kind": "top", "count": 12}), 3) == 12
    ratio = checked_qualify({"kind": "ratio", "per": 10})
    assert [qualified_count(ratio, n) for n in (0, 4, 10, 25)] == [0, 1, 1, 2]
    assert qualified_count(checked_qualify({"kind": "none"}), 50) == 0


def test_lines_tied_with_the_last_qualifying_place_all_qualify():
    # 3 places; lines 3, 4 and 5 share rank 3 after the tie-breaks: all three go.
    assert qualifiers([1, 2, 3, 3, 3, 6], 3) == ([0, 1, 2, 3, 4], [3, 4])
    # No tie at the cut: exactly the places.
    assert qualifiers([1, 2, 3, 4], 3) == ([0, 1, 2], [])
    # A line without a rank (too few concours) never qualifies, tied or not.
    assert qualifiers([1, 1, None, None], 3) == ([0, 1], [])
    assert qualifiers([1, 2], 0) == ([], [])


@settings(max_examples=40)
@given(st.lists(st.integers(1, 4), max_size=12), st.integers(0, 12))
def test_the_qualifiers_are_the_first_places_and_their_ties(steps, places):
    ranks = []  # standings' ranks: 1, then each line the same or its position + 1
    for position, step in enumerate(steps):
        ranks.append(1 if not ranks else ranks[-1] if step == 1 else position + 1)
    qualified, beyond = qualifiers(list(ranks), places)
    assert qualified[:places] == list(range(min(places, len(ranks))))
    assert qualified == list(range(len(qualified)))  # a line qualifies with those above it
    assert len(beyond) == max(0, len(qualified) - places)
    if beyond:
        assert {ranks[index] for index in beyond} == {ranks[places - 1]}
    if len(ranks) > len(qualified) > 0:  # the first left out is below the last who goes
        assert ranks[len(qualified)] > ranks[len(qualified) - 1]


def test_one_qualifier_per_zero_players_divides_by_zero_and_is_refused():
    with pytest.raises(RuleError, match="divise par zéro"):
        checked_qualify({"kind": "ratio", "per": 0})


@pytest.mark.parametrize(("qualify", "said"), [
    ({"kind": "steps", "steps": [[1, 4]]}, "le premier palier part de 0"),
    ({"kind": "steps", "steps": [[0, 4], [9, 6], [9, 8]]}, "chaque palier dépasse"),
    ({"kind": "steps", "steps": []}, "une liste de paliers"),
    ({"kind": "top", "count": -1}, "Qualifiés : un nombre entier"),
    ({"kind": "top"}, "les clés"),
    ({"kind": "lottery"}, "est attendu"),
    ("top", "est attendu"),
])
def test_a_qualification_that_cannot_be_applied_is_refused(qualify, said):
    with pytest.raises(RuleError, match=said):
        checked_qualify(qualify)


@pytest.mark.parametrize(("change", "said"), [
    ({"best": 0}, "au moins 1"),
    ({"points_table": []}, "Un barème de points"),
    ({"kind": "moyenne"}, "Règle inconnue"),
    ({"tie_breaks": ["best", "best"]}, "Départages"),
    ({"participation": 10_001}, "Bonus de participation"),
])
def test_a_rule_that_cannot_be_applied_is_refused(change, said):
    with pytest.raises(RuleError, match=said):
        checked_rule(**{**RULE, **change})


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 200), min_size=1, max_size=6, unique=True).map(sorted),
       st.integers(0, 2000))
def test_steps_give_the_count_of_the_highest_threshold_reached(thresholds, participants):
    steps = [[0, 1]] + [[threshold, index + 2] for index, threshold in enumerate(thresholds)]
    count = qualified_count(checked_qualify({"kind": "steps", "steps": steps}), participants)
    assert count == 1 + sum(1 for threshold in thresholds if participants >= threshold)
