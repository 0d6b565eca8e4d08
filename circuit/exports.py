"""A circuit's documents: its standings (qualifiers marked) as a PDF (WeasyPrint) and a
workbook (openpyxl, user text written as text), both from `selectors.circuit_standings`,
laid out as the club's season's documents are (`tournament.exports`). No licence: the
same data as the public page."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.exports import weasy
from tournament.exports.season import rule_words
from tournament.exports.workbook import Book

from .models import Circuit
from .rules import qualified_count
from .selectors import CircuitStandings, circuit_rule, circuit_standings


def qualify_words(circuit: Circuit, participants: int, tied: int = 0) -> str:
    """The qualification in words, with what it gives for `participants` players (`tied`:
    the qualified beyond its count, ex aequo at the last qualifying place)."""
    qualify = circuit.qualify
    count = qualified_count(qualify, participants)
    if qualify["kind"] == "none":
        return _("pas de finale")
    if qualify["kind"] == "top":
        rule = ngettext("le premier", "les %(n)d premiers", count) % {"n": count}
    elif qualify["kind"] == "ratio":
        rule = _("un qualifié pour %(per)d joueurs") % {"per": qualify["per"]}
    else:
        rule = "; ".join(_("%(count)d à partir de %(players)d joueurs")
                         % {"count": step_count, "players": players}
                         for players, step_count in qualify["steps"])
    words = _("finale : %(rule)s — %(n)d qualifiés") % {"rule": rule, "n": count}
    if tied:
        words += ngettext(" (et %(n)d de plus, ex aequo à la dernière place qualificative)",
                          " (et %(n)d de plus, ex aequo à la dernière place qualificative)",
                          tied) % {"n": tied}
    return words


def filename(circuit: Circuit, extension: str, when: datetime) -> str:
    return f"circuit-{circuit.slug}-{timezone.localtime(when):%Y-%m-%d}.{extension}"


def _rows(standings: CircuitStandings) -> list[list[object]]:
    qualified, tied = set(standings.qualified), set(standings.tied_beyond)
    return [[row.line.rank if row.line.rank is not None else "—",
             f"{row.person.first_name} {row.person.name}".strip(), row.person.club,
             row.line.points, row.line.played,
             _("oui, ex aequo") if index in tied else _("oui") if index in qualified else ""]
            for index, row in enumerate(standings.rows)]


def circuit_pdf(circuit: Circuit, when: datetime | None = None) -> bytes:
    standings = circuit_standings(circuit)
    html = render_to_string("circuit/printing/circuit.html", {
        "circuit": circuit, "standings": standings, "rows": _rows(standings),
        "rule": rule_words(circuit_rule(circuit)),
        "qualify": qualify_words(circuit, standings.participants,
                                 len(standings.tied_beyond)),
        "printed": timezone.localtime(when or timezone.now())})
    return weasy.html_to_pdf(html)


def circuit_workbook(circuit: Circuit, when: datetime | None = None) -> bytes:
    standings = circuit_standings(circuit)
    when = timezone.localtime(when or timezone.now())
    book = Book(_("%(name)s — exporté le %(day)s à %(time)s") % {
        "name": circuit.name, "day": f"{when:%d/%m/%Y}", "time": f"{when:%H:%M}"})
    columns = [(_("Rang"), 7), (_("Joueur"), 30), (_("Club"), 28), (_("Points"), 10),
               (_("Concours joués"), 16), (_("Qualifié"), 10)]
    rows = _rows(standings)
    book.sheet(_("Classement"), columns, rows, len(rows))
    concours = [[index, received.date.strftime("%d/%m/%Y"), received.club.name, received.name]
                for index, received in enumerate(standings.concours, start=1)]
    book.sheet(_("Concours"), [(_("N°"), 6), (_("Date"), 12), (_("Club"), 28),
                               (_("Concours"), 34)], concours, len(concours))
    return book.save()


def qualifiers_csv(circuit: Circuit) -> bytes:
    """The qualifiers for the final as the laptop's file of players reads them (joueur, club,
    licence; tournament.forms.imports): the laptop that runs the final imports it. It holds
    the licences (the final's desk links its players by them): the comité's, not public."""
    standings = circuit_standings(circuit)
    output = io.StringIO()
    writer = csv.writer(output, delimiter=";", lineterminator="\r\n")
    writer.writerow([_("Joueur"), _("Club"), _("Licence")])
    for index in standings.qualified:
        person = standings.rows[index].person
        writer.writerow([f"{person.first_name} {person.name}".strip(), person.club,
                         person.licence or ""])
    # UTF-8 with its BOM: the CSV a French spreadsheet opens with its accents.
    return output.getvalue().encode("utf-8-sig")
