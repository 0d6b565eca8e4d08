"""The final pack: what the club pins on the wall and sends to the local paper at the end of
the evening.

- One PDF: the final standings (the standings PDF itself, so both never differ), the
  palmarès, and each partie's results by table (table, both teams, scores, winner; byes,
  forfeits, paper totals and time called said). The parts are rendered apart and joined
  with pypdf (`weasy.join`): the standings and the results are landscape, the palmarès
  portrait.
- The workbook: the same figures — the standings with each line's lot, the palmarès, every
  partie by table — and the lots as typed (`final_workbook`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from ..choices import SIDE_SHORT
from ..models import Game, Team, Tournament
from ..selectors import standings_scope
from ..selectors.prizes import award_indexes, lot_words, standings_awards
from ..selectors.standings import uses_ranking_points
from . import documents, palmares, pdf, weasy, workbook

# --- Each partie's results by table ---------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    table: int | None  # None: a bye (an exempt team plays at no table)
    ns: Team
    ew: Team | None  # None: the bye
    score_ns: int
    score_ew: int | None
    won: str  # the winning side, "NS" or "EW"; "" while playing, or for a tie
    note: str  # "forfait : …", "saisie des totaux", "en cours", …

    @property
    def winner(self) -> str:
        team = {"NS": self.ns, "EW": self.ew}.get(self.won)
        return team.name if team is not None else ""


@dataclass(frozen=True)
class PartieResults:
    number: int
    tables: list[TableResult]


def _note(game: Game) -> str:
    """What a reader must know of a game beyond its scores."""
    notes = []  # a bye says "exempte" in its Est-Ouest column
    if game.forfeit and not game.is_bye:
        forfeiting = game.team_ns if game.forfeit == "NS" else game.team_ew
        notes.append(_("forfait : %(team)s") % {"team": forfeiting.name if forfeiting else
                                                  SIDE_SHORT.get(game.forfeit, "")})
    if game.by_totals:
        notes.append(_("saisie des totaux"))
    if game.stop_after is not None:
        notes.append(_("fin du temps"))
    if not game.finished:
        notes.append(_("en cours"))
    elif not game.winner and not game.is_bye:
        notes.append(_("égalité"))
    return ", ".join(notes)


def _result(game: Game) -> TableResult:
    won = game.winner if game.finished else ""
    if game.is_bye and game.finished:
        won = "NS"  # an exempt team wins its partie (the bye's points)
    return TableResult(None if game.is_bye else game.table, game.team_ns, game.team_ew,
                       game.score_ns, None if game.is_bye else game.score_ew, won, _note(game))


def partie_results(tournament: Tournament) -> list[PartieResults]:
    """Every partie drawn, its tables in order then its byes: one query."""
    games = (Game.objects.filter(round__tournament=tournament)
             .select_related("round", "team_ns__first", "team_ns__second", "team_ew__first",
                             "team_ew__second")
             .order_by("round__number", "table"))
    parties: dict[int, list[Game]] = {}
    for game in games:
        parties.setdefault(game.round.number, []).append(game)
    return [PartieResults(number, [_result(game) for game in sorted(
        partie, key=lambda game: (game.is_bye, game.table))])
        for number, partie in parties.items()]


RESULT_ROWS_A_PAGE = 14  # tables of a partie on a landscape page, with its heading


def results_htmls(tournament: Tournament) -> list[str]:
    """Each partie's results as HTML: one document, or for a long concours several (whole
    parties each, in order), which `weasy.htmls_to_pdf` renders on every core. WeasyPrint
    lays a table cell out in about a millisecond: 1,280 games (256 teams, 10 parties) are
    9,000 cells."""
    parties = partie_results(tournament)
    pages = sum(-(-len(partie.tables) // RESULT_ROWS_A_PAGE) for partie in parties)
    chunks = min(weasy.workers_for(pages), max(1, len(parties)))
    size = -(-len(parties) // chunks) if parties else 1
    context = {"tournament": tournament, "scope": standings_scope(tournament),
               "printed": timezone.localtime(), "melee": tournament.format == "melee"}
    return [render_to_string("printing/final_pack.html", {
        **context, "parties": parties[start:start + size], "first": start == 0})
        for start in range(0, max(len(parties), 1), size)]


def final_pack_pdf(tournament: Tournament) -> bytes:
    """The standings, the palmarès and every partie's results, in one PDF."""
    lines = documents.standings(tournament).lines
    return weasy.join([
        pdf.standings_pdf(tournament),
        palmares.palmares_pdf(tournament, lines),
        weasy.htmls_to_pdf(results_htmls(tournament)),
    ])


