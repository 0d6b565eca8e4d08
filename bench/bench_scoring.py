"""Benchmark (not a test): donnes scored per second by `score_game`, every donne validated.

The mix is realistic: for each preset, a 24-donne game of `tournament.demo.realistic_donne`
(drawn as they come at a table), with a fixed seed so that runs compare.
"""

from __future__ import annotations

import dataclasses
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import PRESETS, Donne, Rules, score_game
from tournament.demo import realistic_donne

DONNES_PER_GAME = 24


def games(seed: int = 2026) -> list[tuple[Rules, list[Donne]]]:
    rng = random.Random(seed)
    # Played in a fixed number of donnes, so that every game scores all 24.
    return [
        (
            dataclasses.replace(rules, target=None, max_donnes=DONNES_PER_GAME),
            [realistic_donne(rng, rules) for _ in range(DONNES_PER_GAME)],
        )
        for rules in PRESETS.values()
    ]


def main() -> None:
    mix = games()
    donnes_per_round = sum(len(donnes) for _, donnes in mix)
    for rules, donnes in mix:  # warm up and check the mix is valid
        score_game(donnes, rules)
    best = 0.0
    for _ in range(5):
        rounds, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < 1.0:
            for rules, donnes in mix:
                score_game(donnes, rules)
            rounds += 1
        best = max(best, rounds * donnes_per_round / elapsed)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    print(
        f"score_game: {best:,.0f} validated donnes/s "
        f"(best of 5 runs of 1 s; 4 presets × {DONNES_PER_GAME} donnes; target ≥ 100,000)"
    )


if __name__ == "__main__":
    main()
