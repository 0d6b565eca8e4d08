"""The reads behind the printed and downloaded documents (tournament/exports): the games with
their teams and players, the donnes' values, the entrants, the seats, the counts that size a
document before it is built. Each returns plain rows or loaded objects in one query, so the
exports only lay out and render (tests/test_import_rules.py: no ORM query in exports)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django.db.models import Max, Prefetch

from ..models import (
    AuditEntry,
    DonneRecord,
    Game,
    Player,
    RegisterEntry,
    Round,
    Season,
    Team,
    Tournament,
)
from .games import awaiting_games

__all__ = [
    "TEAMS_AND_PLAYERS",
    "awaiting_entrants",
    "bye_games",
    "concours_games",
    "concours_tables",
    "donne_count",
    "donne_values",
    "entrant_count",
    "entrant_players",
    "entrant_teams",
    "game_rows",
    "last_journal_id",
    "last_round",
    "pairing_rows",
    "partie_count",
    "player_rows",
    "registered_rows",
    "round_tables",
    "season_state",
    "seat_rows",
    "sheet_games",
    "team_count",
    "team_rows",
    "time_called_tables",
]

# A game's two teams and their players, loaded with it (documents name a team by its players).
TEAMS_AND_PLAYERS = ("team_ns__first", "team_ns__second", "team_ew__first", "team_ew__second")


def concours_games(tournament: Tournament) -> list[Game]:
    """Every game of every partie (byes too), by partie then table, with its partie, teams and
    players: one query."""
    return list(Game.objects.filter(round__tournament=tournament)
                .select_related("round", *TEAMS_AND_PLAYERS)
                .order_by("round__number", "table"))


def concours_tables(tournament: Tournament) -> int:
    """The games of every partie (byes too): one query."""
    return Game.objects.filter(round__tournament=tournament).count()


def round_tables(round_: Round) -> int:
    """The partie's real tables (byes left out): one query."""
    return round_.games.filter(team_ew__isnull=False).count()


def donne_values(tournament: Tournament, fields: Sequence[str]) -> Iterator[tuple[Any, ...]]:
    """The `fields` of every donne, by partie, table and donne, read in chunks (tens of
    thousands of rows): one query a chunk."""
    return (DonneRecord.objects.filter(game__round__tournament=tournament)
            .order_by("game__round__number", "game__table", "number")
            .values_list(*fields).iterator(chunk_size=5000))


def donne_count(tournament: Tournament) -> int:
    """The donnes of every partie: one query."""
    return DonneRecord.objects.filter(game__round__tournament=tournament).count()


def entrant_count(tournament: Tournament) -> int:
    """The entrants: a mêlée's players, else the registered teams (one query)."""
    if tournament.by_player:
        return Player.objects.filter(tournament=tournament).count()
    return Team.objects.filter(tournament=tournament, round__isnull=True).count()


def entrant_players(tournament: Tournament) -> list[Player]:
    """A mêlée's players by number: one query."""
    return list(Player.objects.filter(tournament=tournament).order_by("number"))


def entrant_teams(tournament: Tournament) -> list[Team]:
    """The registered teams (never a partie team of a mêlée) by number, with their players:
    one query."""
    return list(Team.objects.filter(tournament=tournament, round__isnull=True)
                .select_related("first", "second").order_by("number"))


def sheet_games(round_: Round) -> list[Game]:
    """The partie's real tables (byes left out) by table, with their teams, players and
    donnes in order: two queries."""
    return list(round_.games.filter(team_ew__isnull=False).select_related(*TEAMS_AND_PLAYERS)
                .prefetch_related(Prefetch("donnes",
                                           queryset=DonneRecord.objects.order_by("number")))
                .order_by("table"))


def pairing_rows(round_: Round, fields: Sequence[str]) -> list[dict[str, Any]]:
    """The `fields` of the partie's games (byes too), by table: one query."""
    return list(round_.games.order_by("table").values(*fields))


def bye_games(round_: Round) -> list[Game]:
    """The partie's byes by table, with their team and players: one query."""
    return list(round_.games.select_related(*TEAMS_AND_PLAYERS)
                .filter(team_ew__isnull=True).order_by("table"))


