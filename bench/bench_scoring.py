"""Benchmark (not a test): donnes scored per second by `score_game`, every donne validated.

The mix is realistic: for each of the six presets, four games of
`tournament.demo.realistic_donne` (drawn as they come at a table) played to the preset's
target, time being called after donne 24, with a fixed seed so that runs compare. Every game
is scored whole, its end included (target, belote exception, pot handed back). The figure is
printed beside its target: "met", or "over" where the target is missed (as make bench says it).
"""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import PRESETS, Donne, Rules, score_game
from tournament.demo import realistic_donne

GAMES_PER_PRESET = 4
TIME_CALLED = 24  # stop_after: the donne in play when time is called
TARGET = 200_000  # validated donnes per second, on one core


def games(seed: int = 2026) -> list[tuple[Rules, list[Donne]]]:
    """Whole games: donnes drawn until the game ends."""
    rng = random.Random(seed)
    mix = []
    for rules in PRESETS.values():
        for _ in range(GAMES_PER_PRESET):
            donnes: list[Donne] = []
            while not score_game(donnes, rules, stop_after=TIME_CALLED).finished:
                donnes.append(realistic_donne(rng, rules))
            mix.append((rules, donnes))
    return mix


def main() -> None:
    mix = games()
    donnes_per_round = sum(len(donnes) for _, donnes in mix)
    for rules, donnes in mix:  # warm up and check the mix is valid
        assert score_game(donnes, rules, stop_after=TIME_CALLED).finished
    best = 0.0
    for _ in range(5):
        rounds, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < 1.0:
            for rules, donnes in mix:
                score_game(donnes, rules, stop_after=TIME_CALLED)
            rounds += 1
        best = max(best, rounds * donnes_per_round / elapsed)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    verdict = "met" if best >= TARGET else "over"
    print(
        f"score_game: {best:,.0f} validated donnes/s, target {TARGET:,}: {verdict} "
        f"(best of 5 runs of 1 s; {len(PRESETS)} presets × {GAMES_PER_PRESET} whole games, "
        f"{donnes_per_round} donnes)"
    )


if __name__ == "__main__":
    main()
