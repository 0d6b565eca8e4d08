"""The standings' rows are built once (exports.rows) and read by both renderers: the PDF's
figures and the workbook's « Classement » cells are the same rows' figures, in the same
order under the same titles, each renderer writing them its own way."""

import io

import pytest
from openpyxl import load_workbook

from tests.builders import play_to_the_end, tournament
from tournament import services
from tournament.exports import documents, pdf, rows, workbook

pytestmark = pytest.mark.django_db


def test_the_pdf_and_the_workbook_write_the_same_rows():
    t = tournament(teams=2, slug="lignes")
    play_to_the_end(services.round_generate(tournament=t, seed=1).games.get())
    standing = documents.standings(t)
    table = rows.standings_table(standing)
    assert table.figures == ("Jouées", "Gagnées", "Points marqués", "Points concédés",
                             "Différence")
    assert [row.figures[:2] for row in table.rows] == [(1, 1), (1, 0)]
    assert all(row.figures[-1] == row.figures[-3] - row.figures[-2] for row in table.rows)

    sheet = load_workbook(io.BytesIO(workbook.standings_workbook(t)))["Classement"]
    cells = [[cell.value for cell in line] for line in sheet.iter_rows(min_row=2)]
    head, lines = cells[0], cells[1:]
    first = head.index("Jouées")
    assert tuple(head[first:first + 5]) == table.figures
    assert [tuple(line[first:first + 5]) for line in lines] == [
        row.figures for row in table.rows]

    shown = [[*map(str, row.figures[:-1]), f"{row.figures[-1]:+d}" if row.figures[-1] else "0"]
             for row in table.rows]
    columns = pdf.figure_columns(standing, shown)
    html = pdf.standings_html(t, standing)
    assert all(pdf.figures_text(line, columns) in html for line in shown)
