"""Printed documents and the workbook: they parse, and every figure is the pages' figure."""

import io
import itertools
import os
import re
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import segno
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import made, play_to_the_end, tournament
from tournament import services
from tournament.exports import documents, qr, registry, workbook
from tournament.models import DonneRecord, Game, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client):
    """Six teams: round 1 played to the end, round 2 drawn with one game half entered."""
    t = tournament(teams=6, slug="imprime", target=1000, place="Salle Jean Moulin")
    for game in services.round_generate(tournament=t, seed=4).games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    second = services.round_generate(tournament=t)
    game = second.games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(points=95, belote_ns=1))
    services.donne_record(game=game, number=None, donne=made(contract=100, points=98))
    return t


def pdf_pages(client, url) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def test_score_sheets_have_one_page_per_table_with_teams_and_figures(client, played):
    client.force_login(played.organiser)  # the sheets carry the table links: theirs only
    pages = pdf_pages(client, reverse("tournament:score_sheets", args=["imprime", 2]))
    games = list(Game.objects.filter(round__number=2, round__tournament=played,
                                     team_ew__isnull=False).order_by("table"))
    assert len(pages) == len(games) == 3
    for text, game in zip(pages, games, strict=True):
        assert f"Table {game.table}" in text
        assert game.team_ns.name in text and game.team_ew.name in text
        assert game.team_ns.player1 in text and "Signature du capitaine NS" in text
        assert "FFB belote coinchée" in text and "partie en 1000 points" in text
    filled = pages[0]
    # Donne 1: 95 + 20 + 80 = 195 -> 200 for NS, 70 for EO; donne 2: a chute, 260 for EO.
    assert re.search(r"\b200\s+70\s+200\s+70\b", filled)
    assert re.search(r"\b0\s+260\s+200\s+330\b", filled)


def test_a_score_sheet_grid_has_the_games_number_of_donnes(played):
    services.tournament_rules_update(tournament=played, max_donnes=16, confirm=True)
    sheets = documents.score_sheets(played.rounds.get(number=2))
    assert [len(sheet.rows) for sheet in sheets] == [16, 16, 16]
    services.tournament_rules_update(tournament=played, max_donnes=None, confirm=True)
    sheets = documents.score_sheets(played.rounds.get(number=2))
    assert [len(sheet.rows) for sheet in sheets] == [24, 24, 24]
    assert [row.dealer for row in sheets[0].rows[:5]] == ["N", "E", "S", "O", "N"]


def test_pairings_list_tables_then_teams_by_name(client, played):
    pages = pdf_pages(client, reverse("tournament:pairings_pdf", args=["imprime", 2]))
    assert len(pages) == 2
    by_table, by_team = pages
    for game in Game.objects.filter(round__number=2, round__tournament=played):
        assert game.team_ns.name in by_table and game.team_ew.name in by_table
    names = sorted(played.teams.values_list("name", flat=True), key=str.casefold)
    positions = [by_team.index(name) for name in names]
    assert positions == sorted(positions)


def test_the_standings_pdf_order_equals_the_standings_page(client, played):
    page = client.get(reverse("tournament:standings", args=["imprime"]))
    order = [row.record.team.name for row in page.context["table"].rows]
    text = pdf_pages(client, reverse("tournament:standings_pdf", args=["imprime"]))[0]
    assert [text.index(name) for name in order] == sorted(text.index(name) for name in order)
    assert "Imprimé le" in text and "victoires, points marqués" in text


