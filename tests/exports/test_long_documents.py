"""Every document that nears 2 s at a federation's scale goes through the background job
with progress for the desk (exports.progress.LONG), from a size threshold; below it, a plain
download as before. The thresholds are lowered (to 1) so that a concours of four teams
counts as long; a visitor's document stays a plain (bounded) render."""

import datetime
import io
import json
import time
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import drawn, organiser, played, register_linked
from tournament import services
from tournament.exports import progress
from tournament.exports.progress import LONG, Long

# The document is made in a thread, on its own database connection: it must see the data.
pytestmark = pytest.mark.django_db(transaction=True)

DAY = datetime.date(2026, 11, 21)
ALWAYS = Long(threshold=1, a_second=100)


@pytest.fixture(autouse=True)
def jobs_folder(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.CACHES = {**settings.CACHES, "documents": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(tmp_path / "cache")}}


@pytest.fixture
def long_documents(monkeypatch):
    """Every long document's threshold at 1: any concours is long."""
    for key in LONG:
        monkeypatch.setitem(LONG, key, ALWAYS)


@pytest.fixture
def concours(owner):
    t = drawn(owner=owner, teams=4, slug="long", name="Grand concours")
    played(t)
    return t


def finished(job: str) -> progress.State:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = progress.state(job)
        if state is not None and state.done:
            return state
        time.sleep(0.1)
    raise AssertionError("the background document never finished")


def job_of(response) -> str:
    assert response.status_code == 302, response.status_code
    assert "/documents/" in response.url
    return response.url.rstrip("/").rsplit("/", 1)[1]


def made(client, response):
    """The file of the job `response` started, once made (its error, if any, fails)."""
    job = job_of(response)
    state = finished(job)
    assert state.error == ""
    page = client.get(response.url, headers={"HX-Request": "true"}).content.decode()
    assert 'id="document-ready"' in page
    return client.get(response.url + "file")


def pdf_text(response) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)


# Each document of the concours: (address's name, arguments after the slug, the file's type,
# inline or saved, a check of its content).
PDF, XLSX = "application/pdf", ("application/vnd.openxmlformats-officedocument"
                                ".spreadsheetml.sheet")
CONCOURS_DOCUMENTS = {
    "standings_pdf": ((), PDF, "inline", lambda r: "Classement" in pdf_text(r)),
    "standings_xlsx": ((), XLSX, "attachment",
                       lambda r: load_workbook(io.BytesIO(r.content)).sheetnames),
    "pairings_pdf": ((1,), PDF, "inline", lambda r: "Table" in pdf_text(r)),
    "blank_score_sheets": ((), PDF, "inline", lambda r: len(PdfReader(
        io.BytesIO(r.content)).pages) >= 1),
    "caisse_pdf": ((), PDF, "inline", lambda r: "Caisse" in pdf_text(r)),
    "caisse_xlsx": ((), XLSX, "attachment",
                    lambda r: load_workbook(io.BytesIO(r.content)).sheetnames),
    "backup": ((), "application/json", "attachment",
               lambda r: json.loads(r.content)["tournament"]["slug"] == "long"),
    "concours_site": ((), "application/zip", "attachment",
                      lambda r: "index.html" in zipfile.ZipFile(io.BytesIO(r.content))
                      .namelist()),
}


@pytest.mark.parametrize("name", CONCOURS_DOCUMENTS)
def test_a_long_document_is_made_in_the_background_then_offered(client, concours,
                                                                long_documents, name):
    args, content_type, disposition, check = CONCOURS_DOCUMENTS[name]
    client.force_login(concours.organiser)
    started = client.get(reverse(f"tournament:{name}", args=["long", *args]))
    page = client.get(started.url).content.decode()
    assert "Document en cours de fabrication" in page and "<progress" in page
    response = made(client, started)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"].startswith(f"{disposition}; filename=")
    assert check(response)


@pytest.mark.parametrize("name", CONCOURS_DOCUMENTS)
def test_below_its_threshold_a_document_is_a_plain_download(client, concours, name):
    args, content_type, _disposition, _check = CONCOURS_DOCUMENTS[name]
    client.force_login(concours.organiser)
    response = client.get(reverse(f"tournament:{name}", args=["long", *args]))
    assert response.status_code == 200 and response["Content-Type"] == content_type


