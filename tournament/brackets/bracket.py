"""A knock-out tableau (BRACKETS.md 3–5): the seeds, the standard bracket order, byes and
cadrage, no first-round pair from one poule, the rounds and their names, the consolante of
a `direct` concours and the placement. Pure: entrant ids in, entrant ids out.

A service seeds a tableau with `poule_seeds` (then `mend_poule_pairs`) or `seeds_by_lot`,
lists its first round with `first_round(seeds)` (a bye: `(entrant, None)`), pairs the
winners of matches 2i − 1 and 2i for match i of each later round (`bracket_slots` gives
every match known from the winners entered so far, so a match is called as soon as both its
entrants are known), and names each round with `round_names`. `tableau_rounds` plays it
all at once through a callback that plays one partie (the simulation's way);
`direct_consolante` says who leaves a `direct` principal for the consolante and
`tableau_placing` plays the placing matches and orders the places.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .base import BracketError, Game, Match, check_distinct

Placement = Literal["partagees", "petite-finale", "complet"]
PLACEMENTS: tuple[Placement, ...] = ("partagees", "petite-finale", "complet")
Play = Callable[[int, int], Game]  # plays one partie: a at Nord-Sud, b at Est-Ouest

CADRAGE = "cadrage"
PETITE_FINALE = "petite finale"
SEMI_FINALS = "demi-finales"
FINAL = "finale"
TOO_FEW = "Il faut au moins 2 équipes pour un tableau"


def is_power_of_two(number: int) -> bool:
    return number >= 1 and number & (number - 1) == 0


def bracket_size(entrants: int) -> int:
    """S, the smallest power of two ≥ E (E ≥ 2)."""
    if entrants < 2:
        raise BracketError(TOO_FEW)
    return 1 << (entrants - 1).bit_length()


def standard_order(size: int) -> list[int]:
    """The seeds in bracket order: from [1, 2], each seed s becomes (s, 2m + 1 − s), 2m the
    new size: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    if not is_power_of_two(size) or size < 2:
        raise ValueError(f"a bracket's size is a power of two ≥ 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for s in order for seed in (s, doubled + 1 - s)]
    return order


def round_name(entrants_left: int) -> str:
    """A round's name by the entrants left in it (3.2): 2 finale, 4 demi-finales, 8 quarts
    de finale, 16 8es de finale … 256 128es de finale (and on, the same way)."""
    if entrants_left == 2:
        return FINAL
    if entrants_left == 4:
        return SEMI_FINALS
    if entrants_left == 8:
        return "quarts de finale"
    return f"{entrants_left // 2}es de finale"


def round_names(entrants: int) -> list[str]:
    """The names of a tableau's rounds in playing order: « cadrage » first whenever E is not
    a power of two."""
    size = bracket_size(entrants)
    names = [] if is_power_of_two(entrants) else [CADRAGE]
    left = size if is_power_of_two(entrants) else size // 2
    while left >= 2:
        names.append(round_name(left))
        left //= 2
    return names


# --- The seeds --------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    entrant: int
    poule: int | None  # index of its poule (0 for A); None for a tableau not from poules
    level: int  # 0: the first place taken from each poule, 1: the next (crossed), …


def crossed_partners(count: int) -> list[int]:
    """q of 3.1 on poule indexes: A–B, C–D, …; with an odd count the last three go round
    (q(X) = Z, q(Y) = X, q(Z) = Y)."""
    if count < 2:
        raise ValueError("crossing needs two poules or more")
    partner = list(range(count))
    paired = count - 3 if count % 2 else count
    for index in range(0, paired, 2):
        partner[index], partner[index + 1] = index + 1, index
    if count % 2:
        x, y, z = count - 3, count - 2, count - 1
        partner[x], partner[y], partner[z] = z, x, y
    return partner


def poule_seeds(rankings: Sequence[Sequence[int]], places: Sequence[int]) -> list[Seed]:
    """Seeds from the poules' rankings (3.1, 4): `places` are the poule places the tableau
    takes (0 for the 1sts), each a level in order. Level 0 in poule order; level 1 crossed:
    its seed j is the place of poule q(p + 1 − j); further levels in poule order. A poule
    without that place is skipped and the seeds close up."""
    count = len(rankings)
    partner = crossed_partners(count)
    seeds: list[Seed] = []
    for level, place in enumerate(places):
        order = ([partner[count - j] for j in range(1, count + 1)] if level == 1
                 else list(range(count)))
        seeds += [Seed(rankings[poule][place], poule, level) for poule in order
                  if place < len(rankings[poule])]
    check_distinct([seed.entrant for seed in seeds])
    return seeds


def mend_poule_pairs(seeds: Sequence[Seed]) -> tuple[list[Seed], list[tuple[int, int]]]:
    """No first-round pair (cadrage or first round) from one poule (3.2). For each such pair
    in seed order, the larger seed swaps with the nearest seed of its level (+1, −1, +2,
    −2 …), then of the next level, then of the level before, when neither pair the swap
    changes joins one poule. Returns the seeds mended and the pairs (entrants) no swap could
    mend. Levels are ranges of seed numbers, as 3.1 gave them (decision: an entrant moved
    by a swap takes the level of the number it holds)."""
    held = list(seeds)
    count = len(held)
    size = bracket_size(count)
    level_numbers: dict[int, list[int]] = {}
    for number, seed in enumerate(seeds, start=1):
        level_numbers.setdefault(seed.level, []).append(number)

    def joins_one_poule(number: int) -> bool:
        other = size + 1 - number
        if other > count:  # a bye
            return False
        first, second = held[number - 1].poule, held[other - 1].poule
        return first is not None and first == second

    unmended: list[tuple[int, int]] = []
    for low in range(1, size // 2 + 1):
        high = size + 1 - low
        if high > count or not joins_one_poule(low):
            continue
        level = seeds[high - 1].level
        if not _mend(held, high, [level, level + 1, level - 1], level_numbers,
                     joins_one_poule):
            unmended.append((held[low - 1].entrant, held[high - 1].entrant))
    return held, unmended


def _mend(held: list[Seed], number: int, levels: list[int],
          level_numbers: dict[int, list[int]], joins: Callable[[int], bool]) -> bool:
    count = len(held)
    for level in levels:
        members = set(level_numbers.get(level, ()))
        for distance in range(1, count):
            for other in (number + distance, number - distance):
                if other not in members:
                    continue
                held[number - 1], held[other - 1] = held[other - 1], held[number - 1]
                if not joins(number) and not joins(other):
                    return True
                held[number - 1], held[other - 1] = held[other - 1], held[number - 1]
    return False


def seeds_by_lot(entrants: Sequence[int], *, seed: int, tetes: Sequence[int] = ()) -> list[int]:
    """`direct`, or any tableau under the cadrage `par tirage`: by lot with `seed`, the
    têtes de série first in their order (none under `par tirage`)."""
    check_distinct(entrants)
    head = set(tetes)
    if not head <= set(entrants):
        raise ValueError("a tête de série is not an entrant")
    others = sorted(entrant for entrant in entrants if entrant not in head)
    random.Random(seed).shuffle(others)
    return [*tetes, *others]


# --- Playing a tableau --------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    name: str
    matches: list[Match]


@dataclass
class Tableau:
    """A tableau played: its seeds (entrants by seed), S, its rounds in playing order and,
    once `tableau_placing` ran, its placing groups and places (groups of entrants sharing a
    place, best first)."""

    seeds: list[int]
    size: int
    rounds: list[Round]
    placing: list[Round] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)

    @property
    def cadrage(self) -> bool:
        return not is_power_of_two(len(self.seeds))


def first_round(seeds: Sequence[int]) -> list[tuple[int, int | None]]:
    """The first round's S/2 pairs in bracket order; a bye is (its entrant, None)."""
    check_distinct(seeds)
    count = len(seeds)
    order = standard_order(bracket_size(count))
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1] if order[i + 1] <= count else None)
            for i in range(0, len(order), 2)]