def test_the_workbook_reloads_and_its_figures_are_the_pages(client, played):
    response = client.get(reverse("tournament:standings_xlsx", args=["imprime"]))
    assert response.status_code == 200
    assert re.search(r'filename="classement-\d{4}-\d{2}-\d{2}-imprime\.xlsx"',
                     response["Content-Disposition"])
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Classement", "Parties", "Donnes", "Équipes"]
    for sheet in book.worksheets:
        assert sheet["A1"].value.startswith(played.name) and "exporté le" in sheet["A1"].value
        assert sheet.freeze_panes == "A3"
        assert sheet.auto_filter.ref.startswith("A2:")
        assert all(cell.font.bold for cell in sheet[2] if cell.value)

    page = client.get(reverse("tournament:standings", args=["imprime"]))
    expected = [(r.record.row.rank, r.record.team.name, r.record.row.wins, r.record.row.points,
                 r.record.row.conceded, r.record.row.diff) for r in page.context["table"].rows]
    rows = list(book["Classement"].iter_rows(min_row=3, values_only=True))
    assert [(r[0], r[2], r[7], r[8], r[9], r[10]) for r in rows] == expected
    assert all(isinstance(r[8], int) for r in rows)

    games = list(Game.objects.filter(round__tournament=played).order_by("round__number", "table"))
    parties = list(book["Parties"].iter_rows(min_row=3, values_only=True))
    assert [(r[0], r[6], r[7], r[9]) for r in parties] == [
        (g.round.number, g.score_ns, g.score_ew, g.played) for g in games]

    donnes = list(book["Donnes"].iter_rows(min_row=3, values_only=True))
    records = DonneRecord.objects.filter(game__round__tournament=played).order_by(
        "game__round__number", "game__table", "number")
    assert len(donnes) == records.count()
    assert [(r[15], r[16], r[17], r[18]) for r in donnes] == list(
        records.values_list("awarded_ns", "awarded_ew", "score_ns", "score_ew"))
    # The contract is a number (a capot bid says so in its own column), the trump its sign.
    assert all(r[5] is None or isinstance(r[5], int) for r in donnes)
    assert {r[6] for r in donnes} <= {"oui", None}
    assert {r[7] for r in donnes} <= {"♠", "♥", "♦", "♣", "SA", "TA", None}
    assert {r[8] for r in donnes} <= {"coinché", "surcoinché", None}
    assert len(list(book["Équipes"].iter_rows(min_row=3))) == 6


def test_the_workbook_file_name_carries_the_concours_date_and_slug(played):
    """Issue 32: the files were named by the download's date, not the concours'."""
    import datetime

    when = datetime.datetime(2026, 11, 22, 21, 30)
    played.date = datetime.date(2026, 11, 20)
    assert workbook.filename(played, when) == "classement-2026-11-20-imprime.xlsx"
    assert registry.DOCUMENTS["standings"].filename(played, when) == (
        "classement-2026-11-20-imprime.pdf")


def test_the_screen_view_shows_the_current_pairings_and_the_standings(client, played):
    page = client.get(reverse("tournament:screen", args=["imprime"])).content.decode()
    assert "Partie 2 : les tables" in page and "Classement" in page
    assert "tournament/screen.js" in page
    for name in played.teams.values_list("name", flat=True):
        assert page.count(name) == 3  # the tables, « où je joue ? » and the standings


def test_the_screen_view_before_any_draw(client):
    tournament(teams=2, slug="vide")
    page = client.get(reverse("tournament:screen", args=["vide"])).content.decode()
    assert "pas encore tirées" in page


