"""The mêlée draw: players register alone; at every partie the draw forms doublettes and
seats them, avoiding a repeated partner first, then a repeated opponent.

First two matchings on a seeded shuffle of the players (`matching.pair_avoiding_repeats`):
1. partners: the players paired in the shuffled order with the fewest repeated partnerships
   possible (none whenever a draw without one exists), closest in the order otherwise;
2. tables: the doublettes so formed paired with the fewest repeated opponents possible for
   those doublettes (each pair of players on opposite sides who already met counts one).
With nothing to avoid, a table is four consecutive players of a uniform shuffle: a uniformly
random draw. The second matching is optimal for the doublettes of the first only: another
way of forming them may avoid a repeated opponent the matchings cannot. So when the seating
repeats a meeting:
3. up to 24 players, an exact search (backtracking in the seeded order, remembering the
   remainders that cannot be seated) finds a seating with no repeated partner and no
   repeated opponent whenever one exists, within a bound of steps that 8 to 16 players never
   reach (a property test checks it against a brute force);
4. then, at any size, a local search reseats each table that still repeats a meeting with
   another table (the eight players, every one of their 315 seatings), whenever that lowers
   (repeated partners, repeated opponents) in that order: a partner repeat is never traded
   for fewer opponent repeats. It is a heuristic beyond 24 players: nothing proves it finds
   a repeat-free draw whenever one exists.
All of it is deterministic: the same seed and inputs give the same draw. Measured (seeds
0-7): 20 players first repeat an opponent at partie 8, when no seating of them avoids it;
24 to 37 players play 8 parties without one; 512 players draw a partie in about 0.1 s
(bench/bench_draw.py), 2,000 players their partie 10 in 0.3-0.4 s without a repeat, most of
it in blossom on pieces of 32 (bench/bench_scale.py: under 1 s through the service).

When the players are not a multiple of four, the n % 4 left out are exempt: those with the
fewest byes, preferring players who have already played (a late arrival would otherwise
score a partie it never played), the seed breaking ties; so nobody is exempt twice while
others have not been.
"""

from __future__ import annotations

from itertools import combinations

from django.utils.translation import gettext_lazy

from .base import (
    TOO_FEW_PLAYERS,
    Draw,
    DrawInput,
    DrawMethod,
    Table,
    check_entrants,
    conflict_map,
    register,
)
from .matching import pair_avoiding_repeats
from .random import least_exempt, seeded_order


def draw_melee(data: DrawInput) -> Draw:
    check_entrants(data.entrants, 4, TOO_FEW_PLAYERS)
    order = seeded_order(data.entrants, data.seed)
    exempt = least_exempt(order, len(order) % 4, data.byes, data.not_played)
    players = [player for player in order if player not in exempt]
    partners = conflict_map(data.partners, players)
    met = conflict_map(data.opponents, players)
    seating = _by_matchings(players, partners, met)
    if _repeats(seating, partners, met) != (0, 0):
        if len(players) <= EXACT_PLAYERS:
            exact = _repeat_free(players, partners, met)
            if exact is not None:
                seating = exact
        seating = _improve(seating, partners, met)
    return Draw([Table(ns, ew) for ns, ew in seating], exempt, data.seed)


Seating = list[tuple[tuple[int, int], tuple[int, int]]]  # per table: (NS pair, EW pair)


def _by_matchings(players: list[int], partners: dict[int, set[int]],
                  met: dict[int, set[int]]) -> Seating:
    """The two matchings: doublettes with the fewest repeated partners, then their tables
    with the fewest repeated opponents for those doublettes."""
    doublettes = pair_avoiding_repeats(players, partners)
    # Two doublettes conflict when some of their players already met as opponents; the
    # weight is how many such meetings seating them face to face would repeat.
    doublette_of = {player: index for index, pair in enumerate(doublettes) for player in pair}
    repeats: dict[int, dict[int, int]] = {}
    for player, others in met.items():
        mine = doublette_of[player]
        for other in others:
            theirs = doublette_of[other]
            if theirs != mine:  # partners now, opponents before: no opposing meeting
                row = repeats.setdefault(mine, {})
                # Each meeting is seen from both players: counted once, from the lower id.
                if player < other:
                    row[theirs] = row.get(theirs, 0) + 1
                    back = repeats.setdefault(theirs, {})
                    back[mine] = back.get(mine, 0) + 1
    tables = pair_avoiding_repeats(range(len(doublettes)), repeats)
    return [(doublettes[ns], doublettes[ew]) for ns, ew in tables]


def _table_cost(ns: tuple[int, int], ew: tuple[int, int], partners: dict[int, set[int]],
                met: dict[int, set[int]]) -> tuple[int, int]:
    """(repeated partners, repeated opponents) of one table."""
    repeated = int(ns[1] in partners.get(ns[0], ())) + int(ew[1] in partners.get(ew[0], ()))
    opposed = sum(1 for a in ns for b in ew if b in met.get(a, ()))
    return repeated, opposed


def _repeats(seating: Seating, partners: dict[int, set[int]],
             met: dict[int, set[int]]) -> tuple[int, int]:
    costs = [_table_cost(ns, ew, partners, met) for ns, ew in seating]
    return sum(cost[0] for cost in costs), sum(cost[1] for cost in costs)


