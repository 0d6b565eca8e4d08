"""Two confirmations (Tournament.two_confirmations): both captains sign the sheet.

When the concours asks for them, a game finished from one side's phone (or changed after it
finished) awaits the other side's confirmation of its final score: `Game.awaiting` names the
side awaited. That side's link (the sheet carries both: `Game.token` is North-South's,
`Game.token_ew` East-West's) confirms it, or says it is wrong (`Game.disputed`: it still
awaits, and the organiser's pages show it); the organiser may confirm any game. The
organiser's own entry never awaits: the desk vouches for what it types.

What awaits, in one rule (`donnes.score_changed`, called by every change of a score): after a
change of a game's score made from `side`'s link, the other side is awaited if the option is
on and the game is finished; after any other change, nothing is. A change that leaves the
score sheet as it was (the same donne saved again) changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import Side

from .. import journal as audit
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import Game
from .donnes import game_locked


def _score_checked(game: Game, side: Side | None, score: tuple[int, int] | None) -> None:
    """The game awaits a confirmation, from `side` (any side for the organiser), of the
    score the confirmer was shown (`score`, None: not checked)."""
    if not game.awaiting or not game.finished or game.forfeit:
        raise UserError(_("Ce score n'attend aucune confirmation."))
    if side is not None and side.value != game.awaiting:
        raise UserError(_("Ce score a été saisi depuis votre lien : c'est à l'équipe adverse "
                          "de le confirmer."))
    if score is not None and score != (game.score_ns, game.score_ew):
        raise UserError(_("Le score vient de changer (%(ns)d – %(ew)d) : vérifiez-le avant de "
                          "le confirmer.") % {"ns": game.score_ns, "ew": game.score_ew})


def _state(game: Game) -> dict[str, Any]:
    """A confirmation's journal value: who is awaited, whether disputed, and the score."""
    return {"awaiting": game.awaiting, "disputed": game.disputed,
            "score_ns": game.score_ns, "score_ew": game.score_ew}


@transaction.atomic
def game_confirm(*, game: Game, side: Side | str | None,
                 score: tuple[int, int] | None = None, by: Actor = SYSTEM) -> Game:
    """The awaited side (`side`, or its value) or the organiser (None) confirms the final
    score; `score` is the one the page showed, refused if it changed meanwhile. Journaled."""
    game = game_locked(game)
    _score_checked(game, None if side is None else Side(side), score)
    before = _state(game)
    game.awaiting, game.disputed = "", False
    game.save(update_fields=["awaiting", "disputed"])
    audit.log(game.round.tournament, by, "game", "confirm", round_number=game.round.number,
              table=game.table, before=before, after=_state(game))
    return game


@transaction.atomic
def game_dispute(*, game: Game, side: Side | str, score: tuple[int, int] | None = None,
                 by: Actor = SYSTEM) -> Game:
    """The awaited side (`side`, or its value) says the final score is wrong: the game
    still awaits, marked disputed for the organiser (saying it twice changes nothing).
    Journaled."""
    game = game_locked(game)
    _score_checked(game, Side(side), score)
    if not game.disputed:
        before = _state(game)
        game.disputed = True
        game.save(update_fields=["disputed"])
        audit.log(game.round.tournament, by, "game", "dispute",
                  round_number=game.round.number, table=game.table, before=before,
                  after=_state(game))
    return game


__all__ = [
    "game_confirm",
    "game_dispute",
]
