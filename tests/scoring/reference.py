"""A slow, literal reading of SCORING.md's "One game", to check `score_game` against.

It scores each donne with `score_donne` and keeps the state of the game in plain dicts,
sentence by sentence of the spec. The belote points a side scored in a donne are measured,
not computed: the same donne scored without any belote, when the outcome stays (so that a
belote received from the other side, `losing_belote` = winner, is measured too).
"""

import dataclasses

from scoring import (
    Coinche,
    CoincheMade,
    Counting,
    Donne,
    DonneScore,
    GameScore,
    LosingBelote,
    Multiply,
    Outcome,
    Rules,
    ScoringError,
    Side,
    score_donne,
)


def _side_score(score: DonneScore, side: Side) -> int:
    return score.ns if side is Side.NS else score.ew


def belote_scored(side: Side, donne: Donne, rules: Rules, pot: int, score: DonneScore) -> int:
    """What `side` scored in this donne for belotes, its own and any it received."""
    without = score_donne(dataclasses.replace(donne, belote_ns=0, belote_ew=0), rules, pot)
    if without.outcome is score.outcome:
        return _side_score(score, side) - _side_score(without, side)
    # A belote decided the outcome: the spec's formulas, read off its text.
    own = 20 * (donne.belote_ns if side is Side.NS else donne.belote_ew)
    other = 20 * (donne.belote_ew if side is Side.NS else donne.belote_ns)
    taker = Side(donne.taker)
    if score.outcome is Outcome.LITIGE:
        return 0 if side is taker else own
    winner = taker if score.outcome is Outcome.MADE else taker.other
    coinche = Coinche(donne.coinche)
    factor = {Coinche.NONE: 1, Coinche.COINCHE: 2}.get(coinche, rules.surcoinche_factor)
    if rules.counting is Counting.DEMANDES:
        if not rules.demandes_belote:
            return 0
        factor = 1
    elif not rules.belote_multiplied or rules.multiply is Multiply.CONTRACT:
        factor = 1
    flat = rules.game == "coinche" and (
        donne.generale_bid or (donne.capot_bid and rules.capot_bid_score is not None))
    coinche_made = rules.coinche_made or (
        CoincheMade.BASE if rules.multiply is Multiply.SCORE else CoincheMade.POINTS)
    # "The losing side's belote" applies in four places only.
    alone = (rules.counting is Counting.DEMANDES or flat or score.outcome is Outcome.DOWN
             or (coinche is not Coinche.NONE and coinche_made is CoincheMade.BASE))
    if not alone:
        return own * factor if side is taker else own
    if side is not winner:
        return own if rules.losing_belote is LosingBelote.KEPT else 0
    if rules.losing_belote is LosingBelote.WINNER:
        own += other
    return own * factor


def reference_game(donnes, rules: Rules, stop_after: int | None = None) -> GameScore:
    limits = [n for n in (rules.max_donnes, stop_after) if n is not None]
    last = min(limits) if limits else None
    target = rules.target
    totals = {Side.NS: 0, Side.EW: 0}
    crossed: dict[Side, int] = {}  # side -> the donne it crossed in
    waiting: dict[Side, int] = {}  # side -> the donne it reached the target in
    pot, owner = 0, None
    scores = []
    result = None
    for number, donne in enumerate(donnes, start=1):
        if result is not None:
            raise ScoringError("after the end", "donnes")
        score = score_donne(donne, rules, pot)
        scores.append(score)
        if score.outcome is Outcome.LITIGE:
            owner = Side(donne.taker)
        before = pot
        pot = score.pot
        for side in Side:
            totals[side] += _side_score(score, side)
        if target is not None:
            for side in Side:
                if side in crossed:
                    continue
                if side in waiting:
                    made_capot = donne.capot is not None and Side(donne.capot) is not side
                    if score.outcome is not Outcome.PASSED and not made_capot:
                        crossed[side] = waiting.pop(side)
                    continue
                if totals[side] < target:
                    continue
                chuted = donne.taker is not None and Side(donne.taker) is side and (
                    score.outcome is Outcome.DOWN)
                made_capot = donne.capot is not None and Side(donne.capot) is side.other
                belote = belote_scored(side, donne, rules, before, score) if (
                    chuted or made_capot) else 0
                if rules.belote_exception and belote and totals[side] - belote < target:
                    waiting[side] = number
                else:
                    crossed[side] = number
        if not crossed and (last is None or number < last):
            continue
        ending, ending_crossed = dict(totals), dict(crossed)
        if pot:
            ending[owner] += pot
            if (target is not None and owner not in crossed and owner not in waiting
                    and ending[owner] >= target):
                ending_crossed[owner] = number
        if len(ending_crossed) == 1:
            winner = next(iter(ending_crossed))
        elif len(ending_crossed) == 2 and ending_crossed[Side.NS] != ending_crossed[Side.EW]:
            winner = min(ending_crossed, key=ending_crossed.__getitem__)
        elif ending[Side.NS] != ending[Side.EW]:
            winner = max(ending, key=ending.__getitem__)
        else:
            continue
        result = (ending, winner)
    if result is None:
        return GameScore(tuple(scores), totals[Side.NS], totals[Side.EW], False, None,
                         len(scores))
    ending, winner = result
    return GameScore(tuple(scores), ending[Side.NS], ending[Side.EW], True, winner, len(scores))