def test_each_score_sheet_prints_its_own_table_link_as_a_qr_code(client, played, settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    client.force_login(played.organiser)
    response = client.get(reverse("tournament:score_sheets", args=["imprime", 2]))
    pages = PdfReader(io.BytesIO(response.content)).pages
    assert all(page.images for page in pages)
    # One QR code (a square) per table; the others are the grid's rules.
    assert len({image.data for page in pages for image in page.images
                if image.image.width == image.image.height}) == 3
    sheets = documents.score_sheets(played.rounds.get(number=2), settings.PUBLIC_URL)
    assert [sheet.link for sheet in sheets] == [
        f"http://192.168.1.20:8000/table/{sheet.game.token}/" for sheet in sheets]
    assert len({sheet.qr for sheet in sheets}) == 3
    assert sheets[0].qr == qr.source(sheets[0].link)


def test_score_sheets_are_the_organisers_only(client, played):
    url = reverse("tournament:score_sheets", args=["imprime", 2])
    assert client.get(url).status_code == 404  # the desk's: nothing there for a visitor
    assert pdf_pages(client, reverse("tournament:pairings_pdf", args=["imprime", 2]))


def test_unknown_rounds_have_no_documents(client, played):
    assert client.get(reverse("tournament:score_sheets", args=["imprime", 9])).status_code == 404
    assert client.get(reverse("tournament:pairings_pdf", args=["autre", 1])).status_code == 404


def test_pages_link_to_every_document(client, played):
    client.force_login(played.organiser)
    round_page = client.get(reverse("tournament:round", args=["imprime", 2])).content.decode()
    assert reverse("tournament:score_sheets", args=["imprime", 2]) in round_page
    assert reverse("tournament:pairings_pdf", args=["imprime", 2]) in round_page
    standings_page = client.get(reverse("tournament:standings", args=["imprime"])).content.decode()
    assert reverse("tournament:standings_pdf", args=["imprime"]) in standings_page
    assert reverse("tournament:standings_xlsx", args=["imprime"]) in standings_page
    assert reverse("tournament:screen", args=["imprime"]) in standings_page


def test_a_long_document_rendered_in_chunks_keeps_its_pages_in_order():
    from tournament.exports import weasy

    htmls = [f"<p>Feuille {n}</p><p style='page-break-before: always'>Suite {n}</p>"
             for n in range(3)]
    content = weasy.htmls_to_pdf(htmls)
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]
    assert texts == ["Feuille 0", "Suite 0", "Feuille 1", "Suite 1", "Feuille 2", "Suite 2"]


def test_a_failing_pdf_worker_is_an_error_not_a_short_document(monkeypatch):
    from tournament.exports import weasy

    weasy.renderer().stop()  # the next document starts a renderer: one that cannot run
    monkeypatch.setattr(weasy.sys, "executable", "/bin/false")
    with pytest.raises(RuntimeError, match="PDF worker failed"):
        weasy.htmls_to_pdf(["<p>a</p>", "<p>b</p>"])
    weasy.renderer().stop()


def test_a_renderer_dead_before_reading_its_document_is_an_error_each_time(monkeypatch):
    """The renderer gone before the document is written: the write fails, and so did, by
    chance, the close of the pipe that still held it (CI, stop 17)."""
    from tournament.exports import weasy

    start = weasy.Renderer.start

    def start_then_die(self):
        start(self)
        self.process.wait()  # /bin/false has left: nobody reads the pipe

    current = weasy.renderer()
    current.stop()
    monkeypatch.setattr(weasy.sys, "executable", "/bin/false")
    monkeypatch.setattr(weasy.Renderer, "start", start_then_die)
    for _ in range(3):
        with pytest.raises(RuntimeError, match="PDF worker failed"):
            weasy.htmls_to_pdf(["<p>a</p>", "<p>b</p>"])
        assert current.process is None


def test_stopping_a_dead_renderer_with_a_document_unread_closes_its_pipes(monkeypatch):
    from tournament.exports import weasy

    current = weasy.Renderer()
    monkeypatch.setattr(weasy.sys, "executable", "/bin/false")
    current.start()
    process = current.process
    process.wait()
    process.stdin.write(b"[]\n")  # buffered: written to the pipe only when flushed
    current.stop()
    assert current.process is None and process.stdin.closed and process.stdout.closed


def test_long_rounds_are_split_over_the_cores():
    from tournament.exports import weasy

    assert weasy.workers_for(8) == 1
    assert weasy.workers_for(128) == min(weasy.os.cpu_count(), 5)


