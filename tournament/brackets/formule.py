"""A whole concours in phases played through a callback (BRACKETS.md 1–6): qualification
(poules, parties qualificatives or none), the principal, the consolante, the placement and
the final standings. `manage.py simulate_brackets` plays it with random donnes; a service
follows the same steps one partie at a time.

`formule_check(formule, entrants)` refuses a formule the rules do not allow (French, section
8); `formule_play(entrants, formule, seed=…, play=…, clubs=…)` returns a `Concours`. Every
draw by lot takes its seed from one `random.Random(seed)`, in a fixed order, so the same
seed and the same results give the same concours.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..draw import METHODS, DrawInput
from ..ranking import Result, Row, rank, tally
from .base import BracketError, Clubs, Match, check_distinct
from .bracket import (
    TOO_FEW,
    Placement,
    Play,
    Tableau,
    direct_consolante,
    mend_poule_pairs,
    poule_seeds,
    seeds_by_lot,
    tableau_placing,
    tableau_rounds,
)
from .poules import (
    DEFAULT_CRITERIA,
    PARTIES,
    Deal,
    PouleStyle,
    poule_count,
    poule_exempt,
    poule_pairs,
    poule_ranking,
    poules_deal,
)
from .standings import Place, final_standings

Qualification = Literal["poules", "parties", "direct"]
Cadrage = Literal["tetes", "tirage"]
SEEDS = 10**9  # each draw's own seed is drawn below this (shown, reusable)


@dataclass(frozen=True)
class Formule:
    qualification: Qualification
    poule_style: PouleStyle = "toutes"
    qualified: int = 2  # k, per poule, for the principal
    parties: int | None = None  # Q parties qualificatives
    principal: int | None = None  # M, the top M of the parties to the principal
    consolante: bool = True
    cadrage: Cadrage = "tetes"
    placement: Placement = "partagees"
    separate_clubs: bool = False
    tetes: tuple[int, ...] = ()  # têtes de série, in order
    criteria: tuple[str, ...] = DEFAULT_CRITERIA
    draw_method: str = "standings"  # of the parties qualificatives
    bye_points: int = 1000  # an exempt's score in a partie qualificative (fixed rule)


def formule_check(formule: Formule, entrants: int) -> None:
    """Refuse, in French, what section 8 refuses before anything is drawn."""
    if formule.qualification == "poules":
        count = poule_count(entrants)
        if formule.qualified not in (1, 2):
            raise BracketError("Les qualifiés par poule sont 1 ou 2.")
        if len(formule.tetes) > count:
            raise BracketError(f"Plus de têtes de série ({len(formule.tetes)}) que de "
                               f"poules ({count}).")
    elif formule.qualification == "parties":
        if formule.tetes:
            raise BracketError("Les têtes de série placent les poules ou le tableau direct, "
                               "pas les parties qualificatives.")
        if formule.parties is None or formule.principal is None:
            raise BracketError("Les parties qualificatives demandent leur nombre et le "
                               "nombre de qualifiés du tableau principal.")
        if formule.principal < 2:
            raise BracketError(TOO_FEW)
        if formule.principal > entrants:
            raise BracketError(f"Le tableau principal de {formule.principal} équipes en "
                               f"demande plus que les {entrants} inscrites.")
        if formule.consolante and entrants - formule.principal < 2:
            raise BracketError("La consolante aurait moins de 2 équipes : il reste "
                               f"{entrants - formule.principal} équipe après le principal.")
    elif formule.qualification == "direct":
        if entrants < 2:
            raise BracketError(TOO_FEW)
        if len(formule.tetes) > entrants:
            raise BracketError(f"Plus de têtes de série ({len(formule.tetes)}) que "
                               f"d'équipes ({entrants}).")
    else:
        raise ValueError(f"unknown qualification {formule.qualification!r}")


@dataclass
class Poule:
    entrants: list[int]  # by position
    matches: list[tuple[int, Match]] = field(default_factory=list)  # (partie, match)
    ranking: list[int] = field(default_factory=list)

    @property
    def exempt(self) -> list[int | None]:
        return poule_exempt(self.entrants)


@dataclass
class Concours:
    poules: list[Poule]
    deal: Deal | None
    tableaux: list[tuple[str, Tableau]]  # ("principal" | "consolante", its tableau)
    places: list[Place]
    unmended: list[tuple[int, int]]  # first-round pairs from one poule no swap could mend


def formule_play(entrants: Sequence[int], formule: Formule, *, seed: int, play: Play,
                 clubs: Clubs | None = None) -> Concours:
    """Draw and play the whole concours: `play(a, b)` plays one partie and gives its
    winner and totals."""
    check_distinct(entrants)
    formule_check(formule, len(entrants))
    rng = random.Random(seed)
    lot = formule.cadrage == "tirage"
    poules: list[Poule] = []
    deal = None
    unmended: list[tuple[int, int]] = []
    rest: list[list[int]] = []
    consolante: list[int] = []
    if formule.qualification == "poules":
        deal = poules_deal(entrants, seed=rng.randrange(SEEDS), tetes=formule.tetes,
                           clubs=clubs, separate_clubs=formule.separate_clubs)
        poules = _play_poules(deal, formule, rng, play)
        rankings = [poule.ranking for poule in poules]
        taken = list(range(formule.qualified))
        left = list(range(formule.qualified, 4))
        principal = _poule_tableau(rankings, taken, lot, rng, unmended)
        if formule.consolante:
            consolante = _poule_tableau(rankings, left, lot, rng, unmended)
        else:
            rest = [group for place in left
                    if (group := [ranking[place] for ranking in rankings
                                  if place < len(ranking)])]
    elif formule.qualification == "parties":
        assert formule.principal is not None
        standings = _play_parties(entrants, formule, rng, play)
        order = [entrant for group in standings for entrant in _shuffled(group, rng)]
        principal = order[:formule.principal]
        if lot:
            principal = seeds_by_lot(principal, seed=rng.randrange(SEEDS))
        if formule.consolante:
            consolante = order[formule.principal:]
            if lot:
                consolante = seeds_by_lot(consolante, seed=rng.randrange(SEEDS))
        else:
            out = set(principal)
            rest = [kept for group in standings
                    if (kept := [entrant for entrant in group if entrant not in out])]
    else:
        principal = seeds_by_lot(entrants, seed=rng.randrange(SEEDS),
                                 tetes=() if lot else formule.tetes)
    played = tableau_rounds(principal, play)
    gone: list[int] = []
    if formule.qualification == "direct" and formule.consolante:
        gone = direct_consolante(played)
        consolante = (seeds_by_lot(gone, seed=rng.randrange(SEEDS)) if lot and gone
                      else gone)
    tableau_placing(played, formule.placement, play, seed=rng.randrange(SEEDS), gone=gone)
    tableaux = [("principal", played)]
    if len(consolante) >= 2:
        second = tableau_rounds(consolante, play)
        tableau_placing(second, formule.placement, play, seed=rng.randrange(SEEDS))
        tableaux.append(("consolante", second))
    places = final_standings([(name, tableau.places) for name, tableau in tableaux], rest)
    if len(places) != len(entrants):
        raise AssertionError("an entrant without a place")
    return Concours(poules, deal, tableaux, places, unmended)


def _shuffled(group: list[int], rng: random.Random) -> list[int]:
    group = sorted(group)
    rng.shuffle(group)
    return group


def _poule_tableau(rankings: list[list[int]], places: list[int], lot: bool,
                   rng: random.Random, unmended: list[tuple[int, int]]) -> list[int]:
    seeds = poule_seeds(rankings, places)
    if lot:
        return seeds_by_lot([seed.entrant for seed in seeds], seed=rng.randrange(SEEDS))
    if len(seeds) < 2:
        return [seed.entrant for seed in seeds]
    mended, left = mend_poule_pairs(seeds)
    unmended += left
    return [seed.entrant for seed in mended]


def _play_poules(deal: Deal, formule: Formule, rng: random.Random, play: Play) -> list[Poule]:
    """Every poule's partie k drawn together, then ranked (2.3, 2.4)."""
    poules = [Poule(list(entrants)) for entrants in deal.poules]
    for partie in range(1, PARTIES + 1):
        for poule in poules:
            before = [match for _partie, match in poule.matches]
            for a, b in poule_pairs(poule.entrants, formule.poule_style, partie, before):
                game = play(a, b)
                if game.winner not in (a, b):
                    # Every partie of a poule has a winner, as a tableau's (2.3).
                    raise BracketError("Une partie de poule a un vainqueur : elle se "
                                       "poursuit donne par donne tant que les totaux sont "
                                       "égaux.")
                poule.matches.append((partie, Match(a, b, game.winner, game)))
    for poule in poules:
        poule.ranking = poule_ranking(
            poule.entrants, formule.poule_style, [match for _partie, match in poule.matches],
            seed=rng.randrange(SEEDS), criteria=formule.criteria)
    return poules


