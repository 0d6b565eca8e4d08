"""The organiser's pages of a concours: create it, its page, its rules, delete it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .. import selectors, services
from ..access import (
    club_roles,
    is_member,
    is_organiser,
    organised,
    organising_clubs,
    readable,
    require_organiser,
)
from ..errors import UserError
from ..exports.reglement import reglement
from ..forms import (
    TournamentCreateForm,
    TournamentRulesForm,
)
from ..forms.tournament import preset_options
from ..models import DonneRecord
from ..publish.status import publication_status
from ..selectors.phases import partie_to_draw
from ..selectors.standings import (
    draw_label,
    entrants_count,
    has_registrations,
    ranking_summary,
)
from .common import _by, _form_error


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    """A new concours, in a club where the account organises (asked when several). An
    account of no club at all gets a club of its own (services.club_of_organiser); one that
    is only a table de marque creates none."""
    clubs = organising_clubs(request.user)
    if not clubs and club_roles(request.user):
        raise PermissionDenied(_("La table de marque ne crée pas de concours : seuls le "
                                 "responsable du club et ses organisateurs le peuvent."))
    form = TournamentCreateForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        values = dict(form.cleaned_data)
        club = values.pop("club", None) or (clubs[0] if clubs else None)
        try:
            tournament = services.tournament_create(organiser=request.user, by=_by(request),
                                                    club=club, **values)
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Concours créé. Vérifiez son règlement."))
            return redirect("tournament:rules", slug=tournament.slug)
    return render(request, "tournament/organiser/tournament_create.html", {"form": form},
                  status=422 if form.is_bound else 200)  # refused: said beside its field


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    if request.method == "POST":  # publishing runs the concours
        require_organiser(request, tournament)
        published = request.POST.get("published") == "1"
        services.tournament_publish(tournament=tournament, published=published)
        messages.success(request, _("Concours publié : tables, classement et écran sont visibles "
                                    "de tous.") if published else
                         _("Concours retiré : seuls les membres du club le voient."))
        return redirect("tournament:detail", slug=slug)
    rounds = list(tournament.rounds.all())
    return render(request, "tournament/organiser/tournament_detail.html", {
        "tournament": tournament, "rounds": rounds,
        # A concours in phases lists its parties qualificatives alone: the poules' parties
        # and the tableaux' matches are reached from their pages.
        "phases": getattr(tournament, "phase_plan", None),
        "parties": [partie for partie in rounds if not partie.phase],
        "next_partie": partie_to_draw(tournament, rounds),
        "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament),
        "team_count": entrants_count(tournament),
        "criteria": selectors.criteria_labels(tournament),
        "draw_label": draw_label(tournament.draw_method),
        "ranking_points": ranking_summary(tournament),
        "draw_chart": selectors.draw_has_chart(tournament),
        "clauses": reglement(tournament.rules),
        "online": publication_status(tournament) if is_organiser(request, tournament) else None,
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
        "team_count": selectors.registered_teams(tournament).count(),
        "player_count": tournament.players.count(),
        "round_count": tournament.rounds.count(),
        "donne_count": DonneRecord.objects.filter(game__round__tournament=tournament).count(),
    })


@login_required
def tournament_rules(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    next_partie = tournament.rounds.count() + 1
    form = TournamentRulesForm(request.POST or None, tournament=tournament,
                               from_partie=selectors.rules_change_default_partie(tournament),
                               next_partie=next_partie,
                               registered=has_registrations(tournament))
    if request.method == "POST" and form.is_valid():
        from_partie = form.cleaned_data["from_partie"]
        try:
            changed = services.tournament_settings_change(
                tournament=tournament,
                settings=form.settings(season_posted="season" in request.POST),
                from_partie=from_partie,
                confirm=form.cleaned_data["confirm"],
                stamp=request.POST.get("stamp") or None, by=_by(request))
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
    # The page around the form shows the concours as stored (the form never writes into it),
    # whose rules are whole: both ends of a game cleared would not even make rules.
    # The version the page shows (the posted one after a refusal: still stale if it was).
    stamp = request.POST.get("stamp", "") if request.method == "POST" else \
        services.tournament_stamp(tournament)
    return render(request, "tournament/organiser/tournament_rules.html",
                  {"tournament": tournament, "form": form, "presets": preset_options(),
                   "stamp": stamp,
                   "has_donnes": selectors.has_donnes(tournament),
                   "parties_limits": selectors.parties_limits(tournament)})
