"""The standings workbook (openpyxl, write-only): Classement, Parties, Donnes, Équipes (a
mêlée: Joueurs).

- Classement: a line per team, or per player in a mêlée (`add_standings`, which the final
  pack's workbook reuses), with the ranking points when the concours uses them, "*" beside a
  result awaiting a confirmation, each line's lot when there are lots and its cash prize
  (a number in euros) when there are cash prizes.
- Parties: every game; a mêlée's sides named by their players ("3. Anne et 7. Basile").
- Donnes: every donne, only the columns the rules can fill (`donne_columns`: no contract nor
  coinche in classique, no annonces without them); a game entered by its paper totals is one
  line of totals at its place; a mêlée's lines name their players too.

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

import functools
import io
import math
import operator
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import Outcome, Side

from ..amounts import euros
from ..choices import COINCHE_WORDS, OUTCOME_LABELS, SIDE_NAMES, SIDE_SHORT, TRUMP_SHORT
from ..models import Game, Tournament
from ..selectors.documents import (
    concours_games,
    donne_count,
    donne_values,
    entrant_players,
    entrant_teams,
)
from ..selectors.games import awaiting_games
from . import documents
from .files import concours_file_name
from .rows import StandingsRow, standings_table

if TYPE_CHECKING:
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

# openpyxl is imported where a workbook is written, never when this module is: importing it
# takes 80 ms, which every start of the app paid for its URLs (issue 33: the first request).
# The two fonts by name, made once a workbook asks for them.
BOLD, TITLE = "bold", "title"
EXCEL_MAX_TEXT = 32_767  # characters in one cell
REPLACEMENT = "\ufffd"


@functools.cache
def font(name: str) -> Font:
    """The openpyxl font called `name` (BOLD, TITLE), one object for every cell."""
    from openpyxl.styles import Font

    return {BOLD: Font(bold=True), TITLE: Font(bold=True, size=13)}[name]


@functools.cache
def _illegal() -> re.Pattern[str]:
    """The characters openpyxl refuses in a cell (its own expression)."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    return ILLEGAL_CHARACTERS_RE


@functools.cache
def _needs_care() -> re.Pattern[str]:
    """What openpyxl would not write as plain text: a leading "=" (a formula) or "#" (maybe an
    error value such as "#N/A"), or a character it refuses."""
    return re.compile(r"^[=#]|" + _illegal().pattern)


def text_cell(sheet, value: str, font_name: str | None = None) -> str | WriteOnlyCell:
    """`value` as a text cell, whatever it starts with: the one way text enters the workbook.

    openpyxl types a str by its content: "=…" becomes a formula and "#N/A" an error value, so
    those are written through a cell forced to a string. The control characters it refuses
    (names stored before the forms refused them) are replaced, never a failed export; and a
    text longer than a cell holds is cut, as Excel would. Other texts stay plain str: a cell
    object per value would slow a big workbook down.
    """
    if font_name is None and len(value) <= EXCEL_MAX_TEXT and not _needs_care().search(value):
        return value  # the common case, in one search
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ERROR_CODES

    value = _illegal().sub(REPLACEMENT, value)[:EXCEL_MAX_TEXT]
    if font_name is None and not value.startswith("=") and value not in ERROR_CODES:
        return value
    cell = WriteOnlyCell(sheet, value)
    cell.data_type = "s"
    if font_name is not None:
        cell.font = font(font_name)
    return cell


def text_xml(value: str) -> str:
    """A text as the content of an inline string: control characters openpyxl refuses
    replaced, cut to what a cell holds, escaped for XML (the same text `text_cell` writes)."""
    value = _illegal().sub(REPLACEMENT, value)[:EXCEL_MAX_TEXT]
    return escape(value)


EURO_FORMAT = '#,##0.00\\ "€"'


@dataclass(frozen=True)
class Bold:
    """A whole number written in bold (a season's grid: the results counted), still a
    number the spreadsheet sums and sorts."""

    value: int


@dataclass(frozen=True)
class Euros:
    """An amount of `cents`, written as the exact number of euros (« 56,25 € »)."""

    cents: int


