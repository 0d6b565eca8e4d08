"""Checks shared by the tests: what must hold of the stored data, whatever the test did."""

from scoring import GameScore, score_game
from tournament.models import Game


def assert_scores_recomputed(game: Game) -> GameScore:
    """The scores a game stores (its own, and each donne's) equal a recomputation by
    scoring.score_game of its donnes in order, under its partie's rules (the round's, which a
    rules change "from partie n on" leaves as they were) and stopping where time was called
    (Game.stop_after). Returns the recomputation, for the caller's own assertions.

    Only for a game scored by its donnes: a bye, a forfeit or a game entered by its paper
    totals stores no donne to recompute from."""
    game.refresh_from_db()
    assert not (game.is_bye or game.forfeit or game.by_totals), f"{game}: no donnes to score"
    records = list(game.donnes.order_by("number"))
    assert [record.number for record in records] == list(range(1, len(records) + 1))
    result = score_game([record.to_donne() for record in records], game.round.rules,
                        stop_after=game.stop_after)
    assert (game.score_ns, game.score_ew, game.played, game.finished) == (
        result.ns, result.ew, result.played, result.finished), game
    assert game.winner == (result.winner.value if result.winner else ""), game
    assert [(record.score_ns, record.score_ew) for record in records] == [
        (score.ns, score.ew) for score in result.donnes], game
    return result
