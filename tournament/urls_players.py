"""Addresses of a mêlée's players: the list with the registration form, the file import, a
player's page, withdrawing, bringing back and deleting a player (one address per action)."""

from django.urls import path

from .views import imports, players

PLAYER = "t/<slug:slug>/players/<number:number>/"
urlpatterns = [
    path("t/<slug:slug>/players/", players.player_list, name="players"),
    path("t/<slug:slug>/players/import/", players.players_import, name="players_import"),
    path("t/<slug:slug>/players/import/confirm/", imports.players_import_confirm,
         name="players_import_confirm"),
    path(PLAYER, players.player_detail, name="player"),
    path(PLAYER + "withdraw/", players.player_withdraw, name="player_withdraw"),
    path(PLAYER + "return/", players.player_return, name="player_return"),
    path(PLAYER + "delete/", players.player_delete, name="player_delete"),
]