def rows_xml(rows: Iterable[Sequence], first: int,
             styles: dict[type, int] | None = None) -> Iterator[str]:
    """The `<row>` elements of `rows`, numbered from `first`, a few hundred rows a string.

    An int, a float or a bool is a number cell, a str an inline string (never a formula: no
    `<f>` is ever written), a `Bold` or `Euros` a number in its cell style (`styles`: the
    Book's), None or "" no cell; anything else is a bug, not a silent blank. Each distinct
    text is escaped once (a donne sheet repeats the same few words)."""
    from openpyxl.utils import get_column_letter

    styles = styles or {}
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
            elif kind is Bold and type(value.value) is int and kind in styles:
                cells.append(f'<c r="{letter}{number}" s="{styles[kind]}" t="n">'
                             f'<v>{value.value!r}</v></c>')
            elif kind is Euros and type(value.cents) is int and kind in styles:
                cells.append(f'<c r="{letter}{number}" s="{styles[kind]}" t="n">'
                             f'<v>{euros(value.cents)}</v></c>')  # exact: « 56.25 »
            else:
                raise TypeError(f"no cell for {value!r} in row {number}")
        cells.append("</row>")
        chunk.append("".join(cells))
        if len(chunk) == 500:
            yield "".join(chunk)
            chunk = []
    if chunk:
        yield "".join(chunk)


class Book:
    """A workbook laid out as every exported sheet is: a title row, a bold header frozen
    below it, an autofilter, widths (openpyxl writes these); the data rows, plain numbers and
    texts, written as SpreadsheetML by `rows_xml` once openpyxl has saved the rest."""

    def __init__(self, title: str) -> None:
        from openpyxl import Workbook

        self.title = title
        self.workbook = Workbook(write_only=True)
        self.rows: list[tuple[str, Iterable[Sequence]]] = []
        # The cell styles of `Bold` and `Euros` numbers (openpyxl's indexes, once a sheet is
        # there to make them from).
        self.styles: dict[type, int] = {}

    def sheet(self, name: str, columns: Sequence[tuple[str, int]], rows: Iterable[Sequence],
              count: int) -> None:
        """A sheet of `columns` (title, width) and `count` data `rows` (written at `save`)."""
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.utils import get_column_letter

        sheet = self.workbook.create_sheet(name)
        for index, (_title, width) in enumerate(columns, start=1):
            sheet.column_dimensions[get_column_letter(index)].width = width
        sheet.freeze_panes = "A3"
        last = get_column_letter(len(columns))
        sheet.auto_filter.ref = f"A2:{last}{max(2, count + 2)}"
        sheet.append([text_cell(sheet, self.title, TITLE)])
        header = [text_cell(sheet, label, BOLD) for label, _width in columns]
        if not self.styles:
            bold, euro = WriteOnlyCell(sheet, 0), WriteOnlyCell(sheet, 0)
            bold.font, euro.number_format = font(BOLD), EURO_FORMAT
            # Each style's index as openpyxl saves it (it keeps every style made).
            self.styles = {Bold: bold.style_id, Euros: euro.style_id}
        sheet.append(header)
        self.rows.append((f"xl/worksheets/sheet{len(self.workbook.worksheets)}.xml", rows))

    def save(self) -> bytes:
        output = io.BytesIO()
        self.workbook.save(output)
        return _with_rows(output.getvalue(), self.rows, self.styles)


def _with_rows(saved: bytes, sheets: list[tuple[str, Iterable[Sequence]]],
               styles: dict[type, int] | None = None) -> bytes:
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
                for chunk in rows_xml(rows_of[item.filename], first=3, styles=styles):
                    sheet.write(chunk.encode())
                sheet.write((end + tail).encode())
    return output.getvalue()


def _state(game: Game, awaiting: frozenset[int] | set[int] = frozenset()) -> str:
    """A game's state in words, as the Parties sheet shows it."""
    if game.forfeit:
        return _("forfait %(side)s") % {"side": SIDE_SHORT[game.forfeit]}
    if game.stop_after is not None:
        state = _("terminée (fin du temps)") if game.finished else _("fin du temps")
    else:
        state = _("terminée") if game.finished else _("en cours")
    if game.by_totals:
        state += _(", saisie des totaux")
    if game.pk in awaiting:
        state += _(", * score à confirmer")
    return state


def filename(tournament: Tournament, when: datetime) -> str:
    return concours_file_name("classement", tournament, "xlsx")


