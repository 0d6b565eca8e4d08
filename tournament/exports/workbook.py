"""The standings workbook (openpyxl, write-only): Classement, Parties, Donnes, Équipes.

Each sheet: a title row (tournament and export time), a bold header row frozen below it, an
autofilter, sensible widths, numbers stored as numbers, and every text as a text cell: the
names are typed by organisers and visitors' teams, and the workbook is public, so a name that
looks like a formula (`=HYPERLINK(…)`) must never become one (formula injection).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from datetime import datetime

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


def _sheet(workbook: Workbook, name: str, title: str, columns: Sequence[tuple[str, int]],
           rows: Iterable[Sequence], count: int) -> None:
    sheet = workbook.create_sheet(name)
    for index, (_, width) in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    sheet.freeze_panes = "A3"
    last = get_column_letter(len(columns))
    sheet.auto_filter.ref = f"A2:{last}{max(2, count + 2)}"
    sheet.append([text_cell(sheet, title, TITLE)])
    sheet.append([text_cell(sheet, label, BOLD) for label, _ in columns])
    for row in rows:
        # Every str of every row, not a list of "user" columns that a new column could miss.
        sheet.append([text_cell(sheet, value) if isinstance(value, str) else value
                      for value in row])


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
    _sheet(workbook, "Classement", title, [
        ("Rang", 7), ("N°", 6), ("Équipe", 28), ("Joueur 1", 24), ("Joueur 2", 24),
        ("Club", 22), ("Jouées", 8), ("Gagnées", 9), ("Points marqués", 15),
        ("Points concédés", 16), ("Différence", 12), ("État", 10),
    ], ([line.row.rank, line.team.number, line.team.name, line.team.player1,
         line.team.player2, line.team.club, line.row.played, line.row.wins, line.row.points,
         line.row.conceded, line.row.diff, None if line.team.active else "retirée"]
        for line in standing.lines), len(standing.lines))

    games = list(Game.objects.filter(round__tournament=tournament)
                 .select_related("round").order_by("round__number", "table"))

    def game_row(game: Game) -> list:
        ns, ew = teams[game.team_ns_id], teams.get(game.team_ew_id)
        winner = {"NS": ns.name, "EW": ew.name if ew else ""}.get(game.winner, "")
        return [game.round.number, game.table or None, ns.number, ns.name,
                ew.number if ew else None, ew.name if ew else "exempte", game.score_ns,
                game.score_ew, winner, game.played, _state(game)]

    _sheet(workbook, "Parties", title, [
        ("Partie", 8), ("Table", 7), ("N° NS", 7), ("Équipe NS", 26), ("N° EO", 7),
        ("Équipe EO", 26), ("Score NS", 10), ("Score EO", 10), ("Gagnant", 26),
        ("Donnes jouées", 14), ("État", 24),
    ], (game_row(game) for game in games), len(games))

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

    _sheet(workbook, "Donnes", title, [
        ("Partie", 8), ("Table", 7), ("Donne", 7), ("Donneur", 9), ("Preneur", 9),
        ("Contrat", 9), ("Capot demandé", 15), ("Atout", 7), ("Coinche", 11),
        ("Points faits", 12), ("Capot", 7),
        ("Belote NS", 10), ("Belote EO", 10), ("Annonces NS", 12), ("Annonces EO", 12),
        ("Pénalité NS", 12), ("Pénalité EO", 12), ("Score NS", 10), ("Score EO", 10),
        ("Issue", 9),
    ], (donne_row(values) for values in donnes.values_list(*fields).iterator(chunk_size=5000)),
        donnes.count())

    team_list = sorted(teams.values(), key=lambda team: team.number)
    _sheet(workbook, "Équipes", title, [
        ("N°", 6), ("Équipe", 28), ("Joueur 1", 24), ("Joueur 2", 24), ("Club", 22),
        ("Active", 8),
    ], ([team.number, team.name, team.player1, team.player2, team.club,
         "oui" if team.active else "non"] for team in team_list), len(team_list))

    output = io.BytesIO()
    workbook.save(output)
    return output.getvalue()