def test_a_score_sheet_row_puts_each_figure_in_its_column(played):
    from tournament.selectors import DonneLine

    sheet = documents.score_sheets(played.rounds.get(number=2))[0]
    width = sum(w for _label, w, _right in documents.SHEET_COLUMNS)
    assert width == documents.SHEET_WIDTH and all(len(line) == width for line in sheet.lines)
    bounds = [0, *documents.sheet_rules(), width]
    first = sheet.lines[0]
    cells = [first[a:b].strip() for a, b in itertools.pairwise(bounds)]
    # Donne 1 of the filled game: NS 80 ♥ made with 95 and a belote, 200 – 70.
    assert cells == ["1", sheet.rows[0].dealer, "NS", "80", "♥", "", "95", "NS", "", "", "",
                     "200", "70", "200", "70"]
    # The widest figures the rules allow (SCORING.md v2: annonces on one side, at most 550;
    # points attribués on both, at most 1000 each) stay whole and in their own column.
    record = DonneRecord(number=9, taker="EW", contract=None, capot_bid=True, trump="TA",
                         coinche="surcoinche", taker_points=162, capot="EW", belote_ns=2,
                         belote_ew=2, annonces_ns=550, annonces_ew=0, awarded_ns=1000,
                         awarded_ew=1000, score_ns=1000, score_ew=5208)
    line = documents.sheet_row(DonneLine(9, "O", record, 12345, 67890))
    cells = [line[a:b].strip() for a, b in itertools.pairwise(bounds)]
    assert len(line) == width
    assert cells == ["9", "O", "EO", "capot", "TA", "SC", "162", "NS 2 EO 2", "NS 550", "EO",
                     "+1000 NS +1000 EO", "1000", "5208", "12345", "67890"]


def test_the_score_sheet_grid_keeps_the_width_of_the_page(played):
    # The font shrinks as columns are added, so the grid always spans what 105 characters
    # at 8.4 pt did: the A4 width less its margins.
    assert abs(documents.SHEET_WIDTH * documents.SHEET_FONT_PT - 105 * 8.4) < 0.5
    # Written as CSS wants it, whatever the language ("7,54pt" is no size: the grid would
    # fall back to 9 pt and run off the page).
    from tournament.exports import pdf

    html = pdf.score_sheets_html(played.rounds.get(number=1))
    assert f"font-size: {documents.SHEET_FONT_PT}pt;" in html
    assert f"width: {documents.SHEET_WIDTH}ch;" in html


# --- User text in the workbook: always text ------------------------------------------------

FORMULA_LIKE = ["=1+1", '=HYPERLINK("http://example.org","clic")', "+33 6 12", "-2", "@SUM(A1)",
                "#N/A", "=A1"]


def workbook_cells(content: bytes) -> list:
    book = load_workbook(io.BytesIO(content))
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
            if cell.value is not None]


def test_names_that_look_like_formulas_are_written_as_text(client):
    t = tournament(slug="formules", name="=Concours")
    for index, name in enumerate(FORMULA_LIKE, start=1):
        services.team_create(tournament=t, name=name, player1=f"=B{index}",
                             player2=f"@joueur {index}", club="=2*3")
    services.round_generate(tournament=t, seed=3)
    content = client.get(reverse("tournament:standings_xlsx", args=["formules"])).content

    cells = workbook_cells(content)
    typed = {"=2*3", *FORMULA_LIKE}
    typed |= {f"=B{n}" for n in range(1, 8)} | {f"@joueur {n}" for n in range(1, 8)}
    found = {cell.value for cell in cells if cell.value in typed}
    assert found == typed  # every name is there, with its exact text...
    for cell in cells:
        if isinstance(cell.value, str) and cell.value in typed:
            assert cell.data_type == "s", (cell.coordinate, cell.value)  # ...as a string
    titles = [cell for cell in cells if cell.row == 1]
    assert len(titles) == 4 and all(
        cell.value.startswith("=Concours — exporté le") and cell.data_type == "s"
        for cell in titles)
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        sheets = [archive.read(name).decode() for name in archive.namelist()
                  if name.startswith("xl/worksheets/")]
    assert len(sheets) == 4
    assert not any(re.search(r"<f[ >]", xml) for xml in sheets)  # no formula anywhere


def test_a_control_character_stored_before_the_forms_refused_it_does_not_break_the_export(
        client):
    t = tournament(slug="controle", teams=2)
    # Written straight to the database, as older versions of the forms let it through.
    t.teams.filter(number=1).update(name="Les\x01As", club="Club\x1b")
    Tournament.objects.filter(pk=t.pk).update(name="Concours\x07")
    response = client.get(reverse("tournament:standings_xlsx", args=["controle"]))
    assert response.status_code == 200
    values = {cell.value for cell in workbook_cells(response.content)}
    assert {"Les\ufffdAs", "Club\ufffd"} <= values
    assert any(str(value).startswith("Concours\ufffd — exporté") for value in values)


