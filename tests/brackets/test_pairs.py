"""A mêlée in phases (BRACKETS.md 1): its pairs drawn once, then dealt as teams (2.2), a
pair's clubs being both of its players' clubs."""

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tournament.brackets import BracketError
from tournament.brackets.pairs import (
    melee_direct_seeds,
    melee_parties_tableaux,
    melee_poules_deal,
    pair_clubs,
    pairs_draw,
)
from tournament.brackets.poules import poule_count, poules_deal


@st.composite
def players_with_clubs(draw, fewest=12, most=64, clubbed=None):
    """An even number of distinct player ids and their clubs: a few clubs, some players
    with none. `clubbed`: at most that many players (a function of the pairs' count) have a
    club."""
    count = 2 * draw(st.integers(fewest // 2, most // 2))
    players = draw(st.lists(st.integers(1, 10_000), min_size=count, max_size=count,
                            unique=True))
    limit = count if clubbed is None else clubbed(count // 2)
    names = st.sampled_from(["Alouettes", "Bérets", "Cœurs", "Dames", ""])
    clubs = {}
    for player in players:
        club = draw(names)
        if club and len(clubs) < limit:
            clubs[player] = {club}
    return players, clubs


@given(players_with_clubs(fewest=2, most=40), st.integers(0, 10**9))
@settings(max_examples=40)
def test_every_player_is_in_exactly_one_pair_and_the_seed_decides(data, seed):
    players, _clubs = data
    pairs = pairs_draw(players, seed=seed)
    assert sorted(itertools.chain.from_iterable(pairs)) == sorted(players)
    assert len(pairs) == len(players) // 2
    assert pairs_draw(list(reversed(players)), seed=seed) == pairs  # the order given: no matter


def test_an_odd_count_of_players_is_refused_in_french():
    with pytest.raises(BracketError, match="nombre pair de joueurs \\(13 au tirage\\)"):
        pairs_draw(range(1, 14), seed=1)
    with pytest.raises(BracketError, match="au moins 12 joueurs \\(6 paires\\)"):
        melee_poules_deal(range(1, 11), seed=1)


def test_a_pairs_clubs_are_both_its_players_clubs():
    clubs = pair_clubs([(1, 2), (3, 4), (5, 6)], {1: {"X"}, 2: {"Y"}, 3: {"X"}, 6: {"Z"}})
    assert clubs == {1: {"X", "Y"}, 2: {"X"}, 3: {"Z"}}


@given(players_with_clubs(), st.integers(0, 10**9), st.booleans())
@settings(max_examples=40)
def test_the_pairs_are_dealt_once_each_and_every_clash_left_is_named(data, seed, apart):
    players, clubs = data
    made = melee_poules_deal(players, seed=seed, clubs=clubs, separate_clubs=apart)
    numbers = sorted(itertools.chain.from_iterable(made.deal.poules))
    assert numbers == list(range(1, len(players) // 2 + 1))
    assert sorted(itertools.chain.from_iterable(made.pairs)) == sorted(players)
    # A clash named is two pairs of one poule sharing a player's club, and every one is named.
    shared = pair_clubs(made.pairs, clubs)
    found = {(clash.poule, clash.club, frozenset(clash.entrants))
             for clash in made.deal.clashes}
    expected = {(index, club, frozenset((a, b)))
                for index, poule in enumerate(made.deal.poules)
                for a, b in itertools.combinations(poule, 2)
                for club in shared[a] & shared[b]}
    assert found == expected
    assert melee_poules_deal(players, seed=seed, clubs=clubs,
                             separate_clubs=apart) == made


@given(players_with_clubs(clubbed=poule_count), st.integers(0, 10**9))
@settings(max_examples=40)
def test_clubs_apart_leaves_no_clash_when_few_enough_players_have_a_club(data, seed):
    # At most p players with a club: at most p pairs with a club, dealt together in the
    # order (pairs linked by a club are one group), so never two in one poule (2.2).
    players, clubs = data
    made = melee_poules_deal(players, seed=seed, clubs=clubs, separate_clubs=True)
    assert made.deal.clashes == []


@st.composite
def pairs_in_groups(draw):
    """Pair numbers 1 … n and their clubs, built in groups of at most p pairs (p the poule
    count) drawing their clubs from the group's own names: pairs of two groups never share
    a club, those of one group may share one or two (the pairs {X, Y}, {Y, Z} …)."""
    count = draw(st.integers(6, 24))
    width = poule_count(count)
    clubs: dict[int, set[str]] = {}
    number, group = 1, 0
    while number <= count:
        size = draw(st.integers(1, min(width, count - number + 1)))
        names = [f"g{group}-{letter}" for letter in "xyz"]
        for entrant in range(number, number + size):
            chosen = draw(st.sets(st.sampled_from(names), max_size=2))
            if chosen:
                clubs[entrant] = chosen
        number, group = number + size, group + 1
    return count, clubs


# Dealt by equal club sets only, the pairs {y} and {y, z} met in poule A here: no repair
# could move them.
@example((13, {1: {"0y"}, 2: {"0y", "0z"}, 3: {"0y", "0z"}, 5: {"1x"}, 6: {"1y", "1x"},
               7: {"1x", "1z"}, 8: {"1z"}, 9: {"2z", "2y"}, 10: {"2x", "2y"},
               11: {"2x", "2z"}, 12: {"2z"}, 13: {"3y", "3z"}}), 435136102)
@given(pairs_in_groups(), st.integers(0, 10**9))
@settings(max_examples=30)
def test_pairs_linked_by_a_club_never_share_a_poule_when_no_group_outgrows_a_row(data, seed):
    count, clubs = data
    deal = poules_deal(range(1, count + 1), seed=seed, clubs=clubs, separate_clubs=True)
    assert deal.clashes == []
    for poule in deal.poules:
        for a, b in itertools.combinations(poule, 2):
            assert not clubs.get(a, set()) & clubs.get(b, set())


def test_two_pairs_sharing_one_player_club_are_dealt_apart():
    # Players 1 and 3 of club X are in pairs 1 and 2 ({X, Y} and {X}): 12 pairs, 3 poules.
    pairs = [(1, 2), (3, 4)] + [(n, n + 1) for n in range(5, 25, 2)]
    clubs = pair_clubs(pairs, {1: {"X"}, 2: {"Y"}, 3: {"X"}})
    for seed in range(20):
        deal = poules_deal(range(1, 13), seed=seed, clubs=clubs, separate_clubs=True)
        assert not any({1, 2} <= set(poule) for poule in deal.poules)


@given(players_with_clubs(fewest=4, most=64), st.integers(0, 10**9))
@settings(max_examples=30)
def test_a_direct_melee_seeds_every_pair_once_by_lot(data, seed):
    players, _clubs = data
    made = melee_direct_seeds(players, seed=seed)
    assert sorted(itertools.chain.from_iterable(made.pairs)) == sorted(players)
    assert sorted(made.seeds) == list(range(1, len(players) // 2 + 1))
    assert melee_direct_seeds(players, seed=seed) == made


def test_a_direct_melee_of_fewer_than_four_players_is_refused():
    with pytest.raises(BracketError, match="au moins 4 joueurs \\(2 paires\\)"):
        melee_direct_seeds([1, 2], seed=1)


@st.composite
def ranked_players(draw):
    """Players in place groups (ties share a group), best first, and a principal that fits."""
    count = draw(st.integers(4, 60))
    players = draw(st.permutations(range(1, count + 1)))
    cuts = sorted(draw(st.sets(st.integers(1, count - 1), max_size=count // 2)))
    groups = [list(players[a:b]) for a, b in zip([0, *cuts], [*cuts, count], strict=True)]
    return groups, draw(st.integers(2, count // 2))


@given(ranked_players(), st.booleans(), st.integers(0, 10**9))
@settings(max_examples=40)
def test_the_tableaux_pairs_of_a_melee_are_drawn_among_the_top_2m_players(data, consolante,
                                                                          seed):
    groups, principal = data
    players = [player for group in groups for player in group]
    left = len(players) - 2 * principal
    if consolante and left - left % 2 < 4:
        with pytest.raises(BracketError, match="moins de 2 paires"):
            melee_parties_tableaux(groups, principal=principal, consolante=True, seed=seed)
        return
    made = melee_parties_tableaux(groups, principal=principal, consolante=consolante,
                                  seed=seed)
    place = {player: index for index, group in enumerate(groups) for player in group}
    top = [player for number in made.principal for player in made.pairs[number - 1]]
    # Every player in at most one pair; the principal's 2M are the best placed (a tie at
    # the cut by lot), each player of the rest placed no better than any of them.
    paired = list(itertools.chain.from_iterable(made.pairs))
    rest = list(itertools.chain.from_iterable(made.rest))
    assert len(set(paired)) == len(paired) and sorted(paired + rest) == sorted(players)
    assert len(top) == 2 * principal == 2 * len(made.principal)
    assert max(place[player] for player in top) <= min(
        (place[player] for player in players if player not in top), default=len(groups))
    assert sorted(made.principal + made.consolante) == list(range(1, len(made.pairs) + 1))
    assert len(rest) == (left if not consolante else left % 2)
    assert [place[group[0]] for group in made.rest] == sorted(
        {place[player] for player in rest})
