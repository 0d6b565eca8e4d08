"""Reads of teams: the registered ones, a team's game in play.

A concours' registered teams are those of no partie (`round` empty): a mêlée's teams are
drawn per partie, numbered within it, and are no registration."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from ..models import Game, Team, Tournament


def registered_teams(tournament: Tournament) -> QuerySet[Team]:
    return tournament.teams.filter(round__isnull=True)


def team_current_game(team: Team) -> Game | None:
    """The team's unfinished game in the last partie drawn (not a bye, no forfeit yet)."""
    last = team.tournament.rounds.order_by("-number").first()
    if last is None:
        return None
    return (Game.objects.filter(Q(team_ns=team) | Q(team_ew=team), round=last,
                                finished=False, team_ew__isnull=False, forfeit="")
            .select_related("round__tournament", "team_ns", "team_ew").first())


def team_pending_forfeit(team: Team) -> Game | None:
    """A withdrawn team's game still waiting for its forfeit ("forfait à déclarer")."""
    return None if team.active else team_current_game(team)


__all__ = [
    "registered_teams",
    "team_current_game",
    "team_pending_forfeit",
]
