"""The caisse page, its settings and the treasurer's documents, through the client: read back
as a person reads them (the PDF's text, the workbook's cells)."""

import html
import io
import zipfile
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import Side
from tests.builders import made, melee, organiser, play_to_the_end, tournament
from tournament import services
from tournament.amounts import PoolLine
from tournament.exports import caisse as caisse_export
from tournament.exports import palmares
from tournament.models import AuditEntry, Game, Payment

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return organiser("tresorier")


@pytest.fixture
def concours(owner):
    t = tournament(owner=owner, teams=4, slug="caisse", published=False)
    services.fee_set(tournament=t, fee=750, fee_per="team")
    return t


@pytest.fixture
def desk(client, owner):
    client.force_login(owner)
    return client


def url(name, *args):
    return reverse(f"tournament:{name}", args=["caisse", *args])


def caisse_page(desk) -> str:
    return desk.get(url("caisse")).content.decode()


def test_the_caisse_lists_who_has_not_paid_and_marks_a_payment(desk, concours):
    page = caisse_page(desk)
    assert "Restent à encaisser (4)" in page and "7,50\u00a0€" in page
    response = desk.post(url("caisse_pay", 3), {"method": "cheque"})
    assert response.status_code == 302 and "fait=3" in response["Location"]
    assert Payment.objects.get(team__number=3).method == "cheque"
    page = desk.get(response["Location"]).content.decode()
    assert "Restent à encaisser (3)" in page and "Annuler ce paiement" in page
    # The next entrant is offered espèces again (issue 32: the chèque stuck to the cash
    # payments that followed).
    assert 'value="especes" checked' in page and 'value="cheque" checked' not in page
    assert "N° 3 : payé 7,50\u00a0€ (chèque)." in page


def test_the_default_method_is_cash_and_a_bad_method_is_refused(desk, concours):
    desk.post(url("caisse_pay", 1), {})
    assert Payment.objects.get(team__number=1).method == "especes"
    response = desk.post(url("caisse_pay", 2), {"method": "bitcoin"}, follow=True)
    assert not Payment.objects.filter(team__number=2).exists()
    assert "bitcoin" in response.content.decode()  # Django's choice message names it


def test_a_typed_amount_and_a_bad_one(desk, concours):
    desk.post(url("caisse_pay", 1), {"method": "especes", "amount": "5,5"})
    assert Payment.objects.get(team__number=1).amount == 550
    response = desk.post(url("caisse_pay", 2), {"amount": "-5"}, follow=True)
    assert "un montant ne peut pas être négatif" in response.content.decode()
    assert not Payment.objects.filter(team__number=2).exists()


def test_undo_refund_and_undo_of_the_refund(desk, concours):
    desk.post(url("caisse_pay", 1), {})
    desk.post(url("caisse_refund", 1), {"amount": "2,50"})
    assert Payment.objects.get(team__number=1).refunded == 250
    response = desk.post(url("caisse_undo", 1), follow=True)
    assert "annulez d'abord le remboursement" in html.unescape(response.content.decode())
    desk.post(url("caisse_unrefund", 1))
    desk.post(url("caisse_undo", 1))
    assert not Payment.objects.exists()
    assert list(AuditEntry.objects.filter(kind="money").order_by("id").values_list(
        "action", flat=True)) == ["fee", "pay", "refund", "unrefund", "unpay"]


def test_the_settings_set_the_fee_the_pool_and_a_lots_value(desk, concours):
    assert desk.get(url("caisse_settings")).status_code == 200
    desk.post(url("caisse_fee"), {"fee": "6,00 €", "fee_per": "player"})
    concours.refresh_from_db()
    assert (concours.fee, concours.fee_per) == (600, "player")
    response = desk.post(url("caisse_fee"), {"fee": "2000", "fee_per": "player"})
    assert response.status_code == 400
    assert "1\u00a0000,00\u00a0€ au plus" in response.content.decode()
    desk.post(url("caisse_pool"), {"pool": "1er 50 %\n2e à 3e 5 €"})
    assert [(row.start, row.end, row.amount, row.percent) for row in concours.cash_prizes.all()
            ] == [(1, 1, None, Decimal("50.00")), (2, 3, 500, None)]
    response = desk.post(url("caisse_pool"), {"pool": "1er 80 %\n2e 30 %"})
    assert response.status_code == 400 and "110" in response.content.decode()
    assert concours.cash_prizes.count() == 2
    assert "1er : 50 %" in desk.get(url("caisse_settings")).content.decode().replace("\xa0", " ")
    prize = services.prize_add(tournament=concours, start=1, end=None, from_last=False,
                               label="Bouteille")
    desk.post(url("caisse_lot_value", prize.pk), {f"lot{prize.pk}-value": "4,20"})
    prize.refresh_from_db()
    assert prize.value == 420


