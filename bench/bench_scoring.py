"""Benchmark (not a test): donnes scored per second by `score_game`, every donne validated.

The mix is realistic: for each preset, a 24-donne game whose donnes are drawn the way they
come at a table (mostly 80-120 contracts at a colour, a few passes, coinches, capots,
belotes and annonces), with a fixed seed so that runs compare.
"""

from __future__ import annotations

import dataclasses
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import PRESETS, Coinche, Donne, Rules, Side, Trump, score_game

DONNES_PER_GAME = 24
SUITS = [Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS]


def realistic_donne(rng: random.Random, rules: Rules) -> Donne:
    if rng.random() < 0.06:
        return Donne()
    taker = rng.choice([Side.NS, Side.EW])
    trump = rng.choice(SUITS)
    classique = rules.game == "classique"
    contract = None if classique else rng.choice([80, 80, 90, 90, 100, 100, 110, 120, 130, 160])
    coinche = Coinche.NONE
    if not classique and rng.random() < 0.12:
        coinche = Coinche.SURCOINCHE if rng.random() < 0.2 else Coinche.COINCHE
    points = min(162, max(0, int(rng.gauss((contract or 81) + 5, 25))))
    capot = taker if points >= 150 and rng.random() < 0.3 else None
    if capot is not None:
        points = 162
    belote = rng.random() < 0.25
    belote_side = rng.choice([Side.NS, Side.EW])
    annonces = rng.choice([0, 0, 0, 20, 50, 100]) if rules.annonces else 0
    annonce_side = rng.choice([Side.NS, Side.EW])
    return Donne(
        taker=taker,
        contract=contract,
        trump=trump,
        coinche=coinche,
        taker_points=points,
        capot=capot,
        belote_ns=int(belote and belote_side is Side.NS),
        belote_ew=int(belote and belote_side is Side.EW),
        annonces_ns=annonces if annonce_side is Side.NS else 0,
        annonces_ew=annonces if annonce_side is Side.EW else 0,
    )


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
