"""Long documents made in the background: the organiser's request is sent to a page that
shows the progress (polled by htmx) and then offers the file; only the organiser sees it;
as many at once as the server makes, no more; a failure says so in French. The thresholds
are lowered so that a partie of two tables counts as long."""

import io
import threading
import time

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.builders import organiser, tournament
from tests.exports.jobs import finished
from tournament import services
from tournament.exports import final_pack, pdf, progress

# The document is made in a thread, on its own database connection: it must see the data.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def jobs_folder(settings, tmp_path, monkeypatch):
    settings.VAR_DIR = tmp_path
    monkeypatch.setattr(pdf, "BACKGROUND_TABLES", 1)
    monkeypatch.setattr(final_pack, "BACKGROUND_GAMES", 1)


@pytest.fixture
def concours():
    t = tournament(teams=4, slug="long")
    services.round_generate(tournament=t, seed=1)
    return t


def started(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 302
    assert "/documents/" in response.url
    return response.url.rstrip("/").rsplit("/", 1)[1]


def test_long_score_sheets_show_their_progress_then_offer_the_file(client, concours):
    client.force_login(concours.organiser)
    job = started(client, reverse("tournament:score_sheets", args=["long", 1]))
    page = client.get(reverse("tournament:document_job", args=["long", job]))
    assert page.status_code == 200
    assert "Document en cours de fabrication" in page.content.decode()
    finished(job)
    part = client.get(reverse("tournament:document_job", args=["long", job]),
                      headers={"HX-Request": "true"}).content.decode()
    assert 'id="document-ready"' in part and "hx-trigger" not in part  # polling stops
    assert "<h1>" not in part  # htmx gets the progress part only
    response = client.get(reverse("tournament:document_file", args=["long", job]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="feuilles-long-partie-1.pdf"'
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Partie 1 — Table 1" in text and "Partie 1 — Table 2" in text


def test_a_running_document_is_polled_with_its_step_and_an_estimate(client, concours,
                                                                    monkeypatch):
    release = threading.Event()

    def slow(round_, link_base="", step=None):
        step("Mise en page de 2 feuilles sur 1 cœurs…")
        release.wait(30)
        return b"%PDF-1.4"

    monkeypatch.setattr(pdf, "score_sheets_pdf", slow)
    client.force_login(concours.organiser)
    job = started(client, reverse("tournament:score_sheets", args=["long", 1]))
    try:
        deadline = time.monotonic() + 30
        while "Mise en page" not in progress.state(job).step and time.monotonic() < deadline:
            time.sleep(0.05)
        part = client.get(reverse("tournament:document_job", args=["long", job]),
                          headers={"HX-Request": "true"}).content.decode()
        assert 'hx-trigger="every 1s"' in part and "Mise en page de 2 feuilles" in part
        assert "<progress" in part and "environ" in part
        assert client.get(reverse("tournament:document_file",
                                  args=["long", job])).status_code == 404  # not yet
    finally:
        release.set()
    finished(job)


def test_the_final_pack_of_a_big_concours_is_made_in_the_background_for_its_organiser(
        client, concours):
    client.force_login(concours.organiser)
    job = started(client, reverse("tournament:final_pdf", args=["long"]))
    assert finished(job).error == ""
    response = client.get(reverse("tournament:document_file", args=["long", job]))
    assert "Classement" in PdfReader(io.BytesIO(response.content)).pages[0].extract_text()


def test_a_visitor_gets_the_final_pack_at_once(client, concours):
    response = client.get(reverse("tournament:final_pdf", args=["long"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_only_the_organiser_reads_a_job_and_only_under_its_tournament(client, concours):
    client.force_login(concours.organiser)
    job = started(client, reverse("tournament:score_sheets", args=["long", 1]))
    finished(job)
    mine = tournament(slug="mien", owner=concours.organiser)
    for name in ("document_job", "document_file"):
        assert client.get(reverse(f"tournament:{name}", args=[mine.slug, job])).status_code \
            == 404  # another tournament's address, even its own organiser's
        assert client.get(reverse(f"tournament:{name}", args=["long", "x" + job])
                          ).status_code == 404
    client.force_login(organiser("intrus"))
    for name in ("document_job", "document_file"):
        assert client.get(reverse(f"tournament:{name}", args=["long", job])).status_code == 404
    client.logout()
    for name in ("document_job", "document_file"):
        assert client.get(reverse(f"tournament:{name}", args=["long", job])).status_code in (
            302, 404)


def test_a_failed_document_says_so_in_french(client, concours, monkeypatch):
    def broken(round_, link_base="", step=None):
        raise RuntimeError("PDF worker failed")

    monkeypatch.setattr(pdf, "score_sheets_pdf", broken)
    client.force_login(concours.organiser)
    job = started(client, reverse("tournament:score_sheets", args=["long", 1]))
    assert "n'a pas pu être fait" in finished(job).error
    part = client.get(reverse("tournament:document_job", args=["long", job]),
                      headers={"HX-Request": "true"}).content.decode()
    assert "n&#x27;a pas pu être fait" in part and "hx-trigger" not in part
    assert client.get(reverse("tournament:document_file", args=["long", job])).status_code == 404


def test_beyond_the_documents_made_at_once_the_request_is_refused_in_french(
        client, concours, monkeypatch):
    monkeypatch.setattr(progress, "_running", threading.BoundedSemaphore(1))
    progress._running.acquire()  # one document is being made
    client.force_login(concours.organiser)
    response = client.get(reverse("tournament:score_sheets", args=["long", 1]), follow=True)
    assert response.redirect_chain[0][0] == reverse("tournament:round", args=["long", 1])
    assert "déjà en cours de fabrication" in response.content.decode()
