"""The app's addresses. Their names and shapes never change: printed QR codes, score sheets
and bookmarks point at them.

Numbers in them are read by bounded converters instead of Django's `int`, which takes any
count of digits: `/rounds/99999999999999999999/` would reach the database with a number no
column holds (a server error on PostgreSQL), and 5,000 digits would make int() itself fail.
Here such an address simply matches nothing: a 404.
"""

from django.urls import path, register_converter

from .validators import MAX_SMALL
from .views import (
    arrivals,
    countdown,
    entrant_kinds,
    entrants,
    finder,
    imports,
    journal,
    public,
    rounds,
    screens,
    tournaments,
)


class SmallNumber:
    """A partie, table, team or donne number: 1 to 5 digits, at most MAX_SMALL."""

    regex = "[0-9]{1,5}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_SMALL:
            raise ValueError(value)  # no match: a 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class RowId:
    """A row's id (a journal entry): at most 18 digits, so always below 2**63 (BigAutoField)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(SmallNumber, "number")
register_converter(RowId, "row_id")

app_name = "tournament"
# The converters are registered above, before the area modules build their patterns.
from . import (  # noqa: E402
    urls_entry,
    urls_exports,
    urls_members,
    urls_phases,
    urls_players,
    urls_publish,
    urls_register,
    urls_results,
    urls_season,
    urls_sponsors,
)

GAME = "t/<slug:slug>/rounds/<number:number>/tables/<number:table>/"
TEAM = "t/<slug:slug>/teams/<number:number>/"
# The pages of an entrant are written once (views.entrants), for the kind each address names.
TEAMS = {"kind": entrant_kinds.TEAMS}
urlpatterns = [
    path("", public.home, name="home"),
    path("t/new/", tournaments.tournament_create, name="create"),
    path("t/<slug:slug>/", tournaments.tournament_detail, name="detail"),
    path("t/<slug:slug>/rules/", tournaments.tournament_rules, name="rules"),
    path("t/<slug:slug>/teams/", entrants.entrant_list, TEAMS, name="teams"),
    path("t/<slug:slug>/teams/import/", entrants.entrants_import, TEAMS, name="teams_import"),
    path("t/<slug:slug>/teams/import/confirm/", imports.teams_import_confirm,
         name="teams_import_confirm"),
    path("t/<slug:slug>/delete/", tournaments.tournament_delete, name="tournament_delete"),
    path(TEAM, entrants.entrant_detail, TEAMS, name="team"),
    path(TEAM + "withdraw/", entrants.entrant_withdraw, TEAMS, name="team_withdraw"),
    path(TEAM + "reinstate/", entrants.entrant_reinstate, TEAMS, name="team_reinstate"),
    path(TEAM + "forfeit/", entrants.team_forfeit, name="team_forfeit"),
    path(TEAM + "delete/", entrants.entrant_delete, TEAMS, name="team_delete"),
    # The desk's pointage: a team's number in doublettes, a player's in a mêlée.
    path("t/<slug:slug>/arrivees/", arrivals.arrivals, name="arrivals"),
    path("t/<slug:slug>/arrivees/<number:number>/arrive/", arrivals.entrant_arrive,
         name="entrant_arrive"),
    path("t/<slug:slug>/arrivees/<number:number>/absent/", arrivals.entrant_absent,
         name="entrant_absent"),
    path("t/<slug:slug>/rounds/new/", rounds.round_generate, name="round_generate"),
    path("t/<slug:slug>/rounds/<number:number>/", rounds.round_detail, name="round"),
    path("t/<slug:slug>/rounds/<number:number>/undo/", rounds.round_undo, name="round_undo"),
    path("t/<slug:slug>/rounds/<number:number>/close/", rounds.round_close,
         name="round_close"),
    path("t/<slug:slug>/rounds/<number:number>/late/bye/", rounds.round_late_bye,
         name="round_late_bye"),
    path("t/<slug:slug>/rounds/<number:number>/late/table/", rounds.round_late_table,
         name="round_late_table"),
    path("t/<slug:slug>/rounds/<number:number>/late/exempt/", rounds.round_late_exempt,
         name="round_late_exempt"),
    path("t/<slug:slug>/rounds/<number:number>/time/", rounds.round_time, name="round_time"),
    path("t/<slug:slug>/rounds/<number:number>/time/cancel/", rounds.round_time_cancel,
         name="round_time_cancel"),
    path("t/<slug:slug>/rounds/<number:number>/clock/", countdown.round_clock,
         name="round_clock"),
    path("t/<slug:slug>/rounds/<number:number>/clock/cancel/", countdown.round_clock_cancel,
         name="round_clock_cancel"),
    path("t/<slug:slug>/standings/", public.standings, name="standings"),
    # « Où est ma table ? »: its QR code is on the projector and on the pairings.
    path("t/<slug:slug>/ma-table/", finder.finder, name="finder"),
    # The hall's screens: the desk's settings, and the screens (public, as the projector).
    path("t/<slug:slug>/ecrans/", screens.screens, name="screens"),
    path("t/<slug:slug>/ecrans/ajouter/", screens.screen_add, name="screen_add"),
    path("t/<slug:slug>/ecrans/<number:number>/", screens.hall_screen, name="hall_screen"),
    path("t/<slug:slug>/ecrans/<number:number>/etat/", screens.hall_screen_state,
         name="hall_screen_state"),
    path("t/<slug:slug>/ecrans/<number:number>/reglages/", screens.screen_settings,
         name="screen_settings"),
    path("t/<slug:slug>/ecrans/<number:number>/supprimer/", screens.screen_delete,
         name="screen_delete"),
    path("t/<slug:slug>/journal/", journal.journal, name="journal"),
    path("t/<slug:slug>/journal/<row_id:entry>/restore/", journal.restore, name="restore"),
    path(GAME + "history/", journal.table_history, name="history"),
    *urls_entry.urlpatterns,
    *urls_exports.urlpatterns,
    *urls_members.urlpatterns,
    *urls_phases.urlpatterns,
    *urls_players.urlpatterns,
    *urls_publish.urlpatterns,
    *urls_register.urlpatterns,
    *urls_results.urlpatterns,
    *urls_season.urlpatterns,
    *urls_sponsors.urlpatterns,
]
