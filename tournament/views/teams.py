"""The organiser's pages of teams: register, import, change, withdraw, forfeit, delete.

These are a doublette concours' registered teams (`round` empty). A mêlée registers players
instead: its "Équipes" address leads to its "Joueurs" page (views/players.py), and the teams
its draws form for each partie are not registrations.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import (
    at_desk,
    is_member,
    is_organiser,
    organised,
    readable,
    require_desk,
)
from ..errors import UserError
from ..forms import (
    TeamEditForm,
    TeamForm,
    TeamImportForm,
)
from ..models import Game, Team, Tournament
from . import imports
from .common import _by, _form_error
from .register import with_type_ahead


def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The teams registered; a POST registers one (the import has its own address)."""
    tournament = readable(request, slug)
    if tournament.by_player:
        return redirect("tournament:players", slug=slug)
    form = TeamForm()
    if request.method == "POST":  # the desk registers entrants
        require_desk(request, tournament)
        form = TeamForm(request.POST, tournament=tournament)
        if form.is_valid():
            try:
                team = services.team_create(tournament=tournament, by=_by(request),
                                            **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Équipe %(team)s inscrite.") % {"team": team})
                _spelling_said(request, [(form.cleaned_data["player1"], team.first.name),
                                         (form.cleaned_data["player2"], team.player2)])
                # No #fragment: scrolling to one takes the focus away from the name field,
                # and the next team's first letters were lost ("œur d'Atout").
                return redirect("tournament:teams", slug=slug)
    return _team_list_page(request, tournament, form, TeamImportForm(),
                           status=422 if form.is_bound else 200)


@login_required
@require_POST
def teams_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Register the teams of a file (CSV or workbook); refused whole, beside the field."""
    tournament = at_desk(request, slug)
    if tournament.by_player:
        return redirect("tournament:players", slug=slug)
    import_form = TeamImportForm(request.POST, request.FILES)
    if import_form.is_valid():
        lines = import_form.cleaned_data["file"]
        notes: list[str] = []
        try:
            teams = services.teams_import(tournament=tournament, by=_by(request), lines=lines,
                                          notes=notes)
        except services.Ambiguous:
            # The file passed every check but names the register finds ambiguous: they are
            # chosen first, nothing written before.
            return imports.choose_page(request, tournament, "teams", lines)
        except UserError as error:
            import_form.add_error("file", error.message)
        else:
            messages.success(request, ngettext(
                "%(n)d équipe inscrite.", "%(n)d équipes inscrites.", len(teams))
                % {"n": len(teams)})
            imports.notes_said(request, notes)
            return redirect("tournament:teams", slug=slug)
    return _team_list_page(request, tournament, TeamForm(), import_form, status=422)


def _spelling_said(request: HttpRequest, names: list[tuple[str, str]]) -> None:
    """Say where the register's spelling replaced the name typed (services.register_spelling):
    the desk sees what the standings will print."""
    for typed, entered in names:
        if typed and entered and typed != entered:
            messages.info(request, _("Nom du registre retenu : « %(name)s » (tapé : "
                                     "« %(typed)s »).") % {"typed": typed, "name": entered})


def _team_list_page(request: HttpRequest, tournament: Tournament, form: TeamForm,
                    import_form: TeamImportForm, status: int = 200) -> HttpResponse:
    # The cursor is in the name field as soon as the page is there (autofocus, not a script
    # run later); teams.js saves without leaving the page, so nothing typed is lost.
    form.fields["name"].widget.attrs["autofocus"] = True
    with_type_ahead(form, tournament)
    registered = list(selectors.registered_teams(tournament).select_related("first", "second"))
    active = sum(1 for team in registered if team.active)
    return render(request, "tournament/organiser/team_list.html", {
        "tournament": tournament, "teams": registered, "form": form,
        "import_form": import_form, "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament), "team_count": len(registered),
        "last_change": selectors.last_change(tournament, kinds=("team", "player"))
        if is_member(request, tournament) else None,
        "active_count": active,
        "club": tournament.club,
    }, status=status)


def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = readable(request, slug)
    team = get_object_or_404(Team.objects.select_related("first", "second"),
                             tournament=tournament, number=number, round__isnull=True)
    form = TeamEditForm(instance=team)
    if request.method == "POST":  # the desk corrects an entrant
        require_desk(request, tournament)
        if "active" in request.POST:  # a page of before each action had its address
            return redirect("tournament:team_withdraw" if request.POST["active"] != "1"
                            else "tournament:team", slug=slug, number=number)
        form = TeamEditForm(request.POST, instance=Team.objects.get(pk=team.pk),
                            tournament=tournament)
        if form.is_valid():
            try:
                services.team_update(team=team, by=_by(request),
                                     stamp=request.POST.get("stamp") or None,
                                     **form.cleaned_data)
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
    if is_member(request, tournament):
        with_type_ahead(form, tournament)
    return render(request, "tournament/organiser/team_detail.html", {
        "tournament": tournament, "team": team, "rows": rows, "form": form,
        "is_organiser": organiser, "is_desk": is_member(request, tournament),
        # The version the form shows (the posted one after a refusal: still stale if it was).
        "stamp": (request.POST.get("stamp", "") if request.method == "POST"
                  else services.team_stamp(team)),
        "pending_forfeit": selectors.team_pending_forfeit(team)
        if is_member(request, tournament) else None,
    })


@login_required
@require_POST
def team_reinstate(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A withdrawn team comes back: it is placed at the next parties."""
    team = _team_of(request, slug, number)
    services.team_withdraw(team=team, active=True, by=_by(request))
    messages.success(request, _("Équipe réintégrée : elle sera placée aux parties suivantes."))
    return redirect("tournament:team", slug=slug, number=number)


def _team_of(request: HttpRequest, slug: str, number: int, *, desk: bool = False) -> Team:
    """A team of a concours, for its organisers only (`desk`: for any member of its club)."""
    tournament = at_desk(request, slug) if desk else organised(request, slug)
    return get_object_or_404(Team.objects.select_related("tournament"), tournament=tournament,
                             number=number, round__isnull=True)


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
        "game": selectors.team_current_game(team),
    })


@login_required
@require_POST
def team_forfeit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    team = _team_of(request, slug, number, desk=True)  # the desk records forfeits
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
