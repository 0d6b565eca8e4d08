"""The standings workbook (openpyxl, write-only): Classement, Parties, Donnes, Équipes.

Each sheet: a title row (tournament and export time), a bold header row frozen below it, an
autofilter, sensible widths, numbers stored as numbers, and every text as a text cell: the
names are typed by organisers and visitors' teams, and the workbook is public, so a name that
looks like a formula (`=HYPERLINK(…)`) must never become one (formula injection).

openpyxl writes the workbook, its styles and each sheet's two styled rows; the data rows, plain
numbers and texts, are written as SpreadsheetML by `rows_xml` into the sheets openpyxl saved.
Measured on 40,968 donne rows (bench/bench_tournament.py prints it again): a bare
`append` of the same rows in openpyxl's write-only mode took 5.3 s on this project's 2-core
machine (3.9 s with lxml, which this project does not install), over the 5 s target by
itself; nine tenths of it is openpyxl's cell objects and its pure-Python XML serialiser. The
cells written here are those openpyxl writes for the same values (`<c t="n">`, inline strings),
every text an inline string: never a formula, whatever it starts with.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from xml.sax.saxutils import escape

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from ..audit import COINCHE_WORDS
from ..models import SIDE_SHORT, TRUMP_SHORT, DonneRecord, Game, Tournament
from . import documents

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
EXCEL_MAX_TEXT = 32_767  # characters in one cell
REPLACEMENT = "\ufffd"
# What openpyxl would not write as plain text: a leading "=" (a formula) or "#" (maybe an error
# value such as "#N/A"), or a character it refuses.
_NEEDS_CARE = re.compile(r"^[=#]|" + ILLEGAL_CHARACTERS_RE.pattern)


def text_cell(sheet, value: str, font: Font | None = None) -> str | WriteOnlyCell:
    """`value` as a text cell, whatever it starts with: the one way text enters the workbook.

    openpyxl types a str by its content: "=…" becomes a formula and "#N/A" an error value, so
    those are written through a cell forced to a string. The control characters it refuses
    (names stored before the forms refused them) are replaced, never a failed export; and a
    text longer than a cell holds is cut, as Excel would. Other texts stay plain str: a cell
    object per value would slow a big workbook down.
    """
    if font is None and len(value) <= EXCEL_MAX_TEXT and not _NEEDS_CARE.search(value):
        return value  # the common case, in one search
    value = ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, value)[:EXCEL_MAX_TEXT]
    if font is None and not value.startswith("=") and value not in ERROR_CODES:
        return value
    cell = WriteOnlyCell(sheet, value)
    cell.data_type = "s"
    if font is not None:
        cell.font = font
    return cell


def text_xml(value: str) -> str:
    """A text as the content of an inline string: control characters openpyxl refuses
    replaced, cut to what a cell holds, escaped for XML (the same text `text_cell` writes)."""
    value = ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, value)[:EXCEL_MAX_TEXT]
    return escape(value)


def rows_xml(rows: Iterable[Sequence], first: int) -> Iterator[str]:
    """The `<row>` elements of `rows`, numbered from `first`, a few hundred rows a string.

    An int, a float or a bool is a number cell, a str an inline string (never a formula: no
    `<f>` is ever written), None or "" no cell; anything else is a bug, not a silent blank. Each
    distinct text is escaped once (a donne sheet repeats the same few words)."""
    letters = [get_column_letter(index) for index in range(1, 101)]
    texts: dict[str, str] = {}
    chunk: list[str] = []
    number = first
    for number, row in enumerate(rows, start=first):
        cells = [f'<row r="{number}">']
        for letter, value in zip(letters, row, strict=False):
            kind = type(value)
            if value is None or value == "":  # as openpyxl: an empty text is no cell
                continue
            if kind is int or (kind is float and math.isfinite(value)):
                cells.append(f'<c r="{letter}{number}" t="n"><v>{value!r}</v></c>')
            elif kind is str:
                text = texts.get(value)
                if text is None:
                    text = texts[value] = text_xml(value)
                cells.append(f'<c r="{letter}{number}" t="inlineStr"><is>'
                             f'<t xml:space="preserve">{text}</t></is></c>')
            elif kind is bool:
                cells.append(f'<c r="{letter}{number}" t="b"><v>{int(value)}</v></c>')
            else:
                raise TypeError(f"no cell for {value!r} in row {number}")
        cells.append("</row>")
        chunk.append("".join(cells))
        if len(chunk) == 500:
            yield "".join(chunk)
            chunk = []
    if chunk:
        yield "".join(chunk)


def _sheet(workbook: Workbook, name: str, title: str, columns: Sequence[tuple[str, int]],
           rows: Iterable[Sequence], count: int) -> tuple[str, Iterable[Sequence]]:
    """A sheet with its title and header rows (styled by openpyxl); its data rows are
    returned, to be written by `_with_rows` once openpyxl has saved the workbook."""
    sheet = workbook.create_sheet(name)
    for index, (_, width) in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    sheet.freeze_panes = "A3"
    last = get_column_letter(len(columns))
    sheet.auto_filter.ref = f"A2:{last}{max(2, count + 2)}"
    sheet.append([text_cell(sheet, title, TITLE)])
    sheet.append([text_cell(sheet, label, BOLD) for label, _ in columns])
    return f"xl/worksheets/sheet{len(workbook.worksheets)}.xml", rows


def _with_rows(saved: bytes, sheets: list[tuple[str, Iterable[Sequence]]]) -> bytes:
    """The workbook openpyxl saved, each sheet's data rows written after its header rows.
    Fast compression: the donne sheet is tens of MB of XML, and level 1 deflates it to
    within a fifth of the default level's size in a third of the time."""
    rows_of = dict(sheets)
    output = io.BytesIO()
    with (zipfile.ZipFile(io.BytesIO(saved)) as source,
          zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target):
        missing = set(rows_of) - set(source.namelist())
        if missing:  # openpyxl named its sheets otherwise: never a workbook without its rows
            raise RuntimeError(f"sheets not found in the saved workbook: {sorted(missing)}")
        for item in source.infolist():
            content = source.read(item.filename)
            if item.filename not in rows_of:
                target.writestr(item.filename, content)
                continue
            head, end, tail = content.decode().partition("</sheetData>")
            if not end:
                raise RuntimeError(f"{item.filename}: no sheetData")
            with target.open(item.filename, "w") as sheet:
                sheet.write(head.encode())
                for chunk in rows_xml(rows_of[item.filename], first=3):
                    sheet.write(chunk.encode())
                sheet.write((end + tail).encode())
    return output.getvalue()


