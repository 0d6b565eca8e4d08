"""Every document that nears 2 s at a federation's scale goes through the background job
with progress for the desk (exports.progress.LONG), from a size threshold; below it, a plain
download as before. The thresholds are lowered (to 1) so that a concours of four teams
counts as long; a visitor's document stays a plain (bounded) render."""

import datetime
import html
import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import drawn, organiser, played, register_linked
from tests.exports.jobs import finished
from tournament import services
from tournament.exports import progress
from tournament.exports.progress import LONG, Long
from tournament.journal.log import Actor
from tournament.models import Tournament
from tournament.services import backup

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
                  "site": 5000, "season": 30 * 200, "club_site": 5000, "restore": 80_000}
    # A club's evening: 64 teams × 5 parties (160 games, 32 tables), a season of 10 × 60.
    club = {"standings": 64, "standings.xlsx": 160, "caisse": 64, "caisse.xlsx": 160,
            "pairings": 32, "blank": 32, "backup": 160, "site": 160, "season": 600,
            "club_site": 800, "restore": 160 * 12}
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


# --- Restoring and copying a long concours: an operation, its page then links to the concours


def operated(client, response) -> tuple[progress.State, str]:
    """The state of the operation `response` started, once done, and its page's part."""
    state = finished(job_of(response))
    return state, client.get(response.url, headers={"HX-Request": "true"}).content.decode()


def upload(data) -> SimpleUploadedFile:
    return SimpleUploadedFile("sauvegarde.json", json.dumps(data).encode(),
                              content_type="application/json")


def test_a_long_backup_is_restored_in_the_background_then_the_page_links_to_the_concours(
        client, concours, long_documents):
    saved = backup.export_data(concours)
    services.team_create(tournament=concours, name="Arrivée après", player1="A", player2="B",
                         by=Actor.of_user(concours.organiser))
    client.force_login(concours.organiser)
    page = client.post(reverse("tournament:backup_restore", args=["long"]),
                       {"file": upload(saved), "mode": "replace"})
    assert page.status_code == 200  # the confirmation first, as before
    started = client.post(reverse("tournament:backup_restore_confirm", args=["long"]),
                          {"pending": page.context["pending"], "seen": page.context["seen"]})
    assert "Restauration en cours" in client.get(started.url).content.decode()
    state, part = operated(client, started)
    assert state.error == "" and state.link == reverse("tournament:detail", args=["long"])
    assert "Sauvegarde restaurée" in html_text(part) and 'id="document-ready"' in part
    assert backup.export_data(Tournament.objects.get(slug="long")) == saved
    assert client.get(started.url + "file").status_code == 404  # no file: a link


def test_a_long_restore_refused_says_why_in_french_and_changes_nothing(
        client, concours, long_documents):
    client.force_login(concours.organiser)
    page = client.post(reverse("tournament:backup_restore", args=["long"]),
                       {"file": upload(backup.export_data(concours)), "mode": "replace"})
    services.team_create(tournament=concours, name="Entre-temps", player1="A", player2="B",
                         by=Actor.of_user(concours.organiser))  # changed since the page
    before = backup.export_data(Tournament.objects.get(slug="long"))
    started = client.post(reverse("tournament:backup_restore_confirm", args=["long"]),
                          {"pending": page.context["pending"], "seen": page.context["seen"]})
    state, _part = operated(client, started)
    assert "a changé depuis la confirmation" in state.error and state.link == ""
    assert backup.export_data(Tournament.objects.get(slug="long")) == before


def test_a_long_file_restored_as_a_copy_and_a_long_concours_copied_are_jobs(
        client, concours, long_documents):
    client.force_login(concours.organiser)
    started = client.post(reverse("tournament:backup_restore", args=["long"]), {
        "file": upload(backup.export_data(concours)), "mode": "copy", "name": "Copie d'hiver",
        "slug": "copie-hiver"})
    state, _part = operated(client, started)
    assert state.link == reverse("tournament:detail", args=["copie-hiver"])
    started = client.post(reverse("tournament:tournament_copy", args=["long"]),
                          {"name": "Hiver bis", "slug": "hiver-bis"})
    assert "Copie en cours" in client.get(started.url).content.decode()
    state, part = operated(client, started)
    assert state.link == reverse("tournament:detail", args=["hiver-bis"])
    assert "Concours copié" in html_text(part)
    assert Tournament.objects.filter(slug__in=["copie-hiver", "hiver-bis"]).count() == 2


def test_a_short_restore_is_made_at_once_as_before(client, concours):
    client.force_login(concours.organiser)
    done = client.post(reverse("tournament:tournament_copy", args=["long"]),
                       {"name": "Hiver bis", "slug": "hiver-bis"})
    assert done["Location"] == reverse("tournament:detail", args=["hiver-bis"])


def html_text(part: str) -> str:
    return html.unescape(part)
