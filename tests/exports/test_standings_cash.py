"""The standings page, its PDF and its workbook show each line's cash prize beside its lot,
from the one builder they read (documents.standings): the palmarès' figure, ex aequo sharing
theirs to the cent; no « Prix » column for a concours without cash prizes."""

import io
import re
import zipfile
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import drawn, melee, melee_partie, play_partie
from tournament import services
from tournament.amounts import PoolLine
from tournament.exports import documents, pdf, workbook
from tournament.selectors import standings_awards
from tournament.selectors.money import (
    caisse,
    cash_shared_by_ties,
    standings_cash,
)
from tournament.tables import StandingsTable


@pytest.fixture
def played(owner):
    return played_concours(owner)


def played_concours(owner, **options):
    """Four teams after two parties: ranks 1, 2, 2 (ex aequo) and 4; a lot for every place,
    a fee of 18,50 € of which 17,25 € were taken (one « offert »)."""
    t = drawn(owner=owner, teams=4, slug="prix", parties_planned=2, **options)
    play_partie(t.rounds.get(number=1))
    services.round_generate(tournament=t, seed=7)
    play_partie(t.rounds.get(number=2))
    services.prize_add(tournament=t, start=1, end=None, from_last=False, label="Un jambon")
    services.fee_set(tournament=t, fee=1850, fee_per="team")
    services.payment_take(tournament=t, number=1, method="cheque", amount=1725)
    services.payment_take(tournament=t, number=2, method="offert")
    return t


def with_pool(t):
    # 56,25 € to the 1st; 20 % of the 17,25 € taken (3,45 €) to the 2nd place, which the two
    # 2nds ex aequo share to the cent: 1,73 € and 1,72 €.
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, amount=5625),
                                                PoolLine(2, 2, percent=Decimal("20"))])
    return t


@pytest.mark.django_db
def test_the_builder_gives_each_line_the_palmares_cash_prize_in_one_query(played):
    t = with_pool(played)
    standing = documents.standings(t)
    assert [line.row.rank for line in standing.lines] == [1, 2, 2, 4]
    assert [entry.cash for entry in standing.entries] == [5625, 173, 172, None]
    # The caisse's figures (its read loads every entrant; this one sums the fees).
    awards = standings_awards(t)
    paid = cash_shared_by_ties(awards, caisse(t).cash_by_place)
    assert [entry.cash for entry in standing.entries] == [
        paid.get(award.position) for award in awards.lines]
    with CaptureQueriesContext(connection) as queries:
        standings_cash(t, standing.awards)
    assert len(queries) == 1


@pytest.mark.django_db
def test_a_concours_without_cash_prizes_has_no_prix_column(played, client, owner):
    standing = documents.standings(played)
    assert standing.cash is None and not standing.has_cash
    assert all(entry.cash is None for entry in standing.entries)
    client.force_login(owner)
    page = client.get(reverse("tournament:standings", args=[played.slug])).content.decode()
    assert "Un jambon" in page and not re.search(r">\s*Prix\s*<", page)
    assert 'id="tied-cash"' not in page
    sheet = load_workbook(io.BytesIO(workbook.standings_workbook(played)))["Classement"]
    assert "Prix" not in [cell.value for cell in sheet[2]]
    assert ">Prix<" not in pdf.standings_html(played, standing)


@pytest.mark.django_db
def test_the_page_pdf_and_workbook_show_the_cash_prize_beside_the_lot(played, client, owner):
    t = with_pool(played)
    client.force_login(owner)
    response = client.get(reverse("tournament:standings", args=[t.slug]))
    page = response.content.decode()
    assert re.search(r'<th class="num">\s*Prix\s*</th>', page)
    assert 'id="tied-cash"' in page  # the two 2nds' sharing, said
    for amount in ("56,25\u00a0€", "1,73\u00a0€", "1,72\u00a0€"):
        assert (f'<td >Un jambon</td><td class="num" style="white-space: nowrap">{amount}</td>'
                in page), amount

    text = "\n".join(page.extract_text() for page in PdfReader(
        io.BytesIO(pdf.standings_pdf(t))).pages)
    assert "Prix" in text and "Ex aequo : les prix en espèces" in text
    assert [amount in text for amount in ("56,25", "1,73", "1,72")] == [True] * 3

    content = workbook.standings_workbook(t)
    sheet = load_workbook(io.BytesIO(content))["Classement"]
    head = [cell.value for cell in sheet[2]]
    column = head.index("Prix")
    assert head[column - 1] == "Lot"
    cells = [line[column] for line in sheet.iter_rows(min_row=3)]
    assert [(cell.value, cell.data_type) for cell in cells] == [
        (56.25, "n"), (1.73, "n"), (1.72, "n"), (None, "n")]
    assert [cell.number_format for cell in cells[:3]] == [workbook.EURO_FORMAT] * 3
    # The exact figure is what the file stores (never a float's 1.7299999…).
    with zipfile.ZipFile(io.BytesIO(content)) as book:
        xml = book.read("xl/worksheets/sheet1.xml").decode()
    assert all(f"<v>{value}</v>" in xml for value in ("56.25", "1.73", "1.72"))


@pytest.mark.django_db
def test_the_table_writes_no_cash_cell_for_a_line_without_one(played):
    t = with_pool(played)
    standing = documents.standings(t)
    table = StandingsTable(standing.lines, cash=standing.cash, lots=standing.lots)
    rows = str(table.rows_html()).split("</tr>")
    assert rows[0].endswith('<td class="num" style="white-space: nowrap">56,25\u00a0€</td>')
    assert rows[3].endswith('<td class="num" style="white-space: nowrap"></td>')


def test_the_pdf_s_prix_column_is_as_wide_as_its_longest_amount():
    def width(*cents: int) -> float:
        standing = documents.Standings([], [], cash=dict(enumerate(cents)))
        return float(pdf.cash_width(standing).removesuffix("mm"))

    # « 2 000,00 € » needs more room than « 56,25 € », than « 0,05 € », than the title alone.
    assert width(5625, 200000) == width(200000) > width(5625) > width(5) > width()
    assert 14 < width(5625) < 15.5  # four figures, « € », a comma and a space at 11 pt


@pytest.mark.django_db
def test_a_melee_s_players_take_the_palmares_cash_prizes(owner):
    """A mêlée's percentage is of its players' fees (no partie team pays): the builder's sum
    is the caisse's reading of every entrant."""
    t = melee(owner=owner, players=4, slug="melee-prix")
    play_partie(melee_partie(t))
    services.fee_set(tournament=t, fee=1000, fee_per="player")
    services.payment_take(tournament=t, number=1, method="especes")
    services.payment_take(tournament=t, number=3, method="cheque", amount=750)
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, percent=Decimal("50")),
                                                PoolLine(2, 4, amount=100)])
    standing = documents.standings(t)
    awards = standing.awards
    paid = cash_shared_by_ties(awards, caisse(t).cash_by_place)
    cash = [entry.cash for entry in standing.entries]
    assert cash == [paid.get(award.position) for award in awards.lines]
    # The two winners ex aequo share 50 % of 17,50 € and 1 €: 4,88 € and 4,87 €.
    assert cash == [488, 487, 100, 100]
