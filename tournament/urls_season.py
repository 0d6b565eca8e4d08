"""Addresses of a club's seasons (issue 25)."""

from django.urls import path

from .views import season

SEASON = "clubs/<slug:club>/saisons/<row_id:season>/"
urlpatterns = [
    path("clubs/<slug:club>/saisons/", season.season_list, name="seasons"),
    path("clubs/<slug:club>/saisons/new/", season.season_create, name="season_create"),
    path(SEASON, season.season_detail, name="season"),
    path(SEASON + "edit/", season.season_edit, name="season_edit"),
    path(SEASON + "delete/", season.season_delete, name="season_delete"),
    path(SEASON + "ecran/", season.season_screen, name="season_screen"),
]