def test_text_cells_keep_plain_names_as_plain_strings_for_speed():
    from openpyxl import Workbook

    sheet = Workbook(write_only=True).create_sheet("x")
    assert workbook.text_cell(sheet, "Les As") == "Les As"  # no cell object per plain value
    cell = workbook.text_cell(sheet, "=1+1")
    assert (cell.value, cell.data_type) == ("=1+1", "s")
    assert workbook.text_cell(sheet, "x" * 40_000) == "x" * 32_767


# --- Score sheets laid out cheaply, nothing left out ----------------------------------------


def test_every_column_title_is_printed_whole_inside_its_own_column():
    head = documents.sheet_head().split("\n")
    assert len(head) == 2
    scale, start = documents.SHEET_HEAD_SCALE, 0
    for label, width, _right in documents.SHEET_COLUMNS:
        left, right = start / scale, (start + width) / scale
        inside = [line[int(left) + 1:int(right)] for line in head]
        # The title's words, and nothing else, between the column's rules (a character of
        # air each side), in the order they are read.
        assert " ".join(" ".join(part.split()) for part in inside).strip() == str(label)
        assert all(line[int(left):int(left) + 1].strip() == "" for line in head), label
        start += width
    assert len(head[1].rstrip()) <= documents.SHEET_WIDTH / scale


def test_a_column_title_too_long_for_its_column_is_refused(monkeypatch):
    monkeypatch.setattr(documents, "SHEET_COLUMNS",
                        [("Points faits par le preneur", 7, True), ("N°", 4, True)])
    with pytest.raises(ValueError, match="does not fit"):
        documents.sheet_head()


def test_a_score_sheet_is_laid_out_without_tables_and_keeps_every_part(played, settings):
    from tournament.exports import pdf

    html = pdf.score_sheets_html(played.rounds.get(number=2), "http://192.168.1.20:8000")
    assert "<table" not in html  # a table costs WeasyPrint a layout per cell
    assert html.count('class="qr"') == html.count("<section") == 3
    assert html.count("Signature du capitaine NS") == 3
    for label, _width, _right in documents.SHEET_COLUMNS:
        for word in str(label).split():
            assert word in html


