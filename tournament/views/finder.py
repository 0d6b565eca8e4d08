"""« Où est ma table ? »: the public page where a player finds where they play, and the part
of it their phone asks for again every few seconds (htmx), so it follows the next draw.

Bounded per visitor as the public documents are (exports.serve.visitor_wait), with its own
count: a phone refreshing by itself must not eat the visitor's documents."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from .. import selectors
from ..access import is_member, readable
from ..exports import serve


def finder(request: HttpRequest, slug: str) -> HttpResponse:
    """The page (`?q=` a number, a name or a few letters); htmx's refresh gets its result
    part only."""
    tournament = readable(request, slug)
    refresh = request.headers.get("HX-Request") == "true"
    if not is_member(request, tournament):
        wait = serve.visitor_wait(request, kind="finder",
                                  limit=settings.FINDER_VISITOR_LIMIT)
        if wait:
            if refresh:  # htmx keeps what the phone shows; it asks again at the next beat
                return HttpResponse(status=429, headers={"Retry-After": str(wait)})
            return serve.refused(request, tournament, 429, _("Trop de recherches"), _(
                "Vous avez cherché beaucoup de fois en une minute : les téléphones des "
                "tables passent d'abord."), retry_after=wait)
    found = selectors.table_finder(tournament, request.GET.get("q", ""))
    template = ("tournament/partials/finder_result.html" if refresh
                else "tournament/public/finder.html")
    return render(request, template, {
        "tournament": tournament, "finder": found, "refresh": settings.FINDER_REFRESH,
        "large_default": True, "melee": tournament.by_player,
    })
