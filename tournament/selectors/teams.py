"""Reads of teams: the registered ones, a team's game in play.

A concours' registered teams are those of no partie (`round` empty): a mêlée's teams are
drawn per partie, numbered within it, and are no registration."""

from __future__ import annotations

from typing import Any

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


def team_parties(team: Team) -> list[dict[str, Any]]:
    """The games a registered team played, in partie order: each with the game, the side,
    the opponent (None: exempt), the scores as seen from the team's side and whether it
    won (selectors.player_parties is a mêlée player's)."""
    games = (Game.objects.filter(Q(team_ns=team) | Q(team_ew=team),
                                 round__tournament=team.tournament_id)
             .select_related("round", "team_ns", "team_ew").order_by("round__number"))
    rows = []
    for game in games:
        side = "NS" if game.team_ns_id == team.id else "EW"
        opponent = game.team_ew if side == "NS" else game.team_ns
        own, other = (game.score_ns, game.score_ew) if side == "NS" else (
            game.score_ew, game.score_ns)
        rows.append({"game": game, "side": side, "opponent": opponent, "own": own,
                     "other": other, "won": game.finished and game.winner == side})
    return rows


def team_seated(team: Team) -> bool:
    """Whether the team has a seat in any partie (then it is withdrawn, never deleted)."""
    return Game.objects.filter(Q(team_ns=team) | Q(team_ew=team)).exists()


__all__ = [
    "registered_teams",
    "team_current_game",
    "team_parties",
    "team_pending_forfeit",
    "team_seated",
]
