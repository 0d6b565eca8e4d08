"""The results server's addresses, under /circuit/: the clubs' push (token), the comité's
fiche upload (staff accounts), and the public pages (read-only, cached)."""

from django.urls import path

from . import views

app_name = "circuit"

urlpatterns = [
    path("api/join/", views.join, name="join"),
    path("api/push/", views.push, name="push"),
    path("api/withdraw/", views.withdraw, name="withdraw"),
    path("api/season/", views.season_push, name="season_push"),
    path("fiche/", views.fiche_upload, name="fiche"),
    path("", views.home, name="home"),
    path("clubs/<slug:club>/", views.club, name="club"),
    path("clubs/<slug:club>/concours/<int:pk>/", views.concours, name="concours"),
    path("clubs/<slug:club>/saisons/<int:pk>/", views.season, name="season"),
    path("circuits/<slug:slug>/", views.circuit, name="circuit"),
    path("circuits/<slug:slug>/memes-joueurs/", views.same_people, name="same_people"),
    path("circuits/<slug:slug>/memes-joueurs/choisir/", views.same_person_choose,
         name="same_person_choose"),
    path("circuits/<slug:slug>/qualifies.csv", views.qualifiers_csv, name="qualifiers_csv"),
    path("circuits/<slug:slug>/classement.pdf", views.circuit_pdf, name="circuit_pdf"),
    path("circuits/<slug:slug>/classement.xlsx", views.circuit_xlsx, name="circuit_xlsx"),
]
