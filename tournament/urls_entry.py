"""Addresses of donne entry: a game's page (the organiser) and a table link (a phone).
Their shapes never change: printed QR codes point at the table links."""

from django.urls import path

from .views import entry, table

GAME = "t/<slug:slug>/rounds/<number:number>/tables/<number:table>/"
urlpatterns = [
    path(GAME, entry.game_detail, name="game"),
    path(GAME + "preview/", entry.game_preview, name="game_preview"),
    path(GAME + "forfeit/", entry.game_forfeit, name="game_forfeit"),
    path(GAME + "donnes/<number:donne>/delete/", entry.game_donne_delete,
         name="donne_delete"),
    # A table link: the token is the whole credential (access.py).
    path("table/<str:token>/", table.table_link, name="table_link"),
    path("table/<str:token>/preview/", table.table_link_preview,
         name="table_link_preview"),
    # The same page for either side's link (Game.token or Game.token_ew): the paper sheet's
    # totals, and the two confirmations (issue 13).
    path("table/<str:token>/totals/", table.table_link_totals, name="table_link_totals"),
    path("table/<str:token>/confirm/", table.table_link_confirm, name="table_link_confirm"),
    path("table/<str:token>/dispute/", table.table_link_dispute, name="table_link_dispute"),
]