def test_the_three_lots_values_typed_then_entree_are_all_saved_or_none(desk, concours):
    """Issue 32: each lot had its own form, and Entrée in the first value sent that one
    alone; the others were dropped without a word."""
    lots = [services.prize_add(tournament=concours, start=place, end=place, from_last=False,
                               label=label)
            for place, label in ((1, "Jambon"), (2, "Bouteille"), (3, "Fromage"))]
    page = desk.get(url("caisse_settings")).content.decode()
    form = page[page.index('id="lot-values-form"'):]
    form = form[:form.index("</form>")]
    assert all(f'name="lot{lot.pk}-value"' in form for lot in lots)  # one form: one Entrée
    refused = desk.post(url("caisse_lot_values"), {
        f"lot{lots[0].pk}-value": "30", f"lot{lots[1].pk}-value": "douze",
        f"lot{lots[2].pk}-value": "8"}, follow=True)
    assert "Aucune valeur n'est enregistrée" in html.unescape(refused.content.decode())
    assert [lot.value for lot in concours.prizes.order_by("order")] == [None, None, None]
    desk.post(url("caisse_lot_values"), {
        f"lot{lots[0].pk}-value": "30", f"lot{lots[1].pk}-value": "12,50",
        f"lot{lots[2].pk}-value": "8"})
    assert [lot.value for lot in concours.prizes.order_by("order")] == [3000, 1250, 800]
    assert AuditEntry.objects.filter(kind="money", action="lot_value").count() == 3


def test_a_lots_value_is_the_organisers_only(client, concours):
    prize = services.prize_add(tournament=concours, start=1, end=None, from_last=False,
                               label="Bouteille")
    client.force_login(organiser("intrus"))
    response = client.post(url("caisse_lot_value", prize.pk), {f"lot{prize.pk}-value": "4"})
    assert response.status_code == 404
    prize.refresh_from_db()
    assert prize.value is None


def test_the_caisse_page_reads_a_constant_number_of_queries(desk, concours):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert desk.get(url("caisse")).status_code == 200
        return len(queries)

    services.payment_take(tournament=concours, number=1, method="especes")
    few = count()
    for index in range(5, 25):
        services.team_create(tournament=concours, name=f"Équipe {index}", player1="a",
                             player2="b")
        services.payment_take(tournament=concours, number=index, method="carte")
    assert count() == few


def _filled(t):
    for number, method in ((1, "especes"), (2, "cheque"), (3, "offert")):
        services.payment_take(tournament=t, number=number, method=method)
    services.payment_refund(tournament=t, number=2, amount=300)
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, percent=Decimal("40"))])
    prize = services.prize_add(tournament=t, start=2, end=2, from_last=False, label="Jambon")
    services.prize_value_set(prize=prize, value=450)


def test_the_treasurers_pdf_reads_the_totals_and_the_balance(desk, concours):
    _filled(concours)
    response = desk.get(url("caisse_pdf"))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(sheet.extract_text() for sheet in PdfReader(
        io.BytesIO(response.content)).pages).replace("\xa0", " ")
    # Collected 15 €, refunded 3 €: 40 % of 12 € is 4,80 €; the ham is worth 4,50 €.
    for words in ("Droits encaissés 15,00 €", "Remboursements 3,00 €",
                  "Prix en espèces 4,80 €", "Valeur des lots 4,50 €", "Solde 2,70 €",
                  "Chèque 1 7,50 € 3,00 €", "Offert 1 0,00 €", "non payé", "Équipe 4"):
        assert words in text, words


def test_the_workbook_has_a_caisse_sheet_with_exact_euros(desk, concours):
    _filled(concours)
    response = desk.get(url("caisse_xlsx"))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames[-1] == "Caisse" and "Classement" in book.sheetnames
    sheet = book["Caisse"]
    rows = list(sheet.iter_rows(min_row=3, values_only=True))
    assert rows[0][:6] == (1, "Équipe 1", "Joueur 1A et Joueur 1B", 7.5, 7.5, "Espèces")
    assert rows[1][7] == 3 and rows[3][5] == "non payé"
    assert sheet["D3"].number_format == '#,##0.00\\ "€"'
    balance = next(row for row in rows if row[1] == "Solde")
    assert balance[4] == pytest.approx(2.7)
    # The public workbook holds no money.
    public = load_workbook(io.BytesIO(desk.get(url("standings_xlsx")).content))
    assert "Caisse" not in public.sheetnames