def test_a_qr_code_is_one_pixel_a_module_of_its_link_drawn_sharp(client, played, settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    client.force_login(played.organiser)
    content = client.get(reverse("tournament:score_sheets", args=["imprime", 2])).content
    reader = PdfReader(io.BytesIO(content))
    sheets = documents.score_sheets(played.rounds.get(number=2), settings.PUBLIC_URL)
    for page, sheet in zip(reader.pages, sheets, strict=True):
        modules = segno.make_qr(sheet.link, error="m", mask=0).symbol_size(scale=1, border=2)
        # One pixel a module (WeasyPrint lists every image of the document on each page),
        # beside the column titles' rules, one pixel high, stretched (a row's rules are a
        # pattern, not listed).
        rules_width = round(documents.SHEET_WIDTH * documents._rules_px_per_ch())
        assert {image.image.size for image in page.images} == {modules, (rules_width, 1)}
        xobject = page["/Resources"]["/XObject"]
        objects = [xobject[name].get_object() for name in xobject]
        images = [image for image in objects if image["/Subtype"] == "/Image"]
        forms = [form for form in objects if form["/Subtype"] == "/Form"]
        images += [image.get_object() for form in forms
                   for image in form["/Resources"]["/XObject"].values()]
        assert len(images) == 3 + 3  # the QR codes, the rules of each sheet
        assert [image["/Interpolate"] for image in images] == [False] * 6  # sharp
    # Each sheet's code is its own table link's, module for module (drawn where the sheet
    # is laid out: qr.png).
    for page, sheet in zip(reader.pages, sheets, strict=True):
        code = segno.make_qr(sheet.link, error="m", mask=0)
        size = code.symbol_size(scale=1, border=2)
        squares = [image.image for image in page.images if image.image.size == size]
        dark = {image.convert("L").tobytes() for image in squares}
        expected = bytes(0 if module else 255 for row in code.matrix_iter(scale=1, border=2)
                         for module in row)
        assert expected in dark


# --- The workbook's rows, written as SpreadsheetML ------------------------------------------


def test_rows_are_written_as_openpyxl_reads_them_back():
    import openpyxl

    rows = [[1, "=1+1", None, 2.5, True, "", "<Les \"As\" & Cie>", "Les\x01As", "x" * 40_000],
            [-7, "#N/A", "  espaces  ", 0, False, "♥", "@SUM(A1)", "+33 6", "ligne\nsuite"]]
    book = openpyxl.Workbook(write_only=True)
    book.create_sheet("Feuille")
    saved = io.BytesIO()
    book.save(saved)
    content = workbook._with_rows(saved.getvalue(), [("xl/worksheets/sheet1.xml", rows)])
    sheet = load_workbook(io.BytesIO(content))["Feuille"]
    first, second = [[cell for cell in row] for row in sheet.iter_rows(min_row=3, max_row=4)]
    assert [cell.value for cell in first] == [1, "=1+1", None, 2.5, True, None,
                                             "<Les \"As\" & Cie>", "Les\ufffdAs", "x" * 32_767]
    assert [cell.value for cell in second] == [-7, "#N/A", "  espaces  ", 0, False, "♥",
                                              "@SUM(A1)", "+33 6", "ligne\nsuite"]
    assert [cell.data_type for cell in first if cell.value is not None] == [
        "n", "s", "n", "b", "s", "s", "s"]
    assert all(cell.data_type == "s" for cell in second if isinstance(cell.value, str))
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        assert "<f" not in archive.read("xl/worksheets/sheet1.xml").decode()


def test_a_value_with_no_cell_type_is_a_bug_not_a_blank():
    import datetime

    with pytest.raises(TypeError, match="no cell for"):
        list(workbook.rows_xml([[1, datetime.date(2026, 11, 22)]], first=3))
    with pytest.raises(TypeError, match="no cell for"):
        list(workbook.rows_xml([[float("nan")]], first=3))


def test_rows_are_numbered_from_the_first_data_row_in_chunks():
    chunks = list(workbook.rows_xml([[n] for n in range(1, 1202)], first=3))
    assert len(chunks) == 3  # 500 rows a string: memory stays flat on a big sheet
    text = "".join(chunks)
    assert text.startswith('<row r="3"><c r="A3" t="n"><v>1</v></c></row>')
    assert text.endswith('<row r="1203"><c r="A1203" t="n"><v>1201</v></c></row>')


def test_a_workbook_whose_sheets_openpyxl_named_otherwise_is_an_error():
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    book.create_sheet("Feuille")
    saved = io.BytesIO()
    book.save(saved)
    with pytest.raises(RuntimeError, match="sheets not found"):
        workbook._with_rows(saved.getvalue(), [("xl/worksheets/sheet9.xml", [[1]])])


def rules_image(uri: str):
    import base64

    from PIL import Image

    assert uri.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(uri.removeprefix("data:image/png;base64,"))))


def runs(pixels: list[int]) -> list[tuple[int, int]]:
    """The (start, length) of each run of rule-grey pixels in a line of pixels."""
    found, start = [], None
    for index, value in enumerate([*pixels, 255]):
        if value == documents.RULE_GREY and start is None:
            start = index
        elif value != documents.RULE_GREY and start is not None:
            found.append((start, index - start))
            start = None
    return found


@pytest.mark.parametrize("which", ["titles", "row"])
def test_the_grid_rules_stand_between_the_columns_half_a_point_wide(which):
    image = rules_image(documents.sheet_rules_image() if which == "titles"
                        else documents.sheet_row_image())
    per_ch = documents._rules_px_per_ch()
    assert image.mode == "L" and image.width == round(documents.SHEET_WIDTH * per_ch)
    pt_per_px = documents.SHEET_FONT_PT * documents.MONO_ADVANCE / per_ch
    # A line of pixels under the top rule: the vertical rules only, each centred on its
    # column's edge (to the pixel) and 0.5 pt wide.
    line = list(image.crop((0, image.height - 1, image.width, image.height)).tobytes())
    rules = runs(line)
    assert [round((start + length / 2) / per_ch, 1) for start, length in rules] == [
        float(offset) for offset in documents.sheet_rules()]
    assert all(abs(length * pt_per_px - documents.RULE_PT) < 0.06 for _s, length in rules)
    if which == "row":  # the rule over the row: across the width, about 0.5 pt high
        column = list(image.crop((0, 0, 1, image.height)).tobytes())
        assert runs(column) == [(0, documents.ROW_RULE_PX)]
        mm_per_px = documents.SHEET_ROW_MM / image.height
        assert abs(documents.ROW_RULE_PX * mm_per_px * 72 / 25.4 - documents.RULE_PT) < 0.1


