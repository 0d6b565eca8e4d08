"""Entering donnes: a game's page for the organiser and a table link's page on a phone share
one flow (`donne_entry`): a row typed, its score previewed by the server (a partial that
htmx places), saved or refused in French with every error beside its field.

A game may instead be entered by its paper sheet's totals (`game_totals`, services.paper):
the organiser types them table after table, each save opening the next table's totals. With
two confirmations, the game page shows a score awaiting a side's confirmation and lets the
organiser confirm it (`game_confirm`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import is_member, is_organiser, readable_game, require_desk
from ..choices import SIDE_NAMES
from ..errors import DonneEnteredMeanwhile, GameGone, UserError
from ..forms import DonneForm, ForfeitForm
from ..forms.donnes import PASSE, TYPED_COLUMNS
from ..forms.paper import ConfirmForm, PaperTotalsForm, TotalsClearForm
from ..journal import Actor
from ..models import DonneRecord, Game
from ..validators import whole_number
from .common import _by, _form_error, _form_refusals


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


def _partial(request: HttpRequest) -> bool:
    """The page's script asks for the sheet alone: htmx (HX-Request), or X-Fragment."""
    return _htmx(request) or bool(request.headers.get("X-Fragment"))


def _htmx(request: HttpRequest) -> bool:
    """Whether htmx asks (django_htmx's middleware sets `request.htmx`, untyped)."""
    return bool(getattr(request, "htmx", False))


def sheet_context(game: Game, form: DonneForm | None, editing: int | None, *, phone: bool,
                  status: str = "", status_error: bool = False,
                  records: list[DonneRecord] | None = None) -> dict:
    """What a game's sheet shows, on the organiser's page and on a table link's alike.
    `status` is said on the entry row: the donne just saved, or why the row was emptied;
    `records`: the donnes as a save just wrote them (else they are read)."""
    sheet = selectors.entry_sheet(game, editing, records)
    form = form or DonneForm(rules=game.round.rules, phone=phone)
    return {
        "tournament": game.round.tournament, "game": game, "lines": sheet.lines,
        "form": form, "awaiting_name": sheet.awaiting_name, "editing": editing,
        "next_number": sheet.next_number, "next_dealer": sheet.next_dealer,
        "status": status, "status_error": status_error,
        # The row's first wrong field, or its first one: where the cursor goes.
        "focus": next((n for n in form.errors if n in form.fields), "taker"),
    }


def _game_context(request: HttpRequest, game: Game, form: DonneForm | None = None,
                  editing: int | None = None, **status) -> dict:
    tournament = game.round.tournament
    context = {
        **sheet_context(game, form, editing, phone=False, **status),
        "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament),
        "last_change": selectors.last_change(tournament, round_number=game.round.number,
                                             table=game.table),
        "forfeit_form": ForfeitForm(initial={"side": game.forfeit}),
        "preview_url": reverse("tournament:game_preview",
                               args=[tournament.slug, game.round.number, game.table]),
        "save_url": reverse("tournament:game",
                            args=[tournament.slug, game.round.number, game.table]),
    }
    if context["is_desk"] and (game.finished or game.forfeit):
        context["next_table"] = selectors.next_table(game)
    if context["is_desk"] and game.by_totals:
        context["clear_form"] = TotalsClearForm(initial={"restore": True})
        context["removed"] = len(services.removed_donnes(game))
    return context


