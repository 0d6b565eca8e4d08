"""Reads of a mêlée's players: whether one was drawn, the parties they played."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from ..models import Game, Player, Team


def player_seated(player: Player) -> bool:
    """Whether the player has been drawn in a partie (a partie's team holds them)."""
    return Team.objects.filter(Q(first=player) | Q(second=player)).exists()


def player_parties(player: Player) -> list[dict[str, Any]]:
    """The parties a mêlée's player was drawn in, in order: each with the partie's game, the
    side, the partner (None: exempt alone), the opposing team, and the scores as seen from
    the player's side; in phases, its pair's poule and tableau parties too (the pair is
    the player's team of no partie, services.pairs). Two queries whatever the number of
    parties."""
    teams = list(Team.objects.filter(Q(first=player) | Q(second=player))
                 .values_list("pk", flat=True))
    games = (Game.objects.filter(Q(team_ns__in=teams) | Q(team_ew__in=teams))
             .select_related("round", "team_ns__first", "team_ns__second", "team_ew__first",
                             "team_ew__second")
             .order_by("round__number"))
    rows = []
    for game in games:
        ns = game.team_ns_id in teams
        own, other = (game.team_ns, game.team_ew) if ns else (game.team_ew, game.team_ns)
        assert own is not None  # the player's side always has a team
        partner = own.second if own.first_id == player.pk else own.first
        scores = (game.score_ns, game.score_ew) if ns else (game.score_ew, game.score_ns)
        side = "NS" if ns else "EW"
        rows.append({"game": game, "side": side, "team": own, "partner": partner,
                     "opponents": other, "own": scores[0], "other": scores[1],
                     "won": game.finished and game.winner == side})
    return rows


__all__ = [
    "player_parties",
    "player_seated",
]
