"""A club's seasons: the list, the form (create, change, delete), the standings with the
grid player × concours (its PDF and workbook: views.exports.season_document), and the
projector's screen. The club's members read them (a published season: everyone); its
responsable and organisateurs change them (access.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import (
    club_role,
    club_season_editor,
    may_edit_seasons,
    season_editable,
    season_readable,
)
from ..errors import UserError
from ..exports import registry
from ..exports.season import rule_text
from ..forms.season import SeasonForm
from ..journal.log import Actor
from ..models import Club, Season
from ..publish.status import season_status


def season_list(request: HttpRequest, club: str) -> HttpResponse:
    """The club's seasons: all of them for its members; its published ones for anyone else
    (a 404 when it has none, as for a club one does not belong to)."""
    found = get_object_or_404(Club, slug=club)
    role = club_role(request, found)
    seasons = (selectors.club_seasons(found.pk) if role is not None
               else selectors.published_seasons(club_id=found.pk))
    if role is None and not seasons:
        raise Http404(_("Ce club n'existe pas."))
    return render(request, "tournament/season/list.html", {
        "club": found, "seasons": seasons, "may_edit": may_edit_seasons(role),
        "member": role is not None,
    })


def _form_page(request: HttpRequest, club: Club, season: Season | None) -> HttpResponse:
    choices = selectors.season_choices(season, club.pk)
    if request.method != "POST":
        form = SeasonForm.of(season, choices)
    else:
        form = SeasonForm(request.POST, choices=choices)
        if form.is_valid():
            try:
                if season is None:
                    saved = services.season_create(club=club, **form.values(),
                                                   by=Actor.of_user(request.user))
                else:
                    saved = services.season_update(season=season, **form.values(),
                                                   by=Actor.of_user(request.user))
            except UserError as error:
                form.add_error(error.field if error.field in form.fields else None,
                               error.message)
            else:
                messages.success(request, _("Saison enregistrée."))
                return redirect("tournament:season", club.slug, saved.pk)
    return render(request, "tournament/season/form.html", {
        "club": club, "season": season, "form": form,
    }, status=400 if form.is_bound and form.errors else 200)


def season_create(request: HttpRequest, club: str) -> HttpResponse:
    return _form_page(request, club_season_editor(request, club), None)


def season_edit(request: HttpRequest, club: str, season: int) -> HttpResponse:
    found = season_editable(request, club, season)
    return _form_page(request, found.club, found)


@require_POST
def season_delete(request: HttpRequest, club: str, season: int) -> HttpResponse:
    found = season_editable(request, club, season)
    services.season_delete(season=found, by=Actor.of_user(request.user))
    messages.success(request, _("Saison « %(name)s » supprimée ; ses concours restent.")
                     % {"name": found.name})
    return redirect("tournament:seasons", club)


def season_detail(request: HttpRequest, club: str, season: int) -> HttpResponse:
    found, role = season_readable(request, club, season)
    standings = selectors.season_standings(found)
    return render(request, "tournament/season/standings.html", {
        "club": found.club, "season": found, "standings": standings,
        "rule": rule_text(standings), "member": role is not None,
        "may_edit": may_edit_seasons(role), "documents": registry.SEASON_DOCUMENTS.values(),
        "online": season_status(found) if role is not None else None,
    })


def season_screen(request: HttpRequest, club: str, season: int) -> HttpResponse:
    """The season on the projector: its standings, then its concours, cycling as the
    concours' screen does (screen.js)."""
    found, _role = season_readable(request, club, season)
    standings = selectors.season_standings(found)
    return render(request, "tournament/season/screen.html", {
        "season": found, "standings": standings, "rule": rule_text(standings),
    })