def _state(game: Game) -> str:
    """A game's state in words, as the Parties sheet shows it."""
    if game.forfeit:
        return "forfait " + SIDE_SHORT[game.forfeit]
    if game.stop_after is not None:
        return "terminée (fin du temps)" if game.finished else "fin du temps"
    return "terminée" if game.finished else "en cours"


def filename(tournament: Tournament, when: datetime) -> str:
    return f"classement-{tournament.slug}-{when:%Y-%m-%d}.xlsx"


def standings_workbook(tournament: Tournament, when: datetime | None = None) -> bytes:
    when = timezone.localtime(when or timezone.now())
    title = f"{tournament.name} — exporté le {when:%d/%m/%Y à %H:%M}"
    workbook = Workbook(write_only=True)
    teams = {team.id: team for team in tournament.teams.all()}

    standing = documents.standings(tournament)
    sheets = []
    sheets.append(_sheet(workbook, "Classement", title, [
        ("Rang", 7), ("N°", 6), ("Équipe", 28), ("Joueur 1", 24), ("Joueur 2", 24),
        ("Club", 22), ("Jouées", 8), ("Gagnées", 9), ("Points marqués", 15),
        ("Points concédés", 16), ("Différence", 12), ("État", 10),
    ], ([line.row.rank, line.team.number, line.team.name, line.team.player1,
         line.team.player2, line.team.club, line.row.played, line.row.wins, line.row.points,
         line.row.conceded, line.row.diff, None if line.team.active else "retirée"]
        for line in standing.lines), len(standing.lines)))

    games = list(Game.objects.filter(round__tournament=tournament)
                 .select_related("round").order_by("round__number", "table"))

    def game_row(game: Game) -> list:
        ns, ew = teams[game.team_ns_id], teams.get(game.team_ew_id)
        winner = {"NS": ns.name, "EW": ew.name if ew else ""}.get(game.winner, "")
        return [game.round.number, game.table or None, ns.number, ns.name,
                ew.number if ew else None, ew.name if ew else "exempte", game.score_ns,
                game.score_ew, winner, game.played, _state(game)]

    sheets.append(_sheet(workbook, "Parties", title, [
        ("Partie", 8), ("Table", 7), ("N° NS", 7), ("Équipe NS", 26), ("N° EO", 7),
        ("Équipe EO", 26), ("Score NS", 10), ("Score EO", 10), ("Gagnant", 26),
        ("Donnes jouées", 14), ("État", 24),
    ], (game_row(game) for game in games), len(games)))

    by_id = {game.id: game for game in games}
    donnes = DonneRecord.objects.filter(game__round__tournament=tournament).order_by(
        "game__round__number", "game__table", "number")
    fields = ["game_id", "number", "taker", "contract", "capot_bid", "trump", "coinche",
              "taker_points", "capot", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew",
              "awarded_ns", "awarded_ew", "score_ns", "score_ew", "outcome"]
    outcomes = {"made": "réussi", "down": "chuté", "litige": "litige", "passed": "passe"}

    def donne_row(values: tuple) -> list:
        (game_id, number, taker, contract, capot_bid, trump, coinche, points, capot,
         belote_ns, belote_ew, annonces_ns, annonces_ew, awarded_ns, awarded_ew, score_ns,
         score_ew, outcome) = values
        game = by_id[game_id]
        return [game.round.number, game.table, number, game.dealer(number),
                SIDE_SHORT.get(taker, "passe"), contract, "oui" if capot_bid else None,
                TRUMP_SHORT.get(trump), COINCHE_WORDS.get(coinche), points if taker else None,
                SIDE_SHORT.get(capot), belote_ns, belote_ew, annonces_ns,
                annonces_ew, awarded_ns, awarded_ew, score_ns, score_ew,
                outcomes.get(outcome, outcome)]

    sheets.append(_sheet(workbook, "Donnes", title, [
        ("Partie", 8), ("Table", 7), ("Donne", 7), ("Donneur", 9), ("Preneur", 9),
        ("Contrat", 9), ("Capot demandé", 15), ("Atout", 7), ("Coinche", 11),
        ("Points faits", 12), ("Capot", 7),
        ("Belote NS", 10), ("Belote EO", 10), ("Annonces NS", 12), ("Annonces EO", 12),
        ("Pénalité NS", 12), ("Pénalité EO", 12), ("Score NS", 10), ("Score EO", 10),
        ("Issue", 9),
    ], (donne_row(values) for values in donnes.values_list(*fields).iterator(chunk_size=5000)),
        donnes.count()))

    team_list = sorted(teams.values(), key=lambda team: team.number)
    sheets.append(_sheet(workbook, "Équipes", title, [
        ("N°", 6), ("Équipe", 28), ("Joueur 1", 24), ("Joueur 2", 24), ("Club", 22),
        ("Active", 8),
    ], ([team.number, team.name, team.player1, team.player2, team.club,
         "oui" if team.active else "non"] for team in team_list), len(team_list)))

    output = io.BytesIO()
    workbook.save(output)
    return _with_rows(output.getvalue(), sheets)
