"""What a push carries: a published concours' final standings as circuit/README.md's push
body says — each line's place, wins, score and ranking points, and its players' name, first
name, home club and licence (which only recognises a player across clubs: the server shows
none). Names are the stored ones: a player linked to the club's register by the register (an
anonymised entry's stored name, without its licence), another by its entrant. Read in a
constant number of queries (the season's standings, then the players)."""

from __future__ import annotations

from typing import Any

from ..models import ClubPlayer, Player, Season, Team, Tournament
from ..selectors.season import Placed, concours_standings, published_season_standings


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


SEASON_ROWS_MAX = 5000  # the server's bound (circuit.payload.MAX_SEASON_ROWS)
SEASON_CONCOURS_MAX = 200


def season_body(season: Season, *, club: str, identity: str, version: int) -> dict[str, Any]:
    """The push of a published season's standings (circuit/README.md, « Seasons »): over its
    published concours only, each player by the name the static site shows (a register
    name, « Joueur n° 12 » when anonymised, namesakes told apart; never a licence)."""
    standings = published_season_standings(season)
    return {
        "club": club,
        "season": identity,
        "version": version,
        "name": season.name[:120],
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "concours": [{"name": standing.tournament.name[:120],
                      "date": standing.tournament.date.isoformat()}
                     for standing in standings.concours[:SEASON_CONCOURS_MAX]],
        "rows": [{"rank": row.line.rank, "name": row.name[:250], "points": row.line.points,
                  "played": row.line.played, "wins": row.line.wins,
                  "score": row.line.score}
                 for row in standings.rows[:SEASON_ROWS_MAX]],
    }
