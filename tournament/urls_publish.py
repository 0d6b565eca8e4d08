"""Addresses of publishing to a results server (issue 36): the club's server, a concours'
publication."""

from django.urls import path

from .views import publish

SERVER = "clubs/<slug:slug>/serveur-de-resultats/"
PUBLICATION = "t/<slug:slug>/publication/"
urlpatterns = [
    path(SERVER, publish.results_server, name="results_server"),
    path(SERVER + "rejoindre/", publish.results_server_join, name="results_server_join"),
    path(SERVER + "quitter/", publish.results_server_leave, name="results_server_leave"),
    path(PUBLICATION, publish.publication, name="publication"),
    path(PUBLICATION + "envoyer/", publish.publication_push, name="publication_push"),
    path(PUBLICATION + "circuits/", publish.publication_circuits, name="publication_circuits"),
    path(PUBLICATION + "fiche/", publish.publication_fiche, name="publication_fiche"),
]
