"""The pairing engine: on a band of the complete graph, exactly the complete graph's cost;
by pieces, exactly the fewest repeats."""

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.draw.matching import matching_cost, pair_avoiding_repeats, pair_on_line


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
