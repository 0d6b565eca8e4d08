"""The random draw at every partie: seeded, no rematch when a draw avoids it, fair byes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.draw import METHODS, DrawError, DrawInput, repeated_pairs
from tournament.draw.random import seeded_order

from .simulate import fewest_repeats, pairs_of, simulate

draw_at_random = METHODS["random"].draw


def test_without_history_the_teams_are_paired_in_the_seeds_shuffle():
    teams = list(range(1, 11))
    order = seeded_order(teams, 5)
    assert sorted(order) == teams and order != teams
    draw = draw_at_random(DrawInput(teams, 3, 5))
    assert pairs_of(draw) == [(order[i], order[i + 1]) for i in range(0, 10, 2)]
    assert draw.seed == 5


def test_fewer_than_two_teams_are_refused_in_french():
    with pytest.raises(DrawError, match="Il faut au moins deux équipes actives"):
        draw_at_random(DrawInput([1], 1, 0))


def test_the_exempt_team_is_one_with_the_fewest_byes_that_has_played():
    teams = [1, 2, 3, 4, 5]
    byes = {1: 1, 2: 1, 3: 0, 4: 1, 5: 0}
    for seed in range(20):
        assert draw_at_random(DrawInput(teams, 4, seed, byes=byes, not_played=[5])).exempt == [3]
    exempt = {draw_at_random(DrawInput(teams, 4, seed, byes=byes)).exempt[0]
              for seed in range(20)}
    assert exempt == {3, 5}  # the seed decides among equals


@given(st.integers(0, 10**9), st.sampled_from([40, 41]))
@settings(max_examples=40)
def test_forty_teams_over_four_parties_never_meet_twice(seed, count):
    draws = simulate("random", count, 4, seed)
    assert repeated_pairs(pair for draw in draws for pair in pairs_of(draw)) == 0
    assert len({team for draw in draws for team in draw.exempt}) == 4 * (count % 2)


@given(st.integers(2, 9).map(lambda half: 2 * half), st.integers(0, 10**9))
@settings(max_examples=50)
def test_a_rematch_happens_only_when_no_draw_avoids_it(count, seed):
    """Many parties for few teams: once rematches cannot be avoided, as few as possible."""
    draws = simulate("random", count, count + 2, seed)
    for number, draw in enumerate(draws):
        met = {frozenset(pair) for earlier in draws[:number] for pair in pairs_of(earlier)}
        rematches = sum(frozenset(pair) in met for pair in pairs_of(draw))
        assert rematches == fewest_repeats(sorted(draw.entrants()), met)


@given(st.integers(0, 10**9))
@settings(max_examples=40)
def test_byes_are_shared_out_among_an_odd_number_of_teams(seed):
    draws = simulate("random", 7, 10, seed)
    counts = [sum(draw.exempt.count(team) for draw in draws) for team in range(1, 8)]
    assert max(counts) - min(counts) <= 1
