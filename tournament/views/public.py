"""Pages anyone may read where the concours is readable (`access.readable`): the home page,
the help, the standings and the projector's screen."""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from ..access import readable
from ..exports import documents
from ..models import Club, Tournament
from ..tables import StandingsTable


def home(request: HttpRequest) -> HttpResponse:
    visible = Q(published=True)
    if request.user.is_authenticated:
        visible |= Q(organiser=request.user)
    clubs = (Club.objects.filter(memberships__user_id=request.user.pk)
             if request.user.is_authenticated else Club.objects.none())
    return render(request, "tournament/public/home.html",
                  {"tournaments": Tournament.objects.filter(visible)[:100], "clubs": clubs})


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    standing = documents.standings(tournament)  # the same builder as the PDF and workbook
    table = StandingsTable(standing.lines, melee=standing.melee,
                           ranking_points=standing.ranking_points,
                           lots=standing.lots if standing.has_lots else None,
                           awaiting=standing.awaiting)
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournament/public/standings.html", {
        "tournament": tournament, "table": table, "criteria": standing.criteria,
        "on_time": standing.on_time, "standing": standing,
    })


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "help/aide.html")


def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for a projector: pages that cycle by themselves (screen.js) through the
    current partie's tables, where each team (each player of a mêlée) plays, the standings,
    and once the concours is over its lots; before the first draw, who is registered."""
    tournament = readable(request, slug)
    return render(request, "tournament/public/screen.html", {
        "tournament": tournament, "screen": documents.screen(tournament),
    })
