"""Reads of the pointage: who is registered, who is marked arrived at the desk, who is
absent, and so who a draw seats.

The rule: the pointage is *in use* once any registered entrant of the concours (a team in
doublettes, a player in a mêlée) is marked arrived. Then every draw seats the active
entrants marked arrived, and only them: one absent at the first draw plays once marked
arrived (at the desk, or by being seated late, which marks it). While nobody is marked (the
desk did not point), every active entrant is drawn, as before the pointage existed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from ..models import Player, Team, Tournament
from ..validators import search_key


def entrants_registered(tournament: Tournament) -> QuerySet[Team] | QuerySet[Player]:
    """Every registered entrant, withdrawn or not: the players of a mêlée, the registered
    teams otherwise (a mêlée partie's teams are its draw's, not entrants)."""
    if tournament.by_player:
        return Player.objects.filter(tournament=tournament)
    return Team.objects.filter(tournament=tournament, round__isnull=True)


def arrivals_in_use(tournament: Tournament) -> bool:
    """Whether the desk pointed the arrivals (one query)."""
    return entrants_registered(tournament).filter(arrived=True).exists()


def entrants_drawn(tournament: Tournament) -> QuerySet[Team] | QuerySet[Player]:
    """Who the next draw seats: the active entrants, only the arrived ones when the pointage
    is in use (two queries once evaluated)."""
    active = entrants_registered(tournament).filter(active=True)
    return active.filter(arrived=True) if arrivals_in_use(tournament) else active


def arrival_marked_on_registration(tournament: Tournament) -> bool:
    """Whether an entrant registered now is marked arrived: once a partie is drawn and the
    pointage is in use, one registered at the desk is there (it plays from the next partie,
    as it did before the pointage). Before the first draw, the desk points it."""
    return tournament.rounds.exists() and arrivals_in_use(tournament)


@dataclass(frozen=True)
class ArrivalRow:
    number: int
    name: str  # a team's name, or a mêlée player's
    players: str  # a team's two players ("" in a mêlée)
    club: str
    arrived: bool
    search: str  # what the filter matches, folded as validators.search_key folds


@dataclass(frozen=True)
class Arrivals:
    """The pointage page and the draw page's counts. `rows`: the active entrants, by
    number; withdrawn ones are neither registered nor absent here."""

    melee: bool
    rows: list[ArrivalRow]
    in_use: bool  # some entrant is marked arrived
    drawn: bool  # partie 1 is drawn: late ones are seated from a partie's page

    @property
    def registered(self) -> int:
        return len(self.rows)

    @property
    def arrived(self) -> int:
        return sum(row.arrived for row in self.rows)

    @property
    def absent(self) -> int:
        return self.registered - self.arrived

    @property
    def absent_rows(self) -> list[ArrivalRow]:
        return [row for row in self.rows if not row.arrived]


def _searched(text: str) -> str:
    """What the page's filter matches: search_key's folding, and the ligatures typed as two
    letters ("coeur" finds « Cœur »), as static/tournament/arrivals.js folds what is typed."""
    return search_key(text).replace("œ", "oe").replace("æ", "ae")


def _team_row(team: Team) -> ArrivalRow:
    players = " et ".join(player.name for player in (team.first, team.second)
                          if player is not None)
    return ArrivalRow(number=team.number, name=team.name, players=players, club=team.club,
                      arrived=team.arrived,
                      search=_searched(f"{team.number} {team.name} {players} {team.club}"))


def _player_row(player: Player) -> ArrivalRow:
    return ArrivalRow(number=player.number, name=player.name, players="", club=player.club,
                      arrived=player.arrived,
                      search=_searched(f"{player.number} {player.name} {player.club}"))


def arrivals_board(tournament: Tournament) -> Arrivals:
    """The active entrants with their arrival, and whether partie 1 is drawn. Three queries."""
    melee = tournament.by_player
    if melee:
        rows = [_player_row(player) for player in
                Player.objects.filter(tournament=tournament, active=True).order_by("number")]
    else:
        rows = [_team_row(team) for team in
                Team.objects.filter(tournament=tournament, round__isnull=True, active=True)
                .select_related("first", "second").order_by("number")]
    # In use by a withdrawn entrant's mark too, as the draw reads it (arrivals_in_use).
    return Arrivals(melee=melee, rows=rows, in_use=arrivals_in_use(tournament),
                    drawn=tournament.rounds.exists())


def arrival_row(tournament: Tournament, number: int) -> ArrivalRow | None:
    """One active entrant's row, by its number (None: no such active entrant)."""
    if tournament.by_player:
        player = Player.objects.filter(tournament=tournament, number=number,
                                       active=True).first()
        return None if player is None else _player_row(player)
    team = (Team.objects.filter(tournament=tournament, round__isnull=True, number=number,
                                active=True).select_related("first", "second").first())
    return None if team is None else _team_row(team)


__all__ = [
    "ArrivalRow",
    "Arrivals",
    "arrival_marked_on_registration",
    "arrival_row",
    "arrivals_board",
    "arrivals_in_use",
    "entrants_drawn",
    "entrants_registered",
]
