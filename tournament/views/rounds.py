"""The organiser's pages of parties: draw, a partie's tables, undo, late teams, time."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import (
    is_organiser,
    organised,
    readable_round,
    require_organiser,
)
from ..forms import (
    SwapForm,
)
from ..models import Team
from ..services import UserError
from ..validators import MAX_SEED, whole_number
from .common import _by, table_link_base


@login_required
@require_POST
def round_generate(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    text = request.POST.get("seed", "").strip()
    seed = whole_number(text, MAX_SEED)
    # Drawn from a partie's page, a refusal is shown there.
    back = whole_number(request.POST.get("back", ""))
    if back is None or not tournament.rounds.filter(number=back).exists():
        back = None
        back_to = reverse("tournament:detail", args=[slug])
    else:
        back_to = reverse("tournament:round", args=[slug, back])
    if text and seed is None:
        messages.error(request, _("La graine du tirage est un nombre entier de %(n)d chiffres "
                                  "au plus.") % {"n": len(str(MAX_SEED))})
        return redirect(back_to)
    try:
        round_ = services.round_generate(tournament=tournament, by=_by(request), seed=seed,
                                         beyond_planned=request.POST.get("confirm") == "1")
    except UserError as error:
        if error.field == "beyond_planned":  # one more partie than planned: ask first
            return render(request, "tournament/organiser/round_generate_confirm.html", {
                "tournament": tournament, "question": error.message, "seed": text,
                "number": tournament.rounds.count() + 1, "back": back_to,
                "back_number": back or "",
            })
        messages.error(request, error.message)
        return redirect(back_to)
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
    is_last = not tournament.rounds.filter(number__gt=round_.number).exists()
    unfinished = [game.table for game in games if not game.finished]
    # A withdrawn team's unfinished game: its forfeit is still to declare.
    for game in games:
        game.leaving = next((team for team in (game.team_ns, game.team_ew)
                             if team is not None and not team.active), None)
        game.forfeit_due = (game.leaving is not None and not game.finished
                            and not game.forfeit and not game.is_bye)
    waiting = services.round_waiting_teams(round_) if organiser and is_last else []
    return render(request, "tournament/organiser/round_detail.html", {
        "tournament": tournament, "round": round_, "games": games,
        "is_organiser": organiser, "swap_form": swap_form,
        "started": services.round_started(round_),
        "unfinished": bool(unfinished),
        "can_undo_time": organiser and services.round_time_undoable(round_),
        "link_base": link_base, "link_is_local": organiser and _loopback(link_base),
        "is_last": is_last, "can_undo_draw": organiser and is_last
        and not services.round_started(round_),
        "can_draw_next": organiser and is_last and not unfinished,
        "unfinished_phrase": services.tables_phrase(unfinished) if unfinished else "",
        "waiting": waiting, "bye": next((game for game in games if game.is_bye), None),
    })


@login_required
def round_undo(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """"Annuler le tirage" of the last partie: a confirmation page listing its tables."""
    round_ = readable_round(request, slug, number)
    tournament = round_.tournament
    require_organiser(request, tournament)
    if request.method == "POST":
        try:
            previous = services.round_undo(round_=round_, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect("tournament:round", slug=slug, number=number)
        messages.success(request, _("Tirage de la partie %(n)d annulé.") % {"n": number})
        if previous is not None:
            return redirect("tournament:round", slug=slug, number=previous.number)
        return redirect("tournament:detail", slug=slug)
    reason = ""
    if not services.round_undoable(round_):
        reason = (_("Des donnes sont saisies ou un forfait est déclaré : ce tirage ne peut plus "
                    "être annulé.") if services.round_started(round_) else
                  _("Seul le tirage de la dernière partie peut être annulé."))
    return render(request, "tournament/organiser/round_undo.html", {
        "tournament": tournament, "round": round_, "reason": reason,
        "games": round_.games.select_related("team_ns", "team_ew").order_by("table"),
    })


def _waiting_team(round_, text: str) -> Team | None:
    number = whole_number(text)
    if number is None:
        return None
    return round_.tournament.teams.filter(number=number).first()


@login_required
@require_POST
def round_late_bye(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Seat a late team against the exempt team of the current partie."""
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    team = _waiting_team(round_, request.POST.get("team", ""))
    try:
        if team is None:
            raise UserError(_("Choisissez une équipe en attente."))
        game = services.round_seat_against_bye(round_=round_, team=team, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("« %(late)s » joue contre « %(bye)s » à la table %(t)d.")
                         % {"late": team.name, "bye": game.team_ns.name, "t": game.table})
    return redirect("tournament:round", slug=slug, number=number)


@login_required
@require_POST
def round_late_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Seat two late teams at a new table of the current partie."""
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    team_a = _waiting_team(round_, request.POST.get("team_a", ""))
    team_b = _waiting_team(round_, request.POST.get("team_b", ""))
    try:
        if team_a is None or team_b is None:
            raise UserError(_("Choisissez deux équipes en attente."))
        game = services.round_seat_new_table(round_=round_, team_ns=team_a, team_ew=team_b,
                                             by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Nouvelle table %(t)d : « %(a)s » contre « %(b)s ».")
                         % {"t": game.table, "a": team_a.name, "b": team_b.name})
    return redirect("tournament:round", slug=slug, number=number)


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
    return render(request, "tournament/organiser/round_time.html", {
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