def bracket_slots(seeds: Sequence[int], winners: Mapping[tuple[int, int], int]
                  ) -> list[list[tuple[int | None, int | None]]]:
    """Each round's matches as far as the results so far make them known, for a service
    that calls a match as soon as both its entrants are known (3.3): `winners` maps (round
    index, match index), both from 0, to the winner entered. In the first round a bye is
    (entrant, None) and goes through; later, None is an entrant not known yet. A result for
    a match whose entrants are not known is refused (8); a winner that is not one of its
    match's two entrants is the caller's bug."""
    first = first_round(seeds)
    rounds: list[list[tuple[int | None, int | None]]] = [list(first)]
    current: list[int | None] = []
    for index, (a, b) in enumerate(first):
        current.append(a if b is None else _checked_winner(winners, 0, index, a, b))
    while len(current) > 1:
        pairs = list(zip(current[::2], current[1::2], strict=True))
        rounds.append(pairs)
        current = [_checked_winner(winners, len(rounds) - 1, index, a, b)
                   for index, (a, b) in enumerate(pairs)]
    return rounds


def _checked_winner(winners: Mapping[tuple[int, int], int], round_: int, index: int,
                    a: int | None, b: int | None) -> int | None:
    winner = winners.get((round_, index))
    if winner is None:
        return None
    if a is None or b is None:
        raise BracketError(f"Le match {index + 1} du tour {round_ + 1} n'a pas encore ses "
                           "deux équipes : son résultat ne peut pas être saisi.")
    if winner not in (a, b):
        raise ValueError(f"round {round_}, match {index}: {winner} is not one of {a}, {b}")
    return winner