def test_the_thresholds_send_a_federation_s_concours_to_the_background_not_a_club_s():
    # 1,000 teams × 10 parties (5,000 games, 500 tables a partie) and a mêlée of 2,000: long.
    federation = {"standings": 1000, "standings.xlsx": 5000, "caisse": 1000,
                  "caisse.xlsx": 5000, "pairings": 500, "blank": 500, "backup": 5000,
                  "site": 5000, "season": 30 * 200, "club_site": 5000}
    # A club's evening: 64 teams × 5 parties (160 games, 32 tables), a season of 10 × 60.
    club = {"standings": 64, "standings.xlsx": 160, "caisse": 64, "caisse.xlsx": 160,
            "pairings": 32, "blank": 32, "backup": 160, "site": 160, "season": 600,
            "club_site": 800}
    assert set(federation) == set(LONG) == set(club)
    for key, size in federation.items():
        estimate = LONG[key].estimate(size)
        assert estimate is not None and estimate >= 2, key
    for key, size in club.items():
        assert LONG[key].estimate(size) is None, key


def test_the_estimate_grows_with_the_size():
    long = Long(threshold=100, a_second=50, fixed=2)
    assert long.estimate(99) is None
    assert long.estimate(100) == 4 and long.estimate(500) == 12


def test_a_visitor_gets_a_long_document_at_once_from_the_bounded_render(
        client, concours, long_documents):
    concours.published = True
    concours.save()
    for name in ("standings_pdf", "standings_xlsx", "pairings_pdf"):
        args = CONCOURS_DOCUMENTS[name][0]
        response = client.get(reverse(f"tournament:{name}", args=["long", *args]))
        assert response.status_code == 200, name


def test_a_long_document_the_cache_holds_is_served_at_once(client, concours, long_documents):
    client.force_login(concours.organiser)
    url = reverse("tournament:standings_pdf", args=["long"])
    made(client, client.get(url))  # the job keeps it in the documents' cache
    response = client.get(url)
    assert response.status_code == 200 and "Classement" in pdf_text(response)


def test_a_refusal_of_the_document_s_own_bounds_is_the_job_s_french_error(
        client, concours, long_documents, monkeypatch):
    from tournament.errors import UserError
    from tournament.exports import static_site

    def too_big(tournament, now):
        raise UserError("Le site compterait plus de 5 pages : exportez moins de concours.")

    monkeypatch.setattr(static_site, "concours_zip", too_big)
    client.force_login(concours.organiser)
    job = job_of(client.get(reverse("tournament:concours_site", args=["long"])))
    assert finished(job).error.startswith("Le site compterait plus de 5 pages")


@pytest.fixture
def season(owner, concours):
    register_linked(concours)
    return services.season_create(club=concours.club, name="Challenge d'hiver", start=DAY,
                                  end=DAY, points_table="100,90,80,70",
                                  concours=[concours.pk])


def test_a_long_season_pdf_is_a_club_job_its_members_only_read(client, season,
                                                              long_documents):
    club = season.club.slug
    client.force_login(season.club.memberships.get().user)
    url = reverse("tournament:season_pdf", args=[club, season.pk])
    response = client.get(url)
    assert f"/clubs/{club}/documents/" in response.url
    file = made(client, response)
    assert file["Content-Type"] == PDF and "Challenge d'hiver" in pdf_text(file)
    job = job_of(response)
    client.force_login(organiser("autre-club"))  # not a member: nothing
    for name in ("club_document_job", "club_document_file"):
        assert client.get(reverse(f"tournament:{name}", args=[club, job])).status_code == 404
    assert client.get(reverse("tournament:document_job", args=["long", job])).status_code \
        == 404  # a club's job is not the concours'


def test_a_published_season_s_pdf_is_a_plain_render_for_a_visitor(client, season,
                                                                 long_documents):
    season.published = True
    season.save()
    response = client.get(reverse("tournament:season_pdf", args=[season.club.slug, season.pk]))
    assert response.status_code == 200 and response["Content-Type"] == PDF


def test_the_club_site_of_many_games_is_a_club_job(client, concours, long_documents):
    club = concours.club.slug
    client.force_login(concours.organiser)
    response = client.get(reverse("tournament:club_site_zip", args=[club]),
                          {"concours": [concours.pk]})
    file = made(client, response)
    assert file["Content-Type"] == "application/zip"
    assert file["Content-Disposition"].startswith("attachment; filename=")