def game_detail(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    game = readable_game(request, slug, number, table)
    if request.method == "POST":
        require_desk(request, game.round.tournament)
    return donne_entry(
        request, game, by=_by(request), page="tournament/organiser/game_detail.html",
        sheet="tournament/partials/game_sheet.html",
        context=lambda *args, **status: _game_context(request, *args, **status),
        done=reverse("tournament:game", args=[slug, number, table]),
    )


def _sheet(request: HttpRequest, sheet: str, context: dict, status: int = 200) -> HttpResponse:
    response = render(request, sheet, context, status=status)
    response["X-Entry"] = "sheet"  # the page's script swaps nothing else (never an error page)
    return response


def donne_entry(request: HttpRequest, game: Game, *, by: Actor, page: str, sheet: str,
                context, done: str, open_only: bool = False, phone: bool = False,
                side: str | None = None) -> HttpResponse:
    """Entering donnes, as the game page and a table link both do: ?edit=n puts donne n in
    the form; a POST records the row, then answers the sheet alone to the page's script
    (htmx) or redirects to `done`; a refused row comes back with every error beside its
    field, 422. `context(game, form, editing, **status)` builds the template's context; the
    caller checks roles. `side`: the table link's side, "NS" or "EW" (None: the organiser),
    for the two confirmations (services.donne_record). `game` comes with its round,
    tournament, teams and players (access.GAME_RELATED): after a save only its own columns
    are read again (selectors.game_reread)."""
    rules = game.round.rules
    editing, form, status = None, None, {}
    if request.method == "GET":
        text = request.GET.get("edit", "").strip()
        if text:
            editing = whole_number(text)
            if editing is None:
                raise Http404(_("Cette donne n'existe pas."))
            record = get_object_or_404(game.donnes, number=editing)
            form = DonneForm(initial=DonneForm.initial_for(record), rules=rules, phone=phone)
    if request.method == "POST":
        form = DonneForm(request.POST, rules=rules, phone=phone)
        try:
            editing = _posted_number(request.POST, "number")
            expect = _posted_number(request.POST, "position")
        except UserError as error:
            editing = expect = None
            _form_error(form, error)  # the form is invalid now: nothing is recorded
        if form.is_valid() and editing is not None and not form.cleaned_data["key"]:
            # A correction names its donne by its stable key: a number alone may name another.
            _form_error(form, UserError(_("La donne à corriger n'est pas indiquée : rechargez "
                                          "la page.")))
        if form.is_valid():
            try:
                written = services.donne_record(
                    game=game, side=side, number=editing, donne=form.cleaned_data["donne"],
                    version=form.cleaned_data["version"], expect=expect, by=by,
                    open_only=open_only, key=form.cleaned_data["key"] or None)
            except GameGone as error:  # its draw undone meanwhile
                raise Http404(error.message) from None
            except DonneEnteredMeanwhile as error:
                # The sheet shows the donne entered meanwhile, and the row is emptied so that
                # one more Enter cannot enter it twice.
                form, status = None, {"status": error.message, "status_error": True}
            except UserError as error:
                _form_error(form, error)
            else:
                if not _partial(request):
                    return redirect(done)
                # The sheet as the save left it: the game and its donnes as written, no read.
                selectors.game_reread(game, written.game)
                said = (_("Donne %(n)d corrigée.") if editing else
                        _("Donne %(n)d enregistrée.")) % {"n": written.record.number}
                response = _sheet(request, sheet, context(game, None, None, status=said,
                                                          records=written.records))
                response["HX-Replace-Url"] = done  # out of ?edit=n
                return response
        if form is not None:
            form.mark_errors()
        selectors.game_reread(game)  # the header's totals as stored now, never as first read
        if _partial(request):
            return _sheet(request, sheet, context(game, form, editing, **status), status=422)
    return render(request, page, context(game, form, editing, **status))


@login_required
@require_POST
def game_preview(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The score a row would give, before it is saved: shown as soon as the row is complete."""
    game = readable_game(request, slug, number, table, teams=False)  # a preview shows none
    require_desk(request, game.round.tournament)
    return entry_preview(request, game, phone=False)


def _incomplete(data) -> bool:
    """A row still being typed: nothing to say about it yet (no error for a missing field)."""
    taker = data.get("taker", "")
    if taker == PASSE:
        return False
    # A capot or a générale said made (« c+ », the phone's button) implies its points.
    bid = data.get("bid", "") or data.get("contract", "").strip().lower().replace(" ", "")
    points = data.get("taker_points", "").strip() or data.get("capot", "") or (
        bid in ("c+", "g+"))
    return not taker or not data.get("trump") or not points or (
        "contract" in data and not data["contract"].strip() and not data.get("bid"))


def entry_preview(request: HttpRequest, game: Game, *, phone: bool) -> HttpResponse:
    """The row's score, its outcome in words, the running totals and the end of the game
    (selectors.row_preview): a partial for the page's script (htmx), JSON for any other
    client."""
    rules = game.round.rules
    form = DonneForm(request.POST, rules=rules, phone=phone)
    if not _htmx(request):
        return _preview_json(request, game, form)
    fields = [name for name in form.fields if name != "version"]
    context: dict = {"phone": phone, "field_errors": [(name, []) for name in fields],
                     "typed": dict.fromkeys(TYPED_COLUMNS, "")}
    if _incomplete(request.POST):  # nothing said while the row is typed: no error, no score
        response = render(request, "tournament/partials/entry_preview.html", context)
        response["X-Entry"] = "preview"
        return response
    try:
        editing = _posted_number(request.POST, "number")
    except UserError as error:
        editing = None
        _form_error(form, error)
    if form.is_valid():
        try:
            context["score"] = selectors.row_preview(game, form.cleaned_data["donne"], editing)
            context["read_back"] = form.read_back()
            context["typed"] = form.typed_columns()
        except UserError as error:  # the game refuses this donne (scoring's refusal)
            _form_error(form, error)
    context["field_errors"] = [(name, form.errors.get(name, [])) for name in fields]
    context["row_errors"] = [*form.non_field_errors(), *form.errors.get("version", [])]
    response = render(request, "tournament/partials/entry_preview.html", context,
                      status=422 if form.errors else 200)
    response["X-Entry"] = "preview"
    return response


def _preview_json(request: HttpRequest, game: Game, form: DonneForm) -> JsonResponse:
    """The preview as it was before htmx: JSON for scripts and tests that ask without it."""
    if not form.is_valid():
        return JsonResponse({"errors": {k: [str(m) for m in v] for k, v in form.errors.items()}},
                            status=422)
    try:
        editing = _posted_number(request.POST, "number")
        score = selectors.row_preview(game, form.cleaned_data["donne"], editing)
    except UserError as error:
        return JsonResponse({"errors": {error.field or "__all__": [error.message]}}, status=422)
    return JsonResponse(score.figures())


@login_required
@require_POST
def game_donne_delete(request: HttpRequest, slug: str, number: int, table: int,
                      donne: int) -> HttpResponse:
    game = readable_game(request, slug, number, table)
    require_desk(request, game.round.tournament)
    try:
        # By its stable key too: a stale page's « supprimer » never deletes the donne that
        # moved into that number.
        key = request.POST.get("key", "")
        if not key:
            raise UserError(_("La donne à supprimer n'est pas indiquée : rechargez la page."))
        services.donne_delete(game=game, number=donne, key=key, by=_by(request))
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
    require_desk(request, game.round.tournament)
    form = ForfeitForm(request.POST)
    if form.is_valid():
        try:
            services.game_forfeit(game=game, side=form.cleaned_data["side"], by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
    else:  # a side the page does not offer: said, nothing changed
        _form_refusals(request, form)
    return redirect("tournament:game", slug=slug, number=number, table=table)


# --- Paper totals and confirmations (issue 13) -------------------------------------------


@login_required
def game_totals(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The organiser types a game's paper totals; a save opens the next table still to
    enter (keyboard: the totals, Tab, Enter, and the next sheet). Refusals beside their
    figure; a game with donnes switches only once confirmed."""
    game = readable_game(request, slug, number, table)
    require_desk(request, game.round.tournament)
    if game.is_bye:
        raise Http404(_("Une équipe exempte n'a pas de feuille."))
    rules = game.round.rules
    entered = game.donnes.count()
    if request.method == "POST":
        form = PaperTotalsForm(request.POST, rules=rules, donnes_entered=entered)
        if form.is_valid():
            try:
                game = services.game_totals_record(
                    game=game, totals=form.cleaned_data["totals"],
                    confirm=form.cleaned_data.get("confirm", False), by=_by(request))
            except UserError as error:
                _form_error(form, error)
            else:
                winner = SIDE_NAMES[game.winner]
                team = game.team_ns if game.winner == "NS" else game.team_ew
                # The winner by its name too: the desk checks it against the paper sheet
                # while typing the next one (« Nord-Sud » alone was to be looked up).
                messages.success(request, _(
                    "Table %(t)d : totaux enregistrés, %(ns)d – %(ew)d, %(w)s gagne "
                    "(%(team)s).")
                    % {"t": game.table, "ns": game.score_ns, "ew": game.score_ew,
                       "w": winner, "team": team.name if team is not None else ""})
                following = selectors.next_table(game)
                if following is not None:
                    return redirect("tournament:game_totals", slug=slug, number=number,
                                    table=following.table)
                return redirect("tournament:game", slug=slug, number=number, table=table)
    else:
        form = PaperTotalsForm(initial=PaperTotalsForm.initial_for(game), rules=rules,
                               donnes_entered=entered)
    form.mark_errors()
    form.fields[form.first_field].widget.attrs["autofocus"] = True
    context = {**_game_context(request, game), "totals_form": form,
               "totals_url": reverse("tournament:game_totals", args=[slug, number, table])}
    return render(request, "tournament/organiser/game_detail.html", context,
                  status=422 if form.errors else 200)


@login_required
@require_POST
def game_totals_clear(request: HttpRequest, slug: str, number: int,
                      table: int) -> HttpResponse:
    """Back to entering the game by its donnes, once confirmed (and its removed donnes put
    back if asked)."""
    game = readable_game(request, slug, number, table)
    require_desk(request, game.round.tournament)
    form = TotalsClearForm(request.POST)
    form.is_valid()  # two check boxes: always valid
    try:
        services.game_totals_clear(game=game, confirm=form.cleaned_data["confirm"],
                                   restore=form.cleaned_data["restore"], by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("La table se saisit de nouveau par donnes."))
    return redirect("tournament:game", slug=slug, number=number, table=table)


@login_required
@require_POST
def game_confirm(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The organiser confirms a score that awaits a side's confirmation."""
    game = readable_game(request, slug, number, table)
    require_desk(request, game.round.tournament)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Score illisible : rechargez la page."))
    else:
        try:
            services.game_confirm(game=game, side=None, score=form.score, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Score confirmé."))
    return redirect("tournament:game", slug=slug, number=number, table=table)