def _played(a: int, b: int, play: Play) -> Match:
    game = play(a, b)
    if game.winner not in (a, b):
        # A level game goes on donne by donne (3.3): a match is never left level.
        raise BracketError("Un match de tableau a un vainqueur : la partie se poursuit donne "
                           "par donne tant que les totaux sont égaux.")
    return Match(a, b, game.winner, game)


def tableau_rounds(seeds: Sequence[int], play: Play) -> Tableau:
    """Play the tableau's rounds (not its placing matches): match i of each round after the
    first between the winners of matches 2i − 1 and 2i of the round before."""
    names = round_names(len(seeds))
    matches = [Match(a, None, a) if b is None else _played(a, b, play)
               for a, b in first_round(seeds)]
    rounds = [Round(names[0], matches)]
    while len(matches) > 1:
        winners = [match.winner for match in matches]
        matches = [_played(a, b, play) for a, b in _pairs(winners)]
        rounds.append(Round(names[len(rounds)], matches))
    return Tableau(list(seeds), bracket_size(len(seeds)), rounds)


def _pairs(entrants: Sequence[int | None]) -> list[tuple[int, int]]:
    pairs = []
    for a, b in zip(entrants[::2], entrants[1::2], strict=True):
        if a is None or b is None:
            raise ValueError("a round's match without its two entrants")
        pairs.append((a, b))
    return pairs


def _losers(round_: Round) -> list[int]:
    return [match.loser for match in round_.matches if match.loser is not None]


def direct_consolante(tableau: Tableau) -> list[int]:
    """Who leaves a `direct` principal for the consolante (4), by their seed: the losers of
    their first partie — the cadrage's (or the first round's), and the bye-holders beaten in
    the round after the cadrage unless it is a semi-final or the final. Fewer than 2: none
    (the consolante is not played; its entrant keeps its place in the principal)."""
    leaving = _losers(tableau.rounds[0])
    if tableau.cadrage and tableau.rounds[1].name not in (SEMI_FINALS, FINAL):
        byes = set(tableau.seeds[:tableau.size - len(tableau.seeds)])
        leaving += [loser for loser in _losers(tableau.rounds[1]) if loser in byes]
    if len(leaving) < 2:
        return []
    seed_of = {entrant: number for number, entrant in enumerate(tableau.seeds)}
    return sorted(leaving, key=seed_of.__getitem__)


