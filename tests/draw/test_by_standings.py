"""The standings draw: seeded random partie 1, then closest ranks without rematches (exactly
the complete graph's matching, found on a band of it; beyond 128 teams, on windows around
the rematches of neighbours), rotating byes."""

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.draw import METHODS, DrawError, DrawInput, repeated_pairs
from tournament.draw.base import conflict_map
from tournament.draw.matching import EXACT_IDS, matching_cost, pair_on_line
from tournament.draw.standings import choose_bye, draw_random, pair_by_standings

from .simulate import pairs_of


def _teams(draw):
    return [team for table in draw.tables for team in table.entrants] + draw.exempt


def test_the_same_seed_gives_the_same_draw_and_another_seed_another():
    teams = list(range(1, 21))
    assert draw_random(teams, 42) == draw_random(list(reversed(teams)), 42)
    assert draw_random(teams, 42) != draw_random(teams, 43)
    assert draw_random(teams, 42).seed == 42


@given(st.integers(2, 60), st.integers(0, 10**9))
def test_a_random_draw_seats_every_team_once(count, seed):
    draw = draw_random(list(range(count)), seed)
    assert sorted(_teams(draw)) == list(range(count))
    assert len(draw.exempt) == count % 2


def test_no_history_pairs_first_with_second_third_with_fourth():
    draw = pair_by_standings([5, 3, 8, 1, 2, 9], met=[])
    assert pairs_of(draw) == [(5, 3), (8, 1), (2, 9)] and draw.exempt == []
    assert draw.seed is None  # nothing drawn at random


def test_a_rematch_is_avoided_by_the_closest_other_pairing():
    draw = pair_by_standings([1, 2, 3, 4], met=[(1, 2)])
    assert pairs_of(draw) == [(1, 3), (2, 4)]


def test_a_rematch_met_in_the_other_order_is_avoided_too():
    assert pairs_of(pair_by_standings([1, 2, 3, 4], met=[(2, 1)])) == [(1, 3), (2, 4)]


def test_a_rematch_happens_only_when_no_draw_avoids_it():
    draw = pair_by_standings([1, 2], met=[(1, 2)])
    assert pairs_of(draw) == [(1, 2)]


def test_meetings_with_teams_no_longer_active_are_ignored():
    draw = pair_by_standings([1, 2, 3, 4], met=[(1, 9), (9, 2)])
    assert pairs_of(draw) == [(1, 2), (3, 4)]


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    assert choose_bye([1, 2, 3, 4, 5], had_bye=[5]) == 4
    assert choose_bye([1, 2, 3], had_bye=[1, 2, 3]) == 3
    assert choose_bye([1, 2, 3, 4], had_bye=[]) is None


def test_once_every_team_has_had_a_bye_it_goes_to_the_lowest_ranked_with_fewest():
    assert choose_bye([1, 2, 3], had_bye=[1, 2, 3, 3]) == 2
    assert choose_bye([1, 2, 3], had_bye=[1, 2, 3, 3, 2], not_played=[1]) == 1


def test_the_bye_goes_to_a_team_that_has_played_before_a_late_one():
    assert choose_bye([1, 2, 3, 4, 5], had_bye=[], not_played=[5]) == 4
    assert choose_bye([1, 2, 3], had_bye=[1, 2], not_played=[3]) == 3


def test_fewer_than_two_teams_cannot_be_drawn_and_the_refusal_is_french():
    with pytest.raises(DrawError, match="Il faut au moins deux équipes actives"):
        draw_random([1], 0)
    with pytest.raises(DrawError, match="Il faut au moins deux équipes actives"):
        pair_by_standings([1], [])
    with pytest.raises(DrawError, match="deux équipes"):
        METHODS["standings"].draw(DrawInput([], 2, 0))


def test_the_method_draws_partie_one_at_random_and_then_by_standings():
    teams = list(range(1, 12))
    first = METHODS["standings"].draw(DrawInput(teams, 1, 7))
    assert first == draw_random(teams, 7)
    later = METHODS["standings"].draw(DrawInput(
        teams, 2, 7, opponents=first.opponent_pairs(), byes=dict.fromkeys(first.exempt, 1)))
    assert later == pair_by_standings(teams, first.opponent_pairs(), first.exempt)
    assert later.exempt == [11 if first.exempt != [11] else 10]


# --- Exactly the complete graph's draw --------------------------------------------------------


def _complete_graph_cost(ranked, met):
    """Today's draw before the band: a matching on every pair of teams."""
    rank = {team: index for index, team in enumerate(ranked)}
    met_pairs = {frozenset(pair) for pair in met}
    n = len(ranked)
    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            rematch = n**3 if frozenset((a, b)) in met_pairs else 0
            graph.add_edge(a, b, weight=(rank[b] - rank[a]) ** 2 + rematch)
    return matching_cost(list(nx.min_weight_matching(graph)), ranked, _conflicts(met_pairs))


def _conflicts(met_pairs):
    conflicts = {}
    for a, b in map(tuple, met_pairs):
        conflicts.setdefault(a, set()).add(b)
        conflicts.setdefault(b, set()).add(a)
    return conflicts


