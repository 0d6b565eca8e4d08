"""One partie: donnes summed in order until a side crosses the target (SCORING.md, "One game").

The subtle parts are the FFB 10.3 exception (a side chuted or made capot that reaches the
target only with its belote has not crossed until it wins a trick again) and the litige pot
still waiting when the game ends, which goes back to the takers who put it in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .donne import Donne, DonneScore, score_donne
from .enums import Outcome, Side
from .errors import ScoringError
from .rules import Rules


@dataclass(frozen=True)
class GameScore:
    donnes: tuple[DonneScore, ...]
    ns: int
    ew: int
    finished: bool
    winner: Side | None
    played: int


def _humbled(side: Side, donne: Donne, score: DonneScore) -> bool:
    """Was `side` chuted as takers, or made capot, in this donne?"""
    taker = Side(donne.taker) if donne.taker is not None else None
    chuted = score.outcome is Outcome.DOWN and taker is side
    return chuted or (donne.capot is not None and Side(donne.capot) is side.other)


def _won_a_trick(side: Side, donne: Donne, score: DonneScore) -> bool:
    # A passed donne has no tricks: the side still needs "un pli supplémentaire".
    if score.outcome is Outcome.PASSED:
        return False
    return donne.capot is None or Side(donne.capot) is side


def score_game(donnes: Sequence[Donne], rules: Rules) -> GameScore:
    """Score a partie's donnes in order; a donne after the end of the game is refused."""
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a scoring.Rules")
    target = rules.target
    totals = {Side.NS: 0, Side.EW: 0}
    crossed = {Side.NS: False, Side.EW: False}
    waiting = {Side.NS: False, Side.EW: False}  # reached the target with a belote only
    pot = 0
    pot_owner: Side | None = None
    scores: list[DonneScore] = []
    final: dict[Side, int] | None = None
    winner: Side | None = None

    for number, donne in enumerate(donnes, start=1):
        if final is not None:
            raise ScoringError(
                f"La partie est terminée : la donne {number} ne peut plus être jouée.", "donnes"
            )
        score = score_donne(donne, rules, pot)
        scores.append(score)
        if score.outcome is Outcome.LITIGE:
            pot_owner = Side(donne.taker)  # type: ignore[arg-type]
        pot = score.pot
        totals[Side.NS] += score.ns
        totals[Side.EW] += score.ew

        if target is not None:
            for side in Side:
                if crossed[side]:
                    continue
                if waiting[side]:
                    if _won_a_trick(side, donne, score):
                        crossed[side], waiting[side] = True, False
                elif totals[side] >= target:
                    # A side chuted as takers or made capot scores its belote at most: if
                    # it reaches the target in such a donne, it is thanks to the belote.
                    if _humbled(side, donne, score):
                        waiting[side] = True
                    else:
                        crossed[side] = True

        over = rules.max_donnes is not None and len(scores) >= rules.max_donnes
        if not (over or crossed[Side.NS] or crossed[Side.EW]):
            continue
        # The game would end here: a waiting pot goes back to the takers who put it in.
        ending, ending_crossed = dict(totals), dict(crossed)
        if pot and pot_owner is not None:
            ending[pot_owner] += pot
            if target is not None and ending[pot_owner] >= target:
                ending_crossed[pot_owner] = True
        if ending_crossed[Side.NS] != ending_crossed[Side.EW]:
            winner = Side.NS if ending_crossed[Side.NS] else Side.EW
        elif ending[Side.NS] != ending[Side.EW]:
            winner = Side.NS if ending[Side.NS] > ending[Side.EW] else Side.EW
        else:
            continue  # equal totals: one more donne decides, the pot still waits
        final = ending

    if final is None:
        return GameScore(tuple(scores), totals[Side.NS], totals[Side.EW], False, None, len(scores))
    return GameScore(tuple(scores), final[Side.NS], final[Side.EW], True, winner, len(scores))