def test_the_renderer_serves_document_after_document_from_one_warm_process():
    from tournament.exports import weasy

    renderer = weasy.renderer()
    renderer.stop()
    first = weasy.htmls_to_pdf(["<p>Un</p>", "<p>Deux</p>"])
    process = renderer.process
    second = weasy.htmls_to_pdf(["<p>Trois</p>", "<p>Quatre</p>", "<p>Cinq</p>"])
    assert renderer.process is process and process.poll() is None  # the same, still waiting
    assert [page.extract_text() for page in PdfReader(io.BytesIO(first)).pages] == [
        "Un", "Deux"]
    assert [page.extract_text() for page in PdfReader(io.BytesIO(second)).pages] == [
        "Trois", "Quatre", "Cinq"]
    assert renderer.last is not None and renderer.last.cpu > 0 and renderer.last.peak_mb > 10


def test_a_renderer_found_dead_is_started_again():
    from tournament.exports import weasy

    renderer = weasy.renderer()
    weasy.warm_up()
    dead = renderer.process
    os.killpg(dead.pid, signal.SIGKILL)
    dead.wait()
    content = weasy.htmls_to_pdf(["<p>Un</p>", "<p>Deux</p>"])
    assert renderer.process is not dead and len(PdfReader(io.BytesIO(content)).pages) == 2


def test_a_chunk_that_fails_fails_the_document_and_the_renderer_goes_on(tmp_path):
    import json
    import time

    from tournament.exports import weasy

    renderer = weasy.renderer()
    weasy.warm_up()
    # A chunk whose HTML cannot be read: its child fails, the renderer says so.
    request = [[str(tmp_path / "absent.html"), str(tmp_path / "absent.pdf")]]
    renderer.process.stdin.write(json.dumps(request).encode() + b"\n")
    renderer.process.stdin.flush()
    assert renderer._reply(time.monotonic() + 60) == b"failed"
    content = weasy.htmls_to_pdf(["<p>Un</p>", "<p>Deux</p>"])  # and serves the next one
    assert len(PdfReader(io.BytesIO(content)).pages) == 2


def test_more_chunks_than_cores_are_joined_in_order_and_each_is_told_when_laid_out():
    """The renderer lays out a core's worth at a time, the largest first: the file keeps the
    chunks' order all the same, and the caller hears each one end."""
    from tournament.exports import weasy

    # Sizes out of order (the third the largest), more chunks than this machine's cores.
    htmls = [f"<p>Morceau {index}</p>" + "<p>ligne</p>" * size
             for index, size in enumerate([1, 40, 300, 5, 120, 2, 60])]
    heard: list[int] = []
    content = weasy.htmls_to_pdf(htmls, done=heard.append)
    firsts = [page.extract_text().split("\n")[0] for page in PdfReader(io.BytesIO(content)).pages]
    assert [text for text in firsts if text.startswith("Morceau")] == [
        f"Morceau {index}" for index in range(7)]
    assert heard == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.slow
def test_the_renderer_ends_with_its_server_process():
    code = ("import sys; sys.path.insert(0, '.'); from tournament.exports import weasy; "
            "weasy.warm_up(); print(weasy.renderer().process.pid)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, cwd=Path(__file__).resolve().parents[2])
    pid = int(result.stdout)
    for _ in range(600):  # it reads the end of its input, then leaves (60 s at most)
        if not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text(
                ).split()[2]:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the renderer outlived its server process")