def title(tournament: Tournament, when: datetime | None = None) -> str:
    """Every sheet's first row: the concours and when it was exported."""
    when = timezone.localtime(when or timezone.now())
    return _("%(name)s — exporté le %(day)s à %(time)s") % {
        "name": tournament.name, "day": f"{when:%d/%m/%Y}", "time": f"{when:%H:%M}"}


# --- The standings sheet (also the final pack's) ---------------------------------------------


# The figures' widths, in the order of rows.figure_titles (without the ranking points').
FIGURE_WIDTHS = (8, 9, 15, 16, 12)
RANKING_POINTS_WIDTH = 20


def add_standings(book: Book, standing: documents.Standings) -> None:
    """The "Classement" sheet: a line per team (Équipe, Joueur 1, Joueur 2, Club) or, in a
    mêlée, per player (Joueur, Club); the ranking points when the concours uses them, a mark
    for a result awaiting a confirmation when one does, each line's lot when there are lots,
    its cash prize when there are cash prizes (the rows as the PDF reads them:
    rows.standings_table)."""
    table = standings_table(standing)
    melee, awaiting, lots, cash = table.melee, table.awaiting, table.lots, table.cash
    widths = ((RANKING_POINTS_WIDTH,) if table.ranking_points else ()) + FIGURE_WIDTHS
    # A concours in phases: the places its tableaux gave, each line's tableau and how
    # (BRACKETS.md 6); the figures stay, as figures (they did not rank it).
    phases = standing.phases
    columns: list[tuple[str, int]] = [(_("Place") if phases else _("Rang"), 7), (_("N°"), 6)]
    columns += [(_("Joueur"), 28), (_("Club"), 22)] if melee else [
        (_("Équipe"), 28), (_("Joueur 1"), 24), (_("Joueur 2"), 24), (_("Club"), 22)]
    columns += [(_("Tableau"), 18), (_("Comment"), 34)] if phases else []
    columns += [(_(title), width) for title, width in zip(table.figures, widths, strict=True)]
    columns += [(_("Score à confirmer"), 18)] if awaiting else []
    columns += [(_("Lot"), 36)] if lots else []
    columns += [(_("Prix"), 12)] if cash else []
    columns.append((_("État"), 10))
    withdrawn = _("retiré") if melee else _("retirée")

    def cells(row: StandingsRow) -> list:
        entry, line = row.entry, row.entry.line
        who = [line.name, line.club] if melee else [
            line.name, line.entrant.player1, line.entrant.player2, line.club]
        placed = [capfirst(line.phase.tableau) or None, line.phase.how or None] if (
            line.phase is not None) else [None, None]
        return [line.row.rank, line.number, *who, *(placed if phases else []), *row.figures,
                *(["*" if entry.awaiting else None] if awaiting else []),
                *([entry.lot or None] if lots else []),
                # An exact number of euros in the euro format (the caisse's), summed as is.
                *([None if entry.cash is None else Euros(entry.cash)] if cash else []),
                None if line.active else withdrawn]

    book.sheet(_("Classement"), columns, (cells(row) for row in table.rows),
               len(table.rows))


# --- The donnes sheet: only the columns the rules can fill -----------------------------------

# (title, width, what fills it: None for every game, else the rule that may: "coinche" a
# coinche game's contract and coinche, "annonces" the annonces). A classique game never has a
# contract, a capot bid or a coinche; a concours without annonces never has any. The titles
# are translated when a workbook is written (gettext_noop only marks them).
N_ = gettext_noop
DONNE_COLUMNS: list[tuple[str, int, str | None]] = [
    (N_("Partie"), 8, None), (N_("Table"), 7, None), (N_("Donne"), 7, None),
    (N_("Donneur"), 9, None), (N_("Preneur"), 17, None), (N_("Contrat"), 9, "coinche"),
    (N_("Capot demandé"), 15, "coinche"), (N_("Atout"), 7, None),
    (N_("Coinche"), 11, "coinche"), (N_("Points faits"), 12, None), (N_("Capot"), 7, None),
    (N_("Belote NS"), 10, None), (N_("Belote EO"), 10, None),
    (N_("Annonces NS"), 12, "annonces"), (N_("Annonces EO"), 12, "annonces"),
    (N_("Pénalité NS"), 12, None), (N_("Pénalité EO"), 12, None), (N_("Score NS"), 10, None),
    (N_("Score EO"), 10, None), (N_("Issue"), 9, None),
]


