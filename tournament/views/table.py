"""A table link's pages (/table/<token>/): one game, on a phone; the token is the whole
credential (`access.linked_game`). The entry flow is the organiser's (`entry.donne_entry`)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import linked_game
from ..audit import Actor
from ..forms import DonneForm
from ..models import Game
from .entry import donne_entry, entry_preview, sheet_context


def table_link(request: HttpRequest, token: str) -> HttpResponse:
    """A table's own page: its players enter and correct their donnes until the round closes."""
    game = linked_game(token)
    if request.method == "POST" and game.round.closed:
        raise PermissionDenied(_("Cette partie est close."))
    return donne_entry(
        request, game, by=Actor.of_table(game), open_only=True, phone=True,
        page="tournament/table/table_link.html", sheet="tournament/table/table_sheet.html",
        context=_link_context, done=reverse("tournament:table_link", args=[token]),
    )


def _link_context(game: Game, form: DonneForm | None = None, editing: int | None = None,
                  **status) -> dict:
    return {
        **sheet_context(game, form, editing, phone=True, **status),
        "open": not game.round.closed,
        "preview_url": reverse("tournament:table_link_preview", args=[game.token]),
        "save_url": reverse("tournament:table_link", args=[game.token]),
    }


@require_POST
def table_link_preview(request: HttpRequest, token: str) -> HttpResponse:
    game = linked_game(token)
    if game.round.closed:
        raise PermissionDenied(_("Cette partie est close."))
    return entry_preview(request, game, phone=True)
