"""A club's seasons: the list, the form (create, change, delete), the standings with the
grid player × concours, its PDF and workbook, and the projector's screen. The club's
members read them (a published season: everyone); its responsable and organisateurs change
them (access.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
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
from ..exports import cache, registry
from ..exports.progress import LONG
from ..exports.season import rule_text
from ..forms.season import SeasonForm
from ..journal.log import Actor
from ..models import Club, Season
from ..publish.status import season_status
from . import progress
from .documents import visitor_refused


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


def _refused(request: HttpRequest, season: Season, retry_after: int, status: int,
             message: str) -> HttpResponse:
    response = render(request, "tournament/season/busy.html", {
        "club": season.club, "season": season, "retry_after": retry_after,
        "message": message, "title": _("Trop de téléchargements") if status == 429
        else _("Documents en préparation")}, status=status)
    response["Retry-After"] = str(retry_after)
    return response


def _document(request: HttpRequest, club: str, season: int, key: str) -> HttpResponse:
    found, role = season_readable(request, club, season)
    document = registry.SEASON_DOCUMENTS[key]
    now = timezone.now()
    long = LONG.get(key)
    # A member's long document is made in the background (a visitor's stays bounded by the
    # public render slot: a visitor never starts a job).
    estimate = long.estimate(selectors.season_size(found)) if long and role else None
    if estimate is not None:
        return progress.start(
            request, None, club=found.club, filename=document.filename(found, now),
            estimate=estimate, make=lambda _step: document.render(found, now),
            back=reverse("tournament:season", args=[club, season]),
            content_type=document.content_type, inline=document.inline)
    # Kept by what it shows (exports.cache.season_version), and a visitor's downloads
    # counted, as the concours' documents are: a visitor loading it in a loop rendered it
    # afresh each time.
    if role is None:
        wait = visitor_refused(request)
        if wait:
            return _refused(request, found, wait, 429, _(
                "Vous avez demandé beaucoup de documents en une minute : les téléphones "
                "des tables passent d'abord."))
    key = cache.document_key(found, document.key)
    kept = cache.read(found, document.key)
    content = cache.servable(kept, key, organiser=role is not None)
    if content is None:
        try:
            with cache.render_slot(public=role is None):
                content = cache.servable(cache.read(found, document.key), key,
                                         organiser=role is not None)
                if content is None:
                    content = document.render(found, now)
                    cache.write(found, document.key, (), key, content)
        except cache.Busy:
            content = cache.busy_fallback(kept, organiser=role is not None)
            if content is None:
                return _refused(request, found, cache.RETRY_BUSY, 503, _(
                    "D'autres documents sont en préparation : celui-ci le sera dans un "
                    "instant."))
    response = HttpResponse(content, content_type=document.content_type)
    disposition = "inline" if document.inline else "attachment"
    response["Content-Disposition"] = (f'{disposition}; '
                                       f'filename="{document.filename(found, now)}"')
    return response


def season_pdf(request: HttpRequest, club: str, season: int) -> HttpResponse:
    return _document(request, club, season, "season")


def season_xlsx(request: HttpRequest, club: str, season: int) -> HttpResponse:
    return _document(request, club, season, "season.xlsx")


def season_screen(request: HttpRequest, club: str, season: int) -> HttpResponse:
    """The season on the projector: its standings, then its concours, cycling as the
    concours' screen does (screen.js)."""
    found, _role = season_readable(request, club, season)
    standings = selectors.season_standings(found)
    return render(request, "tournament/season/screen.html", {
        "season": found, "standings": standings, "rule": rule_text(standings),
    })
