"""Public documents are kept by what they show and their renders are bounded (exports.cache):
one render per version of a concours, shared by the server processes; a visitor's downloads
a minute; a render slot for visitors; sizes beyond sane bounds refused, in French."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import time

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scoring import Side
from tests.builders import made, play_to_the_end, tournament
from tournament import services
from tournament.exports import cache, final_pack, pdf, rotation
from tournament.journal import Actor
from tournament.models import Tournament
from tournament.selectors.prizes import Lot

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def renders(monkeypatch):
    """The standings PDFs rendered (their count), through the real renderer."""
    done: list[int] = []
    real = pdf.standings_pdf

    def counted(*args, **kwargs):
        done.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf, "standings_pdf", counted)
    return done


@pytest.fixture
def concours(owner):
    t = tournament(owner=owner, teams=4, slug="garde", max_donnes=4, target=None)
    services.round_generate(tournament=t, seed=3, by=Actor.of_user(owner))
    return Tournament.objects.get(pk=t.pk)


def standings(client, slug="garde", address="10.0.0.1"):
    return client.get(reverse("tournament:standings_pdf", args=[slug]), REMOTE_ADDR=address)


def test_a_public_pdf_is_rendered_once_for_every_visitor(client, concours, renders):
    first = standings(client, address="10.0.0.1")
    second = standings(client, address="10.0.0.2")
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and len(renders) == 1


def test_a_change_of_the_concours_renders_the_document_again(client, concours, owner, renders):
    assert "Équipe 2" in pdf_text(standings(client).content)
    services.team_update(team=concours.teams.get(number=2), name="Les Renommés",
                         by=Actor.of_user(owner))
    text = pdf_text(standings(client).content)
    assert "Les Renommés" in text and len(renders) == 2
    game = concours.rounds.get().games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(points=120), by=Actor.of_table(game))
    standings(client)
    assert len(renders) == 3


@pytest.mark.parametrize("change", [
    lambda t, by: services.team_update(team=t.teams.get(number=1), club="Club de Nîmes", by=by),
    lambda t, by: services.team_withdraw(team=t.teams.get(number=1), by=by),
    lambda t, by: services.tournament_details_update(tournament=t, name="Autre nom", by=by),
    lambda t, by: services.tournament_rules_update(tournament=t, forfeit_points=600, by=by),
    lambda t, by: services.tournament_publish(tournament=t, published=False),
    lambda t, by: services.game_forfeit(game=t.rounds.get().games.get(table=1),
                                        side=Side.EW.value, by=by),
    lambda t, by: play_to_the_end(t.rounds.get().games.get(table=2)),
    lambda t, by: services.round_undo(round_=t.rounds.get(), by=by),
    lambda t, by: services.prizes_replace(tournament=t, lots=[Lot(1, 1, False, "Un jambon")],
                                          by=by),
    lambda t, by: services.team_create(tournament=t, name="Tard venus", player1="A",
                                       player2="B", by=by),
])
def test_every_change_of_what_a_document_shows_moves_the_concours_version(concours, owner,
                                                                          change):
    before = cache.version(Tournament.objects.get(pk=concours.pk))
    change(Tournament.objects.get(pk=concours.pk), Actor.of_user(owner))
    assert cache.version(Tournament.objects.get(pk=concours.pk)) != before


def test_documents_are_kept_in_files_every_server_process_reads(client, concours, renders):
    content = standings(client).content
    t = Tournament.objects.get(pk=concours.pk)
    kept = cache.read(t, "standings")  # nothing of it is held in this process' memory
    assert kept is not None and kept.content == content
    assert kept.key == cache.document_key(t, "standings")
    # Another process reads the same file: a line saying what it is, then the document.
    script = ("import json, sys; f = open(sys.argv[1], 'rb'); head = json.loads(f.readline());"
              "print(head['key'], len(f.read()))")
    found = subprocess.run([sys.executable, "-c", script, str(cache._path(t, "standings", ()))],
                           capture_output=True, text=True, check=True, timeout=60)
    assert found.stdout.split() == [kept.key, str(len(content))]


def test_a_document_kept_is_one_file_replaced_whole(client, concours, owner):
    standings(client)
    services.team_update(team=concours.teams.get(number=2), name="Les Renommés",
                         by=Actor.of_user(owner))
    standings(client)
    folder = cache._path(Tournament.objects.get(pk=concours.pk), "standings", ()).parent
    assert len(list(folder.iterdir())) == 1  # the last rendering only, no temporary left


def test_a_visitor_downloading_too_much_is_asked_to_wait_in_french(client, concours, settings):
    settings.DOCUMENT_VISITOR_LIMIT = 3
    for _download in range(3):
        assert standings(client, address="10.0.0.9").status_code == 200
    refused = standings(client, address="10.0.0.9")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert "Trop de téléchargements" in refused.content.decode()
    assert "Réessayez dans" in refused.content.decode()
    # Another visitor is not held back by this one.
    assert standings(client, address="10.0.0.10").status_code == 200


def test_the_organiser_is_never_counted(client, concours, owner, settings):
    settings.DOCUMENT_VISITOR_LIMIT = 1
    client.force_login(owner)
    for _download in range(4):
        assert standings(client, address="10.0.0.9").status_code == 200


def test_a_visitor_finding_the_public_render_slot_taken_is_told_to_come_back(
        client, concours, owner):
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with cache.render_slot(public=True):
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        started = time.monotonic()
        busy = standings(client)
        # At once: a server thread waiting for a slot would be one the phones lack.
        assert time.monotonic() - started < 2
        assert busy.status_code == 503 and busy["Retry-After"] == str(cache.RETRY_BUSY)
        assert "Documents en préparation" in busy.content.decode()
        # The organiser's render takes the other slot.
        client.force_login(owner)
        assert standings(client).status_code == 200
    finally:
        release.set()
        holder.join()
    client.logout()
    assert standings(client).status_code == 200


def test_the_render_slots_are_shared_between_processes(concours, settings):
    """A slot held by another process (its lock file) is taken for this one too."""
    folder = cache._slot_folder()
    script = ("import fcntl, sys, time; f = open(sys.argv[1], 'a');"
              "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(30)")
    other = subprocess.Popen([sys.executable, "-c", script, str(folder / "0.lock")],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        with pytest.raises(cache.Busy), cache.render_slot(public=True):
            pass
        with cache.render_slot(public=False, wait=0.2):  # slot 1, the organiser's too
            pass
    finally:
        other.kill()
        other.wait()
    with cache.render_slot(public=True, wait=2):
        pass


def test_a_tableau_de_marche_beyond_its_bound_is_refused_in_french(client, owner, monkeypatch):
    tournament(owner=owner, teams=8, draw_method="rotation", parties_planned=5, slug="enorme")
    rendered: list[int] = []
    monkeypatch.setattr(rotation, "rotation_chart_pdf", lambda t: rendered.append(1) or b"")
    monkeypatch.setattr(rotation, "MAX_CELLS", 39)  # 8 teams × 5 parties = 40 cells
    response = client.get(reverse("tournament:rotation_pdf", args=["enorme"]))
    assert response.status_code == 403 and rendered == []
    text = response.content.decode()
    assert "Document trop long" in text and "40 cases (équipes × parties)" in text


def test_the_real_bound_of_a_tableau_de_marche_refuses_1024_teams_of_30_parties():
    assert 200 * 30 <= rotation.MAX_CELLS < 1024 * 30
    assert final_pack.MAX_TABLES >= 512 // 2 * 8  # a 512-team concours of 8 parties


def test_a_final_pack_beyond_its_bound_is_refused_in_french(client, concours, monkeypatch):
    monkeypatch.setattr(final_pack, "MAX_TABLES", 1)
    response = client.get(reverse("tournament:final_pdf", args=["garde"]))
    assert response.status_code == 403
    assert "2 tables (toutes parties)" in response.content.decode()


def test_an_unpublished_concours_keeps_its_documents_to_its_organiser(client, concours, owner):
    assert standings(client).status_code == 200
    services.tournament_publish(tournament=concours, published=False)
    assert standings(client).status_code == 404
    client.force_login(owner)
    assert standings(client).status_code == 200


@pytest.fixture
def finished_rotation(owner):
    """A rotation concours, published, its partie 1 played: every public document exists."""
    t = tournament(owner=owner, teams=4, slug="tout", draw_method="rotation",
                   parties_planned=3, max_donnes=4, target=None)
    for game in services.round_generate(tournament=t).games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    return t


@pytest.mark.parametrize(("name", "args", "key"), [
    ("standings_pdf", [], ("standings",)), ("standings_xlsx", [], ("standings.xlsx",)),
    # The pairings carry « Où est ma table ? »'s address: kept by the address phones reach
    # (and by their paper in large type: "" for the ordinary document).
    ("pairings_pdf", [1], ("pairings", 1, "http://testserver", "")),
    ("palmares_pdf", [], ("palmares",)),
    ("final_pdf", [], ("final",)), ("final_xlsx", [], ("final.xlsx",)),
    ("rotation_pdf", [], ("rotation",)),
])
def test_every_public_document_is_served_from_the_cache_once_rendered(
        client, finished_rotation, name, args, key):
    url = reverse(f"tournament:{name}", args=["tout", *args])
    first = client.get(url, REMOTE_ADDR="10.0.0.1")
    assert first.status_code == 200 and len(first.content) > 1000
    t = Tournament.objects.get(slug="tout")
    kept = cache.read(t, *key)
    assert kept is not None and kept.content == first.content
    # What the next visitor gets is what was kept, not a new render.
    cache.write(t, key[0], key[1:], kept.key, b"du cache")
    again = client.get(url, REMOTE_ADDR="10.0.0.2")
    assert again.status_code == 200 and again.content == b"du cache"
    assert again["Content-Disposition"] == first["Content-Disposition"]


def test_a_visitor_may_get_a_document_a_few_seconds_behind_the_organiser_never(
        client, concours, owner, renders, settings):
    settings.DOCUMENT_VISITOR_BEHIND = 30
    assert "Équipe 2" in pdf_text(standings(client).content)
    services.team_update(team=concours.teams.get(number=2), name="Les Renommés",
                         by=Actor.of_user(owner))
    # Within 30 s of its render, a visitor gets the document as it was.
    assert "Équipe 2" in pdf_text(standings(client, address="10.0.0.3").content)
    assert len(renders) == 1
    client.force_login(owner)
    assert "Les Renommés" in pdf_text(standings(client).content) and len(renders) == 2
    client.logout()
    settings.DOCUMENT_VISITOR_BEHIND = 0  # the default
    services.team_update(team=concours.teams.get(number=3), name="Les Troisièmes",
                         by=Actor.of_user(owner))
    assert "Les Troisièmes" in pdf_text(standings(client, address="10.0.0.4").content)
    assert len(renders) == 3


def test_with_the_slot_taken_a_visitor_gets_the_last_rendering_rather_than_503(
        client, concours, owner, renders, monkeypatch):
    first = standings(client)
    services.team_update(team=concours.teams.get(number=2), name="Les Renommés",
                         by=Actor.of_user(owner))
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with cache.render_slot(public=True):
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        stale = standings(client, address="10.0.0.5")
        assert stale.status_code == 200 and stale.content == first.content
        # Not one made too long ago.
        monkeypatch.setattr(cache, "BUSY_STALE", 0)
        assert standings(client, address="10.0.0.6").status_code == 503
    finally:
        release.set()
        holder.join()
    assert len(renders) == 1


def test_the_tableau_de_marche_of_1024_teams_over_30_parties_is_refused_at_once(
        client, owner):
    """The audit's case: 61 s of CPU and 1.66 GB; now a French refusal, nothing rendered."""
    t = tournament(owner=owner, slug="geant", draw_method="rotation", parties_planned=30)
    services.teams_import(tournament=t, lines=[
        services.ImportLine(n, f"Équipe {n}", f"J{n}a", f"J{n}b", "") for n in range(1, 1025)])
    started = time.monotonic()
    response = client.get(reverse("tournament:rotation_pdf", args=["geant"]))
    assert response.status_code == 403 and time.monotonic() - started < 5
    text = response.content.decode()
    assert "30\xa0720 cases (équipes × parties)" in text and "6\xa0000" in text
    assert cache.read(t, "rotation") is None


@given(start=st.floats(min_value=1e9, max_value=2e9), limit=st.integers(1, 30),
       spread=st.floats(min_value=0, max_value=59.99))
@hypothesis_settings(max_examples=60)
def test_a_visitor_beyond_the_limit_waits_until_the_minute_ends(start, limit, spread):
    """Within one minute's window, the first `limit` downloads pass and the next waits from
    1 s to 60 s: until that window ends, never longer."""
    from django.core.cache import caches
    from django.test import override_settings

    caches["documents"].clear()  # an example may be run again (shrinking): counted anew
    window_end = (start // cache.WINDOW + 1) * cache.WINDOW
    later = min(start + spread, window_end - 0.001)
    visitor = "10.1.2.3"
    with override_settings(DOCUMENT_VISITOR_LIMIT=limit):
        assert all(cache.visitor_wait(visitor, now=start) == 0 for _ in range(limit))
        wait = cache.visitor_wait(visitor, now=later)
    assert 1 <= wait <= cache.WINDOW
    assert wait == max(1, int(window_end - later))
