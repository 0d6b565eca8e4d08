"""What a push carries: a published concours' final standings as circuit/README.md's push
body says — each line's place, wins, score and ranking points, and its players' name, first
name, home club and licence (which only recognises a player across clubs: the server shows
none). Names are the stored ones: a player linked to the club's register by the register (an
anonymised entry's stored name, without its licence), another by its entrant. Read in a
constant number of queries (the season's standings, then the players)."""

from __future__ import annotations

from typing import Any

from ..models import ClubPlayer, Player, Team, Tournament
from ..selectors.season import Placed, concours_standings


def _person(player: Player) -> dict[str, str | None]:
    registered: ClubPlayer | None = player.registered
    if registered is not None:
        return {"name": registered.name[:120], "first_name": registered.first_name[:120],
                "club": registered.home_club[:120],
                "licence": None if registered.anonymised or not registered.licence
                else registered.licence[:30]}
    return {"name": player.name[:120], "first_name": "", "club": player.club[:120],
            "licence": player.licence[:30] or None}


def _people(tournament: Tournament) -> dict[int, list[dict[str, str | None]]]:
    """entrant id -> its players, as the push names them."""
    if tournament.by_player:
        return {player.pk: [_person(player)] for player in
                Player.objects.filter(tournament=tournament).select_related("registered")}
    return {team.pk: [_person(member) for member in (team.first, team.second)
                      if member is not None]
            for team in Team.objects.filter(tournament=tournament, round__isnull=True)
            .select_related("first__registered", "second__registered")}


def body(tournament: Tournament, *, club: str, identity: str, version: int,
         circuits: list[str]) -> dict[str, Any]:
    """The push of `tournament` at `version`: every key of the contract, no other."""
    standing = concours_standings([tournament])[0]
    people = _people(tournament)
    return {
        "club": club,
        "concours": identity,
        "version": version,
        "name": tournament.name[:120],
        "date": tournament.date.isoformat(),
        "format": tournament.format,
        "finished": standing.started and not standing.in_progress,
        "circuits": list(circuits),
        "standings": [{"place": place, "wins": placed.row.wins,
                       "score": placed.row.points, "ranking_points": placed.row.ranking_points,
                       "players": people.get(placed.row.entrant, [])}
                      for place, placed in zip(_places(standing.placed), standing.placed,
                                               strict=True)],
    }


def _places(placed: list[Placed]) -> list[int]:
    """The places of those who played, as the contract numbers them (1, 1, 3): the season's
    places count every entrant of the standings, those who never played too."""
    places: list[int] = []
    for index, line in enumerate(placed):
        tied = index and line.place == placed[index - 1].place
        places.append(places[-1] if tied else index + 1)
    return places
