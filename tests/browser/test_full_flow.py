"""The whole evening in a real browser: an organiser creates a tournament, imports the teams,
publishes, draws a round and enters a whole game with the keyboard; a phone enters a donne
through its table link; the standings follow; the PDF and the workbook download. Each key
page is saved (docs/screenshots/ with `make screenshots`)."""

import io
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from pypdf import PdfReader

from tests.builders import organiser
from tests.checks import assert_scores_recomputed
from tournament.models import Game, Tournament

from .test_game_entry import log_in, type_row

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def teams_file(folder: Path) -> Path:
    book = Workbook()
    sheet = book.active
    sheet.append(["équipe", "joueur 1", "joueur 2", "club"])
    for name, one, two, club in [
        ("Les As de Pique", "Marcel Pagnol", "Fanny Cabanis", "Aubagne"),
        ("Belote et Rebelote", "César Olivier", "Honorine Panisse", "Marseille"),
        ("Les Coincheurs", "Jeanne Roux", "Louis Giraud", "Cassis"),
        ("Dix de Der", "Lucie Martin", "Paul Aubert", "Aubagne"),
        ("Les Capots", "Rose Blanc", "Jean Brun", "La Ciotat"),
        ("Carré de Valets", "Anne Roche", "Hugo Faure", "Gémenos"),
    ]:
        sheet.append([name, one, two, club])
    path = folder / "equipes.xlsx"
    book.save(path)
    return path


def test_an_evening_from_creation_to_downloads(browser, page, live_server, tmp_path, shot):
    organiser("president")
    log_in(page, live_server, "president")
    url = live_server.url

    # Create the tournament from a preset, then set a short game on its rules page.
    page.goto(f"{url}/t/new/")
    page.fill("#id_name", "Concours du Téléthon")
    page.fill("#id_slug", "telethon")
    page.fill("#id_date", "2026-12-05")
    page.select_option("#id_preset", "ffb-coinche")
    page.click("button:text-is('Créer le concours')")
    page.wait_for_url(f"{url}/t/telethon/rules/")
    page.fill("#id_target", "")
    page.fill("#id_max_donnes", "4")
    page.fill("#id_place", "Foyer rural, Gémenos")
    shot(page, "rules")
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(f"{url}/t/telethon/")

    # Import the teams from a spreadsheet.
    page.goto(f"{url}/t/telethon/teams/")
    page.set_input_files("#id_file", str(teams_file(tmp_path)))
    page.click("button:text-is('Importer')")
    page.wait_for_selector("text=6 équipes inscrites.")
    shot(page, "teams")

    # Publish, then draw round 1 from the dashboard.
    page.goto(f"{url}/t/telethon/")
    page.click("#publish button")
    page.wait_for_selector("text=Concours publié")
    shot(page, "dashboard")
    page.click("button:text-is('Tirer la partie 1')")
    page.wait_for_url(f"{url}/t/telethon/rounds/1/")
    shot(page, "round")
    link = page.get_attribute("[data-table-link='2']", "href")
    tournament = Tournament.objects.get(slug="telethon")
    assert tournament.published and tournament.max_donnes == 4

    # The organiser enters all of table 1 with the keyboard: four donnes end the game.
    page.goto(f"{url}/t/telethon/rounds/1/tables/1/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'taker'")
    for row in [("N", "80", "C", "", "95"), ("E", "100", "P", "C", "110"),
                ("P", "", "", "", ""), ("N", "120", "T", "", "130")]:
        count = Game.objects.get(round__tournament=tournament, table=1).donnes.count()
        type_row(page, *row)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"tr[data-number='{count + 1}']")
    page.wait_for_selector("#result")
    table1 = Game.objects.get(round__tournament=tournament, table=1)
    assert table1.finished
    assert_scores_recomputed(table1)

    # Table 2's players open their link on a phone and enter a donne, no account needed.
    phone_context = browser.new_context(**PHONE)
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(f"{url}{link}")
    assert "Table 2" in phone.inner_text("h1")
    phone.check("input[name=taker][value=EW]")
    phone.fill("#id_contract", "90")
    phone.check("input[name=trump][value=S]")
    phone.fill("#id_taker_points", "102")
    phone.wait_for_function(
        "document.querySelector('.preview[data-key=ew]').textContent === '190'")
    shot(phone, "phone-table-link")
    phone.click("button:text-is('Enregistrer la donne')")
    phone.wait_for_function("document.getElementById('total-ew').textContent === '190'")
    assert phone.query_selector("tr[data-number='1']") is not None
    table2 = Game.objects.get(round__tournament=tournament, table=2)
    assert (table2.played, table2.score_ns, table2.score_ew) == (1, 60, 190)
    # Nothing on the phone leads to the organiser's pages.
    assert phone.query_selector("a[href^='/t/']") is None
    phone_context.close()

    # The standings follow, for anyone: table 1's winner leads.
    visitor_context = browser.new_context(viewport={"width": 1280, "height": 800})
    visitor = visitor_context.new_page()
    visitor.goto(f"{url}/t/telethon/standings/")
    winner = table1.team_ns if table1.winner == "NS" else table1.team_ew
    first_row = visitor.inner_text("table.standings tbody tr:first-child")
    assert winner.name in first_row
    shot(visitor, "standings")
    visitor.goto(f"{url}/t/telethon/screen/")
    shot(visitor, "screen")
    # The score sheets hold the table links: for a visitor they do not exist (the desk's).
    assert visitor.request.get(f"{url}/t/telethon/rounds/1/sheets.pdf").status == 404
    visitor_context.close()

    # The organiser's documents: the score sheets (PDF) and the workbook (a real download).
    sheets = page.request.get(f"{url}/t/telethon/rounds/1/sheets.pdf")
    assert sheets.status == 200 and sheets.headers["content-type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(sheets.body())).pages
    assert len(pages) == 3 and "Table 1" in pages[0].extract_text()
    page.goto(f"{url}/t/telethon/standings/")
    with page.expect_download() as download:
        page.click("a[href='/t/telethon/standings.xlsx']")
    name = download.value.suggested_filename
    assert "telethon" in name and name.endswith(".xlsx")
    download.value.save_as(tmp_path / name)
    book = load_workbook(tmp_path / name, read_only=True)
    assert book.sheetnames == ["Classement", "Parties", "Donnes", "Équipes"]
    donnes = list(book["Donnes"].iter_rows(values_only=True))
    assert len([row for row in donnes if isinstance(row[0], int)]) == 5  # 4 + 1 donnes

    # The table's history shows who entered what: the phone's donne is the table's own.
    page.goto(f"{url}/t/telethon/rounds/1/tables/2/history/")
    assert "Table 2 (lien)" in page.inner_text("#journal")
    shot(page, "history")
