"""Thin views: load, check the role (`access`), validate a form, call one service, redirect
or render. Every write names its author for the audit log."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import queries, services
from .access import (
    is_organiser,
    organised,
    readable,
    readable_round,
    require_organiser,
)
from .exports import documents
from .forms import (
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
from .views_common import _by, _form_error, table_link_base


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
    next_partie = tournament.rounds.count() + 1
    form = TournamentRulesForm(request.POST or None, instance=tournament,
                               from_partie=queries.rules_change_default_partie(tournament),
                               next_partie=next_partie)
    if request.method == "POST" and form.is_valid():
        values = {name: form.cleaned_data[name] for name in form.Meta.fields}
        from_partie = form.cleaned_data["from_partie"]
        try:
            # The service reads the tournament afresh (the form has written into this one).
            changed = services.tournament_update(
                tournament=tournament, from_partie=from_partie,
                confirm=form.cleaned_data["confirm"], by=_by(request), **values)
        except UserError as error:
            _form_error(form, error)
        else:
            if changed and from_partie and from_partie > 1 and set(changed) <= {
                    "target", "max_donnes"}:
                messages.success(request, _(
                    "Score à atteindre et nombre de donnes changés à partir de la partie "
                    "%(n)d ; les parties précédentes gardent les leurs.") % {"n": from_partie})
            elif changed:
                messages.success(request, _("Règlement changé : toutes les parties sont "
                                            "recalculées."))
            else:
                messages.success(request, _("Concours enregistré."))
            return redirect("tournament:detail", slug=slug)
    return render(request, "tournament/tournament_rules.html",
                  {"tournament": tournament, "form": form, "presets": preset_options(),
                   "has_donnes": queries.has_donnes(tournament),
                   "parties_limits": queries.parties_limits(tournament)})


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


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    standing = documents.standings(tournament)  # the same builder as the PDF and workbook
    table = StandingsTable(standing.lines)
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournament/standings.html", {
        "tournament": tournament, "table": table, "criteria": standing.criteria,
        "on_time": standing.on_time,
    })
