"""The draw by standings (doublette concours): partie 1 at random from a seed, then closest
ranks together (1st v 2nd, 3rd v 4th, …) with no rematch whenever a draw without one exists.

The pairing is `matching.pair_near_neighbours` on the ranking: squared rank gaps, a rematch
costing more than any draw without one. Up to 128 teams it is `pair_on_line`, exact (the cost
of the matching on the complete graph) while looking only at the pairs an optimal draw can
use; beyond, neighbours in the ranking are paired and each rematch that would make is undone
by that exact matching on a window of the ranking around it (1,000 teams draw in
milliseconds instead of seconds): still no rematch whenever a draw without one exists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence

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
from .matching import pair_near_neighbours


def draw_random(team_ids: Sequence[int], seed: int) -> Draw:
    """Partie 1: the teams shuffled by `seed` (whatever order they come in), paired in that
    order; the last one is exempt when they are odd in number."""
    at_least_two_teams(team_ids)
    ids = seeded_order(team_ids, seed)  # the one shuffle of every draw
    exempt = [ids.pop()] if len(ids) % 2 else []
    tables = [team_table(ids[i], ids[i + 1]) for i in range(0, len(ids), 2)]
    return Draw(tables, exempt, seed)


def bye_for(ranked: Sequence[int], byes: Mapping[int, int],
            not_played: Collection[int] = ()) -> int | None:
    """The team exempt when they are odd in number: among those with the fewest byes, the
    lowest-ranked that has already played (a late team, which has played nothing yet, would
    otherwise be ranked last and win its first partie without playing), failing that the
    lowest-ranked. While nobody has had two byes, this is: the lowest-ranked team without a
    bye that has played; failing that, the lowest-ranked without a bye; the lowest of all
    when every one has had one."""
    if len(ranked) % 2 == 0:
        return None
    fewest = min(byes.get(team, 0) for team in ranked)
    candidates = [team for team in reversed(ranked) if byes.get(team, 0) == fewest]
    if fewest == 0:
        late = set(not_played)
        return next((team for team in candidates if team not in late), candidates[0])
    return candidates[0]


def choose_bye(ranked: Sequence[int], had_bye: Iterable[int],
               not_played: Iterable[int] = ()) -> int | None:
    """`bye_for` with the byes as a list of the teams exempt so far (a team once per bye)."""
    return bye_for(ranked, Counter(had_bye), frozenset(not_played))


def pair_by_standings(
    ranked: Sequence[int], met: Iterable[tuple[int, int]], had_bye: Iterable[int] = (),
    not_played: Iterable[int] = (),
) -> Draw:
    """Pair `ranked` (best first) without rematches when possible, closest ranks together;
    `had_bye`: the teams exempt so far, once per bye; `not_played`: the teams that have played
    no partie yet (see `bye_for`)."""
    return _by_standings(ranked, met, Counter(had_bye), frozenset(not_played))


def _by_standings(ranked: Sequence[int], met: Iterable[tuple[int, int]],
                  byes: Mapping[int, int], not_played: Collection[int]) -> Draw:
    at_least_two_teams(ranked)
    bye = bye_for(ranked, byes, not_played)
    teams = [team for team in ranked if team != bye]
    pairs = pair_near_neighbours(teams, conflict_map(met, teams))
    return Draw([team_table(a, b) for a, b in pairs], [] if bye is None else [bye])


def draw_standings(data: DrawInput) -> Draw:
    """The method: partie 1 (no results yet) at random from the seed, then by standings."""
    if data.partie == 1:
        return draw_random(data.entrants, data.seed)
    return _by_standings(data.entrants, data.opponents, data.byes, data.not_played)


STANDINGS = register(DrawMethod(
    key="standings", label=gettext_lazy("Au classement (sans revoir un adversaire)"),
    entrant="team", draw=draw_standings,
    uses_seed=lambda partie: partie == 1,  # later parties follow the ranking
))
