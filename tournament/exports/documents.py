"""The data of every printed document, built in a constant number of queries."""

from __future__ import annotations

import base64
import functools
import io
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from PIL import Image

from scoring import Rules, Side

from ..choices import COINCHE_SHORT, SIDE_SHORT, TRUMP_SHORT
from ..models import DonneRecord, Game, Round, Team, Tournament
from ..selectors import (
    Award,
    Awards,
    DonneLine,
    StandingsLine,
    StandingsScope,
    criteria_labels,
    donne_lines,
    entrants_count,
    name_key,
    standings_awards,
    standings_lines,
    standings_scope,
    uses_ranking_points,
)
from ..selectors.documents import (
    awaiting_entrants,
    bye_games,
    last_round,
    pairing_rows,
    registered_rows,
    sheet_games,
    time_called_tables,
)
from ..selectors.money import standings_cash
from ..selectors.phases import phases_standings
from . import qr

SHEET_ROWS_TO_A_TARGET = 24  # grid rows printed for a game played to a target
BLANK_SHEETS_MAX = 200  # blank score sheets printed at once: a 400-team concours
# Every document sorts names by `name_key` (French order: "Les Ânes" before "Les Trèfles")
# and says which parties its standings include by `standings_scope`: the pages' own, from
# queries, so a page and its printout never disagree.


def rules_line(tournament: Tournament, round_: Round | None = None) -> str:
    """The rules on one line, as printed on a score sheet: the partie's (its end of a game
    is the one it was drawn with), or before the draw the tournament's."""
    rules = round_.rules if round_ is not None else tournament.rules
    end = []
    if rules.target:
        end.append(_("partie en %(n)d points") % {"n": rules.target})
    if rules.max_donnes:
        end.append(_("%(n)d donnes") % {"n": rules.max_donnes})
    yes_no = {True: _("oui"), False: _("non")}
    parts = [
        tournament.get_preset_display(),
        " ou ".join(end),
        _("litige : %s") % yes_no[rules.litige],
        _("arrondi : %s") % yes_no[rules.rounding],
        _("annonces : %s") % yes_no[rules.annonces],
    ]
    if rules.game == "coinche" or rules.sa_ta:  # classique: said only when played
        parts.insert(4, _("SA/TA : %s") % yes_no[rules.sa_ta])
    if rules.game == "coinche":
        parts.append(_("coinche × 2, surcoinche × %(f)d") % {"f": rules.surcoinche_factor})
        # Version 3's options, where they change what a scorer marks.
        if rules.capot_bid_score is not None:
            parts.append(_("capot annoncé : %(n)d, réussi ou chuté") % {
                "n": rules.capot_bid_score})
        if rules.generale_score is not None:
            parts.append(_("générale : %(n)d") % {"n": rules.generale_score})
    if rules.losing_belote != "kept":
        parts.append(_("belote prenable") if rules.losing_belote == "winner"
                     else _("belote perdue par l'équipe battue"))
    if rules.rounding and rules.rounding_160:
        parts.append(_("arrondi : preneur dès 6, défense dès 7"))
    return " — ".join(parts)


# The score sheet's grid, drawn as one monospaced line per donne under a header of these
# columns: (label, width in characters, figures aligned right). A table of 15 cells × 24 rows
# per page made WeasyPrint lay out ~350 boxes a sheet (a 128-table round took 12 s); a line of
# text per row and 14 ruled lines are a third of the work. The widths hold the widest figure
# the rules allow in each column (annonces: one side only, at most 550; points attribués: both
# sides, up to 1000 each); `SHEET_WIDTH` characters of DejaVu Sans Mono span the page at the
# font size the template derives from it.
SHEET_COLUMNS = [
    (gettext_lazy("N°"), 4, True), (gettext_lazy("Donneur"), 7, False),
    (gettext_lazy("Preneur"), 7, False), (gettext_lazy("Contrat"), 7, True),
    (gettext_lazy("Atout"), 5, False), (gettext_lazy("Coinche"), 8, False),
    (gettext_lazy("Points faits"), 7, True), (gettext_lazy("Belote"), 11, False),
    (gettext_lazy("Annonces"), 8, False), (gettext_lazy("Capot"), 6, False),
    (gettext_lazy("Pénalité"), 19, False),
    (gettext_lazy("Score NS"), 7, True), (gettext_lazy("Score EO"), 7, True),
    (gettext_lazy("Cumul NS"), 7, True), (gettext_lazy("Cumul EO"), 7, True),
]
SHEET_WIDTH = sum(width for _label, width, _right in SHEET_COLUMNS)
# Classique has no contract value and no coinche: its sheets leave those columns out.
CLASSIQUE_LEFT_OUT = (3, 5)  # Contrat, Coinche
ALL_COLUMNS = tuple(range(len(SHEET_COLUMNS)))


