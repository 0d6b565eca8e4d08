"""Stand-in parties for the pure tableau and poule tests: no scoring, known winners."""

from __future__ import annotations

import random
from collections.abc import Callable

from tournament.brackets import Game


def strongest(a: int, b: int) -> Game:
    """The smaller id wins, by 100 points per id between them: a field ranked by its ids."""
    winner = min(a, b)
    margin = 100 * abs(a - b)
    return Game(winner, 2000 + margin if winner == a else 2000 - margin,
                2000 + margin if winner == b else 2000 - margin)


def by_lot(seed: int) -> Callable[[int, int], Game]:
    """Random winners and totals, from `seed`."""
    rng = random.Random(seed)

    def play(a: int, b: int) -> Game:
        high, low = 2000 + rng.randrange(600), rng.randrange(2000)
        if rng.random() < 0.5:
            return Game(a, high, low)
        return Game(b, low, high)

    return play


def recorded(play: Callable[[int, int], Game], log: list[tuple[int, int]]
             ) -> Callable[[int, int], Game]:
    """`play`, noting each pair it plays."""

    def noted(a: int, b: int) -> Game:
        log.append((a, b))
        return play(a, b)

    return noted
