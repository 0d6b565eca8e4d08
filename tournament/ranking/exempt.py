"""What an exempt entrant scores, by the concours' exempt rule (pure: no ORM).

- "fixed": the concours' `bye_points` (1,000 by default), as before.
- "half": half of the points played at the tables of that partie, on average — the mean,
  over the partie's finished games actually played, of (score_ns + score_ew) / 2. Byes and
  forfeits are left out: no points were played there. (4 × 12 donnes of classique: 972.)
- "average": the mean of every side's score at the partie's finished games, forfeits
  included (a forfeit's 0 and its winner's points are scores of the partie); byes are not
  (they are what is being computed).
Both are rounded to the nearest whole number, a half up, and are 0 while no game of the
partie is finished.

Decision (where the score lives): the bye's game keeps its score in `Game.score_ns` like
every game, a cache the standings, pages and exports read. It is rewritten by the services
that change its inputs, in the same transaction: at the end of every recomputation of a game
of that partie (`services.game_recompute`, and the entry of a donne, which stores a game's
result the same way) and when the concours' exempt rule or fixed score changes
(`services.tournament_format_update`, `tournament_rules_update`). So a bye's score follows
its partie's scores as they are entered, and the standings still count it only once its
partie is played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

ExemptRule = Literal["fixed", "half", "average"]
EXEMPT_RULES: tuple[ExemptRule, ...] = ("fixed", "half", "average")


@dataclass(frozen=True)
class TableScore:
    """A game of the partie, as the exempt rule reads it."""

    score_ns: int
    score_ew: int
    finished: bool
    bye: bool = False
    forfeit: bool = False


def exempt_score(rule: str, fixed: int, games: Iterable[TableScore]) -> int:
    """An exempt entrant's score under `rule` (`fixed`: the concours' fixed score), from the
    games of its partie (see the module's docstring)."""
    if rule == "fixed":
        return fixed
    if rule not in EXEMPT_RULES:
        raise ValueError(f"unknown exempt rule {rule!r}")
    counted = [game for game in games if game.finished and not game.bye
               and (rule == "average" or not game.forfeit)]
    if not counted:
        return 0
    # Both means are over sides: half a game's points is the mean of its two sides' scores.
    total = sum(game.score_ns + game.score_ew for game in counted)
    return _round_half_up(total, 2 * len(counted))


def _round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest whole number, a half up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)
