"""Addresses of a concours in phases (BRACKETS.md): its formule and its poules."""

from django.urls import path

from .views import phases

MATCH = "t/<slug:slug>/tableaux/<slug:tableau>/<number:round_index>/<number:index>/"
PLACING = ("t/<slug:slug>/tableaux/<slug:tableau>/places/<number:low>/<number:round_index>/"
           "<number:index>/")
urlpatterns = [
    path("t/<slug:slug>/phases/", phases.phase_plan, name="phase_plan"),
    path("t/<slug:slug>/poules/", phases.poules, name="poules"),
    path("t/<slug:slug>/poules/draw/", phases.poules_draw, name="poules_draw"),
    path("t/<slug:slug>/poules/undo/", phases.poules_undraw, name="poules_undraw"),
    path("t/<slug:slug>/poules/swap/", phases.poules_swap, name="poules_swap"),
    path("t/<slug:slug>/poules/parties/new/", phases.poule_partie_generate,
         name="poule_partie_generate"),
    path("t/<slug:slug>/tableaux/", phases.tableaux, name="tableaux"),
    path("t/<slug:slug>/tableaux/draw/", phases.tableaux_draw, name="tableaux_draw"),
    # A match by its tableau, its round and its place in the round, both from 1.
    path(MATCH + "call/", phases.tableau_match_call, name="tableau_match_call"),
    path(MATCH + "uncall/", phases.tableau_match_uncall, name="tableau_match_uncall"),
    # A placing match by its group's first place, the group's size and its place in it.
    path(PLACING + "call/", phases.tableau_match_call, name="tableau_placing_call"),
    path(PLACING + "uncall/", phases.tableau_match_uncall, name="tableau_placing_uncall"),
]
