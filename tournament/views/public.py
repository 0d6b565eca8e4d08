"""Pages anyone may read where the concours is readable (`access.readable`): the home page,
the help, the standings and the projector's screen."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from .. import selectors
from ..access import RUNNING_ROLES, WHO_MAY, club_roles, readable
from ..exports import documents, qr
from ..launcher import first_start
from ..selectors.phase_screen import phase_screen
from ..tables import StandingsTable
from .common import table_link_base

HOME_SEASONS = 30  # the home page's published seasons of other clubs, the latest


def home(request: HttpRequest) -> HttpResponse:
    """The concours of every club of the account, grouped by club, then the published
    ones of other clubs."""
    clubs, others = selectors.home_concours(request.user)
    roles = club_roles(request.user)
    # An account of no club creates its first concours (and its club); a table de marque
    # of every club it belongs to creates none.
    can_create = request.user.is_authenticated and (
        not roles or bool(set(roles.values()) & RUNNING_ROLES))
    member_of = {group.club.pk for group in clubs}
    seasons = [season for season in selectors.published_seasons(limit=HOME_SEASONS)
               if season.club_id not in member_of]  # a member finds them under the club
    # Before the first password is chosen, the home page said nothing of the page where
    # it is (issue 32): on this computer (the only one that page serves), it is offered.
    first_start_pending = (not request.user.is_authenticated
                           and first_start.is_this_computer(request.META.get("REMOTE_ADDR", ""))
                           and first_start.pending_account() is not None)
    return render(request, "tournament/public/home.html",
                  {"clubs": clubs, "tournaments": others, "can_create": can_create,
                   "seasons": seasons, "first_start_pending": first_start_pending,
                   "invitations": selectors.my_invitations(request.user)})


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    standing = documents.standings(tournament)  # the same builder as the PDF and workbook
    table = StandingsTable(standing.lines, melee=standing.melee,
                           ranking_points=standing.ranking_points,
                           lots=standing.lots if standing.has_lots else None,
                           awaiting=standing.awaiting, phases=standing.phases,
                           cash=standing.cash)
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournament/public/standings.html", {
        "tournament": tournament, "table": table, "criteria": standing.criteria,
        "on_time": standing.on_time, "standing": standing,
    })


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "help/aide.html", {"who_may": WHO_MAY})


def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for a projector: pages that cycle by themselves (screen.js) through the
    current partie's tables, where each team (each player of a mêlée) plays, the standings,
    and once the concours is over its lots; before the first draw, who is registered. A
    concours in phases shows its poules' grids during the poules, and during the tableaux
    the calls and the bracket of the current rounds."""
    tournament = readable(request, slug)
    finder = documents.finder_link(tournament, table_link_base(request))
    return render(request, "tournament/public/screen.html", {
        "tournament": tournament, "screen": documents.screen(tournament),
        "finder": finder, "finder_qr": qr.data_uri(finder) if finder else "",
        "phases": phase_screen(tournament),
    })
