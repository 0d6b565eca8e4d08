"""Thin views: load, check the role (`access`), validate a form, call one service, redirect
or render. Every write names its author for the audit log."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from scoring import ScoringError, score_game

from . import queries, services
from .access import (
    is_organiser,
    linked_game,
    organised,
    readable,
    readable_game,
    readable_round,
    require_organiser,
)
from .audit import Actor
from .exports import documents
from .forms import (
    DonneForm,
    ForfeitForm,
    SwapForm,
    TeamForm,
    TeamImportForm,
    TournamentCreateForm,
    TournamentRulesForm,
)
from .forms.tournament import preset_options
from .models import Game, Team, Tournament
from .services import UserError
from .tables import StandingsTable
from .validators import MAX_SEED, whole_number


def _by(request: HttpRequest) -> Actor:
    return Actor.of_user(request.user)


def _form_error(form, error: UserError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def home(request: HttpRequest) -> HttpResponse:
    visible = Q(published=True)
    if request.user.is_authenticated:
        visible |= Q(organiser=request.user)
    return render(request, "tournament/home.html",
                  {"tournaments": Tournament.objects.filter(visible)[:100]})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(organiser=request.user, by=_by(request),
                                                    **form.cleaned_data)
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Concours créé. Vérifiez son règlement."))
            return redirect("tournament:rules", slug=tournament.slug)
    return render(request, "tournament/tournament_create.html", {"form": form})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    if request.method == "POST":
        require_organiser(request, tournament)
        published = request.POST.get("published") == "1"
        services.tournament_publish(tournament=tournament, published=published)
        messages.success(request, _("Concours publié : tables, classement et écran sont visibles "
                                    "de tous.") if published else
                         _("Concours retiré : vous seul le voyez."))
        return redirect("tournament:detail", slug=slug)
    rounds = tournament.rounds.all()
    return render(request, "tournament/tournament_detail.html", {
        "tournament": tournament, "rounds": rounds,
        "is_organiser": is_organiser(request, tournament),
        "team_count": tournament.teams.filter(active=True).count(),
        "criteria": queries.criteria_labels(tournament),
    })


@login_required
def tournament_rules(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    form = TournamentRulesForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        values = {name: form.cleaned_data[name] for name in form.Meta.fields}
        try:
            # The service reads the tournament afresh (the form has written into this one).
            changed = services.tournament_update(
                tournament=tournament, confirm=form.cleaned_data["confirm"], by=_by(request),
                **values)
        except UserError as error:
            _form_error(form, error)
        else:
            if changed:
                messages.success(request, _("Règlement changé : toutes les parties sont "
                                            "recalculées."))
            else:
                messages.success(request, _("Concours enregistré."))
            return redirect("tournament:detail", slug=slug)
    return render(request, "tournament/tournament_rules.html",
                  {"tournament": tournament, "form": form, "presets": preset_options(),
                   "has_donnes": queries.has_donnes(tournament)})


def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    form, import_form = TeamForm(), TeamImportForm()
    if request.method == "POST":
        require_organiser(request, tournament)
        if "file" in request.FILES:
            import_form = TeamImportForm(request.POST, request.FILES)
            if import_form.is_valid():
                try:
                    teams = services.teams_import(tournament=tournament, by=_by(request),
                                                  lines=import_form.cleaned_data["file"])
                except UserError as error:
                    import_form.add_error("file", error.message)
                else:
                    messages.success(request, _("%(n)d équipes inscrites.") % {"n": len(teams)})
                    return redirect("tournament:teams", slug=slug)
        else:
            form = TeamForm(request.POST)
            if form.is_valid():
                try:
                    team = services.team_create(tournament=tournament, by=_by(request),
                                                **form.cleaned_data)
                except UserError as error:
                    _form_error(form, error)
                else:
                    messages.success(request, _("Équipe %(team)s inscrite.") % {"team": team})
                    return redirect(reverse("tournament:teams", args=[slug]) + "#nouvelle")
    return render(request, "tournament/team_list.html", {
        "tournament": tournament, "teams": tournament.teams.all(), "form": form,
        "import_form": import_form, "is_organiser": is_organiser(request, tournament),
    })


def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = readable(request, slug)
    team = get_object_or_404(Team, tournament=tournament, number=number)
    form = TeamForm(instance=team)
    if request.method == "POST":
        require_organiser(request, tournament)
        if "active" in request.POST:
            services.team_withdraw(team=team, active=request.POST["active"] == "1",
                                   by=_by(request))
            return redirect("tournament:team", slug=slug, number=number)
        form = TeamForm(request.POST, instance=Team.objects.get(pk=team.pk))
        if form.is_valid():
            try:
                services.team_update(team=team, by=_by(request), **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Équipe enregistrée."))
                return redirect("tournament:team", slug=slug, number=number)
    games = (Game.objects.filter(Q(team_ns=team) | Q(team_ew=team), round__tournament=tournament)
             .select_related("round", "team_ns", "team_ew").order_by("round__number"))
    rows = []
    for game in games:
        side = "NS" if game.team_ns_id == team.id else "EW"
        opponent = game.team_ew if side == "NS" else game.team_ns
        own, other = (game.score_ns, game.score_ew) if side == "NS" else (
            game.score_ew, game.score_ns)
        rows.append({"game": game, "side": side, "opponent": opponent, "own": own,
                     "other": other, "won": game.finished and game.winner == side})
    return render(request, "tournament/team_detail.html", {
        "tournament": tournament, "team": team, "rows": rows, "form": form,
        "is_organiser": is_organiser(request, tournament),
    })


@login_required
@require_POST
def round_generate(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    text = request.POST.get("seed", "").strip()
    seed = whole_number(text, MAX_SEED)
    if text and seed is None:
        messages.error(request, _("La graine du tirage est un nombre entier de %(n)d chiffres "
                                  "au plus.") % {"n": len(str(MAX_SEED))})
        return redirect("tournament:detail", slug=slug)
    try:
        round_ = services.round_generate(tournament=tournament, by=_by(request),
                                         seed=seed)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:detail", slug=slug)
    messages.success(request, _("Partie %(n)d tirée.") % {"n": round_.number})
    return redirect("tournament:round", slug=slug, number=round_.number)


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    tournament = round_.tournament
    organiser = is_organiser(request, tournament)
    swap_form = SwapForm()
    if request.method == "POST":
        require_organiser(request, tournament)
        if "closed" in request.POST:
            closed = request.POST["closed"] == "1"
            services.round_close(round_=round_, closed=closed, by=_by(request))
            messages.success(request, _("Partie close : les liens des tables ne permettent plus "
                                        "de saisir.") if closed else _("Partie rouverte."))
            return redirect("tournament:round", slug=slug, number=number)
        swap_form = SwapForm(request.POST)
        if swap_form.is_valid():
            ids = dict(tournament.teams.values_list("number", "id"))
            try:
                services.round_swap_teams(
                    round_=round_, team_a=ids.get(swap_form.cleaned_data["team_a"], 0),
                    team_b=ids.get(swap_form.cleaned_data["team_b"], 0), by=_by(request))
            except UserError as error:
                swap_form.add_error(None, error.message)
            else:
                messages.success(request, _("Équipes échangées."))
                return redirect("tournament:round", slug=slug, number=number)
    games = list(round_.games.select_related("team_ns", "team_ew").order_by("table"))
    link_base = table_link_base(request) if organiser else ""
    return render(request, "tournament/round_detail.html", {
        "tournament": tournament, "round": round_, "games": games,
        "is_organiser": organiser, "swap_form": swap_form,
        "started": services.round_started(round_),
        "unfinished": any(not game.finished for game in games),
        "can_undo_time": organiser and services.round_time_undoable(round_),
        "link_base": link_base, "link_is_local": organiser and _loopback(link_base),
    })


@login_required
def round_time(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """"Fin du temps": a confirmation listing the unfinished tables, where the organiser ticks
    those playing a donne right now; then every unfinished game stops after it."""
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    if request.method == "POST":
        posted = request.POST.getlist("in_play")
        tables = [table for table in map(whole_number, posted) if table is not None]
        try:
            if len(tables) != len(posted):
                raise UserError(_("Numéro de table invalide : rechargez la page."))
            services.round_time_call(round_=round_, in_play=tables, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Fin du temps enregistrée."))
        return redirect("tournament:round", slug=slug, number=number)
    games = (round_.games.select_related("team_ns", "team_ew")
             .filter(finished=False, team_ew__isnull=False, forfeit="").order_by("table"))
    return render(request, "tournament/round_time.html", {
        "tournament": round_.tournament, "round": round_, "games": games,
    })


@login_required
@require_POST
def round_time_cancel(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    try:
        services.round_time_cancel(round_=round_, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Fin du temps annulée : les tables reprennent leur partie."))
    return redirect("tournament:round", slug=slug, number=number)


def _loopback(url: str) -> bool:
    return urlsplit(url).hostname in {"127.0.0.1", "localhost", "::1"}


def table_link_base(request: HttpRequest) -> str:
    """Where table links start: DJANGO_PUBLIC_URL (the address phones reach), else this one."""
    return settings.PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")


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
        "form": form or DonneForm(rules=tournament.rules), "editing": editing,
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
    rules = game.round.tournament.rules
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
    form = DonneForm(request.POST, rules=game.round.tournament.rules)
    if not form.is_valid():
        return JsonResponse({"errors": {k: [str(m) for m in v] for k, v in form.errors.items()}},
                            status=422)
    rules = game.round.tournament.rules
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


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    standing = documents.standings(tournament)  # the same builder as the PDF and workbook
    table = StandingsTable(standing.lines)
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournament/standings.html", {
        "tournament": tournament, "table": table, "criteria": standing.criteria,
        "on_time": standing.on_time,
    })



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
