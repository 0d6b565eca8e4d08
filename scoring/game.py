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


def _last_donne(rules: Rules, stop_after: int | None) -> int | None:
    """The donne after which the game ends at the latest: `max_donnes`, or the donne during
    which time was called when that comes first (None: the target alone ends it)."""
    last = rules.max_donnes
    if stop_after is not None:
        if not is_whole(stop_after) or stop_after <= 0:
            raise ScoringError(
                "Fin au temps : le numéro de la dernière donne doit être un entier positif.",
                "stop_after",
            )
        if last is None or stop_after < last:
            last = stop_after
    return last


def _crossing(
    side: Side,
    waiting: int,
    total: int,
    target: int,
    number: int,
    donne: Donne,
    rules: Rules,
    taker: Side | None,
    capot: Side | None,
    outcome: Outcome,
) -> tuple[int, int]:
    """After donne `number`, for a side not yet over the target: the donne in which it
    crossed, and the one in which it reached the target but waits for a trick (0: not)."""
    if waiting:
        # It validates when it wins a trick: a passed donne has none.
        if outcome is not PASSED and capot is not side.other:
            return waiting, 0
        return 0, waiting
    if total >= target:
        if _waits(side, total, target, donne, rules, taker, capot, outcome):
            return 0, number
        return number, 0
    return 0, 0


def _ending(
    number: int,
    target: int | None,
    pot: int,
    pot_owner: Side | None,
    ns: tuple[int, int, int],
    ew: tuple[int, int, int],
) -> tuple[int, int, Side | None]:
    """The totals and the winner if the game ends after donne `number` (None: totals decide
    and are equal). `ns`, `ew`: each side's total, and the donnes in which it crossed and in
    which it reached the target waiting for a trick (0: not). A waiting pot goes back to the
    takers who put it in, and may make them cross in this donne; a waiting side needs a
    trick, not its own points back."""
    (end_ns, crossed_ns, waiting_ns), (end_ew, crossed_ew, waiting_ew) = ns, ew
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
    return end_ns, end_ew, _winner(end_ns, end_ew, end_crossed_ns, end_crossed_ew)


def score_game(
    donnes: Sequence[Donne], rules: Rules, *, stop_after: int | None = None
) -> GameScore:
    """Score a partie's donnes in order; a donne after the end of the game is refused.

    `stop_after=n`: time was called during donne n, so the game ends after it at the latest,
    exactly as if `max_donnes` were n (or `max_donnes`, if smaller).
    """
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a scoring.Rules")
    last = _last_donne(rules, stop_after)
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
            # A side already over the target stays so: no call (the loop is the hot path).
            if not crossed_ns:
                crossed_ns, waiting_ns = _crossing(
                    NS, waiting_ns, total_ns, target, number, donne, rules, taker, capot, outcome)
            if not crossed_ew:
                crossed_ew, waiting_ew = _crossing(
                    EW, waiting_ew, total_ew, target, number, donne, rules, taker, capot, outcome)

        if not (crossed_ns or crossed_ew) and (last is None or number < last):
            continue
        # The game ends here, unless totals decide and are equal.
        end_ns, end_ew, winner = _ending(
            number, target, pot, pot_owner, (total_ns, crossed_ns, waiting_ns),
            (total_ew, crossed_ew, waiting_ew))

    if winner is None:
        return GameScore(tuple(scores), total_ns, total_ew, False, None, len(scores))
    return GameScore(tuple(scores), end_ns, end_ew, True, winner, len(scores))
