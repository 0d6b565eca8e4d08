"""Addresses of the club's register of players (/clubs/<club>/joueurs/…: its page, adding a
player, a player's page, correcting, merging two and undoing it, anonymising; one address
per action), and the type-ahead of a concours' registration forms."""

from django.urls import path

from .views import register

CLUB = "clubs/<slug:club_slug>/joueurs/"
urlpatterns = [
    path(CLUB, register.club_register, name="club_register"),
    path(CLUB + "ajouter/", register.club_player_add, name="club_player_add"),
    path(CLUB + "fusionner/", register.club_player_merge, name="club_player_merge"),
    path(CLUB + "fusions/<row_id:entry>/annuler/", register.club_merge_undo,
         name="club_merge_undo"),
    path(CLUB + "<row_id:pk>/", register.club_player_detail, name="club_player"),
    path(CLUB + "<row_id:pk>/modifier/", register.club_player_edit, name="club_player_edit"),
    path(CLUB + "<row_id:pk>/anonymiser/", register.club_player_anonymise,
         name="club_player_anonymise"),
    path("t/<slug:slug>/registre/", register.register_suggestions,
         name="register_suggestions"),
]
