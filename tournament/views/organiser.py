"""The organiser's pages: thin views that load, check the role (`access`), validate a form,
call one service, redirect or render. Every write names its author for the journal."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import (
    is_organiser,
    organised,
    readable,
    readable_round,
    require_organiser,
)
from ..forms import (
    SwapForm,
    TeamForm,
    TeamImportForm,
    TournamentCreateForm,
    TournamentRulesForm,
)
from ..forms.tournament import preset_options
from ..models import DonneRecord, Game, Team
from ..services import UserError
from ..validators import MAX_SEED, whole_number
from .common import _by, _form_error, table_link_base


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
    return render(request, "tournament/organiser/tournament_create.html", {"form": form})


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
    return render(request, "tournament/organiser/tournament_detail.html", {
        "tournament": tournament, "rounds": rounds,
        "is_organiser": is_organiser(request, tournament),
        "team_count": tournament.teams.filter(active=True).count(),
        "criteria": selectors.criteria_labels(tournament),
    })


@login_required
def tournament_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete a concours (a test one): a confirmation where its name is typed again."""
    tournament = organised(request, slug)
    error = ""
    if request.method == "POST":
        typed = request.POST.get("name", "").strip()
        if typed == tournament.name:
            name = tournament.name
            services.tournament_delete(tournament=tournament)
            messages.success(request, _("Concours « %(name)s » supprimé.") % {"name": name})
            return redirect("tournament:home")
        error = _("Tapez exactement le nom du concours pour le supprimer.")
    return render(request, "tournament/organiser/tournament_delete.html", {
        "tournament": tournament, "error": error,
        "team_count": tournament.teams.count(), "round_count": tournament.rounds.count(),
        "donne_count": DonneRecord.objects.filter(game__round__tournament=tournament).count(),
    })


@login_required
def tournament_rules(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    next_partie = tournament.rounds.count() + 1
    form = TournamentRulesForm(request.POST or None, instance=tournament,
                               from_partie=selectors.rules_change_default_partie(tournament),
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
            elif changed and selectors.has_donnes(tournament):
                messages.success(request, _("Règlement changé : toutes les parties sont "
                                            "recalculées."))
            elif changed:
                messages.success(request, _("Règlement enregistré."))
            else:
                messages.success(request, _("Concours enregistré."))
            return redirect("tournament:detail", slug=slug)
    return render(request, "tournament/organiser/tournament_rules.html",
                  {"tournament": tournament, "form": form, "presets": preset_options(),
                   "has_donnes": selectors.has_donnes(tournament),
                   "parties_limits": selectors.parties_limits(tournament)})


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
                    messages.success(request, ngettext(
                        "%(n)d équipe inscrite.", "%(n)d équipes inscrites.", len(teams))
                        % {"n": len(teams)})
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
                    # No #fragment: scrolling to one takes the focus away from the name field,
                    # and the next team's first letters were lost ("œur d'Atout").
                    return redirect("tournament:teams", slug=slug)
    # The cursor is in the name field as soon as the page is there (autofocus, not a script
    # run later); teams.js saves without leaving the page, so nothing typed is lost.
    form.fields["name"].widget.attrs["autofocus"] = True
    teams = tournament.teams.all()
    active = sum(1 for team in teams if team.active)
    return render(request, "tournament/organiser/team_list.html", {
        "tournament": tournament, "teams": teams, "form": form,
        "import_form": import_form, "is_organiser": is_organiser(request, tournament),
        "team_count": len(teams), "active_count": active,
    })


def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = readable(request, slug)
    team = get_object_or_404(Team, tournament=tournament, number=number)
    form = TeamForm(instance=team)
    if request.method == "POST":
        require_organiser(request, tournament)
        if "active" in request.POST:
            if request.POST["active"] != "1":  # withdrawing is confirmed on its own page
                return redirect("tournament:team_withdraw", slug=slug, number=number)
            services.team_withdraw(team=team, active=True, by=_by(request))
            messages.success(request, _("Équipe réintégrée : elle sera placée aux parties "
                                        "suivantes."))
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
    organiser = is_organiser(request, tournament)
    return render(request, "tournament/organiser/team_detail.html", {
        "tournament": tournament, "team": team, "rows": rows, "form": form,
        "is_organiser": organiser,
        "pending_forfeit": services.team_pending_forfeit(team) if organiser else None,
    })


def _team_of(request: HttpRequest, slug: str, number: int) -> Team:
    """A team of a concours, for its organiser only."""
    tournament = organised(request, slug)
    return get_object_or_404(Team.objects.select_related("tournament"), tournament=tournament,
                             number=number)


@login_required
def team_withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Withdraw a team, once confirmed; its unfinished game is then offered as a forfeit."""
    team = _team_of(request, slug, number)
    if request.method == "POST":
        if team.active:
            services.team_withdraw(team=team, by=_by(request))
            messages.success(request, _("Équipe « %(name)s » retirée : elle ne sera plus "
                                        "placée.") % {"name": team.name})
        return redirect("tournament:team", slug=slug, number=number)
    return render(request, "tournament/organiser/team_withdraw.html", {
        "tournament": team.tournament, "team": team,
        "game": services.team_current_game(team),
    })


@login_required
@require_POST
def team_forfeit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    team = _team_of(request, slug, number)
    try:
        game = services.team_forfeit(team=team, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Forfait déclaré pour « %(name)s » à la table %(t)d.")
                         % {"name": team.name, "t": game.table})
    if request.POST.get("back") == "round":
        last = team.tournament.rounds.order_by("-number").first()
        if last is not None:
            return redirect("tournament:round", slug=slug, number=last.number)
    return redirect("tournament:team", slug=slug, number=number)


@login_required
def team_delete(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Delete a team registered by mistake, while it has no seat in any partie."""
    team = _team_of(request, slug, number)
    seated = Game.objects.filter(Q(team_ns=team) | Q(team_ew=team)).exists()
    if request.method == "POST":
        try:
            services.team_delete(team=team, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect("tournament:team", slug=slug, number=number)
        messages.success(request, _("Équipe « %(name)s » supprimée.") % {"name": team.name})
        return redirect("tournament:teams", slug=slug)
    return render(request, "tournament/organiser/team_delete.html", {
        "tournament": team.tournament, "team": team, "seated": seated,
    })


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
