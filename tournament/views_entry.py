"""Entering donnes: a game's page for the organiser and a table link's page on a phone share
one flow (`_donne_entry`): a row typed, its score previewed, saved or refused in French."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import ScoringError, score_game

from . import queries, services
from .access import is_organiser, linked_game, readable_game, require_organiser
from .audit import Actor
from .forms import DonneForm, ForfeitForm
from .models import Game
from .services import UserError
from .validators import whole_number
from .views_common import _by, _form_error


def _posted_number(data, name: str) -> int | None:
    """A donne number the form carries hidden: "number" (the donne it corrects) or "position"
    (the number it showed for a new one). None when absent; anything else than a donne number
    is refused, never read as "no number": a correction would become a new donne."""
    text = data.get(name, "").strip()
    if not text:
        return None
    value = whole_number(text)
    if not value:
        raise UserError(_("Numéro de donne invalide : rechargez la page."))
    return value


def _sheet_context(game: Game, form: DonneForm | None, editing: int | None) -> dict:
    """What a game's sheet shows, on the organiser's page and on a table link's alike."""
    tournament = game.round.tournament
    lines = queries.donne_lines(game, list(game.donnes.order_by("number")))
    next_number = editing or len(lines) + 1
    return {
        "tournament": tournament, "game": game, "lines": lines,
        "form": form or DonneForm(rules=game.round.rules), "editing": editing,
        "next_number": next_number, "next_dealer": game.dealer(next_number),
    }


def _game_context(request: HttpRequest, game: Game, form: DonneForm | None = None,
                  editing: int | None = None) -> dict:
    return {
        **_sheet_context(game, form, editing),
        "is_organiser": is_organiser(request, game.round.tournament),
        "forfeit_form": ForfeitForm(initial={"side": game.forfeit}),
    }


def game_detail(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    game = readable_game(request, slug, number, table)
    if request.method == "POST":
        require_organiser(request, game.round.tournament)
    return _donne_entry(
        request, game, by=_by(request), page="tournament/game_detail.html",
        sheet="tournament/_game_sheet.html",
        context=lambda *args: _game_context(request, *args),
        done=reverse("tournament:game", args=[slug, number, table]),
    )


def _donne_entry(request: HttpRequest, game: Game, *, by: Actor, page: str, sheet: str,
                 context, done: str, open_only: bool = False) -> HttpResponse:
    """Entering donnes, as the game page and a table link both do: ?edit=n puts donne n in
    the form; a POST records the row, then answers the sheet alone to the page's script
    (X-Fragment) or redirects to `done`; a refused row comes back with its errors.
    `context(game, form, editing)` builds the template's context; the caller checks roles."""
    rules = game.round.rules
    fragment = bool(request.headers.get("X-Fragment"))
    editing, form = None, None
    if request.method == "GET":
        text = request.GET.get("edit", "").strip()
        if text:
            editing = whole_number(text)
            if editing is None:
                raise Http404(_("Cette donne n'existe pas."))
            record = get_object_or_404(game.donnes, number=editing)
            form = DonneForm(initial=DonneForm.initial_for(record), rules=rules)
    if request.method == "POST":
        form = DonneForm(request.POST, rules=rules)
        try:
            editing = _posted_number(request.POST, "number")
            expect = _posted_number(request.POST, "position")
        except UserError as error:
            editing = expect = None
            _form_error(form, error)  # the form is invalid now: nothing is recorded
        if form.is_valid():
            try:
                services.donne_record(game=game, number=editing, donne=form.cleaned_data["donne"],
                                      version=form.cleaned_data["version"], expect=expect,
                                      by=by, open_only=open_only)
            except UserError as error:
                _form_error(form, error)
            else:
                if fragment:
                    game.refresh_from_db()
                    return render(request, sheet, context(game, None, None))
                return redirect(done)
        if fragment:
            return render(request, sheet, context(game, form, editing), status=422)
    return render(request, page, context(game, form, editing))


@login_required
@require_POST
def game_preview(request: HttpRequest, slug: str, number: int, table: int) -> JsonResponse:
    """The score a row would give, before it is saved: shown as soon as the row is complete."""
    game = readable_game(request, slug, number, table)
    require_organiser(request, game.round.tournament)
    return _preview(request, game)


def _preview(request: HttpRequest, game: Game) -> JsonResponse:
    form = DonneForm(request.POST, rules=game.round.rules)
    if not form.is_valid():
        return JsonResponse({"errors": {k: [str(m) for m in v] for k, v in form.errors.items()}},
                            status=422)
    rules = game.round.rules
    try:
        editing = _posted_number(request.POST, "number")
    except UserError as error:
        return JsonResponse({"errors": {"__all__": [error.message]}}, status=422)
    donnes = [r.to_donne() for r in game.donnes.order_by("number")]
    index = editing - 1 if editing and editing <= len(donnes) else len(donnes)
    donnes[index:index + 1] = [form.cleaned_data["donne"]]
    try:
        result = score_game(donnes, rules, stop_after=game.stop_after)
    except ScoringError as error:
        return JsonResponse({"errors": {error.field or "__all__": [error.message]}}, status=422)
    score = result.donnes[index]
    return JsonResponse({
        "ns": score.ns, "ew": score.ew, "outcome": score.outcome.value,
        "total_ns": sum(s.ns for s in result.donnes[: index + 1]),
        "total_ew": sum(s.ew for s in result.donnes[: index + 1]),
        "finished": result.finished, "winner": result.winner.value if result.winner else None,
        "final_ns": result.ns, "final_ew": result.ew,
    })


@login_required
@require_POST
def game_donne_delete(request: HttpRequest, slug: str, number: int, table: int,
                      donne: int) -> HttpResponse:
    game = readable_game(request, slug, number, table)
    require_organiser(request, game.round.tournament)
    try:
        services.donne_delete(game=game, number=donne, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Donne %(n)d supprimée ; les suivantes sont recalculées.")
                         % {"n": donne})
    return redirect("tournament:game", slug=slug, number=number, table=table)


@login_required
@require_POST
def game_forfeit(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    game = readable_game(request, slug, number, table)
    require_organiser(request, game.round.tournament)
    form = ForfeitForm(request.POST)
    if form.is_valid():
        try:
            services.game_forfeit(game=game, side=form.cleaned_data["side"], by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
    return redirect("tournament:game", slug=slug, number=number, table=table)


# --- Table links: one game, on a phone ------------------------------------------------------


def table_link(request: HttpRequest, token: str) -> HttpResponse:
    """A table's own page: its players enter and correct their donnes until the round closes."""
    game = linked_game(token)
    if request.method == "POST" and game.round.closed:
        raise PermissionDenied(_("Cette partie est close."))
    return _donne_entry(
        request, game, by=Actor.of_table(game), open_only=True,
        page="tournament/table_link.html", sheet="tournament/_table_sheet.html",
        context=_link_context, done=reverse("tournament:table_link", args=[token]),
    )


def _link_context(game: Game, form: DonneForm | None = None, editing: int | None = None) -> dict:
    return {**_sheet_context(game, form, editing), "open": not game.round.closed}


@require_POST
def table_link_preview(request: HttpRequest, token: str) -> JsonResponse:
    game = linked_game(token)
    if game.round.closed:
        raise PermissionDenied(_("Cette partie est close."))
    return _preview(request, game)
