"""A table link's pages (/table/<token>/): one game, on a phone; the token is the whole
credential. The entry flow is the organiser's (`entry.donne_entry`).

The printed sheet may carry two links to the same page: `Game.token` is North-South's,
`Game.token_ew` East-West's (`access.linked_side` looks a token up in both and gives the
side's value, "NS" or "EW": views hold values, services turn them into `scoring.Side`). The
side matters only to the two confirmations (Tournament.two_confirmations): a score finished
from one side's link awaits the other side's, whose page then shows it with « Confirmer le
score » and a way to say it is wrong. If the concours allows it (Tournament.paper_by_tables),
a link may also enter the sheet's totals instead of its donnes (services.paper)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import linked_side
from ..choices import SIDE_NAMES
from ..errors import GameGone, UserError
from ..forms import DonneForm
from ..forms.paper import ConfirmForm, PaperTotalsForm
from ..journal import Actor
from ..models import Game
from .common import _form_error
from .entry import donne_entry, entry_preview, sheet_context


def _actor(game: Game, side: str) -> Actor:
    """Who the journal says made a change: the table, and which link (Actor.of_table)."""
    return Actor.of_table(game, side)


def _open(game: Game) -> None:
    if game.round.closed:
        raise PermissionDenied(_("Cette partie est close."))


def table_link(request: HttpRequest, token: str) -> HttpResponse:
    """A table's own page: its players enter and correct their donnes until the round closes."""
    game, side = linked_side(token)
    if request.method == "POST":
        _open(game)
    return donne_entry(
        request, game, by=_actor(game, side), open_only=True, phone=True, side=side,
        page="tournament/table/table_link.html", sheet="tournament/table/table_sheet.html",
        context=_link_context(token, side),
        done=reverse("tournament:table_link", args=[token]),
    )


def _link_context(token: str, side: str) -> Callable[..., dict[str, Any]]:
    """The template's context for the link `token` of `side`, as `donne_entry` asks for it:
    `context(game, form, editing, **status)`; `totals_form` a refused totals form."""

    def context(game: Game, form: DonneForm | None = None, editing: int | None = None,
                totals_form: PaperTotalsForm | None = None, **status: Any) -> dict[str, Any]:
        tournament = game.round.tournament
        is_open = not game.round.closed
        sheet = sheet_context(game, form, editing, phone=True, **status)
        # Totals from a phone: if the concours allows it, for a game without donnes.
        can_total = (is_open and tournament.paper_by_tables and not game.forfeit
                     and (game.by_totals or not sheet["lines"]))
        if totals_form is None and can_total:
            totals_form = PaperTotalsForm(initial=PaperTotalsForm.initial_for(game),
                                          rules=game.round.rules)
        pending = tournament.two_confirmations and game.finished and not game.forfeit
        # Confirming changes no score: still asked once the partie is closed (drawing the
        # next one closes it, often before the other side has confirmed).
        to_confirm = pending and game.awaiting == side
        context = {
            **sheet,
            "open": is_open,
            "side": side, "side_name": SIDE_NAMES[side],
            "two_links": tournament.two_confirmations,
            "to_confirm": to_confirm,
            "awaiting_other": bool(pending and game.awaiting and game.awaiting != side),
            "totals_form": totals_form if can_total else None,
            "preview_url": reverse("tournament:table_link_preview", args=[token]),
            "save_url": reverse("tournament:table_link", args=[token]),
        }
        # What only some pages show, built only for them (every donne's answer is a sheet).
        if can_total:
            context["totals_url"] = reverse("tournament:table_link_totals", args=[token])
        if to_confirm:
            context["confirm_form"] = ConfirmForm(initial={"score_ns": game.score_ns,
                                                           "score_ew": game.score_ew})
            context["confirm_url"] = reverse("tournament:table_link_confirm", args=[token])
            context["dispute_url"] = reverse("tournament:table_link_dispute", args=[token])
        return context

    return context


@require_POST
def table_link_preview(request: HttpRequest, token: str) -> HttpResponse:
    game, _side = linked_side(token, teams=False)  # a preview shows no team
    _open(game)
    return entry_preview(request, game, phone=True)


@require_POST
def table_link_totals(request: HttpRequest, token: str) -> HttpResponse:
    """A table enters (or corrects) its sheet's totals, if the concours allows it."""
    game, side = linked_side(token)
    _open(game)
    form = PaperTotalsForm(request.POST, rules=game.round.rules)
    if form.is_valid():
        try:
            game = services.game_totals_record(game=game, totals=form.cleaned_data["totals"],
                                               side=side, by=_actor(game, side))
        except GameGone as error:  # its draw undone meanwhile
            raise Http404(error.message) from None
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Totaux enregistrés : %(ns)d – %(ew)d.")
                             % {"ns": game.score_ns, "ew": game.score_ew})
            return redirect("tournament:table_link", token=token)
    form.mark_errors()
    selectors.game_reread(game)
    context = _link_context(token, side)(game, totals_form=form)
    if context["totals_form"] is None:  # not allowed here: said beside the page, not a form
        messages.error(request, str(form.non_field_errors()[0]) if form.non_field_errors()
                       else _("Totaux refusés."))
        return redirect("tournament:table_link", token=token)
    return render(request, "tournament/table/table_link.html", context, status=422)


def _confirmation(request: HttpRequest, token: str, *, dispute: bool) -> HttpResponse:
    """Allowed on a closed partie too (unlike a donne's entry): it changes no score, and
    drawing the next partie closes this one, maybe before the other side confirmed."""
    game, side = linked_side(token)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Score illisible : rechargez la page."))
        return redirect("tournament:table_link", token=token)
    try:
        if dispute:
            services.game_dispute(game=game, side=side, score=form.score, by=_actor(game, side))
        else:
            services.game_confirm(game=game, side=side, score=form.score, by=_actor(game, side))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Vous avez signalé une erreur : l'organisateur est prévenu. "
                                    "Allez le voir avec la feuille.") if dispute
                         else _("Score confirmé. Merci !"))
    return redirect("tournament:table_link", token=token)


@require_POST
def table_link_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The awaited side confirms the final score entered from the other side's phone."""
    return _confirmation(request, token, dispute=False)


@require_POST
def table_link_dispute(request: HttpRequest, token: str) -> HttpResponse:
    """The awaited side says the final score is wrong: it stays awaiting, the organiser
    sees it."""
    return _confirmation(request, token, dispute=True)
