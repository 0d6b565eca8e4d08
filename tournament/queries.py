"""Reads that feed the pages and the exports, each in a constant number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from .models import DonneRecord, Game, Team, Tournament
from .standings import CRITERIA, Result, Row, compute, rank


def results(tournament: Tournament) -> list[Result]:
    """Finished games (byes and forfeits included), as the standings see them."""
    games = Game.objects.filter(round__tournament=tournament, finished=True).values_list(
        "team_ns_id", "team_ew_id", "score_ns", "score_ew", "winner"
    )
    return [
        Result(ns, ew, score_ns, score_ew, ns if winner == "NS" else ew if winner == "EW" else None)
        for ns, ew, score_ns, score_ew, winner in games
    ]


def standings(tournament: Tournament) -> list[Row]:
    team_ids = tournament.teams.values_list("id", flat=True)
    return rank(compute(team_ids, results(tournament)), tournament.criteria)


@dataclass(frozen=True)
class StandingsLine:
    row: Row
    team: Team


def standings_lines(tournament: Tournament) -> list[StandingsLine]:
    """The one source of the standings page (and, later, its PDF and workbook)."""
    teams = {team.id: team for team in tournament.teams.all()}
    return [StandingsLine(row, teams[row.team]) for row in standings(tournament)]


def has_donnes(tournament: Tournament) -> bool:
    """Whether any donne is entered: a change of the rules then recomputes games."""
    return DonneRecord.objects.filter(game__round__tournament=tournament).exists()


def criteria_labels(tournament: Tournament) -> list[str]:
    return [str(CRITERIA[key]) for key in tournament.criteria]


@dataclass
class DonneLine:
    """A row of a game's sheet: a donne (None: still to play), its dealer, running totals."""

    number: int
    dealer: str
    record: DonneRecord | None = None
    total_ns: int | None = None
    total_ew: int | None = None


def donne_lines(game: Game, records: list[DonneRecord]) -> list[DonneLine]:
    """The game page's and the score sheet's rows for the donnes entered, in order."""
    lines, total_ns, total_ew = [], 0, 0
    for record in records:
        total_ns += record.score_ns
        total_ew += record.score_ew
        lines.append(DonneLine(record.number, game.dealer(record.number), record,
                               total_ns, total_ew))
    return lines