@st.composite
def standings_with_history(draw, largest=16):
    """An even number of ranked teams and meetings among them, sparse or dense."""
    count = 2 * draw(st.integers(1, largest // 2))
    ranked = draw(st.permutations(range(1, count + 1)))
    pairs = st.tuples(st.integers(1, count), st.integers(1, count))
    met = [(a, b) for a, b in draw(st.lists(pairs, max_size=count * count // 2)) if a != b]
    return ranked, met


@given(standings_with_history())
def test_the_draw_costs_exactly_what_the_complete_graph_finds(case):
    ranked, met = case
    draw = pair_by_standings(ranked, met)
    met_pairs = {frozenset(pair) for pair in met}
    mine = matching_cost(pairs_of(draw), ranked, _conflicts(met_pairs))
    assert mine == _complete_graph_cost(ranked, met)  # rematches first, then squared gaps


@given(standings_with_history(), st.integers(0, 3))
def test_no_rematch_whenever_the_complete_graph_finds_none(case, odd):
    ranked, met = case
    ranked = ranked[: max(2, len(ranked) - odd)]  # odd counts: the bye, then the pairing
    draw = pair_by_standings(ranked, met)
    seated = [team for team in ranked if team not in draw.exempt]
    met_pairs = {frozenset(pair) for pair in met}
    rematches = sum(frozenset(pair) in met_pairs for pair in pairs_of(draw))
    assert rematches == _complete_graph_cost(seated, met)[0]


# --- Over a concours -------------------------------------------------------------------------


def _simulate(count: int, rounds: int, seed: int):
    """Play `rounds` rounds with random winners; return every draw."""
    rng = random.Random(seed)
    wins = dict.fromkeys(range(count), 0)
    met: list[tuple[int, int]] = []
    byes: list[int] = []
    draws = [draw_random(list(range(count)), seed)]
    for number in range(rounds):
        draw = draws[-1]
        for a, b in pairs_of(draw):
            wins[rng.choice([a, b])] += 1
            met.append((a, b))
        byes += draw.exempt
        for team in draw.exempt:
            wins[team] += 1
        if number + 1 < rounds:
            ranked = sorted(wins, key=lambda team: (-wins[team], team))
            draws.append(pair_by_standings(ranked, met, byes))
    return draws


@given(st.integers(0, 10**6))
def test_sixteen_teams_over_seven_rounds_never_meet_twice(seed):
    draws = _simulate(16, 7, seed)
    pairs = [frozenset(table) for draw in draws for table in pairs_of(draw)]
    assert len(pairs) == 7 * 8 and len(set(pairs)) == len(pairs)


@given(st.integers(0, 10**6))
def test_byes_rotate_among_an_odd_number_of_teams(seed):
    draws = _simulate(15, 7, seed)
    byes = [team for draw in draws for team in draw.exempt]
    assert len(byes) == 7 and len(set(byes)) == 7
    for draw in draws:
        assert sorted(_teams(draw)) == list(range(15))


def test_a_long_concours_of_many_teams_has_no_rematch():
    draws = _simulate(64, 12, 2026)
    assert repeated_pairs(pair for draw in draws for pair in pairs_of(draw)) == 0


def test_a_federation_field_beyond_the_exact_size_has_no_rematch_and_rotates_byes():
    # 301 teams: past 128 the rematches are undone by windows of the ranking.
    draws = _simulate(301, 12, 24)
    assert repeated_pairs(pair for draw in draws for pair in pairs_of(draw)) == 0
    byes = [team for draw in draws for team in draw.exempt]
    assert len(byes) == 12 == len(set(byes))


@st.composite
def large_standings(draw):
    """Beyond the exact size (129 to 181 teams, odd counts too), meetings between close ranks
    (where the draw by standings meets them): from none to several per team."""
    count = draw(st.integers(EXACT_IDS + 1, EXACT_IDS + 53))
    ranked = draw(st.permutations(range(1, count + 1)))
    near = st.tuples(st.integers(0, count - 1), st.integers(1, 8))
    met = [(ranked[i], ranked[min(count - 1, i + gap)])
           for i, gap in draw(st.lists(near, max_size=count * 4))]
    return ranked, [(a, b) for a, b in met if a != b]


@settings(max_examples=25)
@given(large_standings())
def test_beyond_the_exact_size_the_draw_rematches_no_more_than_the_exact_matching(case):
    ranked, met = case
    draw = pair_by_standings(ranked, met)
    seated = [team for team in ranked if team not in draw.exempt]
    assert sorted(seated) == sorted(team for pair in pairs_of(draw) for team in pair)
    assert draw.exempt == [choose_bye(ranked, [])] if len(ranked) % 2 else draw.exempt == []
    conflicts = conflict_map(met, seated)
    exact = matching_cost(pair_on_line(seated, conflicts), seated, conflicts)
    mine = matching_cost(pairs_of(draw), seated, conflicts)
    assert mine[0] == exact[0]  # no rematch whenever the complete graph's draw has none
    neighbours = [(seated[i], seated[i + 1]) for i in range(0, len(seated), 2)]
    assert mine <= matching_cost(neighbours, seated, conflicts)
