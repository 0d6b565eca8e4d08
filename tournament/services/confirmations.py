"""Two confirmations (Tournament.two_confirmations): both captains sign the sheet.

When the concours asks for them, a game finished from one side's phone (or changed after it
finished) awaits the other side's confirmation of its final score: `Game.awaiting` names the
side awaited. That side's link (the sheet carries both: `Game.token` is North-South's,
`Game.token_ew` East-West's) confirms it, or says it is wrong (`Game.disputed`: it still
awaits, and the organiser's pages show it); the organiser may confirm any game. The
organiser's own entry never awaits: the desk vouches for what it types.

What awaits, in one rule (`score_changed`): after a change of a game's score made from
`side`'s link, the other side is awaited if the option is on and the game is finished;
after any other change, nothing is. A change that leaves the score sheet as it was (the same
donne saved again) changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import Donne, Side

from .. import audit
from ..audit import SYSTEM, Actor
from ..models import DonneRecord, Game, Tournament
from .common import UserError
from .donnes import donne_record


def score_changed(game: Game, side: Side | None) -> None:
    """Inside the transaction of a change of `game`'s score made from `side`'s table link
    (None: by the organiser): set what the game awaits now (see the module docstring)."""
    awaiting = ""
    if side is not None and game.finished and not game.forfeit \
            and game.round.tournament.two_confirmations:
        awaiting = side.other.value
    if (game.awaiting, game.disputed) != (awaiting, False):
        game.awaiting, game.disputed = awaiting, False
        game.save(update_fields=["awaiting", "disputed"])


def _sheet(game: Game) -> list[dict[str, Any]]:
    """What a side's confirmation is about: the donnes as entered (for a paper game the
    totals, which `services.paper` compares itself)."""
    return [audit.donne_values(record) for record in game.donnes.order_by("number")]


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().select_related("round__tournament").get(
        pk=game.pk)


@transaction.atomic
def donne_enter(*, game: Game, side: Side | None, number: int | None, donne: Donne,
                version: int | None = None, expect: int | None = None, by: Actor = SYSTEM,
                open_only: bool = False) -> DonneRecord:
    """`donne_record` (same arguments) from `side`'s table link, or from the organiser
    (`side` None), then what the game awaits (`score_changed`), in one transaction."""
    locked = _locked(game)
    # Without the option nor a confirmation pending, nothing can await: no more queries.
    concerned = (locked.round.tournament.two_confirmations or locked.awaiting
                 or locked.disputed)
    before = _sheet(locked) if concerned else []
    record = donne_record(game=locked, number=number, donne=donne, version=version,
                          expect=expect, by=by, open_only=open_only)
    if concerned:
        game = Game.objects.select_related("round__tournament").get(pk=game.pk)
        if _sheet(game) != before:
            score_changed(game, side)
    return record


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
def game_confirm(*, game: Game, side: Side | None, score: tuple[int, int] | None = None,
                 by: Actor = SYSTEM) -> Game:
    """The awaited side (`side`) or the organiser (None) confirms the final score; `score`
    is the one the page showed, refused if it changed meanwhile. Journaled."""
    game = _locked(game)
    _score_checked(game, side, score)
    before = _state(game)
    game.awaiting, game.disputed = "", False
    game.save(update_fields=["awaiting", "disputed"])
    audit.log(game.round.tournament, by, "game", "confirm", round_number=game.round.number,
              table=game.table, before=before, after=_state(game))
    return game


@transaction.atomic
def game_dispute(*, game: Game, side: Side, score: tuple[int, int] | None = None,
                 by: Actor = SYSTEM) -> Game:
    """The awaited side says the final score is wrong: the game still awaits, marked
    disputed for the organiser (saying it twice changes nothing). Journaled."""
    game = _locked(game)
    _score_checked(game, side, score)
    if not game.disputed:
        before = _state(game)
        game.disputed = True
        game.save(update_fields=["disputed"])
        audit.log(game.round.tournament, by, "game", "dispute",
                  round_number=game.round.number, table=game.table, before=before,
                  after=_state(game))
    return game


# --- Reads -----------------------------------------------------------------------------


def awaiting_games(tournament: Tournament) -> set[int]:
    """The ids of the finished games whose score awaits a side's confirmation (disputed
    ones included): the standings mark them. None once the concours no longer asks for
    confirmations (what still awaited is left as it was, and shows again if it does).
    One query at most."""
    if not tournament.two_confirmations:
        return set()
    return set(Game.objects.filter(round__tournament=tournament, finished=True, forfeit="")
               .exclude(awaiting="").values_list("pk", flat=True))


def disputed_games(tournament: Tournament) -> set[int]:
    """The ids of the awaiting games whose awaited side said the score is wrong: the
    organiser's pages show them. One query at most (none without the option)."""
    if not tournament.two_confirmations:
        return set()
    return set(Game.objects.filter(round__tournament=tournament, finished=True, forfeit="",
                                   disputed=True)
               .exclude(awaiting="").values_list("pk", flat=True))
