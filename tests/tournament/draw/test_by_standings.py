"""Draws: seeded random round 1, standings pairing without rematches, rotating byes."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.pairing import PairingError, choose_bye, draw_random, pair_by_standings


def _teams(draw):
    teams = [team for table in draw.tables for team in table]
    return teams + ([draw.bye] if draw.bye is not None else [])


def test_the_same_seed_gives_the_same_draw_and_another_seed_another():
    teams = list(range(1, 21))
    assert draw_random(teams, 42) == draw_random(list(reversed(teams)), 42)
    assert draw_random(teams, 42) != draw_random(teams, 43)


@given(st.integers(2, 60), st.integers(0, 10**9))
def test_a_random_draw_seats_every_team_once(count, seed):
    draw = draw_random(list(range(count)), seed)
    assert sorted(_teams(draw)) == list(range(count))
    assert (draw.bye is None) == (count % 2 == 0)


def test_no_history_pairs_first_with_second_third_with_fourth():
    draw = pair_by_standings([5, 3, 8, 1, 2, 9], met=[])
    assert draw.tables == [(5, 3), (8, 1), (2, 9)] and draw.bye is None


def test_a_rematch_is_avoided_by_the_closest_other_pairing():
    draw = pair_by_standings([1, 2, 3, 4], met=[(1, 2)])
    assert draw.tables == [(1, 3), (2, 4)]


def test_a_rematch_happens_only_when_no_draw_avoids_it():
    draw = pair_by_standings([1, 2], met=[(1, 2)])
    assert draw.tables == [(1, 2)]


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    assert choose_bye([1, 2, 3, 4, 5], had_bye=[5]) == 4
    assert choose_bye([1, 2, 3], had_bye=[1, 2, 3]) == 3
    assert choose_bye([1, 2, 3, 4], had_bye=[]) is None


def test_fewer_than_two_teams_cannot_be_drawn():
    with pytest.raises(PairingError):
        draw_random([1], 0)
    with pytest.raises(PairingError):
        pair_by_standings([1], [])


def _simulate(count: int, rounds: int, seed: int):
    """Play `rounds` rounds with random winners; return every draw."""
    rng = random.Random(seed)
    wins = dict.fromkeys(range(count), 0)
    met: list[tuple[int, int]] = []
    byes: list[int] = []
    draws = [draw_random(list(range(count)), seed)]
    for number in range(rounds):
        draw = draws[-1]
        for a, b in draw.tables:
            wins[rng.choice([a, b])] += 1
            met.append((a, b))
        if draw.bye is not None:
            byes.append(draw.bye)
            wins[draw.bye] += 1
        if number + 1 < rounds:
            ranked = sorted(wins, key=lambda team: (-wins[team], team))
            draws.append(pair_by_standings(ranked, met, byes))
    return draws


@given(st.integers(0, 10**6))
def test_sixteen_teams_over_seven_rounds_never_meet_twice(seed):
    draws = _simulate(16, 7, seed)
    pairs = [frozenset(table) for draw in draws for table in draw.tables]
    assert len(pairs) == 7 * 8 and len(set(pairs)) == len(pairs)


@given(st.integers(0, 10**6))
def test_byes_rotate_among_an_odd_number_of_teams(seed):
    draws = _simulate(15, 7, seed)
    byes = [draw.bye for draw in draws]
    assert None not in byes and len(set(byes)) == 7
    for draw in draws:
        assert sorted(_teams(draw)) == list(range(15))
