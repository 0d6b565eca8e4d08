"""Poules (BRACKETS.md 2): their count and sizes, names, the deal, each style's parties and
the ranking in a poule. Pure: entrant ids in, entrant ids out.

A service draws the poules with `poules_deal(entrants, seed=…, tetes=…, clubs=…,
separate_clubs=…)` (the clashes it returns are named on the page), asks `poule_pairs` for
the pairs of partie k of every poule (partie 2 and 3 of `gagnants-perdants` need the
results before them) and ranks a poule with `poule_ranking` once its parties are played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..ranking import Result, rank, tally
from ..ranking.metrics import SideValue
from .base import BracketError, Clubs, Match, check_distinct, clubs_of

PouleStyle = Literal["toutes", "gagnants"]
POULE_STYLES: tuple[PouleStyle, ...] = ("toutes", "gagnants")
MIN_POULE_ENTRANTS = 6
DEFAULT_CRITERIA = ("wins", "points", "diff")

# 2.3, positions 1 to 4: the pairs of partie 1, 2, 3, the first named at Nord-Sud.
ROUND_ROBIN_FOUR = (((1, 4), (2, 3)), ((1, 3), (2, 4)), ((1, 2), (3, 4)))
ROUND_ROBIN_THREE = (((2, 3),), ((1, 3),), ((1, 2),))
PARTIES = 3


def poule_count(entrants: int) -> int:
    """p = ⌈n / 4⌉, refused under 6 entrants (2.1)."""
    if entrants < MIN_POULE_ENTRANTS:
        raise BracketError("Il faut au moins 6 équipes pour jouer en poules")
    return -(-entrants // 4)


def poule_sizes(entrants: int) -> list[int]:
    """The size of each poule in order: the last 4p − n poules have three entrants."""
    count = poule_count(entrants)
    threes = 4 * count - entrants
    return [4] * (count - threes) + [3] * threes


def poule_name(index: int) -> str:
    """A, B, … Z, then AA, AB, … (index 0 is A), as spreadsheet columns are named."""
    if index < 0:
        raise ValueError("a poule index is 0 or more")
    name = ""
    index += 1
    while index:
        index, letter = divmod(index - 1, 26)
        name = chr(ord("A") + letter) + name
    return name


@dataclass(frozen=True)
class Clash:
    """Two entrants of one club left in one poule by the repair (2.2): named on the page."""

    poule: int  # index, 0 for A
    club: str
    entrants: tuple[int, int]

    def message(self) -> str:
        return f"Poule {poule_name(self.poule)} : deux équipes du club {self.club}"


@dataclass(frozen=True)
class Deal:
    poules: list[list[int]]  # each poule's entrants by position (position 1 first)
    clashes: list[Clash]
    seed: int


def _club_groups(entrants: list[int], clubs: Clubs) -> dict[frozenset[str], list[int]]:
    """The entrants linked by a shared club, directly or through others, as one group keyed
    by all their clubs, its members in `entrants`' order. With one club an entrant (a team)
    a group is a club (2.2); a mêlée pair has its two players' clubs (1), so the pairs
    {X, Y} and {Y, Z} are one group: dealt together, no two of them share a poule while the
    group has no more entrants than a row (decision: BRACKETS.md says how a club's entrants
    are dealt, not a pair's)."""
    groups: list[tuple[set[str], list[int]]] = []
    for entrant in entrants:
        mine = clubs_of(clubs, entrant)
        if not mine:
            continue
        joined = [group for group in groups if group[0] & mine]
        merged: tuple[set[str], list[int]] = (set(mine), [entrant])
        for group in joined:
            groups.remove(group)
            merged[0].update(group[0])
            merged[1].extend(group[1])
        groups.append(merged)
    place = {entrant: index for index, entrant in enumerate(entrants)}
    return {frozenset(names): sorted(members, key=place.__getitem__)
            for names, members in groups}


def _by_clubs(entrants: list[int], clubs: Clubs, rng: random.Random) -> list[int]:
    """2.2, clubs apart: the clubs with the most entrants first (ties by lot), a club's
    entrants together (in an order by lot), entrants without a club last (by lot). A mêlée
    pair's clubs are its players' (1): pairs linked by a club form one group
    (`_club_groups`)."""
    groups = _club_groups(entrants, clubs)
    loose = [entrant for entrant in entrants if not clubs_of(clubs, entrant)]
    keys = sorted(groups, key=sorted)
    rng.shuffle(keys)
    keys.sort(key=lambda key: -len(groups[key]))  # stable: the lot orders equal clubs
    order: list[int] = []
    for key in keys:
        members = groups[key]
        rng.shuffle(members)
        order += members
    rng.shuffle(loose)
    return order + loose


def poules_deal(entrants: Sequence[int], *, seed: int, tetes: Sequence[int] = (),
                clubs: Clubs | None = None, separate_clubs: bool = False) -> Deal:
    """Deal the entrants into poules (2.2). `tetes`: the têtes de série in order (at most p),
    tête i to poule i; the others by lot with `seed`, or by clubs with `separate_clubs`,
    then the clashes repaired."""
    check_distinct(entrants)
    sizes = poule_sizes(len(entrants))
    count = len(sizes)
    if len(tetes) > count:
        raise BracketError(f"Plus de têtes de série ({len(tetes)}) que de poules ({count}).")
    check_distinct(tetes)
    if not set(tetes) <= set(entrants):
        raise ValueError("a tête de série is not an entrant")
    rng = random.Random(seed)
    head = set(tetes)
    others = sorted(entrant for entrant in entrants if entrant not in head)
    if separate_clubs and clubs:
        others = _by_clubs(others, clubs, rng)
    else:
        rng.shuffle(others)
    order = iter([*tetes, *others])
    poules: list[list[int]] = [[] for _ in sizes]
    for row in range(4):
        for index, size in enumerate(sizes):
            if row < size:
                poules[index].append(next(order))
    if separate_clubs and clubs:
        _repair(poules, clubs, head)
    return Deal(poules, clashes(poules, clubs) if clubs else [], seed)


def _shares(entrant: int, members: Sequence[int], clubs: Clubs, leaving: int) -> bool:
    mine = clubs_of(clubs, entrant)
    return bool(mine) and any(mine & clubs_of(clubs, other)
                              for other in members if other != leaving)


def _repair(poules: list[list[int]], clubs: Clubs, tetes: set[int]) -> None:
    """Poule by poule, in row order: the later-dealt of two entrants of one club swaps with
    the entrant of its row in the nearest other poule (lower index on a tie) when neither
    then shares its new poule with its club; one no swap can move keeps its clash."""
    count = len(poules)
    for index in range(count):
        poule = poules[index]
        for row in range(1, len(poule)):
            moving = poule[row]
            if moving in tetes or not _shares(moving, poule[:row], clubs, moving):
                continue
            for other in sorted((j for j in range(count) if j != index),
                                key=lambda j: (abs(j - index), j)):
                target = poules[other]
                if row >= len(target) or target[row] in tetes:
                    continue
                coming = target[row]
                if (_shares(moving, target, clubs, coming)
                        or _shares(coming, poule, clubs, moving)):
                    continue
                poule[row], target[row] = coming, moving
                break


def clashes(poules: Sequence[Sequence[int]], clubs: Clubs) -> list[Clash]:
    """Every pair of entrants of one poule that share a club, poule by poule."""
    found = []
    for index, poule in enumerate(poules):
        for position, first in enumerate(poule):
            for second in poule[position + 1:]:
                for club in sorted(clubs_of(clubs, first) & clubs_of(clubs, second)):
                    found.append(Clash(index, club, (first, second)))
    return found


def poule_exempt(poule: Sequence[int]) -> list[int | None]:
    """The entrant exempt in partie 1, 2, 3: positions 1, 2, 3 in a poule of three."""
    if len(poule) == 3:
        return list(poule)
    return [None, None, None]


def poule_pairs(poule: Sequence[int], style: PouleStyle, partie: int,
                played: Sequence[Match] = ()) -> list[tuple[int, int]]:
    """The pairs of partie `partie` (1, 2, 3) of a poule, Nord-Sud first (2.3). For
    `gagnants` in a poule of four, `played` holds the matches of the parties before, in the
    order this function gave them."""
    if not 1 <= partie <= PARTIES:
        raise ValueError(f"a poule plays parties 1 to 3, not {partie}")
    if len(poule) not in (3, 4):
        raise ValueError("a poule has three or four entrants")
    check_distinct(poule)
    if style not in POULE_STYLES:
        raise ValueError(f"unknown poule style {style!r}")
    if len(poule) == 3 or style == "toutes" or partie == 1:
        chart = ROUND_ROBIN_THREE if len(poule) == 3 else ROUND_ROBIN_FOUR
        return [(poule[a - 1], poule[b - 1]) for a, b in chart[partie - 1]]
    needed = 2 if partie == 2 else 4
    if len(played) < needed or any(match.winner is None for match in played[:needed]):
        raise BracketError("Les résultats de la partie précédente de la poule manquent.")
    first, second = played[0], played[1]
    if partie == 2:
        # The entrant from 1–4 named first in each (2.3).
        return [(_winner(first), _winner(second)), (_loser(first), _loser(second))]
    gagnants, perdants = played[2], played[3]
    return [(_loser(gagnants), _winner(perdants))]


def _winner(match: Match) -> int:
    if match.winner is None:
        raise ValueError("a match without a winner")
    return match.winner


def _loser(match: Match) -> int:
    loser = match.loser
    if loser is None:
        raise ValueError("a match without a loser")
    return loser


def poule_ranking(poule: Sequence[int], style: PouleStyle, matches: Sequence[Match], *,
                  seed: int, criteria: Sequence[str] = DEFAULT_CRITERIA) -> list[int]:
    """The poule's entrants, 1st first (2.4). `toutes`: the criteria over the poule's
    parties (an exempt scores nothing), two entrants still tied separated by their partie,
    more by lot with `seed`. `gagnants` (poule of four): the winner of the gagnants'
    partie, of the barrage, its loser, the loser of the perdants'."""
    check_distinct(poule)
    if style == "gagnants" and len(poule) == 4:
        if len(matches) != 5 or any(match.game is None for match in matches):
            raise BracketError("La poule n'a pas fini ses parties.")
        gagnants, perdants, barrage = matches[2], matches[3], matches[4]
        return [_winner(gagnants), _winner(barrage), _loser(barrage), _loser(perdants)]
    results = []
    for match in matches:
        if match.game is None or match.a is None or match.b is None:
            continue
        winner: SideValue = "NS" if match.winner == match.a else "EW"
        results.append(Result((match.a,), (match.b,), match.game.score_a,
                              match.game.score_b, winner))
    rows = rank(tally(poule, results), criteria)
    rng = random.Random(seed)
    order: list[int] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end].rank == rows[start].rank:
            end += 1
        tied = [row.entrant for row in rows[start:end]]
        if len(tied) == 2:
            a, b = tied
            beat = [match.winner for match in matches if match.game is not None
                    and {match.a, match.b} == {a, b}]
            if beat and beat[-1] == b:
                tied = [b, a]
        elif len(tied) > 2:
            rng.shuffle(tied)
        order += tied
        start = end
    return order
