"""« Exporter pour le site »: the zip of static pages of a concours, or of several concours of
a club (exports.static_site). Reads only: downloads by GET."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..access import at_desk, club_member
from ..errors import UserError
from ..exports import serve, static_site
from ..exports.serve import LONG
from ..selectors import concours_tables
from ..selectors.season import club_seasons, season_standings
from ..validators import whole_number

ZIP = "application/zip"
MAX_CONCOURS = 100  # concours of one club export: two seasons of weekly concours
MAX_SEASONS = 10


def _download(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=ZIP)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def concours_site(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = at_desk(request, slug)  # the desk prints every document
    now = timezone.now()
    estimate = LONG["site"].estimate(concours_tables(tournament))
    if estimate is not None:  # a refusal (UserError) is then the job's French error
        return serve.start(
            request, tournament, filename=static_site.concours_filename(tournament, now),
            estimate=estimate, make=lambda _step: static_site.concours_zip(tournament, now),
            back=reverse("tournament:detail", args=[slug]), content_type=ZIP, inline=False)
    try:
        content = static_site.concours_zip(tournament, now)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:detail", slug=slug)
    return _download(content, static_site.concours_filename(tournament, now))


def club_site(request: HttpRequest, club: str) -> HttpResponse:
    """The club's concours, to choose those the site shows."""
    found = club_member(request, club)
    tournaments = found.tournaments.order_by("-date", "-pk")
    return render(request, "tournament/organiser/club_site_export.html", {
        "club": found, "tournaments": tournaments, "seasons": club_seasons(found.pk),
        "max_concours": MAX_CONCOURS,
    })


def club_site_zip(request: HttpRequest, club: str) -> HttpResponse:
    """The site of the concours chosen (`?concours=<id>`, repeated) and of the seasons chosen
    (`?saison=<id>`, repeated: their standings and grid, and their concours), all of the
    club."""
    found = club_member(request, club)
    raw = request.GET.getlist("concours")
    raw_seasons = request.GET.getlist("saison")
    season_numbers = {whole_number(value, maximum=2**62)
                      for value in raw_seasons[:MAX_SEASONS + 1]}
    season_ids = {number for number in season_numbers if number is not None}
    seasons = [season for season in club_seasons(found.pk) if season.pk in season_ids]
    refusal = ""
    if len(raw_seasons) > MAX_SEASONS:
        refusal = _("%(n)d saisons au plus à la fois.") % {"n": MAX_SEASONS}
    elif len(seasons) < len(season_numbers):
        refusal = _("Une saison cochée n'existe pas ou n'est pas de ce club.")
    # A season's concours are on its site (its players' pages read them).
    raw = [*raw, *(str(pk) for pk in found.tournaments.filter(season__in=seasons)
                   .values_list("pk", flat=True))]
    numbers = {whole_number(value, maximum=2**62) for value in raw[:MAX_CONCOURS + 1]}
    ids = {number for number in numbers if number is not None}
    if not refusal and not raw:
        refusal = _("Cochez au moins un concours ou une saison.")
    elif not refusal and len(raw) > MAX_CONCOURS:
        refusal = _("%(n)d concours au plus à la fois.") % {"n": MAX_CONCOURS}
    elif len(ids) < len(numbers):
        refusal = _("Un concours coché n'existe pas.")
    chosen = [] if refusal else list(found.tournaments.filter(pk__in=ids))
    if not refusal and len(chosen) != len(ids):
        refusal = _("Un concours coché n'existe pas ou n'est pas de ce club.")
    if not refusal:
        now = timezone.now()

        def make() -> bytes:
            return static_site.club_zip(
                found, chosen, now,
                [static_site.season.site_season(season_standings(season))
                 for season in seasons])

        estimate = LONG["club_site"].estimate(sum(concours_tables(each) for each in chosen))
        if estimate is not None:
            return serve.start(
                request, None, club=found,
                filename=static_site.club_filename(found, chosen, seasons),
                estimate=estimate, make=lambda _step: make(),
                back=reverse("tournament:club_site", args=[found.slug]), content_type=ZIP,
                inline=False)
        try:
            content = make()
        except UserError as error:
            refusal = error.message
        else:
            return _download(content, static_site.club_filename(found, chosen, seasons))
    messages.error(request, refusal)
    return redirect("tournament:club_site", club=found.slug)
