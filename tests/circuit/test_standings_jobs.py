"""A circuit's standings and documents are made by background jobs (circuit/tasks.py), once
per circuit version, never by a reader: the public page reads the stored standings, 100
lines a page, with a search by name, and says when qualifiers are ex aequo at the last
qualifying place. With the database's queue, a document asked by a reader is made by the
worker and then served."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.tasks import task_backends
from django.test import override_settings
from django.utils import timezone

from circuit import selectors, services, tasks
from circuit.models import CircuitDocument, CircuitTable
from tests.circuit.builders import body, content, joined, player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_page_kept():
    """The public pages are cached (30 s) in a cache the tests share: each starts anew."""
    from django.core.cache import cache

    cache.clear()


def circuit(count=2):
    return services.circuit_create(
        name="Circuit du Gers", start=datetime.date(2026, 12, 1),
        end=datetime.date(2026, 12, 31), kind="table", points_table=[100, 90, 80],
        beyond="zero", participation=0, best=None, min_ranked=0,
        tie_breaks=["best", "played"], qualify={"kind": "top", "count": count})


def push(club, found, teams, version=1):
    services.circuit_club_add(circuit=found, club=club)
    data = content(club, version=version, date="2026-12-05", circuits=[found.slug],
                   standings=teams)
    for line in data["standings"]:
        line["wins"], line["score"] = max(0, line["wins"]), max(0, line["score"])
    services.concours_push(club=club, body=body(data))


def teams(count, first="Nom"):
    return [[player(f"{first}{n:03d}", "A"), player(f"{first}{n:03d}", "B")]
            for n in range(count)]


def test_the_page_reads_the_stored_standings_a_hundred_lines_a_page(client, monkeypatch):
    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(75))  # 150 players
    found.refresh_from_db()
    stored = CircuitTable.objects.get(circuit=found)
    assert stored.version == found.version == 1 and len(stored.table["rows"]) == 150

    def computed(*args, **kwargs):
        raise AssertionError("a reader computed the standings")

    monkeypatch.setattr(selectors, "circuit_standings", computed)
    url = f"/circuit/circuits/{found.slug}/"
    page = client.get(url).content.decode()
    assert page.count('data-label="Rang"') == 100 and "Lignes 1 à 100 sur 150" in page
    assert "A Nom000" in page and "A Nom050" not in page
    second = client.get(url, {"page": 2}).content.decode()
    assert second.count('data-label="Rang"') == 50 and "A Nom050" in second
    # A search by name, accents and case ignored, gives the player's line and rank.
    found_page = client.get(url, {"q": "b NOM07"}).content.decode()
    assert found_page.count('data-label="Rang"') == 5 and "B Nom070" in found_page
    assert "A Nom070" not in found_page
    assert "Aucun joueur de ce nom" in client.get(url, {"q": "Personne"}).content.decode()


def test_the_standings_are_computed_once_per_version(monkeypatch):
    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    calls = []
    real = selectors.circuit_standings
    monkeypatch.setattr(selectors, "circuit_standings",
                        lambda circuit: calls.append(circuit.pk) or real(circuit))
    # The pushes of the same seconds all ask: the first job computes, the others find the
    # stored standings of the circuit's version and compute nothing.
    assert tasks.table_store(circuit_pk=found.pk) == 1
    assert calls == []
    push(auch, found, teams(4), version=2)
    assert calls == [found.pk]
    assert tasks.table_store(circuit_pk=found.pk) == 2 and calls == [found.pk]
    assert len(CircuitTable.objects.get(circuit=found).table["rows"]) == 8


def test_a_tie_at_the_last_qualifying_place_qualifies_all_and_the_page_says_so(client):
    auch, _ = joined()
    found = circuit(count=3)
    push(auch, found, teams(3))  # 3 places: the second doublette's partners share rank 3
    page = client.get(f"/circuit/circuits/{found.slug}/").content.decode()
    assert "4 qualifiés pour la finale" in page
    assert "3 places en finale, et 1 qualifié de plus : ex aequo à la dernière place " \
           "qualificative" in page
    assert page.count("ex aequo à la dernière place qualificative)") == 1  # that line


def test_the_pushes_of_the_same_seconds_ask_for_the_same_refresh_time():
    base = datetime.datetime(2026, 12, 5, 21, 42, 0, tzinfo=datetime.UTC)
    times = {tasks.refresh_time(base + datetime.timedelta(seconds=s)) for s in (0, 1.5, 4.9)}
    assert times == {base + datetime.timedelta(seconds=tasks.REFRESH_EVERY)}
    assert tasks.refresh_time(base + datetime.timedelta(seconds=5)) > max(times)


DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def _forget_backends():
    # The tasks' backends are built once per process (and the test settings' signals do not
    # rebuild them): forgotten around the change.
    task_backends.__dict__.pop("settings", None)
    task_backends._settings = None
    if hasattr(task_backends._connections, "default"):
        del task_backends["default"]


@pytest.fixture
def database_queue():
    """The results server's queue: django-tasks-db's, in the test's database."""
    with override_settings(TASKS=DATABASE_QUEUE):
        _forget_backends()
        yield
    _forget_backends()


