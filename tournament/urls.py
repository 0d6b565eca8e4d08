from django.urls import path

from . import views, views_audit, views_exports

app_name = "tournament"
game = "t/<slug:slug>/rounds/<int:number>/tables/<int:table>/"
urlpatterns = [
    path("", views.home, name="home"),
    path("t/new/", views.tournament_create, name="create"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/rules/", views.tournament_rules, name="rules"),
    path("t/<slug:slug>/teams/", views.team_list, name="teams"),
    path("t/<slug:slug>/teams/<int:number>/", views.team_detail, name="team"),
    path("t/<slug:slug>/rounds/new/", views.round_generate, name="round_generate"),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path(game, views.game_detail, name="game"),
    path(game + "preview/", views.game_preview, name="game_preview"),
    path(game + "forfeit/", views.game_forfeit, name="game_forfeit"),
    path(game + "donnes/<int:donne>/delete/", views.game_donne_delete, name="donne_delete"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/standings.pdf", views_exports.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/standings.xlsx", views_exports.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/rounds/<int:number>/sheets.pdf", views_exports.score_sheets,
         name="score_sheets"),
    path("t/<slug:slug>/rounds/<int:number>/pairings.pdf", views_exports.pairings,
         name="pairings_pdf"),
    path("t/<slug:slug>/screen/", views_exports.screen, name="screen"),
    path("t/<slug:slug>/backup.json", views_exports.backup, name="backup"),
    path("t/<slug:slug>/journal/", views_audit.journal, name="journal"),
    path("t/<slug:slug>/journal/<int:entry>/restore/", views_audit.restore, name="restore"),
    path(game + "history/", views_audit.table_history, name="history"),
    # A table link: the token is the whole credential (access.py).
    path("table/<str:token>/", views.table_link, name="table_link"),
    path("table/<str:token>/preview/", views.table_link_preview, name="table_link_preview"),
]