def _play_parties(entrants: Sequence[int], formule: Formule, rng: random.Random,
                  play: Play) -> list[list[int]]:
    """The parties qualificatives, drawn and ranked as today's concours: the groups of the
    standings (entrants tied on every criterion share a group), best first."""
    assert formule.parties is not None
    method = METHODS[formule.draw_method]
    results: list[Result] = []
    opponents: list[tuple[int, int]] = []
    byes: Counter[int] = Counter()
    rows: list[Row] = rank(tally(entrants, results), formule.criteria)
    for partie in range(1, formule.parties + 1):
        draw = method.draw(DrawInput(entrants=[row.entrant for row in rows], partie=partie,
                                     seed=rng.randrange(SEEDS), opponents=opponents,
                                     byes=dict(byes)))
        for table in draw.tables:
            a, b = table.ns[0], table.ew[0]
            game = play(a, b)
            results.append(Result((a,), (b,), game.score_a, game.score_b,
                                  "NS" if game.winner == a else "EW"))
            opponents.append((a, b))
        for entrant in draw.exempt:
            results.append(Result((entrant,), None, formule.bye_points, 0, "NS"))
            byes[entrant] += 1
        rows = rank(tally(entrants, results), formule.criteria)
    groups: dict[int, list[int]] = {}
    for row in rows:
        groups.setdefault(row.rank, []).append(row.entrant)
    return list(groups.values())
