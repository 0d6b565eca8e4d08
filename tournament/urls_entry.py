"""Addresses of donne entry: a game's page (the organiser) and a table link (a phone).
Their shapes never change: printed QR codes point at the table links."""

from django.urls import path

from . import views_entry

GAME = "t/<slug:slug>/rounds/<number:number>/tables/<number:table>/"
urlpatterns = [
    path(GAME, views_entry.game_detail, name="game"),
    path(GAME + "preview/", views_entry.game_preview, name="game_preview"),
    path(GAME + "forfeit/", views_entry.game_forfeit, name="game_forfeit"),
    path(GAME + "donnes/<number:donne>/delete/", views_entry.game_donne_delete,
         name="donne_delete"),
    # A table link: the token is the whole credential (access.py).
    path("table/<str:token>/", views_entry.table_link, name="table_link"),
    path("table/<str:token>/preview/", views_entry.table_link_preview,
         name="table_link_preview"),
]
