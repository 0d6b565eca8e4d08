"""The mêlée draw: doublettes formed and seated at every partie, no repeated partner, then no
repeated opponent, whenever a draw avoids them; the players left out shared fairly."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.draw import METHODS, DrawError, DrawInput, repeated_pairs

from .simulate import fewest_repeats, simulate

draw_melee = METHODS["melee"].draw


def _repeats(draws):
    opponents = [pair for draw in draws for pair in draw.opponent_pairs()]
    partners = [pair for draw in draws for pair in draw.partner_pairs()]
    return repeated_pairs(partners), repeated_pairs(opponents)


def _bye_spread(draws, count):
    byes = Counter(player for draw in draws for player in draw.exempt)
    return max(byes[p] for p in range(1, count + 1)) - min(byes[p] for p in range(1, count + 1))


def test_fewer_than_four_players_are_refused_in_french():
    with pytest.raises(DrawError, match="Il faut au moins quatre joueurs actifs"):
        draw_melee(DrawInput([1, 2, 3], 1, 0))


def test_four_players_make_one_table_of_two_doublettes():
    draw = draw_melee(DrawInput([1, 2, 3, 4], 1, 9))
    assert len(draw.tables) == 1 and draw.exempt == [] and draw.seed == 9
    table = draw.tables[0]
    assert sorted(table.ns + table.ew) == [1, 2, 3, 4]


def test_a_repeated_partner_is_avoided_before_a_repeated_opponent():
    # 1 and 2 were partners once; 1 faced 2, and 3 faced 4, another time. Partnering 1 and 2
    # again against 3 and 4 repeats one partnership and no opponent; any other table repeats
    # no partnership but two opponents (1-2 and 3-4 split across the table): it is chosen.
    for seed in range(20):
        draw = draw_melee(DrawInput([1, 2, 3, 4], 3, seed, partners=[(1, 2)],
                                    opponents=[(1, 2), (3, 4)]))
        assert {frozenset(pair) for pair in draw.partner_pairs()} in (
            {frozenset((1, 3)), frozenset((2, 4))}, {frozenset((1, 4)), frozenset((2, 3))})


@given(st.integers(0, 10**9))
@settings(max_examples=40)
def test_thirty_seven_players_over_five_parties_repeat_nothing_and_share_the_byes(seed):
    draws = simulate("melee", 37, 5, seed)
    assert _repeats(draws) == (0, 0)
    assert all(len(draw.exempt) == 1 and len(draw.tables) == 9 for draw in draws)
    assert _bye_spread(draws, 37) <= 1


def test_five_hundred_and_twelve_players_over_six_parties_repeat_nothing():
    draws = simulate("melee", 512, 6, 2026)
    assert _repeats(draws) == (0, 0)
    assert all(len(draw.tables) == 128 and draw.exempt == [] for draw in draws)


@given(st.integers(4, 11), st.integers(0, 10**9))
@settings(max_examples=40)
def test_nobody_is_exempt_twice_while_another_has_not_been(count, seed):
    draws = simulate("melee", count, 8, seed)
    for played in range(1, len(draws) + 1):
        assert _bye_spread(draws[:played], count) <= 1
    assert all(len(draw.exempt) == count % 4 for draw in draws)


@given(st.integers(2, 5).map(lambda tables: 4 * tables), st.integers(0, 10**9))
@settings(max_examples=40)
def test_partners_repeat_only_when_no_draw_avoids_it(count, seed):
    """Few players over many parties: partners must repeat at some point, as rarely as can
    be (checked partie by partie against a matching on every pair of players)."""
    draws = simulate("melee", count, count, seed)
    for number, draw in enumerate(draws):
        met = {frozenset(pair) for earlier in draws[:number] for pair in earlier.partner_pairs()}
        repeated = sum(frozenset(pair) in met for pair in draw.partner_pairs())
        assert repeated == fewest_repeats(sorted(draw.entrants()), met)


def test_a_late_player_is_not_left_out_at_his_first_partie_when_others_can_be():
    players = list(range(1, 8))  # three left out a partie
    for seed in range(20):
        draw = draw_melee(DrawInput(players, 2, seed, byes={1: 1, 2: 1, 3: 1},
                                    not_played=[7]))
        assert sorted(draw.exempt) == [4, 5, 6]
    seeds = {tuple(draw_melee(DrawInput(players, 2, seed, byes={1: 1, 2: 1, 3: 1})).exempt)
             for seed in range(20)}
    assert {player for exempt in seeds for player in exempt} == {4, 5, 6, 7}


def _oracle(players, partners, opponents):
    """Brute force, independent of the draw's search: some seating of `players` with no
    repeated partner and no repeated opponent, or None (failed remainders remembered)."""
    partnered = {frozenset(pair) for pair in partners}
    opposed = {frozenset(pair) for pair in opponents}
    failed = set()

    def seat(rest):
        if not rest:
            return []
        if rest in failed:
            return None
        a, *others = sorted(rest)
        for b in others:
            if frozenset((a, b)) in partnered:
                continue
            left = [x for x in others if x != b]
            for i, c in enumerate(left):
                for d in left[i + 1:]:
                    if frozenset((c, d)) in partnered or any(
                            frozenset((x, y)) in opposed for x in (a, b) for y in (c, d)):
                        continue
                    tail = seat(rest - {a, b, c, d})
                    if tail is not None:
                        return [((a, b), (c, d)), *tail]
        failed.add(rest)
        return None

    return seat(frozenset(players))


@settings(max_examples=60, deadline=None)
@given(count=st.integers(8, 16), before=st.integers(1, 4),
       history=st.randoms(use_true_random=False),
       seed=st.integers(0, 10**6))
def test_no_repeat_whenever_the_brute_force_finds_a_draw_without_one(count, before, history,
                                                                      seed):
    """Any history (parties seated at random, not by the draw), then one draw: it repeats a
    partner or an opponent only when no seating of the same players (the same exempt) avoids
    every repeat."""
    players = list(range(1, count + 1))
    partners, opponents = [], []
    for _partie in range(before):
        shuffled = players[:]
        history.shuffle(shuffled)
        for start in range(0, count - count % 4, 4):
            a, b, c, d = shuffled[start:start + 4]
            partners += [(a, b), (c, d)]
            opponents += [(a, c), (a, d), (b, c), (b, d)]
    draw = draw_melee(DrawInput(players, before + 1, seed, partners=partners,
                                opponents=opponents))
    partnered = {frozenset(pair) for pair in partners}
    opposed = {frozenset(pair) for pair in opponents}
    repeats = ([p for p in draw.partner_pairs() if frozenset(p) in partnered]
               + [p for p in draw.opponent_pairs() if frozenset(p) in opposed])
    seated = [player for player in players if player not in draw.exempt]
    if repeats:
        assert _oracle(seated, partners, opponents) is None, repeats
