"""The treasurer's documents: the caisse as a PDF (A4 portrait, WeasyPrint) and as a sheet
« Caisse » of the workbook. Their data is the desk's (selectors.money.caisse), built apart
from their rendering; amounts are cents, written as « 12,50 € » in the PDF and as exact
numbers with a euro format in the workbook (never a float)."""

from __future__ import annotations

from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from ..amounts import amount_text, euros, pool_line_words
from ..choices import FEE_PER_CHOICES, PAYMENT_METHOD_CHOICES
from ..models import Tournament
from ..selectors.money import Caisse, caisse
from . import weasy, workbook
from .files import concours_file_name
from .workbook import BOLD, EURO_FORMAT, Book, font, text_cell


def caisse_html(tournament: Tournament, when: datetime | None = None) -> str:
    data = caisse(tournament)
    methods = dict(PAYMENT_METHOD_CHOICES)
    return render_to_string("printing/caisse.html", {
        "tournament": tournament, "caisse": data, "printed": timezone.localtime(when),
        "fee": amount_text(tournament.fee),
        "fee_per": dict(FEE_PER_CHOICES)[tournament.fee_per],
        "rows": [(entrant, methods.get(entrant.payment.method, "") if entrant.payment else "")
                 for entrant in data.entrants],
        "pool": [pool_line_words(line) for line in data.pool],
    })


def caisse_pdf(tournament: Tournament, when: datetime | None = None) -> bytes:
    return weasy.html_to_pdf(caisse_html(tournament, when))


def _euro_cell(book: Book, sheet: object, cents: int | None, bold: bool = False) -> object:
    if cents is None:
        return None
    from openpyxl.cell import WriteOnlyCell  # at first use, as workbook.py

    cell = WriteOnlyCell(sheet, euros(cents))
    cell.number_format = EURO_FORMAT
    if bold:
        cell.font = font(BOLD)
    return cell


def add_caisse(book: Book, data: Caisse) -> None:
    """The sheet « Caisse »: a line per entrant (what it owed, paid, how, refunded), then the
    totals by method, the cash prizes, the lots' values and the balance. Small (a line an
    entrant): written by openpyxl itself, its amounts styled."""
    sheet = book.workbook.create_sheet(_("Caisse"))
    widths = [7, 30, 36, 12, 12, 14, 20, 12, 20, 10]
    for index, width in enumerate(widths):
        sheet.column_dimensions[chr(ord("A") + index)].width = width
    sheet.freeze_panes = "A3"
    sheet.append([text_cell(sheet, book.title, workbook.TITLE)])
    sheet.append([text_cell(sheet, str(label), BOLD) for label in (
        _("N°"), _("Joueur") if data.melee else _("Équipe"),
        _("Club") if data.melee else _("Joueurs"), _("Dû"), _("Payé"), _("Moyen"),
        _("Payé le"), _("Remboursé"), _("Remboursé le"), _("État"))])
    methods = dict(PAYMENT_METHOD_CHOICES)
    withdrawn = _("retiré") if data.melee else _("retirée")
    for entrant in data.entrants:
        payment = entrant.payment
        sheet.append([
            entrant.number, text_cell(sheet, entrant.name), text_cell(sheet, entrant.detail),
            _euro_cell(book, sheet, entrant.due),
            _euro_cell(book, sheet, payment.amount if payment else None),
            str(methods[payment.method]) if payment else _("non payé"),
            timezone.localtime(payment.paid_at).strftime("%d/%m/%Y %H:%M") if payment else None,
            _euro_cell(book, sheet, payment.refunded if payment and payment.refunded else None),
            (timezone.localtime(payment.refunded_at).strftime("%d/%m/%Y %H:%M")
             if payment and payment.refunded_at else None),
            None if entrant.active else withdrawn])
    sheet.append([])
    sheet.append([None, text_cell(sheet, _("Moyen"), BOLD), text_cell(sheet, _("Paiements"), BOLD),
                  None, text_cell(sheet, _("Reçu"), BOLD), None, None,
                  text_cell(sheet, _("Remboursé"), BOLD)])
    for total in data.by_method:
        sheet.append([None, total.label, total.count, None, _euro_cell(book, sheet, total.amount),
                      None, None, _euro_cell(book, sheet, total.refunded)])
    sheet.append([])
    for label, cents, bold in (
            (_("Droits encaissés"), data.collected, False),
            (_("Remboursements"), -data.refunded, False),
            (_("Prix en espèces"), -data.cash_prizes, False),
            (_("Valeur des lots"), -data.lots_value, False),
            (_("Solde"), data.balance, True)):
        sheet.append([None, text_cell(sheet, label, BOLD if bold else None), None, None,
                      _euro_cell(book, sheet, cents, bold)])


def caisse_workbook(tournament: Tournament, when: datetime | None = None) -> bytes:
    """The standings workbook with the sheet « Caisse » after its sheets (the desk's: the
    public workbook has no money in it)."""
    return workbook.standings_workbook(
        tournament, when, extra=lambda book: add_caisse(book, caisse(tournament)),
        licences=True)


def caisse_filename(tournament: Tournament, when: datetime) -> str:
    return concours_file_name("caisse", tournament, "xlsx")
