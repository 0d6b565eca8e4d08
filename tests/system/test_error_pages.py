"""Error pages in French (400, 403, 404, 500, 503), and a database that cannot write answered
with the French 503 page, not a server error; `make run` without Django's debug pages."""

import html
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.builders import made, organiser, play_to_the_end, tournament
from tests.system.test_settings import run_manage
from tournament import services
from tournament.middleware import server_error
from tournament.models import AuditEntry, DonneRecord, Game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent.parent
PLAIN = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "95", "position": "1"}


@pytest.fixture
def game():
    t = tournament(owner=organiser("erreurs"), teams=2, slug="erreurs")
    services.round_generate(tournament=t, seed=1)
    return Game.objects.get(round__tournament=t, table=1)


def test_a_dead_table_link_is_a_french_404(client):
    response = client.get("/table/pas-un-vrai-jeton/")
    page = html.unescape(response.content.decode())
    assert response.status_code == 404
    assert "Page introuvable" in page and "nouveau lien" in page and "Not Found" not in page
    assert "data-large-switch" in page  # « Grands caractères », as on every page


def test_an_unpublished_concours_is_a_french_404(client):
    tournament(slug="cache", published=False)
    response = client.get("/t/cache/standings/")
    assert response.status_code == 404 and "Page introuvable" in response.content.decode()


def test_a_post_to_a_closed_partie_is_a_french_403_saying_why(client, game):
    play_to_the_end(game)
    services.round_generate(tournament=game.round.tournament, seed=2)  # closes partie 1
    recorded = DonneRecord.objects.count()
    response = client.post(reverse("tournament:table_link", args=[game.token]), PLAIN)
    page = html.unescape(response.content.decode())
    assert response.status_code == 403
    assert "Accès refusé" in page and "Cette partie est close." in page
    assert "Forbidden" not in page and DonneRecord.objects.count() == recorded


def test_the_table_de_marque_gets_a_french_403(client, game):
    from tournament.models import Membership, Tournament

    marque = organiser("voisin")
    Membership.objects.create(club=Tournament.objects.get(slug="erreurs").club, user=marque,
                              role="marque")
    client.force_login(marque)
    response = client.get(reverse("tournament:rules", args=["erreurs"]))
    assert response.status_code == 403 and "Accès refusé" in response.content.decode()


def test_a_csrf_failure_is_a_french_page_that_says_nothing_was_saved(game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(game.round.tournament.organiser)
    response = client.post(reverse("tournament:game", args=["erreurs", 1, 1]), PLAIN)
    page = html.unescape(response.content.decode())
    assert response.status_code == 403
    assert "Formulaire expiré" in page and "Rien n'a été enregistré" in page
    assert "CSRF verification failed" not in page and not DonneRecord.objects.exists()


def test_a_bad_request_is_a_french_400(client):
    response = client.get("/", headers={"host": "pas un hôte"})
    assert response.status_code == 400 and "Demande incorrecte" in response.content.decode()


def test_a_server_error_is_a_french_500(game, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("un bogue")

    monkeypatch.setattr("tournament.views.public.readable", broken)
    client = Client(raise_request_exception=False)
    response = client.get(reverse("tournament:standings", args=["erreurs"]))
    assert response.status_code == 500
    assert "Erreur du serveur" in response.content.decode()
    # « Grands caractères » here too, kept with the desk's pages (not the hall's default).
    page = response.content.decode()
    assert "data-large-switch" in page and "grands-caracteres-" in page
    assert "data-large-default" not in page


@pytest.mark.parametrize("message", ["database or disk is full",
                                     "attempt to write a readonly database"])
def test_a_post_on_a_database_that_cannot_write_is_a_french_503(game, monkeypatch, message):
    def cannot_write(**kwargs):
        raise OperationalError(message)

    monkeypatch.setattr(services, "donne_record", cannot_write)
    client = Client(raise_request_exception=False)
    response = client.post(reverse("tournament:table_link", args=[game.token]), PLAIN)
    page = html.unescape(response.content.decode())
    assert response.status_code == 503 and response["Retry-After"] == "60"
    assert "Service momentanément indisponible" in page and "Rien n'a été enregistré" in page


def test_a_public_page_on_a_read_only_database_is_a_503_not_a_500(game, monkeypatch):
    def cannot_write(*args, **kwargs):
        raise OperationalError("attempt to write a readonly database")

    monkeypatch.setattr("tournament.views.public.readable", cannot_write)
    client = Client(raise_request_exception=False)
    response = client.get(reverse("tournament:standings", args=["erreurs"]))
    assert response.status_code == 503


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"),
                                   OSError(30, "Read-only file system")])
def test_the_writers_lock_file_on_a_full_or_read_only_disk_is_a_503(game, monkeypatch, error):
    def cannot_write(**kwargs):
        raise error

    monkeypatch.setattr(services, "donne_record", cannot_write)
    client = Client(raise_request_exception=False)
    response = client.post(reverse("tournament:table_link", args=[game.token]), PLAIN)
    assert response.status_code == 503


def test_other_database_errors_stay_server_errors(game, monkeypatch):
    def bug(**kwargs):
        raise OperationalError("no such column: game.nothing")

    monkeypatch.setattr(services, "donne_record", bug)
    client = Client(raise_request_exception=False)
    response = client.post(reverse("tournament:table_link", args=[game.token]), PLAIN)
    assert response.status_code == 500 and "Erreur du serveur" in response.content.decode()


def test_the_500_handler_answers_a_full_disk_outside_a_view_with_the_503_page():
    # A session or a message written after the view fails in another middleware: there only
    # the 500 handler sees it, while the error is being handled.
    request = RequestFactory().post("/")
    try:
        raise OperationalError("database or disk is full")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    try:
        raise ValueError("un bogue")
    except ValueError:
        response = server_error(request)
    assert response.status_code == 500


def test_a_restore_with_a_next_that_is_no_path_goes_back_to_the_journal(client, game):
    services.donne_record(game=game, number=None, donne=made())
    entry = AuditEntry.objects.filter(tournament=game.round.tournament).latest("pk")
    client.force_login(game.round.tournament.organiser)
    for back in ("-1", "home", "tournament:home"):
        response = client.post(reverse("tournament:restore", args=["erreurs", entry.pk]),
                               {"which": "after", "next": back})
        assert response.status_code == 302
        assert response["Location"] == reverse("tournament:journal", args=["erreurs"])


def test_make_run_serves_without_debug_pages_unless_asked():
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "runserver" in recipe and "DJANGO_DEBUG=$${DJANGO_DEBUG:-0}" in recipe
    assert ":-1}" not in recipe


def test_a_sqlite_database_url_starts(tmp_path):
    code = ("from django.db import connection as c; cur = c.cursor(); "
            "cur.execute('select 1'); print(c.vendor, cur.fetchone()[0])")
    result = run_manage("shell", "-v", "0", "-c", code, DJANGO_VAR_DIR=str(tmp_path),
                        DATABASE_URL=f"sqlite:///{tmp_path / 'url.sqlite3'}")
    assert result.stdout.split() == ["sqlite", "1"], result.stderr