def test_the_workbook_writes_exact_decimals(concours):
    # 10 cents is written 0.1 exactly (a Decimal), never a binary float's 0.1000000000000000055.
    services.payment_take(tournament=concours, number=1, method="especes", amount=10)
    content = caisse_export.caisse_workbook(concours)
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        names = [name for name in archive.namelist() if name.startswith("xl/worksheets/")]
        caisse_xml = archive.read(sorted(names)[-1]).decode()
    assert "<v>0.1</v>" in caisse_xml and "<v>7.5</v>" in caisse_xml


def test_cash_prizes_show_with_the_lots_on_the_palmares(desk, owner):
    t = tournament(owner=owner, teams=4, slug="palma")
    services.fee_set(tournament=t, fee=1000, fee_per="team")
    for number in (1, 2, 3, 4):
        services.payment_take(tournament=t, number=number, method="especes")
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, percent=Decimal("50")),
                                                PoolLine(2, 2, amount=500)])
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    services.round_generate(tournament=t, seed=1)
    first, second = Game.objects.filter(round__tournament=t).order_by("table")
    play_to_the_end(first)
    # The other table's winners score less: a 2nd place, not a 1st shared (ex aequo share
    # their places' prizes: test_ex_aequo_entrants_share_their_places_cash_prizes_equally).
    while not second.finished:
        services.donne_record(game=second, number=None, donne=made(Side.NS, 80, 100))
        second.refresh_from_db()
    data = palmares.palmares(t)
    assert data.cash == {1: 2000, 2: 500}
    assert [(award.position, award.label, cash) for award, cash in data.cash_rows] == [
        (1, "Jambon", 2000), (2, "", 500)]
    page = desk.get(reverse("tournament:prizes", args=["palma"])).content.decode()
    assert "20,00\u00a0€" in page and "5,00\u00a0€" in page
    text = PdfReader(io.BytesIO(palmares.palmares_pdf(t))).pages[0].extract_text()
    assert "20,00" in text and "Jambon" in text


def test_a_melee_caisse_lists_players(client):
    t = melee(players=3, slug="meleecaisse", owner=organiser("meleur"))
    services.fee_set(tournament=t, fee=500, fee_per="team")
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:caisse", args=["meleecaisse"])).content.decode()
    assert "Joueur 2" in page and "par joueur" in page
    client.post(reverse("tournament:caisse_pay", args=["meleecaisse", 2]), {})
    assert Payment.objects.get().player.number == 2


def test_the_journal_shows_the_money_in_words(desk, concours):
    _filled(concours)
    text = html.unescape(desk.get(reverse("tournament:journal", args=["caisse"]))
                         .content.decode()).replace("\xa0", " ")
    for words in ("caisse", "7,50 € par équipe", "1. Équipe 1 : 7,50 € (espèces)",
                  "remboursé 3,00 €", "1er : 40 %", "Jambon : 4,50 €", "paiement"):
        assert words in text, words


def fee_box(desk) -> str:
    page = desk.get(url("caisse_settings")).content.decode()
    tag = page[page.rindex("<input", 0, page.index('name="fee"')):]
    return tag[:tag.index(">")]


def test_the_fee_box_holds_a_number_that_typing_replaces_not_extends(desk, concours):
    """Issue 32: prefilled « 0,00 € », the box became « 0,00 €10 » when typed into."""
    services.fee_set(tournament=concours, fee=0, fee_per="team")
    free = fee_box(desk)
    assert "value=" not in free and 'placeholder="0,00"' in free
    services.fee_set(tournament=concours, fee=750, fee_per="team")
    assert 'value="7,50"' in fee_box(desk)  # the number alone, the « € » beside the box
    desk.post(url("caisse_fee"), {"fee": "7,50", "fee_per": "team"})
    concours.refresh_from_db()
    assert concours.fee == 750


def test_a_free_concours_lists_nobody_to_collect(desk, concours):
    """Issue 32: a free concours listed every entrant « à encaisser » at 0,00 €."""
    services.fee_set(tournament=concours, fee=0, fee_per="team")
    page = html.unescape(caisse_page(desk))
    assert "Reste à encaisser (0)" in page and "0,00\u00a0€</span>" not in page
    assert "Concours gratuit : personne n'a rien à payer." in page