def donne_columns(tournament: Tournament) -> list[int]:
    """The indexes of DONNE_COLUMNS the concours' rules can fill."""
    rules = tournament.rules
    can = {"coinche": rules.game == "coinche", "annonces": rules.annonces}
    return [index for index, (_title, _width, rule) in enumerate(DONNE_COLUMNS)
            if rule is None or can[rule]]


def _paper_donne_row(game: Game) -> list:
    """A paper game's one line of the donnes sheet: its totals (it has no donne)."""
    row: list = [None] * len(DONNE_COLUMNS)
    row[0], row[1], row[4] = game.round.number, game.table, _("saisie des totaux")
    row[15] = game.paper_awarded_ns or None
    row[16] = game.paper_awarded_ew or None
    row[17], row[18] = game.score_ns, game.score_ew
    row[19] = documents.paper_counts(game) or None
    return row


def _merged(donnes: Iterator[list], papers: list[Game]) -> Iterator[list]:
    """The donne rows (by partie, table, donne) with each paper game's line at its place."""
    waiting = sorted(papers, key=lambda game: (game.round.number, game.table))
    index = 0
    for row in donnes:
        while index < len(waiting) and (waiting[index].round.number,
                                        waiting[index].table) < (row[0], row[1]):
            yield _paper_donne_row(waiting[index])
            index += 1
        yield row
    for game in waiting[index:]:
        yield _paper_donne_row(game)


def standings_workbook(tournament: Tournament, when: datetime | None = None, *,
                       extra: Callable[[Book], None] | None = None,
                       licences: bool = False) -> bytes:
    """The standings, every game and every donne, and the teams (a mêlée: the players, with
    their licences when `licences`: the club's members' copy only); `extra` adds sheets
    after them (the desk's « Caisse »: exports.caisse)."""
    melee = tournament.by_player
    book = Book(title(tournament, when))
    add_standings(book, documents.standings(tournament))
    games = concours_games(tournament)
    names = {}  # a game's sides as the sheets name them
    for game in games:
        ns = documents.who(game.team_ns, melee).label
        ew = documents.who(game.team_ew, melee).label if game.team_ew else ""
        names[game.id] = (ns, ew)
    side_names = [(str(SIDE_NAMES[side]), 34) for side in Side]  # a mêlée's sides: players
    _add_games(book, tournament, games, names, side_names)
    _add_donnes(book, tournament, games, names, side_names)
    _add_entrants(book, tournament, licences=licences)
    if extra is not None:
        extra(book)
    return book.save()


def _add_games(book: Book, tournament: Tournament, games: list[Game],
               names: dict[int, tuple[str, str]], side_names: list[tuple[str, int]]) -> None:
    """The sheet « Parties »: a line a game, its sides by number and name (a mêlée's by its
    players), its scores, winner, donnes played and state."""
    melee = tournament.by_player
    awaiting = awaiting_games(tournament)
    bye_player, bye_team = _("exempt"), _("exempte")

    def game_row(game: Game) -> list:
        ns, ew = game.team_ns, game.team_ew
        if melee:
            winner = {"NS": names[game.id][0], "EW": names[game.id][1]}.get(game.winner, "")
        else:
            winner = {"NS": ns.name, "EW": ew.name if ew else ""}.get(game.winner, "")
        table = None if game.is_bye else game.table
        sides: list[str | int | None]
        if melee:
            sides = [names[game.id][0], names[game.id][1] or bye_player]
        else:
            sides = [ns.number, ns.name, ew.number if ew else None,
                     ew.name if ew else bye_team]
        return [game.round.number, table, *sides, game.score_ns,
                None if game.is_bye else game.score_ew, winner, game.played,
                _state(game, awaiting)]

    sides = side_names if melee else [
        (_("N° NS"), 7), (_("Équipe NS"), 26), (_("N° EO"), 7), (_("Équipe EO"), 26)]
    book.sheet(_("Parties"), [
        (_("Partie"), 8), (_("Table"), 7), *sides, (_("Score NS"), 10), (_("Score EO"), 10),
        (_("Gagnant"), 34 if melee else 26), (_("Donnes jouées"), 14), (_("État"), 24),
    ], (game_row(game) for game in games), len(games))