# --- The workbook ---------------------------------------------------------------------------

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)


def filename(tournament: Tournament, when: datetime) -> str:
    return f"resultats-{tournament.slug}-{when:%Y-%m-%d}.xlsx"


def _sheet(book: Workbook, name: str, title: str, columns: Sequence[tuple[str, int]],
           rows: Sequence[Sequence[object]]) -> None:
    """A sheet laid out as the standings workbook's are: a title row, a bold header frozen
    below it, an autofilter, widths; every text through `workbook.text_cell` (a name that
    looks like a formula stays text)."""
    sheet = book.create_sheet(name)
    for index, (_label, width) in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    sheet.freeze_panes = "A3"
    sheet.auto_filter.ref = f"A2:{get_column_letter(len(columns))}{max(2, len(rows) + 2)}"
    sheet.append([workbook.text_cell(sheet, title, TITLE)])
    sheet.append([workbook.text_cell(sheet, label, BOLD) for label, _width in columns])
    for row in rows:
        sheet.append([workbook.text_cell(sheet, value) if isinstance(value, str) else value
                      for value in row])


def final_workbook(tournament: Tournament, when: datetime | None = None) -> bytes:
    """The figures of the final pack, as a workbook: "Classement" (with each line's lot),
    "Lots" (the palmarès), "Parties" (every partie by table, as the PDF prints them) and
    "Liste des lots" (the lots as typed). The donnes are in the standings workbook
    (standings.xlsx): that file is written whole by `workbook.standings_workbook`, and
    reading it back to add sheets cost 5 s for 160 teams (openpyxl loads every cell)."""
    when = timezone.localtime(when or timezone.now())
    title = f"{tournament.name} — exporté le {when:%d/%m/%Y à %H:%M}"
    melee = tournament.format == "melee"
    who = "Joueur" if melee else "Équipe"
    withdrawn = "retiré" if melee else "retirée"
    data = standings_awards(tournament, documents.standings(tournament).lines)
    points = uses_ranking_points(tournament)
    book = Workbook(write_only=True)

    _sheet(book, "Classement", title, [
        ("Rang", 7), ("N°", 6), (who, 30), ("Joueurs", 34), ("Club", 22), ("Jouées", 8),
        ("Gagnées", 9), *([("Points de classement", 20)] if points else []),
        ("Points marqués", 15), ("Points concédés", 16), ("Différence", 12), ("Lot", 36),
        ("État", 10),
    ], [[award.rank, award.line.number, award.name,
         award.detail if award.detail != award.name else "", award.line.club,
         award.line.row.played, award.line.row.wins,
         *([award.line.row.ranking_points] if points else []), award.line.row.points,
         award.line.row.conceded, award.line.row.diff, award.label or None,
         None if award.active else withdrawn] for award in data.lines])

    _sheet(book, "Lots", title, [
        ("Place", 7), ("Rang", 7), (who, 30), ("Joueurs", 34), ("Lot", 40), ("État", 10),
    ], [[award.position, award.rank, award.name,
         award.detail if award.detail != award.name else "", award.label,
         None if award.active else withdrawn] for award in data.awarded])

    _sheet(book, "Parties", title, [
        ("Partie", 8), ("Table", 7), ("N° NS", 7), ("Nord-Sud", 30), ("Score NS", 10),
        ("N° EO", 7), ("Est-Ouest", 30), ("Score EO", 10), ("Gagnant", 30),
        ("Remarque", 24),
    ], [[partie.number, result.table, result.ns.number, result.ns.name, result.score_ns,
         result.ew.number if result.ew else None, result.ew.name if result.ew else "exempte",
         result.score_ew, result.winner or None, result.note or None]
        for partie in partie_results(tournament) for result in partie.tables])

    reached: dict[int, int] = {}
    for index in award_indexes(data.lots, len(data.lines)).values():
        reached[index] = reached.get(index, 0) + 1
    _sheet(book, "Liste des lots", title, [
        ("Ordre", 7), ("Du rang", 9), ("Au rang", 9), ("En partant du dernier", 20),
        ("Rangs", 30), ("Lot", 40), ("Places attribuées", 18),
    ], [[index + 1, lot.start,
         lot.end if lot.end is not None else "premier" if lot.from_last else "dernier",
         "oui" if lot.from_last else "non", lot_words(lot, melee), lot.label,
         reached.get(index, 0)] for index, lot in enumerate(data.lots)])

    output = io.BytesIO()
    book.save(output)
    return output.getvalue()