# The exact search runs up to this many players (six tables) and this many steps: at most a
# few tenths of a second, enough to settle every field of 8 to 16 players (the property test
# compares it with a brute force) and nearly every one of 24.
EXACT_PLAYERS = 24
EXACT_STEPS = 200_000


def _repeat_free(players: list[int], partners: dict[int, set[int]],
                 met: dict[int, set[int]]) -> Seating | None:
    """A seating with no repeated partner and no repeated opponent, by backtracking in the
    seeded order (bit masks, failed remainders remembered); None when there is none or the
    search runs out of steps (then the matchings' seating, improved, is kept)."""
    count = len(players)
    index = {player: position for position, player in enumerate(players)}
    everyone = (1 << count) - 1
    partner_ok = [everyone & ~(1 << i) for i in range(count)]
    opponent_ok = [everyone & ~(1 << i) for i in range(count)]
    for i, player in enumerate(players):
        for other in partners.get(player, ()):
            partner_ok[i] &= ~(1 << index[other])
        for other in met.get(player, ()):
            opponent_ok[i] &= ~(1 << index[other])
    failed: set[int] = set()
    steps = 0

    def bits(mask: int) -> list[int]:
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found

    def seat(rest: int) -> list[tuple[int, int, int, int]] | None:
        nonlocal steps
        if not rest:
            return []
        if rest in failed or steps > EXACT_STEPS:
            return None
        steps += 1
        a = (rest & -rest).bit_length() - 1
        left = rest & ~(1 << a)
        for b in bits(left & partner_ok[a]):
            others = left & ~(1 << b)
            facing = others & opponent_ok[a] & opponent_ok[b]
            for c in bits(facing):
                for d in bits(facing & partner_ok[c] & ~((1 << (c + 1)) - 1)):
                    tail = seat(others & ~(1 << c) & ~(1 << d))
                    if tail is not None:
                        return [(a, b, c, d), *tail]
        if steps <= EXACT_STEPS:  # a remainder proved impossible, not one cut short
            failed.add(rest)
        return None

    found = seat(everyone)
    if found is None:
        return None
    return [((players[a], players[b]), (players[c], players[d])) for a, b, c, d in found]


def _arrangements() -> list[tuple[int, ...]]:
    """The 315 ways to seat eight players at two tables (as slot orders: NS pair, EW pair,
    NS pair, EW pair), each once: slot 0 at the first table, its partner the lower slot."""
    ways = []
    for first in combinations(range(1, 8), 3):
        one = (0, *first)
        two = tuple(slot for slot in range(8) if slot not in one)
        for x in _tables_of(one):
            for y in _tables_of(two):
                ways.append(x + y)
    return ways


def _tables_of(four: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The three ways to split four players into two facing pairs."""
    a, b, c, d = four
    return [(a, b, c, d), (a, c, b, d), (a, d, b, c)]


ARRANGEMENTS = _arrangements()
IMPROVE_TRIES = 400_000  # rearrangements tried at most: about half a second


def _improve(seating: Seating, partners: dict[int, set[int]],
             met: dict[int, set[int]]) -> Seating:
    """Local search: each table repeating a meeting is rearranged with another table (the
    eight players reseated every way) whenever that lowers the two tables' (repeated
    partners, repeated opponents), never trading a new partner repeat for fewer opponent
    repeats; until no such move is left or the tries run out. Deterministic: tables in
    order, the first improving move taken."""
    tables = list(seating)
    costs = [_table_cost(ns, ew, partners, met) for ns, ew in tables]
    tries = 0
    improved = True
    while improved and tries < IMPROVE_TRIES:
        improved = False
        for t in range(len(tables)):
            if costs[t] == (0, 0):
                continue
            for u in range(len(tables)):
                if u == t:
                    continue
                now = (costs[t][0] + costs[u][0], costs[t][1] + costs[u][1])
                (a, b), (c, d) = tables[t]
                (e, f), (g, h) = tables[u]
                eight = (a, b, c, d, e, f, g, h)
                best = None
                for way in ARRANGEMENTS:
                    tries += 1
                    p = [eight[slot] for slot in way]
                    one = _table_cost((p[0], p[1]), (p[2], p[3]), partners, met)
                    two = _table_cost((p[4], p[5]), (p[6], p[7]), partners, met)
                    cost = (one[0] + two[0], one[1] + two[1])
                    if cost < now:
                        best = (p, one, two)
                        break
                if best is not None:
                    p, one, two = best
                    tables[t] = ((p[0], p[1]), (p[2], p[3]))
                    tables[u] = ((p[4], p[5]), (p[6], p[7]))
                    costs[t], costs[u] = one, two
                    improved = True
                    if costs[t] == (0, 0):
                        break
                if tries >= IMPROVE_TRIES:
                    return tables
    return tables


MELEE = register(DrawMethod(
    key="melee", label=gettext_lazy("À la mêlée (partenaires et adversaires tirés à chaque "
                                    "partie)"),
    entrant="player", draw=draw_melee,
))