def tableau_placing(tableau: Tableau, placement: Placement, play: Play, *, seed: int,
                    gone: Collection[int] = ()) -> Tableau:
    """Play the placing matches and order the places (5). `gone`: entrants that left for
    the consolante, whose placing matches are not played (the other entrant takes the
    better place) and who take no place here. Fills and returns `tableau`."""
    if placement not in PLACEMENTS:
        raise ValueError(f"unknown placement {placement!r}")
    away = set(gone)
    rounds = tableau.rounds
    final = rounds[-1].matches[0]
    if final.winner is None or final.loser is None:
        raise ValueError("the final has no winner")
    groups: list[tuple[int, int, Round]] = []  # (stage, first place, round)
    if placement == "complet":
        places = _complet(tableau, play, away, groups, random.Random(seed))
    else:
        places = [[final.winner], [final.loser]]
        before = list(reversed(rounds[:-1]))
        if placement == "petite-finale" and before and before[0].name == SEMI_FINALS:
            semis = [loser if loser not in away else None for loser in _losers(before[0])]
            match, winner, loser = _placing_match(semis[0], semis[1], play)
            if match is not None:
                groups.append((len(rounds) - 1, 3, Round(PETITE_FINALE, [match])))
            places += [[winner] if winner is not None else [],
                       [loser] if loser is not None else []]
            before = before[1:]
        places += [_losers(round_) for round_ in before]
    tableau.places = [kept for group in places
                      if (kept := [entrant for entrant in group if entrant not in away])]
    tableau.placing = [round_ for _stage, _low, round_ in sorted(groups, key=lambda g: g[:2])]
    return tableau


def _placing_match(a: int | None, b: int | None,
                   play: Play) -> tuple[Match | None, int | None, int | None]:
    """(the match as listed, its winner, its loser): an entrant whose opponent left goes
    through without a partie (listed as a bye); two absent entrants make no match."""
    if a is not None and b is not None:
        match = _played(a, b, play)
        return match, match.winner, match.loser
    present = a if a is not None else b
    if present is None:
        return None, None, None
    return Match(present, None, present), present, None


def _complet(tableau: Tableau, play: Play, away: set[int],
             groups: list[tuple[int, int, Round]], rng: random.Random) -> list[list[int]]:
    rounds = tableau.rounds
    start = 1 if tableau.cadrage else 0
    final = rounds[-1].matches[0]
    by_place: dict[int, int] = {}
    if final.winner is not None and final.loser is not None:
        by_place.update({1: final.winner, 2: final.loser})
    for index in range(start, len(rounds) - 1):
        losers = [match.loser if match.loser not in away else None
                  for match in rounds[index].matches]
        _placing_bracket(losers, len(losers) + 1, index + 1, play, groups, by_place)
    places = [[by_place[place]] for place in sorted(by_place)]
    if tableau.cadrage:
        # P + 1 … E by their cadrage partie: the difference, the points scored, then by lot.
        scored = []
        for match in rounds[0].matches:
            loser = match.loser
            if loser is not None:
                points, conceded = match.score_of(loser)
                scored.append((-(points - conceded), -points, rng.random(), loser))
        places += [[loser] for *_key, loser in sorted(scored)]
    return places


