"""Poules (BRACKETS.md 2): count and sizes, names, the deal, the parties and the ranking."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.brackets import BracketError, Game, Match
from tournament.brackets.poules import (
    clashes,
    poule_count,
    poule_exempt,
    poule_name,
    poule_pairs,
    poule_ranking,
    poule_sizes,
    poules_deal,
)


@pytest.mark.parametrize(("entrants", "sizes"), [
    (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]), (13, [4, 3, 3, 3]),
    (16, [4, 4, 4, 4]), (24, [4] * 6), (25, [4, 4, 4, 4, 3, 3, 3]),
])
def test_poules_are_of_four_and_the_last_ones_of_three(entrants, sizes):
    assert poule_sizes(entrants) == sizes
    assert poule_count(entrants) == len(sizes)


@given(st.integers(6, 600))
@settings(max_examples=60)
def test_the_sizes_add_up_with_at_most_three_poules_of_three(entrants):
    sizes = poule_sizes(entrants)
    assert sum(sizes) == entrants and len(sizes) == -(-entrants // 4)
    assert sizes.count(3) <= 3 and sizes == sorted(sizes, reverse=True)


def test_fewer_than_six_entrants_are_refused_in_french():
    with pytest.raises(BracketError, match="Il faut au moins 6 équipes pour jouer en poules"):
        poule_sizes(5)


def test_poules_are_named_a_to_z_then_aa_ab():
    assert [poule_name(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_the_deal_fills_rows_left_to_right_row_three_only_in_the_poules_of_four():
    # 10 entrants: A has four, B and C three. Têtes 7, 3 go to A, B; the rest by lot.
    deal = poules_deal(range(1, 11), seed=4, tetes=[7, 3])
    assert [len(poule) for poule in deal.poules] == [4, 3, 3]
    assert deal.poules[0][0] == 7 and deal.poules[1][0] == 3
    assert sorted(itertools.chain.from_iterable(deal.poules)) == list(range(1, 11))
    # The deal order is the rows read left to right: row 3 goes only to poule A.
    again = poules_deal(range(1, 11), seed=4, tetes=[7, 3])
    assert again.poules == deal.poules and deal.seed == 4
    assert poules_deal(range(1, 11), seed=5, tetes=[7, 3]).poules != deal.poules


def test_more_tetes_de_serie_than_poules_are_refused():
    with pytest.raises(BracketError, match="Plus de têtes de série"):
        poules_deal(range(1, 9), seed=1, tetes=[1, 2, 3])


def test_clubs_apart_deals_the_biggest_club_first_one_club_per_row():
    # 16 entrants, 4 poules; club X has 4 (one per poule), Y 3, Z 2, the rest none.
    clubs = {1: {"X"}, 2: {"X"}, 3: {"X"}, 4: {"X"}, 5: {"Y"}, 6: {"Y"}, 7: {"Y"}, 8: {"Z"},
             9: {"Z"}}
    deal = poules_deal(range(1, 17), seed=11, clubs=clubs, separate_clubs=True)
    assert sorted(poule[0] for poule in deal.poules) == [1, 2, 3, 4]  # row 0: club X
    assert deal.clashes == []
    assert all(not ({5, 6, 7} <= set(poule)) for poule in deal.poules)


def test_a_clash_is_repaired_with_the_nearest_poule_of_the_same_row():
    # 8 entrants in 2 poules; the tête de série 1 of club X sits in A; club X's four others
    # are dealt together (the biggest club), two of them in A.
    clubs = {1: {"X"}, 2: {"X"}, 3: {"X"}, 4: {"Y"}, 5: {"Y"}}
    deal = poules_deal(range(1, 9), seed=3, tetes=[1], clubs=clubs, separate_clubs=True)
    assert deal.poules[0][0] == 1
    for poule in deal.poules:
        assert len([e for e in poule if e in (1, 2, 3)]) <= 2
    # Three of X in 2 poules: one clash cannot be helped, and it is named.
    assert len(deal.clashes) == 1
    assert deal.clashes[0].message().startswith("Poule ")
    assert deal.clashes[0].message().endswith(" : deux équipes du club X")


def test_the_repair_swaps_the_later_dealt_entrant_and_never_a_tete_de_serie():
    # Two poules of four; X has 3 entrants, one a tête de série in A; p = 2 < 3 so one
    # clash remains wherever they go, but the tête never moves.
    clubs = {1: {"X"}, 2: {"X"}, 3: {"X"}}
    for seed in range(20):
        deal = poules_deal(range(1, 9), seed=seed, tetes=[1], clubs=clubs,
                           separate_clubs=True)
        assert deal.poules[0][0] == 1
        assert len(deal.clashes) == 1


@given(st.integers(6, 80), st.integers(0, 10**6), st.data())
@settings(max_examples=60, deadline=None)
def test_clubs_apart_never_puts_two_of_a_club_in_a_poule_when_no_club_exceeds_p(
        entrants, seed, data):
    count = poule_count(entrants)
    sizes = data.draw(st.lists(st.integers(1, count), max_size=8))
    clubs, number = {}, 1
    for index, size in enumerate(sizes):
        for _ in range(size):
            if number <= entrants:
                clubs[number] = {f"C{index}"}
                number += 1
    deal = poules_deal(range(1, entrants + 1), seed=seed, clubs=clubs, separate_clubs=True)
    assert deal.clashes == []
    assert clashes(deal.poules, clubs) == []
    assert sorted(itertools.chain.from_iterable(deal.poules)) == list(range(1, entrants + 1))


@given(st.integers(6, 60), st.integers(0, 10**6), st.integers(1, 6), st.data())
@settings(max_examples=60, deadline=None)
def test_the_repair_keeps_everyone_once_and_never_adds_a_clash(entrants, seed, club_count,
                                                                data):
    tetes = data.draw(st.lists(st.integers(1, entrants), unique=True,
                               max_size=poule_count(entrants)))
    clubs = {entrant: {f"C{data.draw(st.integers(0, club_count))}"}
             for entrant in range(1, entrants + 1)}
    plain = poules_deal(range(1, entrants + 1), seed=seed, tetes=tetes, clubs=clubs)
    apart = poules_deal(range(1, entrants + 1), seed=seed, tetes=tetes, clubs=clubs,
                        separate_clubs=True)
    assert sorted(itertools.chain.from_iterable(apart.poules)) == list(range(1, entrants + 1))
    assert [poule[0] for poule in apart.poules][:len(tetes)] == tetes
    assert len(apart.clashes) == len(clashes(apart.poules, clubs))
    assert len(plain.poules) == len(apart.poules)


def test_a_mele_pair_clashes_with_any_pair_sharing_a_club():
    clubs = {1: {"X", "Y"}, 2: {"Y", "Z"}, 3: {"W"}}
    found = clashes([[1, 2, 3]], clubs)
    assert [(c.club, c.entrants) for c in found] == [("Y", (1, 2))]


def played(a, b, winner, score_a=2100, score_b=1500):
    return Match(a, b, winner, Game(winner, score_a, score_b))


def test_toutes_rencontres_in_a_poule_of_four_and_of_three():
    poule = [11, 12, 13, 14]
    assert [poule_pairs(poule, "toutes", k) for k in (1, 2, 3)] == [
        [(11, 14), (12, 13)], [(11, 13), (12, 14)], [(11, 12), (13, 14)]]
    three = [21, 22, 23]
    assert [poule_pairs(three, "toutes", k) for k in (1, 2, 3)] == [
        [(22, 23)], [(21, 23)], [(21, 22)]]
    assert poule_exempt(three) == [21, 22, 23] and poule_exempt(poule) == [None] * 3
    # A poule of three plays toutes rencontres in the gagnants-perdants style too.
    assert poule_pairs(three, "gagnants", 2) == [(21, 23)]


def test_gagnants_perdants_winners_then_losers_then_the_barrage():
    poule = [1, 2, 3, 4]
    assert poule_pairs(poule, "gagnants", 1) == [(1, 4), (2, 3)]
    first = [played(1, 4, 4), played(2, 3, 2)]
    # The entrant from 1–4 named first in each.
    assert poule_pairs(poule, "gagnants", 2, first) == [(4, 2), (1, 3)]
    second = [*first, played(4, 2, 2), played(1, 3, 1)]
    assert poule_pairs(poule, "gagnants", 3, second) == [(4, 1)]
    matches = [*second, played(4, 1, 1)]
    assert poule_ranking(poule, "gagnants", matches, seed=0) == [2, 1, 4, 3]


def test_gagnants_partie_two_needs_partie_one():
    with pytest.raises(BracketError, match="manquent"):
        poule_pairs([1, 2, 3, 4], "gagnants", 2, [])


def test_ranking_by_wins_then_points_then_difference_exempt_scores_nothing():
    # Poule of three: 1 beats 2 and 3; 2 beats 3.
    matches = [played(2, 3, 2), played(1, 3, 1), played(1, 2, 1)]
    assert poule_ranking([1, 2, 3], "toutes", matches, seed=0) == [1, 2, 3]
    # Four: 1 and 2 both win twice; 2 scored more (6500 against 5900), though 1 beat 4.
    matches = [played(1, 4, 1, 2000, 1900), played(2, 3, 2, 3500, 100),
               played(1, 3, 1, 2000, 1800), played(2, 4, 4, 1000, 2000),
               played(1, 2, 2, 1900, 2000), played(3, 4, 3, 2000, 1000)]
    assert poule_ranking([1, 2, 3, 4], "toutes", matches, seed=0)[:2] == [2, 1]


def test_two_tied_on_every_criterion_are_separated_by_their_partie():
    # 1 and 2 each win two, score 5000 and concede 4000; 2 beat 1. By ids, 1 would be first.
    matches = [played(1, 4, 1, 2000, 1000), played(2, 3, 2, 2000, 1000),
               played(1, 3, 1, 2000, 1000), played(2, 4, 4, 1000, 2000),
               played(1, 2, 2, 1000, 2000), played(3, 4, 3, 2000, 1000)]
    for seed in range(5):
        assert poule_ranking([1, 2, 3, 4], "toutes", matches, seed=seed)[:2] == [2, 1]


def test_three_tied_are_ordered_by_lot_with_the_seed():
    # 1, 2, 3 each beat one of the others with the same scores; 4 loses all.
    matches = [played(1, 4, 1, 2000, 1000), played(2, 3, 2, 2000, 1000),
               played(1, 3, 3, 1000, 2000), played(2, 4, 2, 2000, 1000),
               played(1, 2, 1, 2000, 1000), played(3, 4, 3, 2000, 1000)]
    orders = {tuple(poule_ranking([1, 2, 3, 4], "toutes", matches, seed=seed))
              for seed in range(30)}
    assert all(order[3] == 4 for order in orders)
    assert len(orders) > 1  # the lot decides
    assert poule_ranking([1, 2, 3, 4], "toutes", matches, seed=7) == poule_ranking(
        [1, 2, 3, 4], "toutes", matches, seed=7)