def last_round(tournament: Tournament) -> Round | None:
    """The last partie drawn (None before the first draw): one query."""
    return tournament.rounds.order_by("-number").first()


def partie_count(tournament: Tournament) -> int:
    """The parties drawn, numbered 1 to this: one query."""
    return tournament.rounds.count()


def time_called_tables(tournament: Tournament) -> list[tuple[int, int]]:
    """(partie, table) of each game that time called and that is over, in order: one
    query."""
    return list(Game.objects.filter(round__tournament=tournament, stop_after__isnull=False,
                                    finished=True)
                .order_by("round__number", "table").values_list("round__number", "table"))


def awaiting_entrants(tournament: Tournament) -> frozenset[int]:
    """The entrants (teams, or a mêlée's players) one of whose results awaits a confirmation
    (selectors.awaiting_games): no query without the option, two at most with it."""
    pending = awaiting_games(tournament)
    if not pending:
        return frozenset()
    games = Game.objects.filter(pk__in=pending)
    fields = (["team_ns__first_id", "team_ns__second_id", "team_ew__first_id",
               "team_ew__second_id"] if tournament.by_player
              else ["team_ns_id", "team_ew_id"])
    return frozenset(entrant for row in games.values_list(*fields) for entrant in row
                     if entrant is not None)


def registered_rows(tournament: Tournament) -> list[tuple[int, str, bool]]:
    """(number, name, active) of each registered team, or a mêlée's players, unordered: one
    query."""
    fields = ("number", "name", "active")
    if tournament.by_player:
        return list(Player.objects.filter(tournament=tournament).values_list(*fields))
    return list(Team.objects.filter(tournament=tournament, round__isnull=True)
                .values_list(*fields))


def team_rows(tournament: Tournament) -> list[tuple[int, int, str, bool]]:
    """(id, number, name, active) of each registered team by number: one query."""
    return list(Team.objects.filter(tournament=tournament, round__isnull=True)
                .order_by("number").values_list("id", "number", "name", "active"))


def team_count(tournament: Tournament) -> int:
    """The registered teams: one query."""
    return Team.objects.filter(tournament=tournament, round__isnull=True).count()


def seat_rows(tournament: Tournament) -> list[tuple[int, int, int, int | None]]:
    """(partie, table, NS team id, EW team id or None for a bye) of every game: one query."""
    return list(Game.objects.filter(round__tournament=tournament)
                .values_list("round__number", "table", "team_ns_id", "team_ew_id"))


def player_rows(tournament: Tournament, fields: Sequence[str]) -> list[tuple[Any, ...]]:
    """The `fields` of each entrant player: one query."""
    return list(Player.objects.filter(tournament=tournament).values_list(*fields))


def game_rows(tournament: Tournament, fields: Sequence[str]) -> list[tuple[Any, ...]]:
    """The `fields` of every game, by partie then table: one query."""
    return list(Game.objects.filter(round__tournament=tournament)
                .order_by("round__number", "table").values_list(*fields))


def last_journal_id(tournament: Tournament) -> int | None:
    """The id of the concours' last journal entry (None without one): one query."""
    return (AuditEntry.objects.filter(tournament=tournament).order_by("-id")
            .values_list("id", flat=True).first())


def season_state(season: Season) -> list[Any]:
    """What a season's documents show, as plain values: each of its concours' row and last
    journal entry (every change of a concours writes one), the club's register's last log
    entry (names, merges, anonymisations: RegisterEntry) and the club's row. Three queries;
    the season's own row is the caller's."""
    concours = [
        [(field.attname, getattr(row, field.attname)) for field in Tournament._meta.concrete_fields]
        + [row.last] for row in Tournament.objects.filter(season=season)
        .annotate(last=Max("audit__id")).order_by("pk")]
    register = (RegisterEntry.objects.filter(club_id=season.club_id).order_by("-id")
                .values_list("id", flat=True).first())
    club = list(type(season.club).objects.filter(pk=season.club_id).values_list())
    return [concours, register, club]