def sheet_keep(rules: Rules) -> tuple[int, ...]:
    """The indexes of SHEET_COLUMNS a sheet under `rules` prints."""
    if rules.game == "classique":
        return tuple(index for index in ALL_COLUMNS if index not in CLASSIQUE_LEFT_OUT)
    return ALL_COLUMNS


def _columns(keep: tuple[int, ...] | None) -> list[tuple[Any, int, bool]]:
    if keep is None:
        return list(SHEET_COLUMNS)
    return [SHEET_COLUMNS[index] for index in keep]


def sheet_width(keep: tuple[int, ...] | None = None) -> int:
    return sum(width for _label, width, _right in _columns(keep))
# The column titles are two lines of the same monospaced font at 4/5 of the grid's size, above
# the rows and under the same rules (a table of 15 header cells was a third of a sheet's layout
# time): a column `width` characters wide holds `width * 5 / 4` characters of its title.
SHEET_HEAD_SCALE = 0.8
# 105 characters at 8.4 pt filled the A4 width less its margins: keep that width.
SHEET_FONT_PT = round(8.4 * 105 / SHEET_WIDTH, 2)


def _both(ns: int, ew: int, one: str = "") -> str:
    """Both sides' figures in one cell: "NS 20 EO 50"; a figure equal to `one` is left out
    (a single belote prints "NS")."""
    parts = [f"{side} {value}".removesuffix(f" {one}") if one else f"{side} {value}"
             for side, value in ((SIDE_SHORT[Side.NS], ns), (SIDE_SHORT[Side.EW], ew)) if value]
    return " ".join(parts)


def bid_words(record: DonneRecord) -> str:
    """The contract in a score sheet's cell (5 characters): its value, « capot », or a
    générale made or failed (« gén.+ », « gén.- »: the capot column cannot tell them)."""
    if record.generale_bid:
        return _("gén.+") if record.generale_made else _("gén.-")
    return _("capot") if record.capot_bid else str(record.contract or "")


def sheet_cells(line: DonneLine) -> list[str]:
    """The figures of one row of a score sheet, in the order of SHEET_COLUMNS."""
    record = line.record
    if record is None:  # a donne still to play: its number and dealer, the rest by hand
        return [str(line.number), line.dealer] + [""] * (len(SHEET_COLUMNS) - 2)
    taken = bool(record.taker)
    return [
        str(line.number), line.dealer, record.taker_label if taken else _("passe"),
        bid_words(record),
        TRUMP_SHORT.get(record.trump, ""),
        COINCHE_SHORT.get(record.coinche, ""),
        str(record.taker_points) if taken else "",
        _both(record.belote_ns, record.belote_ew, one="1"),
        _both(record.annonces_ns, record.annonces_ew),
        record.capot_label, record.awarded_label,
        str(record.score_ns), str(record.score_ew), str(line.total_ns), str(line.total_ew),
    ]


def _padded(text: str, width: int, right: bool) -> str:
    """A figure padded to its column, one space inside each rule."""
    return " " + (text.rjust(width - 2) if right else text.ljust(width - 2)) + " "


def sheet_row(line: DonneLine, keep: tuple[int, ...] | None = None) -> str:
    """A row of the grid as one line: each figure padded to its column (those of `keep`,
    every one by default). Nothing is cut: the widths hold every figure the rules allow."""
    cells = sheet_cells(line)
    if keep is not None:
        cells = [cells[index] for index in keep]
    return "".join(_padded(text, width, right) for (_label, width, right), text
                   in zip(_columns(keep), cells, strict=True))


