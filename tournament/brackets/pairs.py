"""A mêlée in phases (BRACKETS.md 1): its players are drawn once into pairs, which then play
the poules and the tableaux as doublettes. A pair's clubs are both of its players' clubs,
so « séparer les clubs » keeps apart two pairs that share any club (poules._club_groups).

Pure: player ids in; pairs of player ids, numbered from 1 in the order drawn, out. A service
saves each pair as a team of the concours (its number, its two players) and hands the poules'
deal the pairs' numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .base import BracketError, Clubs, check_distinct, clubs_of
from .bracket import seeds_by_lot
from .poules import MIN_POULE_ENTRANTS, Deal, poules_deal

SEEDS = 10**9
Pair = tuple[int, int]


def pairs_draw(players: Sequence[int], *, seed: int) -> list[Pair]:
    """The players by lot with `seed`, two by two: pair k is the (2k − 1)th and 2kth drawn.
    An odd count is refused: every pair plays as a doublette."""
    check_distinct(players)
    if len(players) % 2:
        raise BracketError(f"Une mêlée en phases se joue en paires : il faut un nombre pair "
                           f"de joueurs ({len(players)} au tirage).")
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return [(order[index], order[index + 1]) for index in range(0, len(order), 2)]


def pair_clubs(pairs: Sequence[Pair], clubs: Clubs | None) -> dict[int, frozenset[str]]:
    """Pair number (from 1) -> its players' clubs, as the deal reads an entrant's clubs."""
    return {number: clubs_of(clubs, first) | clubs_of(clubs, second)
            for number, (first, second) in enumerate(pairs, start=1)}


@dataclass(frozen=True)
class MeleeDeal:
    pairs: list[Pair]  # pair k (from 1) is pairs[k − 1]
    deal: Deal  # the poules of pair numbers (2.2)


def melee_poules_deal(players: Sequence[int], *, seed: int, clubs: Clubs | None = None,
                      separate_clubs: bool = False) -> MeleeDeal:
    """Draw the pairs, then deal them into poules as 2.2 deals teams (no têtes de série: a
    pair is not known before its draw). Both lots come from `seed`, in that order."""
    check_distinct(players)
    if len(players) < 2 * MIN_POULE_ENTRANTS:
        raise BracketError(f"Il faut au moins {2 * MIN_POULE_ENTRANTS} joueurs "
                           f"({MIN_POULE_ENTRANTS} paires) pour jouer une mêlée en poules.")
    rng = random.Random(seed)
    pairs = pairs_draw(players, seed=rng.randrange(SEEDS))
    deal = poules_deal(range(1, len(pairs) + 1), seed=rng.randrange(SEEDS),
                       clubs=pair_clubs(pairs, clubs), separate_clubs=separate_clubs)
    return MeleeDeal(pairs, deal)


@dataclass(frozen=True)
class MeleeTableau:
    pairs: list[Pair]  # pair k (from 1) is pairs[k − 1]
    seeds: list[int]  # the pairs' numbers by seed (3.1)


def melee_direct_seeds(players: Sequence[int], *, seed: int) -> MeleeTableau:
    """`direct` in a mêlée: the pairs drawn, then seeded by lot (3.1; no têtes de série, a
    pair is not known before its draw). Both lots come from `seed`, in that order."""
    check_distinct(players)
    if len(players) < 4:
        raise BracketError("Il faut au moins 4 joueurs (2 paires) pour un tableau.")
    rng = random.Random(seed)
    pairs = pairs_draw(players, seed=rng.randrange(SEEDS))
    return MeleeTableau(pairs, seeds_by_lot(range(1, len(pairs) + 1),
                                            seed=rng.randrange(SEEDS)))


@dataclass(frozen=True)
class MeleeParties:
    """After a mêlée's parties qualificatives: the pairs (pair k is pairs[k − 1]), the
    principal's and the consolante's seeds (pair numbers) and the players in neither
    tableau by their place groups, best first."""

    pairs: list[Pair]
    principal: list[int]
    consolante: list[int]
    rest: list[list[int]]


def melee_parties_tableaux(groups: Sequence[Sequence[int]], *, principal: int,
                           consolante: bool, seed: int) -> MeleeParties:
    """`parties` in a mêlée (BRACKETS.md 1): the players ranked by the parties qualificatives
    (`groups`: players sharing a place, best first; ties by lot), the principal's M pairs
    drawn among the top 2M players, the consolante's among the players after them (with an
    odd count, the last of them plays no tableau). Decision: every pair is drawn by lot and
    seeded by lot — the spec draws the pairs, it does not rank them. All lots from `seed`."""
    check_distinct([player for group in groups for player in group])
    rng = random.Random(seed)
    order: list[int] = []
    for group in groups:
        tied = sorted(group)
        rng.shuffle(tied)
        order += tied
    if principal < 2 or 2 * principal > len(order):
        raise BracketError(f"Le tableau principal de {principal} paires demande "
                           f"{2 * principal} joueurs : {len(order)} sont classés.")
    top, others = order[:2 * principal], order[2 * principal:]
    if consolante:
        others = others[:len(others) - len(others) % 2]
        if len(others) < 4:
            raise BracketError("La consolante aurait moins de 2 paires : il reste "
                               f"{len(order) - 2 * principal} joueurs après le principal.")
    else:
        others = []
    pairs = pairs_draw(top, seed=rng.randrange(SEEDS))
    second = pairs_draw(others, seed=rng.randrange(SEEDS)) if others else []
    first_seeds = seeds_by_lot(range(1, principal + 1), seed=rng.randrange(SEEDS))
    second_seeds = (seeds_by_lot(range(principal + 1, principal + len(second) + 1),
                                 seed=rng.randrange(SEEDS)) if second else [])
    paired = set(top) | set(others)
    rest = [left for group in groups
            if (left := [player for player in order if player in set(group)
                         and player not in paired])]
    return MeleeParties(pairs + second, first_seeds, second_seeds, rest)
