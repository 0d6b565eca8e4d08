"""Addresses of a mêlée's players: the list with the registration form, the file import, a
player's page, withdrawing, bringing back and deleting a player (one address per action). The
pages are a doublette's teams' (views.entrants), for the kind of entrant named here."""

from django.urls import path

from .views import entrant_kinds, entrants, imports

PLAYER = "t/<slug:slug>/players/<number:number>/"
PLAYERS = {"kind": entrant_kinds.PLAYERS}
urlpatterns = [
    path("t/<slug:slug>/players/", entrants.entrant_list, PLAYERS, name="players"),
    path("t/<slug:slug>/players/import/", entrants.entrants_import, PLAYERS,
         name="players_import"),
    path("t/<slug:slug>/players/import/confirm/", imports.players_import_confirm,
         name="players_import_confirm"),
    path(PLAYER, entrants.entrant_detail, PLAYERS, name="player"),
    path(PLAYER + "withdraw/", entrants.entrant_withdraw, PLAYERS, name="player_withdraw"),
    path(PLAYER + "return/", entrants.entrant_reinstate, PLAYERS, name="player_return"),
    path(PLAYER + "delete/", entrants.entrant_delete, PLAYERS, name="player_delete"),
]