def sheet_head(keep: tuple[int, ...] | None = None) -> str:
    """The column titles as two monospaced lines: each title's words wrapped to its column
    and centred in it, in characters of the title font (`SHEET_HEAD_SCALE` of the grid's)."""
    lines = ["", ""]
    start = 0.0
    for label, width, _right in _columns(keep):
        room = int(width / SHEET_HEAD_SCALE) - 1  # one character of air against the rules
        words, parts = str(label).split(), [""]
        for word in words:  # greedy wrap: as many words a line as the column holds
            candidate = f"{parts[-1]} {word}".strip()
            if len(candidate) <= room or not parts[-1]:
                parts[-1] = candidate
            else:
                parts.append(word)
        if len(parts) > len(lines) or any(len(part) > room for part in parts):
            raise ValueError(f"column title {label!r} does not fit {width} characters")
        parts = [""] * (len(lines) - len(parts)) + parts  # a one-line title sits low
        centre = (start + width / 2) / SHEET_HEAD_SCALE
        for index, part in enumerate(parts):
            column = round(centre - len(part) / 2)
            lines[index] = lines[index].ljust(column) + part
        start += width
    return "\n".join(lines)


def sheet_rules(keep: tuple[int, ...] | None = None) -> list[int]:
    """Where the vertical rules of the grid stand, in characters from its left edge."""
    offsets, position = [], 0
    for _label, width, _right in _columns(keep)[:-1]:
        position += width
        offsets.append(position)
    return offsets


MONO_ADVANCE = 0.6021  # DejaVu Sans Mono: a character is 1233/2048 of an em wide (1ch)
RULE_PT = 0.5
SHEET_ROW_MM = 6.6  # the height of a row of the grid (the template's line height)
# The rules are drawn in images: RULE_PX pixels a rule, which makes RULES_PX_PER_CH pixels a
# character (0.5 pt at 600 dpi and more); a row's image is ROW_PX pixels high, the rule over
# the row the top ROW_RULE_PX of them (0.2 mm, as 0.5 pt).
RULE_PX = 4
ROW_PX = 66
ROW_RULE_PX = 2
RULE_GREY = 0x55  # #555, the sheet's lines


