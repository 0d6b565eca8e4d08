"""Tableaux (BRACKETS.md 3–5): seeds, standard order, byes and cadrage, the poule rule,
round names, the consolante of a direct concours and the placement."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.brackets import BracketError, Game
from tournament.brackets.bracket import (
    Seed,
    bracket_size,
    bracket_slots,
    crossed_partners,
    direct_consolante,
    first_round,
    mend_poule_pairs,
    poule_seeds,
    round_names,
    seeds_by_lot,
    standard_order,
    tableau_placing,
    tableau_rounds,
)

from .helpers import by_lot, recorded, strongest


def test_the_standard_order_of_every_bracket_tool():
    assert standard_order(2) == [1, 2]
    assert standard_order(4) == [1, 4, 2, 3]
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = standard_order(16)
    assert order[:4] == [1, 16, 8, 9]  # 1 v 16, 8 v 9 …


@given(st.integers(1, 9))
@settings(max_examples=9)
def test_seed_s_meets_s_plus_one_minus_s_and_one_and_two_meet_only_in_the_final(power):
    size = 2 ** power
    order = standard_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    assert (order.index(1) < size // 2) != (order.index(2) < size // 2)


@pytest.mark.parametrize(("entrants", "names"), [
    (2, ["finale"]), (3, ["cadrage", "finale"]), (4, ["demi-finales", "finale"]),
    (8, ["quarts de finale", "demi-finales", "finale"]),
    (12, ["cadrage", "quarts de finale", "demi-finales", "finale"]),
    (16, ["8es de finale", "quarts de finale", "demi-finales", "finale"]),
    (24, ["cadrage", "8es de finale", "quarts de finale", "demi-finales", "finale"]),
    (256, ["128es de finale", "64es de finale", "32es de finale", "16es de finale",
           "8es de finale", "quarts de finale", "demi-finales", "finale"]),
])
def test_rounds_are_named_exactly(entrants, names):
    assert round_names(entrants) == names


def test_fewer_than_two_for_a_tableau_is_refused():
    with pytest.raises(BracketError, match="Il faut au moins 2 équipes pour un tableau"):
        bracket_size(1)


def test_byes_go_to_the_best_seeds_and_the_cadrage_pairs_inwards():
    # E = 12, S = 16: byes to seeds 1–4; cadrage 5 v 12, 6 v 11, 7 v 10, 8 v 9.
    seeds = list(range(101, 113))  # seed s is entrant 100 + s
    pairs = first_round(seeds)
    assert len(pairs) == 8
    byes = sorted(a - 100 for a, b in pairs if b is None)
    cadrage = sorted((a - 100, b - 100) for a, b in pairs if b is not None)
    assert byes == [1, 2, 3, 4]
    assert cadrage == [(5, 12), (6, 11), (7, 10), (8, 9)]
    assert pairs[0] == (101, None) and pairs[1] == (108, 109)


def test_crossed_partners_pair_a_b_c_d_and_turn_the_last_three_when_odd():
    assert crossed_partners(4) == [1, 0, 3, 2]
    # A–B, then C, D, E go round: q(C) = E, q(D) = C, q(E) = D.
    assert crossed_partners(5) == [1, 0, 4, 2, 3]
    assert crossed_partners(3) == [2, 0, 1]


def test_four_poules_give_a1_b2_b1_a2_c1_d2_d1_c2():
    rankings = [[f"A{i}" for i in (1, 2, 3, 4)], [f"B{i}" for i in (1, 2, 3, 4)],
                [f"C{i}" for i in (1, 2, 3, 4)], [f"D{i}" for i in (1, 2, 3, 4)]]
    numbered = {name: n for n, name in enumerate(itertools.chain.from_iterable(rankings), start=1)}
    named = {n: name for name, n in numbered.items()}
    ids = [[numbered[name] for name in ranking] for ranking in rankings]
    seeds = poule_seeds(ids, [0, 1])
    assert [named[seed.entrant] for seed in seeds] == [
        "A1", "B1", "C1", "D1", "C2", "D2", "A2", "B2"]
    mended, unmended = mend_poule_pairs(seeds)
    assert mended == seeds and unmended == []
    pairs = {tuple(sorted((named[a], named[b]))) for a, b in
             first_round([seed.entrant for seed in seeds])}
    assert pairs == {("A1", "B2"), ("A2", "B1"), ("C1", "D2"), ("C2", "D1")}


def test_a_poule_without_the_place_is_skipped_and_the_seeds_close_up():
    # Three poules, the last of three: the 4ths of A and B only.
    rankings = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    seeds = poule_seeds(rankings, [2, 3])
    # Level 1 in poule order; level 2 crossed: q(C) = B, q(B) = A, q(A) = C has no 4th.
    assert [seed.entrant for seed in seeds] == [3, 7, 11, 8, 4]
    assert [seed.level for seed in seeds] == [0, 0, 0, 1, 1]


def test_level_two_reads_q_of_p_plus_one_minus_j():
    # p = 3: seed 4 is the 2nd of q(C) = B, seed 5 of q(B) = A, seed 6 of q(A) = C.
    rankings = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert [seed.entrant for seed in poule_seeds(rankings, [0, 1])] == [1, 4, 7, 5, 2, 8]


def test_a_first_round_pair_from_one_poule_is_mended_by_the_nearest_seed_of_its_level():
    # Three poules, k = 2: E = 6, S = 8, byes 1–2; cadrage 3 v 6, 4 v 5.
    # Seeds: A1 B1 C1 | B2 A2 C2 — seed 3 (C1) against seed 6 (C2): one poule.
    rankings = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    seeds = poule_seeds(rankings, [0, 1])
    assert [seed.entrant for seed in seeds] == [1, 4, 7, 5, 2, 8]
    mended, unmended = mend_poule_pairs(seeds)
    # Seed 6 tries 7 (no seed of its level), then 5: A2 and C2 swap, and neither pair they
    # change joins one poule: 3 v 6 is C1–A2, 4 v 5 is B2–C2.
    assert [seed.entrant for seed in mended] == [1, 4, 7, 5, 8, 2]
    assert unmended == []


def test_a_pair_no_swap_can_mend_is_reported():
    # Two poules, every entrant of one: nothing can mend it.
    seeds = [Seed(1, 0, 0), Seed(2, 0, 0)]
    mended, unmended = mend_poule_pairs(seeds)
    assert unmended == [(1, 2)] and mended == seeds


@given(st.lists(st.integers(3, 4), min_size=2, max_size=20), st.sampled_from([1, 2]),
       st.booleans())
@settings(max_examples=80, deadline=None)
def test_when_two_p_is_a_power_of_two_no_first_round_pair_comes_from_one_poule(
        sizes, qualified, consolante):
    number = iter(range(1, 100))
    rankings = [[next(number) for _ in range(size)] for size in sizes]
    places = list(range(qualified)) if not consolante else list(range(qualified, 4))
    seeds = poule_seeds(rankings, places)
    if len(seeds) < 2:
        return
    mended, unmended = mend_poule_pairs(seeds)
    assert sorted(s.entrant for s in mended) == sorted(s.entrant for s in seeds)
    poule_of = {entrant: index for index, ranking in enumerate(rankings)
                for entrant in ranking}
    joined = [(a, b) for a, b in first_round([s.entrant for s in mended])
              if b is not None and poule_of[a] == poule_of[b]]
    assert joined == unmended  # every pair left from one poule is named
    count = len(sizes)
    if qualified == 2 and not consolante and count & (count - 1) == 0:
        assert unmended == [] and mended == seeds  # A1–B2 … needs no mending


def test_seeds_by_lot_put_tetes_de_serie_first():
    seeds = seeds_by_lot(range(1, 11), seed=3, tetes=[9, 4])
    assert seeds[:2] == [9, 4] and sorted(seeds) == list(range(1, 11))
    assert seeds_by_lot(range(1, 11), seed=3, tetes=[9, 4]) == seeds
    assert seeds_by_lot(range(1, 11), seed=4) != seeds_by_lot(range(1, 11), seed=3)


def test_later_rounds_pair_the_winners_of_matches_two_i_minus_one_and_two_i():
    tableau = tableau_rounds(list(range(1, 9)), strongest)
    assert [[(m.a, m.b) for m in r.matches] for r in tableau.rounds] == [
        [(1, 8), (4, 5), (2, 7), (3, 6)], [(1, 4), (2, 3)], [(1, 2)]]
    assert tableau.size == 8


def test_partagees_share_the_losers_places_and_the_cadrage_losers_share_p_plus_one():
    # E = 12: the cadrage losers (9–12) share 9th = P + 1.
    tableau = tableau_placing(tableau_rounds(list(range(1, 13)), strongest), "partagees",
                              strongest, seed=0)
    assert [sorted(group) for group in tableau.places] == [
        [1], [2], [3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert tableau.placing == []


def test_petite_finale_plays_for_third_place():
    tableau = tableau_placing(tableau_rounds(list(range(1, 9)), strongest), "petite-finale",
                              strongest, seed=0)
    assert [sorted(group) for group in tableau.places] == [[1], [2], [3], [4], [5, 6, 7, 8]]
    assert [(r.name, [(m.a, m.b) for m in r.matches]) for r in tableau.placing] == [
        ("petite finale", [(4, 3)])]


def test_complet_plays_every_place_in_placing_brackets():
    log = []
    tableau = tableau_placing(tableau_rounds(list(range(1, 9)), recorded(strongest, log)),
                              "complet", recorded(strongest, log), seed=0)
    assert tableau.places == [[n] for n in range(1, 9)]
    # Quarter-final losers 8, 5, 7, 6 (match order): 8 v 5 and 7 v 6 for places 5–8.
    assert [(r.name, [(m.a, m.b) for m in r.matches]) for r in tableau.placing] == [
        ("places 5–8", [(8, 5), (7, 6)]),
        ("petite finale", [(4, 3)]),
        ("places 5–6", [(5, 6)]),
        ("places 7–8", [(8, 7)]),
    ]
    # Every entrant of the round of 8 plays log2 8 = 3 parties.
    played = [e for pair in log for e in pair]
    assert all(played.count(e) == 3 for e in range(1, 9))


def test_complet_orders_the_cadrage_losers_by_their_difference_then_points():
    # E = 6, S = 8, P = 4: cadrage 3 v 6, 4 v 5; strongest: 6 loses by 300, 5 by 100.
    tableau = tableau_placing(tableau_rounds(list(range(1, 7)), strongest), "complet",
                              strongest, seed=0)
    assert tableau.places == [[1], [2], [3], [4], [5], [6]]


def test_the_direct_consolante_takes_first_losers_and_bye_holders_beaten_next():
    # E = 12: byes 1–4; the strongest win: only the cadrage losers 9–12 leave.
    tableau = tableau_rounds(list(range(1, 13)), strongest)
    assert direct_consolante(tableau) == [9, 10, 11, 12]
    # The weakest first: bye-holders beaten in the quarter-finals leave too.
    weakest = lambda a, b: strongest(-a, -b).__class__(max(a, b), 0, 1)  # noqa: E731
    tableau = tableau_rounds(list(range(1, 13)), weakest)
    # Cadrage: 5 v 12, 6 v 11, 7 v 10, 8 v 9, won by 12, 11, 10, 9; they beat 1–4.
    assert direct_consolante(tableau) == [1, 2, 3, 4, 5, 6, 7, 8]
    # E = 6: the round after the cadrage is the semi-finals: bye-holders stay.
    tableau = tableau_rounds(list(range(1, 7)), weakest)
    assert direct_consolante(tableau) == [3, 4]
    # E = 2: one first loser, no consolante.
    assert direct_consolante(tableau_rounds([1, 2], strongest)) == []


def test_an_entrant_gone_to_the_consolante_plays_no_placing_match():
    weakest = lambda a, b: strongest(-a, -b).__class__(max(a, b), 0, 1)  # noqa: E731
    tableau = tableau_rounds(list(range(1, 13)), weakest)
    gone = direct_consolante(tableau)
    tableau_placing(tableau, "complet", weakest, seed=0, gone=gone)
    places = [e for group in tableau.places for e in group]
    assert sorted(places) == [9, 10, 11, 12] and not set(places) & set(gone)
    # Places 5–8: every loser gone, nothing played; no match lists an entrant gone.
    listed = {e for r in tableau.placing for m in r.matches for e in (m.a, m.b)}
    assert not listed & set(gone)


@given(st.integers(2, 70), st.sampled_from(["partagees", "petite-finale", "complet"]),
       st.integers(0, 10**6))
@settings(max_examples=80, deadline=None)
def test_every_entrant_of_a_tableau_gets_one_place(entrants, placement, seed):
    tableau = tableau_rounds(seeds_by_lot(range(1, entrants + 1), seed=seed), by_lot(seed))
    tableau_placing(tableau, placement, by_lot(seed + 1), seed=seed)
    placed = [e for group in tableau.places for e in group]
    assert sorted(placed) == list(range(1, entrants + 1))
    if placement == "complet":
        assert all(len(group) == 1 for group in tableau.places)
    first = tableau.rounds[0].matches
    assert len(first) == tableau.size // 2
    assert sum(m.bye for m in first) == tableau.size - entrants


@pytest.mark.parametrize("count", [2, 4, 8, 16, 32])
def test_when_two_p_is_a_power_of_two_a_poules_qualifiers_meet_only_in_the_final(count):
    rankings = [[10 * poule + place for place in range(4)] for poule in range(count)]
    seeds = [seed.entrant for seed in poule_seeds(rankings, [0, 1])]
    order = standard_order(len(seeds))
    half = {seeds[number - 1]: index < len(order) // 2 for index, number in enumerate(order)}
    for ranking in rankings:
        assert half[ranking[0]] != half[ranking[1]]


def test_bracket_slots_know_a_match_as_soon_as_both_its_entrants_are_known():
    # E = 6, S = 8: byes 1, 2; cadrage 4 v 5 and 3 v 6 (bracket order 1 8 4 5 2 7 3 6).
    seeds = [11, 12, 13, 14, 15, 16]
    slots = bracket_slots(seeds, {})
    assert slots[0] == [(11, None), (14, 15), (12, None), (13, 16)]
    assert slots[1] == [(11, None), (12, None)] and slots[2] == [(None, None)]
    slots = bracket_slots(seeds, {(0, 3): 16})
    assert slots[1] == [(11, None), (12, 16)]  # the second semi-final can be called
    with pytest.raises(ValueError):
        bracket_slots(seeds, {(0, 1): 13})
    with pytest.raises(BracketError, match="n'a pas encore ses deux équipes"):
        bracket_slots(seeds, {(1, 1): 12})


def test_a_match_left_level_is_refused():
    with pytest.raises(BracketError, match="donne par donne"):
        tableau_rounds([1, 2], lambda a, b: Game(0, 2000, 2000))


@given(st.integers(2, 40), st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_bracket_slots_with_every_winner_are_the_rounds_played(entrants, seed):
    tableau = tableau_rounds(list(range(1, entrants + 1)), by_lot(seed))
    winners = {(r, i): m.winner for r, round_ in enumerate(tableau.rounds)
               for i, m in enumerate(round_.matches) if not m.bye}
    slots = bracket_slots(tableau.seeds, winners)
    assert slots == [[(m.a, m.b) for m in round_.matches] for round_ in tableau.rounds]


def test_placing_slots_flow_as_the_played_tableau_places_them():
    """Every placing match known from the results, played as `tableau_placing` plays them,
    gives the same places (5), for the petite finale and for every place played."""
    from tournament.brackets.bracket import bracket_slots, placing_slots, tableau_placing
    from tournament.brackets.bracket import tableau_rounds as played_rounds

    from .helpers import strongest as play

    for placement in ("petite-finale", "complet"):
        for entrants in (8, 12):
            seeds = list(range(1, entrants + 1))
            tableau = played_rounds(seeds, play)
            tableau_placing(tableau, placement, play, seed=1)
            winners = {(r, i): match.winner for r, round_ in enumerate(tableau.rounds)
                       for i, match in enumerate(round_.matches) if match.b is not None}
            rounds = bracket_slots(seeds, winners)
            placing: dict = {}
            while True:
                slots, places = placing_slots(rounds, winners, placement, entrants, placing)
                ready = [s for s in slots if s.a and s.b and s.winner is None]
                if not ready:
                    break
                for slot in ready:
                    placing[(slot.low, slot.size, slot.index)] = play(slot.a, slot.b).winner
            decided = [[places[p]] for p in sorted(places)]
            assert decided == tableau.places[:len(decided)]
            assert [s.name for s in slots if s.size == 2 and s.low == 3] == ["petite finale"]


def test_placing_slots_skip_the_entrants_gone_to_the_consolante():
    """A `direct` principal's placing matches (5) flow without the losers of their first
    partie (4): the same places as `tableau_placing` with `gone`."""
    from tournament.brackets.bracket import (
        bracket_slots,
        direct_consolante,
        placing_slots,
        tableau_placing,
    )
    from tournament.brackets.bracket import tableau_rounds as played_rounds

    from .helpers import by_lot

    for entrants, seed in ((8, 1), (12, 2), (12, 5)):
        play = by_lot(seed)
        seeds = list(range(1, entrants + 1))
        tableau = played_rounds(seeds, play)
        gone = direct_consolante(tableau)
        log: dict = {}

        def recorded(a, b, log=log, play=play):
            log[frozenset((a, b))] = game = play(a, b)
            return game

        tableau_placing(tableau, "complet", recorded, seed=1, gone=gone)
        winners = {(r, i): match.winner for r, round_ in enumerate(tableau.rounds)
                   for i, match in enumerate(round_.matches) if match.b is not None}
        rounds = bracket_slots(seeds, winners)
        placing: dict = {}
        while True:
            slots, places = placing_slots(rounds, winners, "complet", entrants, placing, gone)
            ready = [s for s in slots if s.a and s.b and s.winner is None]
            if not ready:
                break
            for slot in ready:
                placing[(slot.low, slot.size, slot.index)] = \
                    log[frozenset((slot.a, slot.b))].winner
        assert not set(places.values()) & set(gone)
        assert [[places[p]] for p in sorted(places)] == tableau.places[:len(places)]
