"""The desk's pointage page (/t/<slug>/arrivees/): every registered entrant, a filter as one
types (in the page's script, no request per key), one key or one touch to mark it arrived or
absent again; each mark is one POST to its own address, the row and the counts replaced in
place (htmx), or the page again without a script."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk
from ..errors import UserError
from ..models import Player, Team
from .common import _by


@login_required
def arrivals(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = at_desk(request, slug)  # the desk: any member of the club
    return render(request, "tournament/organiser/arrivals.html", {
        "tournament": tournament, "board": selectors.arrivals_board(tournament),
    })


@login_required
@require_POST
def entrant_arrive(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _mark(request, slug, number, arrived=True)


@login_required
@require_POST
def entrant_absent(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _mark(request, slug, number, arrived=False)


def _mark(request: HttpRequest, slug: str, number: int, *, arrived: bool) -> HttpResponse:
    tournament = at_desk(request, slug)  # the desk: any member of the club
    team: Team | None = None
    player: Player | None = None
    if tournament.by_player:
        player = Player.objects.filter(tournament=tournament, number=number).first()
    else:
        team = Team.objects.filter(tournament=tournament, round__isnull=True,
                                   number=number).first()
    if team is None and player is None:
        raise Http404(_("Cet inscrit n'existe pas."))
    refusal = ""
    try:
        services.entrant_arrive(tournament=tournament, team=team, player=player,
                                arrived=arrived, by=_by(request))
    except UserError as error:
        refusal = error.message
    if not getattr(request, "htmx", False):
        if refusal:
            messages.error(request, refusal)
        return redirect("tournament:arrivals", slug=slug)
    # The row (absent from the page if the entrant was withdrawn meanwhile), the counts and
    # the refusal, if any, in place.
    return render(request, "tournament/partials/arrival_update.html", {
        "tournament": tournament, "board": selectors.arrivals_board(tournament),
        "row": selectors.arrival_row(tournament, number), "refusal": refusal,
        "number": number,
    })