# A real transaction: the worker closes a connection it finds inside a transaction
# (close_old_connections), which on PostgreSQL would close the test's own.
@pytest.mark.django_db(transaction=True)
def test_with_the_database_queue_the_worker_makes_what_readers_ask(client, database_queue):
    from django_tasks_db.models import DBTaskResult

    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    # The push queued the standings' job (deferred to the next boundary): nothing computed.
    assert not CircuitTable.objects.exists()
    [job] = DBTaskResult.objects.all()
    assert job.task_path == "circuit.tasks.standings_refresh"
    assert timezone.now() < job.run_after <= timezone.now() + datetime.timedelta(
        seconds=tasks.REFRESH_EVERY)
    url = f"/circuit/circuits/{found.slug}/"
    assert "en cours de calcul" in client.get(url).content.decode()
    waiting = client.get(f"{url}classement.xlsx")
    assert waiting.status_code == 202 and waiting["Refresh"] == "3"
    assert "Document en préparation" in waiting.content.decode()
    client.get(f"{url}classement.xlsx")  # asked again: the same job, not a second
    assert DBTaskResult.objects.filter(task_path="circuit.tasks.document_make").count() == 1
    DBTaskResult.objects.update(run_after=timezone.now())  # the boundary reached
    call_command("db_worker", "--batch", "--no-startup-delay", stdout=io.StringIO(),
                 stderr=io.StringIO())
    assert set(DBTaskResult.objects.values_list("status", flat=True)) == {"SUCCESSFUL"}
    assert CircuitTable.objects.get(circuit=found).version == 1
    assert "A Nom000" in client.get(f"/circuit/circuits/{found.slug}/?page=1").content.decode()
    made = client.get(f"{url}classement.xlsx")
    assert made.status_code == 200 and made.content[:2] == b"PK"
    assert CircuitDocument.objects.get(extension="xlsx").version == 1


def test_a_process_reads_the_stored_standings_again_after_a_few_seconds(monkeypatch):
    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    assert len(selectors.circuit_table(found).rows) == 6
    push(auch, found, teams(4), version=2)
    # Read less than TABLE_FRESH seconds ago: this process keeps it (no query at all).
    assert len(selectors.circuit_table(found).rows) == 6
    monkeypatch.setattr(selectors, "TABLE_FRESH", 0.0)
    table = selectors.circuit_table(found)
    assert (table.version, len(table.rows)) == (2, 8)


def test_a_visitor_downloads_the_circuits_documents_within_the_documents_limit(
        client, django_user_model, settings):
    from django.core.cache import caches

    caches["documents"].clear()  # the visitors' counts
    settings.DOCUMENT_VISITOR_LIMIT = 2
    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    url = f"/circuit/circuits/{found.slug}/classement.xlsx"
    assert [client.get(url).status_code for _n in range(2)] == [200, 200]
    refused = client.get(url)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60
    assert "beaucoup de documents en une minute" in refused.content.decode()
    # Another visitor has their own count; the comité's downloads are not counted.
    assert client.get(url, REMOTE_ADDR="192.0.2.7").status_code == 200
    client.force_login(django_user_model.objects.create(username="comite", is_staff=True))
    assert client.get(url).status_code == 200
