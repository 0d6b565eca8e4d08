"""Addresses of printed documents, downloads and the projector's screen. Their shapes never
change: bookmarks and the projector point at them."""

from django.urls import path

from . import views_exports

urlpatterns = [
    path("t/<slug:slug>/standings.pdf", views_exports.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/standings.xlsx", views_exports.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/sheets-blank.pdf", views_exports.blank_score_sheets,
         name="blank_score_sheets"),
    path("t/<slug:slug>/rounds/<number:number>/sheets.pdf", views_exports.score_sheets,
         name="score_sheets"),
    path("t/<slug:slug>/rounds/<number:number>/pairings.pdf", views_exports.pairings,
         name="pairings_pdf"),
    path("t/<slug:slug>/screen/", views_exports.screen, name="screen"),
    path("t/<slug:slug>/backup.json", views_exports.backup, name="backup"),
]
