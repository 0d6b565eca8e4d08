"""The pairing engine: on a band of the complete graph, exactly the complete graph's cost;
by pieces, exactly the fewest repeats; by windows around neighbours' repeats, the fewest
repeats too, never costlier than neighbours paired."""

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.draw.matching import (
    matching_cost,
    pair_avoiding_repeats,
    pair_near_neighbours,
    pair_on_line,
)


def _complete(order, conflicts):
    """The reference: a matching on every pair, repeats costing more than any squared gaps."""
    graph = nx.Graph()
    big = len(order) ** 3
    for i, a in enumerate(order):
        for j in range(i + 1, len(order)):
            b = order[j]
            repeats = conflicts.get(a, {}).get(b, 0)
            graph.add_edge(a, b, weight=(j - i) ** 2 + big * repeats)
    return matching_cost(list(nx.min_weight_matching(graph)), order, conflicts)


@st.composite
def weighted_lines(draw, largest=16):
    """An even number of ids in some order, and symmetric weighted meetings among them (the
    mêlée's doublettes weigh 1 to 4)."""
    count = 2 * draw(st.integers(0, largest // 2))
    order = draw(st.permutations(range(count)))
    conflicts: dict[int, dict[int, int]] = {}
    if count:
        pairs = st.tuples(st.integers(0, count - 1), st.integers(0, count - 1),
                          st.integers(1, 4))
        for a, b, weight in draw(st.lists(pairs, max_size=count * count // 2)):
            if a != b:
                conflicts.setdefault(a, {})[b] = weight
                conflicts.setdefault(b, {})[a] = weight
    return order, conflicts


def _is_a_perfect_matching(pairs, order):
    return sorted(x for pair in pairs for x in pair) == sorted(order)


@given(weighted_lines())
def test_the_band_finds_the_complete_graphs_cost(case):
    order, conflicts = case
    pairs = pair_on_line(order, conflicts)
    assert _is_a_perfect_matching(pairs, order)
    assert matching_cost(pairs, order, conflicts) == _complete(order, conflicts)


@given(weighted_lines(largest=24), st.sampled_from([2, 4, 6]))
def test_the_pieces_find_the_fewest_repeats(case, piece):
    order, conflicts = case
    pairs = pair_avoiding_repeats(order, conflicts, piece=piece)
    assert _is_a_perfect_matching(pairs, order)
    assert matching_cost(pairs, order, conflicts)[0] == _complete(order, conflicts)[0]


def test_without_meetings_neighbours_are_paired_in_order():
    assert pair_on_line([4, 2, 7, 1], {}) == [(4, 2), (7, 1)]
    assert pair_avoiding_repeats([4, 2, 7, 1], {}, piece=2) == [(4, 2), (7, 1)]


def test_a_set_of_meetings_weighs_one_each():
    assert pair_on_line([1, 2, 3, 4], {1: {2}, 2: {1}}) == [(1, 3), (2, 4)]


def test_an_odd_number_of_ids_or_of_piece_is_a_bug():
    with pytest.raises(ValueError):
        pair_on_line([1, 2, 3], {})
    with pytest.raises(ValueError):
        pair_avoiding_repeats([1, 2], {}, piece=3)


# --- By windows around the neighbours' repeats -----------------------------------------------


def _neighbours(order):
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


@given(weighted_lines(largest=24), st.sampled_from([0, 1, 2, 4, 8]))
def test_the_windows_find_the_fewest_repeats_and_never_cost_more_than_neighbours(case, radius):
    order, conflicts = case
    pairs = pair_near_neighbours(order, conflicts, exact_ids=0, radius=radius)
    assert _is_a_perfect_matching(pairs, order)
    cost = matching_cost(pairs, order, conflicts)
    assert cost[0] == _complete(order, conflicts)[0]  # no repeat whenever none is needed
    assert cost <= matching_cost(_neighbours(order), order, conflicts)
    positions = [order.index(a) for a, _b in pairs]
    assert positions == sorted(positions)  # in the order of each pair's earlier member


@given(weighted_lines(largest=16))
def test_up_to_the_exact_size_the_windows_are_the_band_itself(case):
    order, conflicts = case
    assert pair_near_neighbours(order, conflicts, exact_ids=16) == pair_on_line(order,
                                                                                conflicts)


def test_neighbours_who_repeat_nothing_are_paired_as_they_stand():
    order = list(range(200))
    conflicts = {0: {2}, 2: {0}, 5: {9}, 9: {5}}  # no neighbour pair (0-1, 2-3, …) among them
    assert pair_near_neighbours(order, conflicts) == _neighbours(order)


def test_a_repeat_is_undone_within_its_window_and_the_rest_stays_paired_in_order():
    order = list(range(200))
    conflicts = {100: {101}, 101: {100}}
    pairs = pair_near_neighbours(order, conflicts, radius=4)
    # The closest re-pairing: two pairs two apart (98-100 and 99-101, or 100-102 and 101-103).
    assert matching_cost(pairs, order, conflicts) == (0, 98 + 2 * 4)
    assert [pair for pair in pairs if pair[0] < 96 or pair[0] >= 106] == [
        pair for pair in _neighbours(order) if pair[0] < 96 or pair[0] >= 106]


def test_a_window_that_cannot_avoid_a_repeat_is_widened():
    # 0-3 have met as a square: a window of them alone repeats; 4 and 5 are needed.
    order = list(range(8))
    conflicts = {0: {1: 1, 2: 1}, 1: {0: 1, 3: 1}, 2: {0: 1, 3: 1}, 3: {1: 1, 2: 1}}
    pairs = pair_near_neighbours(order, conflicts, exact_ids=0, radius=0)
    assert matching_cost(pairs, order, conflicts)[0] == 0