def _png_uri(image: Image.Image) -> str:
    content = io.BytesIO()
    image.save(content, "PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(content.getvalue()).decode()


def _rules_px_per_ch() -> float:
    return RULE_PX / (RULE_PT / (SHEET_FONT_PT * MONO_ADVANCE))


def _rules_image(height: int, top: int = 0,
                 keep: tuple[int, ...] | None = None) -> Image.Image:
    """The grid's vertical rules across `height` pixels, on white; with a horizontal rule of
    `top` pixels at the top."""
    per_ch = _rules_px_per_ch()
    image = Image.new("L", (round(sheet_width(keep) * per_ch), height), 255)
    for offset in sheet_rules(keep):
        left = round(offset * per_ch - RULE_PX / 2)
        image.paste(RULE_GREY, (left, 0, left + RULE_PX, height))
    if top:
        image.paste(RULE_GREY, (0, 0, image.width, top))
    return image


@functools.cache
def sheet_rules_image(keep: tuple[int, ...] | None = None) -> str:
    """The vertical rules under the column titles, as a PNG one pixel high that the template
    stretches over the grid. Raster, not SVG: WeasyPrint draws an SVG again on every page
    (3.6 ms a sheet), while one image is embedded once and placed on each page; drawn sharp
    (`image-rendering: pixelated`: /Interpolate false), at 4 pixels a rule."""
    return _png_uri(_rules_image(1, keep=keep))


@functools.cache
def sheet_row_image(keep: tuple[int, ...] | None = None) -> str:
    """One row of the grid, its vertical rules and the rule over it, as a PNG the template
    repeats down the rows: the rows are one block of text then (a box a row, each with its
    border, was a third of the grid's layout time)."""
    return _png_uri(_rules_image(ROW_PX, top=ROW_RULE_PX, keep=keep))


# --- Who sits at a table ---------------------------------------------------------------------

# A game's teams with their players, in the same query (a mêlée names the players).


@dataclass(frozen=True)
class Who:
    """One side of a table as every document names it: a registered team ("12. Les As",
    its players below), or in a mêlée the partie team's players, each with their own number
    ("3. Anne", "7. Basile"): a mêlée's partie teams are drawn anew at each partie, their
    numbers mean nothing to the players."""

    names: tuple[str, ...]
    detail: str = ""  # a team's players; "" in a mêlée (the names say them)
    team: str = ""  # a team's bare name, as the projector shows it ("" in a mêlée)

    @property
    def label(self) -> str:
        """On one line: "12. Les As", "3. Anne et 7. Basile"."""
        return _and(list(self.names))


def who(team: Team, melee: bool) -> Who:
    """`team` as a document names it (its players loaded with it: TEAMS_AND_PLAYERS)."""
    if melee:
        players = [team.first] if team.second is None else [team.first, team.second]
        return Who(tuple(f"{player.number}. {player.name}" for player in players))
    return Who((f"{team.number}. {team.name}",), team.players, team.name)


# --- Score sheets ----------------------------------------------------------------------------

# A game entered by its paper totals has no donne: its sheet, printed again, says so across
# the donne columns, the totals in the score columns.
PAPER_COLUMNS = len(SHEET_COLUMNS) - 4  # the columns before Score NS


def paper_words(game: Game) -> str:
    """ "saisie des totaux : 12 donnes, 2 belotes, 1 capot" (what the sheet's totals say)."""
    counts = paper_counts(game)
    words = _("saisie des totaux")
    return f"{words} : {counts}" if counts else words


def paper_counts(game: Game) -> str:
    """ "12 donnes, 2 belotes, 1 capot": the counts a paper sheet's totals give ("": none)."""
    parts = []
    if game.paper_donnes is not None:
        parts.append(ngettext("%(n)d donne", "%(n)d donnes", game.paper_donnes)
                     % {"n": game.paper_donnes})
    if game.paper_belotes is not None:
        parts.append(ngettext("%(n)d belote", "%(n)d belotes", game.paper_belotes)
                     % {"n": game.paper_belotes})
    if game.paper_capots is not None:
        parts.append(ngettext("%(n)d capot", "%(n)d capots", game.paper_capots)
                     % {"n": game.paper_capots})
    return ", ".join(parts)


def paper_row(game: Game, keep: tuple[int, ...] | None = None) -> tuple[str, str]:
    """A paper game's one row of the grid: the words across the donne columns (cut to them),
    then its totals in the score and running-total columns."""
    room = sum(width for _label, width, _right in _columns(keep)[:-4])
    words = f" {paper_words(game)}"[:room].ljust(room)
    figures = [str(game.score_ns), str(game.score_ew), str(game.score_ns), str(game.score_ew)]
    return words, "".join(_padded(text, width, right) for (_label, width, right), text
                          in zip(SHEET_COLUMNS[PAPER_COLUMNS:], figures, strict=True))


@dataclass
class ScoreSheet:
    game: Game | None  # None: a blank sheet, printed before the draw
    rows: list[DonneLine] = field(default_factory=list)
    link: str = ""  # the table link (North-South's), printed as a QR code
    qr: str = ""  # that QR code's image source (qr.source: drawn where the sheet is laid out)
    table: int = 0  # a blank sheet's table number
    ns: Who | None = None
    ew: Who | None = None
    # Two confirmations: East-West's own link and its QR code ("": the option is off).
    link_ew: str = ""
    qr_ew: str = ""
    paper: tuple[str, str] | None = None  # a paper game's row (paper_row)

    def __post_init__(self) -> None:
        if self.game is not None:
            self.table = self.game.table

    keep: tuple[int, ...] | None = None  # the columns printed (sheet_keep): None, all

    @property
    def lines(self) -> list[str]:
        return [sheet_row(row, self.keep) for row in self.rows]

    @property
    def rows_text(self) -> str:
        """The grid's rows as one text, a line a row (the template prints it as it is),
        without the spaces that end a line: the rules are an image under the text, and half
        the characters of a round's grids were those spaces (the empty columns and the
        donnes still to play), each a glyph that Pango shapes and WeasyPrint writes out
        one by one (250 sheets: 360,000 of 708,000)."""
        return "\n".join(line.rstrip() for line in self.lines)


def table_link(game: Game, link_base: str, token: str = "") -> str:
    """The address of a table link: North-South's (`game.token`), or the `token` given."""
    return link_base + reverse("tournament:table_link", args=[token or game.token])


def finder_link(tournament: Tournament, link_base: str) -> str:
    """The address of the concours' « Où est ma table ? » from `link_base` (the address
    phones reach); "" without one, or while the concours is not published: the page is then
    closed to the players, whose phones would open « Page introuvable » (no QR code is
    shown or printed)."""
    if not link_base or not tournament.published:
        return ""
    return link_base + reverse("tournament:finder", args=[tournament.slug])


def score_sheets(round_: Round, link_base: str = "") -> list[ScoreSheet]:
    """One sheet per table: a grid of `max_donnes` rows (24 for a game to a target), filled
    with the donnes already entered and their computed scores, and the table's link (given
    the address phones reach, `link_base`) as a QR code; with two confirmations, each side's
    link. A game entered by its paper totals has one row saying so, with the totals."""
    tournament = round_.tournament
    melee, both_links = tournament.by_player, tournament.two_confirmations
    sheets = []
    rows = round_.rules.max_donnes or SHEET_ROWS_TO_A_TARGET
    keep = sheet_keep(round_.rules)
    for game in sheet_games(round_):
        assert game.team_ew is not None  # a real table: byes are left out above
        records = list(game.donnes.all())
        if game.by_totals:  # never both: a paper game has no donne
            sheet = ScoreSheet(game, [], paper=paper_row(game, keep), keep=keep)
        else:
            size = max(rows, len(records))
            blank = [DonneLine(n, game.dealer(n)) for n in range(len(records) + 1, size + 1)]
            sheet = ScoreSheet(game, donne_lines(game, records) + blank, keep=keep)
        sheet.ns, sheet.ew = who(game.team_ns, melee), who(game.team_ew, melee)
        if link_base:
            sheet.link = table_link(game, link_base)
            sheet.qr = qr.source(sheet.link)
            if both_links:
                sheet.link_ew = table_link(game, link_base, game.token_ew)
                sheet.qr_ew = qr.source(sheet.link_ew)
        sheets.append(sheet)
    return sheets


def tables_for(tournament: Tournament) -> int:
    """The tables the active entrants fill, at least one: a table for two teams (one of
    them may have the bye), or for four players of a mêlée (the others are exempt)."""
    entrants = entrants_count(tournament)
    return max(1, entrants // 4 if tournament.by_player else -(-entrants // 2))


def blank_score_sheets(tournament: Tournament, tables: int) -> list[ScoreSheet]:
    """Sheets for tables 1 to `tables`, printed before the draw: the concours' header and
    rules, empty team lines, and the grid with each donne's number and dealer (every game
    starts with Nord dealing, as a drawn game does)."""
    size = tournament.max_donnes or SHEET_ROWS_TO_A_TARGET
    unsaved = Game()  # its default first dealer: the one every drawn game gets
    rows = [DonneLine(number, unsaved.dealer(number)) for number in range(1, size + 1)]
    keep = sheet_keep(tournament.rules)
    return [ScoreSheet(None, rows, table=table, keep=keep) for table in range(1, tables + 1)]


# --- Pairings: by table, and where each plays -----------------------------------------------


@dataclass(frozen=True)
class TableSeating:
    table: int
    ns: Who
    ew: Who

    @property
    def sides(self) -> tuple[Who, Who]:
        return self.ns, self.ew


@dataclass(frozen=True)
class Seat:
    """Where a team (doublettes) or a player (mêlée) plays in a partie."""

    number: int
    name: str
    table: int | None  # None: a bye, or not seated in this partie
    side: str  # its SIDE_SHORT ("NS" or "EO"); empty: not seated (registered after the draw)
    withdrawn: bool = False

    @property
    def is_bye(self) -> bool:
        return self.table is None and bool(self.side)


# What the pairings read of a game's teams and their players: plain values, not models (500
# tables' teams and players made into objects were half the projector page's time).
_PERSON = ("number", "name", "active")
_SIDE_FIELDS = (*_PERSON, *(f"{player}__{field}" for player in ("first", "second")
                            for field in ("number", "name", "active")))
_PAIRING_FIELDS = ("table", *(f"{side}__{field}" for side in ("team_ns", "team_ew")
                              for field in _SIDE_FIELDS))


@dataclass(frozen=True)
class _Person:
    number: int
    name: str
    active: bool


@dataclass(frozen=True)
class _Side:
    """A team as the pairings read it: its number, name, state and players."""

    number: int
    name: str
    active: bool
    first: _Person
    second: _Person | None

    @property
    def players(self) -> str:  # as Team.players
        if self.second is None:
            return self.first.name
        return f"{self.first.name} et {self.second.name}"


def _side(row: dict[str, Any], side: str) -> _Side | None:
    if row[f"{side}__number"] is None:
        return None
    first, second = (_Person(*(row[f"{side}__{player}__{field}"] for field in _PERSON))
                     for player in ("first", "second"))
    return _Side(row[f"{side}__number"], row[f"{side}__name"], row[f"{side}__active"], first,
                 None if second.number is None else second)


def _side_who(team: _Side, melee: bool) -> Who:
    """`team` as a document names it (as `who`)."""
    if melee:
        players = [team.first] if team.second is None else [team.first, team.second]
        return Who(tuple(f"{player.number}. {player.name}" for player in players))
    return Who((f"{team.number}. {team.name}",), team.players, team.name)


def _side_seats(table: int | None, ns: _Side, ew: _Side | None, melee: bool) -> list[Seat]:
    """Who sits at a table: its teams, or in a mêlée its teams' players."""
    seats = []
    for team, side in ((ns, SIDE_SHORT[Side.NS]), (ew, SIDE_SHORT[Side.EW])):
        if team is None:
            continue
        if melee:
            players = [team.first] if team.second is None else [team.first, team.second]
            seats += [Seat(player.number, player.name, table, side, not player.active)
                      for player in players]
        else:
            seats.append(Seat(team.number, team.name, table, side, not team.active))
    return seats


def pairings(round_: Round) -> tuple[list[TableSeating], list[Seat]]:
    """The partie by table (byes left out), and every team's seat by name ("where do I
    play?"); in a mêlée each table's four players, and every player's seat by name."""
    melee = round_.tournament.by_player
    tables, seats = [], []
    for row in pairing_rows(round_, _PAIRING_FIELDS):
        ns, ew = _side(row, "team_ns"), _side(row, "team_ew")
        assert ns is not None  # every game has its NS team
        seats += _side_seats(None if ew is None else row["table"], ns, ew, melee)
        if ew is not None:
            tables.append(TableSeating(row["table"], _side_who(ns, melee), _side_who(ew, melee)))
    seats.sort(key=lambda seat: name_key(seat.name))
    return tables, seats


# --- Standings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsEntry:
    """A line of the standings as a document prints it: with its lot, its cash prize, and
    whether one of its results still awaits a confirmation (two confirmations: marked "*")."""

    line: StandingsLine
    lot: str
    awaiting: bool
    cash: int | None = None  # its cash prize in cents (None: none)


@dataclass(frozen=True)
class Standings:
    lines: list[StandingsLine]
    criteria: list[str]
    # The games that time called ended ("partie 2 : tables 3, 5"), one line per partie.
    on_time: list[str] = field(default_factory=list)
    melee: bool = False  # lines of players
    ranking_points: bool = False  # shown (selectors.uses_ranking_points)
    awards: Awards | None = None  # each line's lot (None: not read)
    # The entrants (`line.entrant.id`) one of whose results awaits a confirmation.
    awaiting: frozenset[int] = frozenset()
    over: bool = False  # the last partie planned is played: the lots are final
    # A concours in phases while its tableaux are not over: why (« Le tableau principal
    # n'est pas fini. »); it ranks by its criteria until then. "" otherwise.
    phase_waiting: str = ""
    # Each line's cash prize, entrant id → cents, as the palmarès pays it (a line winning
    # nothing left out); None when the concours has no cash prize: no « Prix » column.
    cash: dict[int, int] | None = None

    @property
    def has_cash(self) -> bool:
        return self.cash is not None

    @property
    def tied_cash(self) -> bool:
        """Whether lines ex aequo share a cash prize (the page and the PDF say the rule)."""
        if not self.cash or self.awards is None:
            return False
        return any(award.tied and award.line.entrant.id in self.cash
                   for award in self.awards.lines)

    @property
    def phases(self) -> bool:
        """Whether the places are a concours in phases' final places (BRACKETS.md 6): the
        standings then say each line's tableau and how, not the criteria and figures."""
        return any(line.phase is not None for line in self.lines)

    @property
    def has_lots(self) -> bool:
        return self.awards is not None and bool(self.awards.lots)

    @property
    def lots(self) -> dict[int, str]:
        """Entrant id → its lot (every line; "" without one)."""
        if self.awards is None:
            return {}
        return {award.line.entrant.id: award.label for award in self.awards.lines}

    @property
    def entries(self) -> list[StandingsEntry]:
        lots, cash = self.lots, self.cash or {}
        return [StandingsEntry(line, lots.get(line.entrant.id, ""),
                               line.entrant.id in self.awaiting, cash.get(line.entrant.id))
                for line in self.lines]

    @property
    def palmares(self) -> list[Award]:
        """The lines that receive a lot, in the standings' order."""
        return self.awards.awarded if self.awards is not None else []


def ended_on_time(tournament: Tournament) -> list[str]:
    """The tables of each partie whose game "fin du temps" ended ("partie 2 : tables 3 et 5");
    a game still playing its last donne is not listed yet."""
    tables: dict[int, list[str]] = {}
    for number, table in time_called_tables(tournament):
        tables.setdefault(number, []).append(str(table))
    return [ngettext("partie %(n)d : table %(t)s", "partie %(n)d : tables %(t)s", len(numbers))
            % {"n": number, "t": _and(numbers)} for number, numbers in tables.items()]


def _and(words: list[str]) -> str:
    """"1", "1 et 2", "1, 2 et 3"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + _(" et ") + words[-1]


def concours_over(tournament: Tournament, scope: StandingsScope) -> bool:
    """Whether every partie planned is drawn and played: the standings are final."""
    return (scope.current is None and scope.complete > 0
            and scope.complete >= tournament.parties_planned)


def standings(tournament: Tournament, scope: StandingsScope | None = None) -> Standings:
    """The one builder behind the standings page, its PDF, the workbook and the projector:
    the lines (three queries), the time called, each line's lot and cash prize, the results
    awaiting a confirmation and whether the concours is over (`scope`: read here if not
    given): nine queries at most."""
    lines = standings_lines(tournament)
    if scope is None:
        scope = standings_scope(tournament)
    waiting = ""
    phases = any(line.phase is not None for line in lines)
    if not phases and any(state.phase for state in scope.states):  # in phases, not over
        waiting = phases_standings(tournament).waiting
    awards = standings_awards(tournament, lines)
    return Standings(lines, criteria_labels(tournament), ended_on_time(tournament),
                     melee=tournament.by_player,
                     ranking_points=uses_ranking_points(tournament),
                     awards=awards, cash=standings_cash(tournament, awards),
                     awaiting=awaiting_entrants(tournament),
                     # In phases, over once the tableaux give the places (not at the
                     # parties planned: its tableaux' matches are parties of their own).
                     over=phases or (not waiting and concours_over(tournament, scope)),
                     phase_waiting=waiting)


# --- The projector ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Registered:
    """A team (doublettes) or a player (mêlée) registered, as the projector lists it before
    the first draw."""

    number: int
    name: str
    active: bool


@dataclass(frozen=True)
class Screen:
    """What the projector cycles through: before the first draw the teams (or a mêlée's
    players) registered; then the current partie's tables and where each team (player)
    plays, by name; the standings; and once the concours is over, the lots."""

    round: Round | None
    tables: list[TableSeating]  # the current partie's tables, byes left out
    seats: list[Seat]  # every active team (player) by name (French order), seated or not
    registered: list[Registered]  # the teams (players) registered, by name
    standings: Standings
    scope: StandingsScope
    melee: bool = False
    byes: list[Who] = field(default_factory=list)  # the current partie's exempt side(s)

    @property
    def shows_standings(self) -> bool:
        """Standings are worth projecting once a game has counted."""
        return any(line.row.played for line in self.standings.lines)

    @property
    def palmares(self) -> list[Award]:
        """The lots and who wins them, once the last partie is played ([] before)."""
        return self.standings.palmares if self.standings.over else []


def _registered(tournament: Tournament) -> list[Registered]:
    """The registered teams, or a mêlée's players, in French order (never a partie team)."""
    found = [Registered(*row) for row in registered_rows(tournament)]
    return sorted(found, key=lambda entry: name_key(entry.name))


def screen(tournament: Tournament) -> Screen:
    current = last_round(tournament)
    registered = _registered(tournament)
    tables, seats = pairings(current) if current else ([], [])
    byes: list[Who] = []
    if current is not None:
        # The exempt team (players) is shown after the tables: it looks for its name there.
        byes = [who(game.team_ns, tournament.by_player) for game in bye_games(current)]
        seated = {seat.number for seat in seats}
        unseated = [Seat(entry.number, entry.name, None, "")
                    for entry in registered if entry.active and entry.number not in seated]
        if unseated:  # `pairings` gave the seats in French order already
            seats += unseated
            seats.sort(key=lambda seat: name_key(seat.name))
    scope = standings_scope(tournament)
    return Screen(current, tables, seats, registered, standings(tournament, scope), scope,
                  melee=tournament.by_player, byes=byes)
