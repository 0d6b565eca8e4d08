"""Benchmark (not a test): the time to draw one partie, against the issue's targets.

- mêlée, 512 players: partie 6, after five parties whose partners and opponents it must
  not repeat;
- by standings, 256 teams: partie 6, after five parties of results (random winners and
  points, ranked by wins then points), whose meetings it must not repeat; beside it, the
  matching on the complete graph that this draw used before (the same rematches, checked,
  and the sum of squared rank gaps of each: equal unless a window of the ranking missed a
  cheaper rearrangement, see matching.pair_near_neighbours).
Each figure is the slowest of several seeds, printed beside its target: "met", or "over"
where the target is missed (as make bench says it).
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import networkx as nx

# The draws are pure: no database, no django.setup() (settings only for a refusal's text).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from tournament.draw import METHODS, Draw, DrawInput, repeated_pairs
from tournament.draw.matching import matching_cost

PLAYERS, TEAMS, PARTIE = 512, 256, 6
SEEDS = 5
TARGET = 1.0  # seconds for one partie, each
# A federation's scale (issue 24): the last partie of 10, fewer seeds (each history draws
# nine parties first); the mêlée's target there is 2 s.
BIG_PLAYERS, BIG_TEAMS, BIG_PARTIE, BIG_SEEDS, BIG_MELEE_TARGET = 2000, 1000, 10, 3, 2.0


def history(key: str, count: int, seed: int, last: int = PARTIE) -> DrawInput:
    """The input of partie `last` after `last` - 1 parties drawn by `key`, with results."""
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    wins, points, byes = Counter[int](), Counter[int](), Counter[int]()
    opponents: list[tuple[int, int]] = []
    partners: list[tuple[int, int]] = []
    for partie in range(1, last + 1):
        ranked = sorted(entrants, key=lambda e: (-wins[e], -points[e], e))
        data = DrawInput(ranked, partie, seed * 100 + partie, tuple(opponents),
                         tuple(partners), dict(byes))
        if partie == last:
            return data
        draw = METHODS[key].draw(data)
        for table in draw.tables:
            winner = rng.choice([table.ns, table.ew])
            for side in (table.ns, table.ew):
                for entrant in side:
                    points[entrant] += rng.randint(400, 1600)
                    wins[entrant] += side == winner
        opponents += draw.opponent_pairs()
        partners += draw.partner_pairs()
        byes.update(draw.exempt)
    raise AssertionError("unreachable")


def timed(key: str, count: int, last: int = PARTIE,
          seeds: int = SEEDS) -> tuple[list[float], list[tuple[DrawInput, Draw]]]:
    times, results = [], []
    for seed in range(1, seeds + 1):
        data = history(key, count, seed, last)
        started = time.perf_counter()
        draw = METHODS[key].draw(data)
        times.append(time.perf_counter() - started)
        # The figures count only if the draw keeps its promises.
        assert sorted(draw.entrants()) == sorted(data.entrants)
        assert repeated_pairs([*data.opponents, *draw.opponent_pairs()]) == 0
        assert repeated_pairs([*data.partners, *draw.partner_pairs()]) == 0
        results.append((data, draw))
    return times, results


def complete_graph(data: DrawInput, draw: Draw) -> tuple[float, int, int]:
    """Time the draw as it was before (a matching on every pair of teams); check the same
    rematches. (seconds, this draw's squared gaps, the complete graph's)."""
    ranked = [team for team in data.entrants if team not in draw.exempt]
    met = {frozenset(pair) for pair in data.opponents}
    started = time.perf_counter()
    graph: nx.Graph[int] = nx.Graph()
    rematch = len(ranked) ** 3
    for i, a in enumerate(ranked):
        for j in range(i + 1, len(ranked)):
            b = ranked[j]
            graph.add_edge(a, b, weight=(j - i) ** 2 + rematch * (frozenset((a, b)) in met))
    matching = list(nx.min_weight_matching(graph))
    elapsed = time.perf_counter() - started
    conflicts: dict[int, set[int]] = {}
    for a, b in map(tuple, met):
        conflicts.setdefault(a, set()).add(b)
        conflicts.setdefault(b, set()).add(a)
    mine = [(table.ns[0], table.ew[0]) for table in draw.tables]
    repeats, gaps = matching_cost(mine, ranked, conflicts)
    best_repeats, best_gaps = matching_cost(matching, ranked, conflicts)
    assert repeats == best_repeats
    return elapsed, gaps, best_gaps


def line(label: str, times: list[float], target: float = TARGET) -> str:
    slowest = max(times)
    verdict = "met" if slowest <= target else "over"
    return (f"{label}: {slowest:.3f} s (median {statistics.median(times):.3f} s), "
            f"target ≤ {target:g} s: {verdict}")


def main() -> None:
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    melee, _ = timed("melee", PLAYERS)
    print(line(f"mêlée, {PLAYERS} players, partie {PARTIE}", melee)
          + f" (slowest of {SEEDS} seeds; no repeated partner or opponent)")
    standings, results = timed("standings", TEAMS)
    print(line(f"by standings, {TEAMS} teams, partie {PARTIE}", standings)
          + f" (slowest of {SEEDS} seeds; no rematch)")
    before, gaps, best_gaps = complete_graph(*results[0])
    print(f"  the complete graph's matching, as before: {before:.3f} s for the same draw "
          f"(same rematches; squared rank gaps {gaps}, the complete graph's {best_gaps})")
    big, _ = timed("standings", BIG_TEAMS, BIG_PARTIE, BIG_SEEDS)
    print(line(f"by standings, {BIG_TEAMS} teams, partie {BIG_PARTIE}", big)
          + f" (slowest of {BIG_SEEDS} seeds; no rematch)")
    big, _ = timed("melee", BIG_PLAYERS, BIG_PARTIE, BIG_SEEDS)
    print(line(f"mêlée, {BIG_PLAYERS} players, partie {BIG_PARTIE}", big, BIG_MELEE_TARGET)
          + f" (slowest of {BIG_SEEDS} seeds; no repeated partner or opponent)")


if __name__ == "__main__":
    main()
