"""Draws for a round, on plain team ids (no ORM), like Tabbycat's draw generators.

Round 1 is a seeded random draw. Later rounds pair by standings (1st v 2nd, 3rd v 4th, …)
through a minimum-weight perfect matching: pairing ranks far apart costs the square of the gap,
and a rematch costs more than any pairing without one, so a draw without rematches is found
whenever one exists.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Draw:
    tables: list[tuple[int, int]]  # (NS team, EW team), table 1 first
    bye: int | None


class PairingError(ValueError):
    """No draw can be made (fewer than two teams)."""


def draw_random(team_ids: Sequence[int], seed: int) -> Draw:
    if len(team_ids) < 2:
        raise PairingError(_("Il faut au moins deux équipes actives pour tirer les tables."))
    ids = sorted(team_ids)
    random.Random(seed).shuffle(ids)
    bye = ids.pop() if len(ids) % 2 else None
    return Draw([(ids[i], ids[i + 1]) for i in range(0, len(ids), 2)], bye)


def choose_bye(ranked: Sequence[int], had_bye: Iterable[int],
               not_played: Iterable[int] = ()) -> int | None:
    """The lowest-ranked team that has not had a bye and has already played (a late team,
    which has played nothing yet, would otherwise be ranked last and win its first partie
    without playing); failing that, the lowest-ranked without a bye; the lowest of all when
    every one has had one."""
    if len(ranked) % 2 == 0:
        return None
    had, late = set(had_bye), set(not_played)
    return next((team for team in reversed(ranked) if team not in had and team not in late),
                next((team for team in reversed(ranked) if team not in had), ranked[-1]))


def pair_by_standings(
    ranked: Sequence[int], met: Iterable[tuple[int, int]], had_bye: Iterable[int] = (),
    not_played: Iterable[int] = (),
) -> Draw:
    """Pair `ranked` (best first) without rematches when possible, closest ranks together;
    `not_played`: the teams that have played no partie yet (see `choose_bye`)."""
    if len(ranked) < 2:
        raise PairingError(_("Il faut au moins deux équipes actives pour tirer les tables."))
    bye = choose_bye(ranked, had_bye, not_played)
    teams = [team for team in ranked if team != bye]
    rank = {team: index for index, team in enumerate(teams)}
    met_pairs = {frozenset(pair) for pair in met}
    n = len(teams)
    rematch_cost = n * n * n  # more than the sum of every squared gap of a matching
    graph = nx.Graph()
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            gap = rank[b] - rank[a]
            cost = gap * gap + (rematch_cost if frozenset((a, b)) in met_pairs else 0)
            graph.add_edge(a, b, weight=cost)
    matching = nx.min_weight_matching(graph)
    pairs = sorted((tuple(sorted(pair, key=rank.__getitem__)) for pair in matching),
                   key=lambda pair: rank[pair[0]])
    return Draw([(a, b) for a, b in pairs], bye)
