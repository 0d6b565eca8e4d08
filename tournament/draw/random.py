"""The random draw at every partie ("tirage au sort des places à chaque partie"), for
doublette concours: the seed shuffles the teams, and the teams are paired in that order with
no rematch whenever a draw without one exists.

It is the standings pairing on a seeded random order instead of the ranking
(`matching.pair_avoiding_repeats`): with no meeting to avoid it pairs 1-2, 3-4, … of a
uniform shuffle, that is a uniformly random draw; otherwise close pairings in that order
that avoid rematches (a matching with random weights and a rematch cost, not retries), with
the fewest rematches possible when some cannot be avoided. The same seed and the same inputs
give the same draw, whatever order the entrants are listed in.

When the teams are odd in number, the exempt team is chosen first, among those with the
fewest byes (preferring one that has already played, as the standings draw does; then the
seed decides): a fair share of byes comes before avoiding a rematch among the others.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from django.utils.translation import gettext_lazy

from .base import (
    Draw,
    DrawInput,
    DrawMethod,
    at_least_two_teams,
    conflict_map,
    register,
    seeded_order,
    team_table,
)
from .matching import pair_avoiding_repeats


def least_exempt(order: Sequence[int], count: int, byes: Mapping[int, int],
                 not_played: Collection[int]) -> list[int]:
    """The `count` entrants to exempt: the fewest byes first, then those that have already
    played (a late arrival would otherwise score a partie it never played), then the order
    (a seeded shuffle: the seed breaks ties)."""
    late = set(not_played)
    ranked = sorted(range(len(order)),
                    key=lambda index: (byes.get(order[index], 0), order[index] in late, index))
    return [order[index] for index in ranked[:count]]


def draw_at_random(data: DrawInput) -> Draw:
    at_least_two_teams(data.entrants)
    order = seeded_order(data.entrants, data.seed)
    exempt = least_exempt(order, len(order) % 2, data.byes, data.not_played)
    teams = [team for team in order if team not in exempt]
    pairs = pair_avoiding_repeats(teams, conflict_map(data.opponents, teams))
    return Draw([team_table(a, b) for a, b in pairs], exempt, data.seed)


RANDOM = register(DrawMethod(
    key="random", label=gettext_lazy("Au hasard à chaque partie (sans revoir un adversaire)"),
    entrant="team", draw=draw_at_random,
))
