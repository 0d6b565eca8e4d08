"""One partie: donnes summed in order until the game ends (SCORING.md, "One game").

The subtle parts are the FFB 10.3 exception, read literally (a side chuted as takers or made
capot that reaches the target only thanks to its belote is *waiting*; it validates when it
next wins a trick, and then counts as having crossed in the donne where it reached the
target), and the litige pot still waiting when the game ends, which goes back to the takers
who put it in, tentatively: if totals are equal, the game goes on and the pot keeps waiting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .checks import is_whole
from .donne import Donne, DonneScore, belote_points, score
from .enums import Outcome, Side
from .errors import ScoringError
from .rules import Rules

NS, EW = Side.NS, Side.EW
DOWN, LITIGE, PASSED = Outcome.DOWN, Outcome.LITIGE, Outcome.PASSED


@dataclass(frozen=True)
class GameScore:
    donnes: tuple[DonneScore, ...]
    ns: int
    ew: int
    finished: bool
    winner: Side | None
    played: int


def _waits(
    side: Side,
    total: int,
    target: int,
    donne: Donne,
    rules: Rules,
    taker: Side | None,
    capot: Side | None,
    outcome: Outcome,
) -> bool:
    """Has `side`, which reached the target in this donne, to wait for a trick (FFB 10.3)?

    Only if it was chuted as takers or made capot here, and would be below the target
    without the points it scored for its belote.
    """
    if not rules.belote_exception or taker is None:
        return False  # a passed donne chutes nobody
    if not ((taker is side and outcome is DOWN) or capot is side.other):
        return False
    return total - belote_points(side, donne, rules, taker, outcome) < target


def _winner(total_ns: int, total_ew: int, crossed_ns: int, crossed_ew: int) -> Side | None:
    """The winner of a game that ends here, or None when the totals decide and are equal.

    `crossed_*` is the number of the donne in which a side crossed, 0 if it has not.
    """
    if crossed_ns != crossed_ew:
        # Only one crossed, or both in different donnes: "le premier camp atteignant".
        if crossed_ns and (not crossed_ew or crossed_ns < crossed_ew):
            return NS
        return EW
    if total_ns != total_ew:  # none crossed, or both in the same donne: the higher total
        return NS if total_ns > total_ew else EW
    return None  # equal totals: one more donne decides


def score_game(
    donnes: Sequence[Donne], rules: Rules, *, stop_after: int | None = None
) -> GameScore:
    """Score a partie's donnes in order; a donne after the end of the game is refused.

    `stop_after=n`: time was called during donne n, so the game ends after it at the latest,
    exactly as if `max_donnes` were n (or `max_donnes`, if smaller).
    """
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a scoring.Rules")
    last = rules.max_donnes
    if stop_after is not None:
        if not is_whole(stop_after) or stop_after <= 0:
            raise ScoringError(
                "Fin au temps : le numéro de la dernière donne doit être un entier positif.",
                "stop_after",
            )
        if last is None or stop_after < last:
            last = stop_after
    target = rules.target
    total_ns = total_ew = 0
    crossed_ns = crossed_ew = 0  # the donne in which a side crossed (0: not yet)
    waiting_ns = waiting_ew = 0  # the donne in which a waiting side reached the target
    pot = 0
    pot_owner: Side | None = None
    scores: list[DonneScore] = []
    append = scores.append
    end_ns = end_ew = 0
    winner: Side | None = None

    for number, donne in enumerate(donnes, start=1):
        if winner is not None:
            raise ScoringError(
                f"La partie est terminée : la donne {number} ne peut plus être jouée.", "donnes"
            )
        ns, ew, outcome, pot, taker, capot = score(donne, rules, pot)
        append(DonneScore(ns, ew, outcome, pot))
        if outcome is LITIGE:
            pot_owner = taker
        total_ns += ns
        total_ew += ew

        if target is not None:
            if not crossed_ns:
                if waiting_ns:
                    # It validates when it wins a trick: a passed donne has none.
                    if outcome is not PASSED and capot is not EW:
                        crossed_ns, waiting_ns = waiting_ns, 0
                elif total_ns >= target:
                    if _waits(NS, total_ns, target, donne, rules, taker, capot, outcome):
                        waiting_ns = number
                    else:
                        crossed_ns = number
            if not crossed_ew:
                if waiting_ew:
                    if outcome is not PASSED and capot is not NS:
                        crossed_ew, waiting_ew = waiting_ew, 0
                elif total_ew >= target:
                    if _waits(EW, total_ew, target, donne, rules, taker, capot, outcome):
                        waiting_ew = number
                    else:
                        crossed_ew = number

        if not (crossed_ns or crossed_ew) and (last is None or number < last):
            continue
        # The game ends here, unless totals decide and are equal. A waiting pot goes back to
        # the takers who put it in, and may make them cross in this donne; a waiting side
        # needs a trick, not its own points back.
        end_ns, end_ew = total_ns, total_ew
        end_crossed_ns, end_crossed_ew = crossed_ns, crossed_ew
        if pot:
            if pot_owner is NS:
                end_ns += pot
                if target is not None and not (crossed_ns or waiting_ns) and end_ns >= target:
                    end_crossed_ns = number
            else:
                end_ew += pot
                if target is not None and not (crossed_ew or waiting_ew) and end_ew >= target:
                    end_crossed_ew = number
        winner = _winner(end_ns, end_ew, end_crossed_ns, end_crossed_ew)

    if winner is None:
        return GameScore(tuple(scores), total_ns, total_ew, False, None, len(scores))
    return GameScore(tuple(scores), end_ns, end_ew, True, winner, len(scores))