def _placing_bracket(entrants: list[int | None], low: int, stage: int, play: Play,
                     groups: list[tuple[int, int, Round]], by_place: dict[int, int]) -> None:
    """Places low … low + m − 1 among m entrants (in a placing bracket the losers of matches
    2i − 1 and 2i meet; the winners play on for the better half)."""
    if len(entrants) == 1:
        if entrants[0] is not None:
            by_place[low] = entrants[0]
        return
    matches: list[Match] = []
    winners: list[int | None] = []
    losers: list[int | None] = []
    for a, b in zip(entrants[::2], entrants[1::2], strict=True):
        match, winner, loser = _placing_match(a, b, play)
        if match is not None:
            matches.append(match)
        winners.append(winner)
        losers.append(loser)
    high = low + len(entrants) - 1
    name = PETITE_FINALE if (low, high) == (3, 4) else f"places {low}–{high}"
    if matches:
        groups.append((stage, low, Round(name, matches)))
    _placing_bracket(winners, low, stage + 1, play, groups, by_place)
    _placing_bracket(losers, low + len(entrants) // 2, stage + 1, play, groups, by_place)


# --- Placing matches as they flow ----------------------------------------------------------


@dataclass(frozen=True)
class PlacingSlot:
    """A placing match as the results so far make it (5): the group of places it decides
    (`low` … `low` + `size` − 1; a group of 2 at 3 is the petite finale), its index in the
    group, its entrants (None: not known yet) and its winner entered."""

    low: int
    size: int
    index: int
    a: int | None
    b: int | None
    winner: int | None

    @property
    def name(self) -> str:
        return PETITE_FINALE if (self.low, self.size) == (3, 2) else \
            f"places {self.low}–{self.low + self.size - 1}"


# In a placing group, an entrant that left for the consolante (4): its opponent goes through
# without a partie, as `tableau_placing` does with `gone` (entrant ids are positive).
ABSENT = -1


def placing_slots(rounds: Sequence[Sequence[tuple[int | None, int | None]]],
                  winners: Mapping[tuple[int, int], int], placement: Placement,
                  entrants: int, placing: Mapping[tuple[int, int, int], int],
                  gone: Collection[int] = ()) -> tuple[list[PlacingSlot], dict[int, int]]:
    """Every placing match of a tableau known from the results so far, for a service that
    calls it as soon as both its entrants are known, and the places decided (place →
    entrant). `rounds`, `winners`: as `bracket_slots` gives and takes them; `placing` maps
    (low, size, index) to the winner entered. `petite-finale`: the semi-finals' losers play
    for 3rd; `complet`: the losers of every round from the round of P play for the places
    below, the losers of matches 2i − 1 and 2i meeting (5); places 1 and 2 are the final's.
    The cadrage's losers are placed by `tableau_placing` once it is over."""
    if placement == "partagees":
        return [], {}
    start = 0 if is_power_of_two(entrants) else 1
    slots: list[PlacingSlot] = []
    places: dict[int, int] = {}
    last = len(rounds) - 1
    (a, b), = rounds[last]
    final = winners.get((last, 0))
    if final is not None and a is not None and b is not None:
        places.update({1: final, 2: b if final == a else a})
    for round_index in range(start, last):
        pairs = rounds[round_index]
        if placement == "petite-finale" and len(pairs) != 2:
            continue
        losers: list[int | None] = []
        for index, (a, b) in enumerate(pairs):
            winner = winners.get((round_index, index))
            loser = None if winner is None or a is None or b is None else (
                b if winner == a else a)
            losers.append(ABSENT if loser is not None and loser in gone else loser)
        _placing_group(losers, len(losers) + 1, placing, slots, places,
                       deeper=placement == "complet")
    return slots, places


def _placing_group(entrants: list[int | None], low: int,
                   placing: Mapping[tuple[int, int, int], int], slots: list[PlacingSlot],
                   places: dict[int, int], *, deeper: bool) -> None:
    size = len(entrants)
    if size == 1:
        if entrants[0] is not None and entrants[0] != ABSENT:
            places[low] = entrants[0]
        return
    winners: list[int | None] = []
    losers: list[int | None] = []
    for index in range(size // 2):
        a, b = entrants[2 * index], entrants[2 * index + 1]
        if ABSENT in (a, b):
            # No partie: the one present (or not known yet) takes the better place.
            present = b if a == ABSENT else a
            winners.append(present)
            losers.append(ABSENT)
            continue
        winner = placing.get((low, size, index)) if a is not None and b is not None else None
        if winner is not None and winner not in (a, b):
            raise ValueError(f"places {low}: {winner} is not one of {a}, {b}")
        slots.append(PlacingSlot(low, size, index, a, b, winner))
        winners.append(winner)
        losers.append(None if winner is None else (b if winner == a else a))
    if size == 2 or deeper:
        _placing_group(winners, low, placing, slots, places, deeper=deeper)
        _placing_group(losers, low + size // 2, placing, slots, places, deeper=deeper)