_DONNE_FIELDS = ["game_id", "number", "taker", "contract", "capot_bid", "trump", "coinche",
                 "taker_points", "capot", "belote_ns", "belote_ew", "annonces_ns",
                 "annonces_ew", "awarded_ns", "awarded_ew", "score_ns", "score_ew", "outcome",
                 "generale_bid", "generale_made"]


def _add_donnes(book: Book, tournament: Tournament, games: list[Game],
                names: dict[int, tuple[str, str]], side_names: list[tuple[str, int]]) -> None:
    """The sheet « Donnes »: every donne, a game entered by its totals as one line at its
    place, only the columns the rules can fill; a mêlée's lines name their players."""
    by_id = {game.id: game for game in games}
    # Translated once, not once a row (tens of thousands of donnes).
    outcomes = {outcome: str(label) for outcome, label in OUTCOME_LABELS.items()}
    passe = outcomes[Outcome.PASSED]
    generale_words = {True: _("générale réussie"), False: _("générale chutée")}
    yes = _("oui")

    def donne_row(values: tuple) -> list:
        (game_id, number, taker, contract, capot_bid, trump, coinche, points, capot,
         belote_ns, belote_ew, annonces_ns, annonces_ew, awarded_ns, awarded_ew, score_ns,
         score_ew, outcome, generale_bid, generale_made) = values
        game = by_id[game_id]
        if generale_bid:  # the contract column says it, made or failed
            contract = generale_words[generale_made]
        return [game.round.number, game.table, number, game.dealer(number),
                SIDE_SHORT.get(taker, passe), contract, yes if capot_bid else None,
                TRUMP_SHORT.get(trump), COINCHE_WORDS.get(coinche), points if taker else None,
                SIDE_SHORT.get(capot), belote_ns, belote_ew, annonces_ns,
                annonces_ew, awarded_ns, awarded_ew, score_ns, score_ew,
                outcomes.get(outcome, outcome)]

    papers = [game for game in games if game.by_totals]
    rows: Iterable[Sequence] = _merged((donne_row(values) for values in donne_values(
        tournament, _DONNE_FIELDS)), papers)
    kept = donne_columns(tournament)
    columns = [(_(DONNE_COLUMNS[index][0]), DONNE_COLUMNS[index][1]) for index in kept]
    if len(kept) < len(DONNE_COLUMNS):  # the columns the rules never fill are left out
        pick = operator.itemgetter(*kept)
        rows = (pick(row) for row in rows)
    if tournament.by_player:  # a mêlée's tables change every partie: each line names them
        columns[2:2] = side_names
        game_of = {(game.round.number, game.table): game.id for game in games}
        rows = ((*row[:2], *names[game_of[row[0], row[1]]], *row[2:]) for row in rows)
    book.sheet(_("Donnes"), columns, rows, donne_count(tournament) + len(papers))


def _add_entrants(book: Book, tournament: Tournament, *, licences: bool) -> None:
    """The sheet « Équipes », or a mêlée's « Joueurs » (their licences when `licences`)."""
    yes, no = _("oui"), _("non")
    if tournament.by_player:
        players = entrant_players(tournament)
        # The licence, as typed (text: "0042" keeps its zeros), recognises a player across a
        # club's season: in the members' copy only (a published concours' workbook is read
        # by anyone).
        columns = [(_("N°"), 6), (_("Joueur"), 28), (_("Club"), 22), (_("Actif"), 8)]
        if licences:
            columns.insert(3, (_("Licence"), 14))
        book.sheet(_("Joueurs"), columns, (
            [player.number, player.name, player.club,
             *([player.licence] if licences else []), yes if player.active else no]
            for player in players), len(players))
        return
    teams = entrant_teams(tournament)
    book.sheet(_("Équipes"), [
        (_("N°"), 6), (_("Équipe"), 28), (_("Joueur 1"), 24), (_("Joueur 2"), 24),
        (_("Club"), 22), (_("Active"), 8),
    ], ([team.number, team.name, team.player1, team.player2, team.club,
         yes if team.active else no] for team in teams), len(teams))
