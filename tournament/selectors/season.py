"""Reads of a club's seasons: each included concours' final standings as the season reads
them, and the season's standings (`tournament.season` computes them), in a constant number
of queries whatever the number of concours and players.

Nothing is cached: the standings are recomputed from the concours' games at every read, so
they follow any change of an included concours' results (a donne corrected, a game
forfeited, a rule changed) at once; 30 concours of 200 players take a few milliseconds of
arithmetic (`make bench`). A concours' standings are its own page's (`standings.result_of`,
`ranking.tally`, `ranking.rank`, its criteria and points scale), read for every concours at
once.

Players are the club's register (`ClubPlayer`): in a doublette concours both players of a
team score the team's place, in a mêlée each player their own. An entrant not linked to the
register (a concours restored from an old backup, before it is matched) cannot be followed
from one concours to the next: the standings count them in their concours (its places) but
not in the season, and say how many there are. An entrant that played no game (registered,
never arrived) is not in the season either.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from ..formats import FORMATS
from ..models import ClubPlayer, Game, Player, Round, Season, Tableau, Team, Tournament
from ..ranking import Row, rank, tally
from ..season import BEYOND, KINDS, Entry, Line, Rule, concours_points, season_rank
from ..validators import search_key
from .standings import (
    MELEE_FIELDS,
    RESULT_FIELDS,
    PartieState,
    phase_ranked,
    played_parties,
    points_scale,
    result_of,
)

# The formats whose entrants are players (a mêlée's registered players are its entrants).
PLAYER_FORMATS = [key for key, format in FORMATS.items() if format.by_player]


def season_rule(season: Season) -> Rule:
    kind = next(key for key in KINDS if key == season.kind)  # the service stores known keys
    beyond = next(key for key in BEYOND if key == season.beyond)
    return Rule(kind=kind, table=tuple(season.points_table), beyond=beyond,
                participation=season.participation, best=season.best,
                min_ranked=season.min_ranked, min_lot=season.min_lot,
                tie_breaks=tuple(season.tie_breaks))


@dataclass(frozen=True)
class Placed:
    """An entrant of a concours' final standings: its place, the register's players it
    stands for (both of a team, or the mêlée player; none when not linked), its row."""

    place: int
    players: tuple[int, ...]
    unlinked: int  # its players not linked to the register
    row: Row


@dataclass(frozen=True)
class ConcoursStanding:
    index: int  # in the season, from 0
    tournament: Tournament
    placed: list[Placed]  # best first, those that played a game
    # Not over yet: fewer parties drawn than planned, or tables of the last still playing
    # (its standings so far count, and change as it goes on).
    in_progress: bool = False
    started: bool = True  # a partie drawn: before, the concours is « à venir », not en cours

    @property
    def entrants(self) -> int:
        return len(self.placed)

    @property
    def unlinked(self) -> int:
        return sum(placed.unlinked for placed in self.placed)

    def entries(self) -> list[Entry]:
        return [Entry(player=player, concours=self.index, place=placed.place,
                      entrants=self.entrants, wins=placed.row.wins, score=placed.row.points,
                      ranking_points=placed.row.ranking_points)
                for placed in self.placed for player in placed.players]


def concours_standings(tournaments: Sequence[Tournament]) -> list[ConcoursStanding]:
    """The final standings of `tournaments` (in this order), as a season reads them: at most
    six queries, whatever their number (and a few for each concours in phases)."""
    ids = [tournament.pk for tournament in tournaments]
    states: dict[int, list[PartieState]] = defaultdict(list)
    two_teams = Q(games__team_ew__isnull=False)
    for tournament_id, number, closed, tables, finished in (
            Round.objects.filter(tournament__in=ids).order_by("tournament", "number")
            .annotate(tables=Count("games", filter=two_teams),
                      finished=Count("games", filter=two_teams & Q(games__finished=True)))
            .values_list("tournament_id", "number", "closed", "tables", "finished")):
        states[tournament_id].append(PartieState(number, closed, tables, finished))
    games: dict[int, list[tuple]] = defaultdict(list)
    # The partie teams' players are joined for the mêlées only (a join the doublettes'
    # thousands of games need not pay): two queries.
    melee_ids = [tournament.pk for tournament in tournaments if tournament.by_player]
    doublette_ids = [pk for pk in ids if pk not in set(melee_ids)]
    for chosen, fields in ((melee_ids, MELEE_FIELDS), (doublette_ids, ())):
        for tournament_id, *values in (
                Game.objects.filter(round__tournament__in=chosen, finished=True).order_by()
                .values_list("round__tournament_id", *RESULT_FIELDS, *fields)):
            games[tournament_id].append(tuple(values))
    # Who each entrant is in the register: a team's two players, a mêlée's player.
    members: dict[int, dict[int, tuple[int | None, ...]]] = defaultdict(dict)
    for tournament_id, team, first, second, has_second in (
            Team.objects.filter(tournament__in=ids, round__isnull=True).order_by()
            .values_list("tournament_id", "id", "first__registered_id",
                         "second__registered_id", "second_id")):
        members[tournament_id][team] = (first, second) if has_second is not None else (first,)
    for tournament_id, player, registered in (
            Player.objects.filter(tournament__in=ids, tournament__format__in=PLAYER_FORMATS)
            .order_by()
            .values_list("tournament_id", "id", "registered_id")):
        members[tournament_id][player] = (registered,)
    # A concours in phases gives the places of its tableaux (BRACKETS.md 6): read for those
    # only (one query, and a few for each of them).
    in_phases = set(Tableau.objects.filter(tournament__in=ids).values_list("tournament_id",
                                                                           flat=True))
    found = []
    for index, tournament in enumerate(tournaments):
        melee = tournament.by_player
        played = played_parties(states[tournament.pk])
        results = [result for values in games[tournament.pk]
                   if (result := result_of(values, played, melee)) is not None]
        who = members[tournament.pk]
        rows = rank(tally(list(who), results, points_scale(tournament)), tournament.criteria)
        over_in_phases: bool | None = None
        if tournament.pk in in_phases:
            rows, over_in_phases = phase_ranked(tournament, rows)
        placed = []
        for row in rows:
            if not row.played:
                continue
            players = who[row.entrant]
            linked = tuple(player for player in players if player is not None)
            placed.append(Placed(row.rank, linked, len(players) - len(linked), row))
        parties = states[tournament.pk]
        in_progress = (len(parties) < tournament.parties_planned
                       or (bool(parties) and parties[-1].in_play))
        if over_in_phases is not None:
            in_progress = not over_in_phases
        found.append(ConcoursStanding(index, tournament, placed, in_progress, bool(parties)))
    return found


@dataclass(frozen=True)
class Cell:
    """A player's result in one concours of the grid (None: not played)."""

    points: int | None
    place: int | None
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    line: Line
    name: str
    cells: list[Cell]

    @property
    def player(self) -> int:
        return self.line.player


@dataclass(frozen=True)
class SeasonStandings:
    season: Season
    rule: Rule
    concours: list[ConcoursStanding]
    rows: list[SeasonRow]

    @property
    def ranked(self) -> list[SeasonRow]:
        return [row for row in self.rows if row.line.rank is not None]

    @property
    def unranked(self) -> list[SeasonRow]:
        return [row for row in self.rows if row.line.rank is None]

    @property
    def unlinked(self) -> int:
        return sum(standing.unlinked for standing in self.concours)

    @property
    def included(self) -> list[Tournament]:
        return [standing.tournament for standing in self.concours]


def season_tournaments(season: Season) -> list[Tournament]:
    """The season's concours, in the order of their dates: one query."""
    return list(Tournament.objects.filter(season=season).order_by("date", "pk"))


def season_size(season: Season) -> int:
    """The cells of the season's grid (its players × its concours), what its documents'
    time grows with: two queries."""
    concours = Tournament.objects.filter(season=season)
    players = (Player.objects.filter(tournament__in=concours)
               .values("registered").distinct().count())
    return players * concours.count()


def _names(ids: Iterable[int]) -> dict[int, str]:
    return told_apart(list(ClubPlayer.objects.filter(pk__in=ids)))


def told_apart(players: Sequence[ClubPlayer]) -> dict[int, str]:
    """Register player → the name a season or the site shows: namesakes (the same name,
    accents and case aside) told apart by their home club when it differs, else by their
    fiche number (issue 32: two « Jean Martin » read as one person, credited twice)."""
    by_name: dict[str, list[ClubPlayer]] = {}
    for player in players:
        by_name.setdefault(search_key(player.full_name), []).append(player)
    names = {}
    for group in by_name.values():
        clubs = {search_key(player.home_club) for player in group}
        for player in group:
            if len(group) == 1:
                names[player.pk] = player.full_name
            elif len(clubs) == len(group) and all(clubs):
                names[player.pk] = f"{player.full_name} ({player.home_club})"
            else:
                names[player.pk] = (f"{player.full_name} ("
                                    + _("fiche n° %(n)d") % {"n": player.pk} + ")")
    return names


def _standings(season: Season, standings: list[ConcoursStanding],
               names: dict[int, str]) -> SeasonStandings:
    rule = season_rule(season)
    lines = season_rank([entry for standing in standings for entry in standing.entries()],
                        rule)
    places = [{player: placed.place for placed in standing.placed
               for player in placed.players} for standing in standings]
    rows = []
    for line in lines:
        counted = set(line.counted)
        cells = [Cell(line.results.get(index), places[index].get(line.player),
                      index in counted) for index in range(len(standings))]
        rows.append(SeasonRow(line, names.get(line.player, "?"), cells))
    return SeasonStandings(season, rule, standings, rows)


def season_standings(season: Season) -> SeasonStandings:
    """The season's standings and its grid player × concours: at most seven queries, whatever the
    number of concours and players."""
    standings = concours_standings(season_tournaments(season))
    names = _names({player for standing in standings for placed in standing.placed
                    for player in placed.players})
    return _standings(season, standings, names)


def published_season_standings(season: Season) -> SeasonStandings:
    """The season's standings over its published concours only: what leaves the laptop for
    the results server (publish.content.season_body), as the static site counts them."""
    standings = concours_standings([tournament for tournament in season_tournaments(season)
                                    if tournament.published])
    names = _names({player for standing in standings for placed in standing.placed
                    for player in placed.players})
    return _standings(season, standings, names)


@dataclass(frozen=True)
class PlayerSeason:
    """A register player's line in one season (for the player's page)."""

    season: Season
    line: Line
    ranked: int  # players ranked in the season
    concours: int  # concours in the season


def season_lines(club_player: ClubPlayer) -> list[PlayerSeason]:
    """The seasons in which `club_player` played a concours, latest first, each with the
    player's line: a constant number of queries (eight), whatever the number of seasons."""
    seasons = list(Season.objects.filter(
        tournaments__players__registered=club_player).distinct().order_by("-start", "pk"))
    if not seasons:
        return []
    tournaments = list(Tournament.objects.filter(season__in=seasons).order_by("date", "pk"))
    by_season: dict[int, list[Tournament]] = defaultdict(list)
    for tournament in tournaments:
        assert tournament.season_id is not None
        by_season[tournament.season_id].append(tournament)
    standings = {standing.tournament.pk: standing
                 for standing in concours_standings(tournaments)}
    found = []
    for season in seasons:
        own = [standings[tournament.pk] for tournament in by_season[season.pk]]
        indexed = [ConcoursStanding(index, standing.tournament, standing.placed,
                                    standing.in_progress, standing.started)
                   for index, standing in enumerate(own)]
        lines = season_rank([entry for standing in indexed for entry in standing.entries()],
                            season_rule(season))
        mine = next((line for line in lines if line.player == club_player.pk), None)
        if mine is not None:
            found.append(PlayerSeason(season, mine,
                                      sum(1 for line in lines if line.rank is not None),
                                      len(indexed)))
    return found


def season_concours_points(season: Season, standing: ConcoursStanding,
                           placed: Placed) -> int:
    """What an entrant's place in a concours gives in the season (before the bonus)."""
    return concours_points(season_rule(season), Entry(
        player=0, concours=standing.index, place=placed.place, entrants=standing.entrants,
        wins=placed.row.wins, score=placed.row.points,
        ranking_points=placed.row.ranking_points))


def club_seasons(club_id: int) -> list[Season]:
    """The club's seasons, latest first, each with its count of concours: one query."""
    return list(Season.objects.filter(club_id=club_id)
                .annotate(concours=Count("tournaments")).order_by("-start", "name"))


def published_seasons(*, club_id: int | None = None, limit: int | None = None) -> list[Season]:
    """The seasons published (of one club, or of every club), latest first, with their club
    and count of concours (the first `limit`; None: all): what a visitor may read. One
    query."""
    seasons = Season.objects.filter(published=True)
    if club_id is not None:
        seasons = seasons.filter(club_id=club_id)
    ordered = (seasons.select_related("club").annotate(concours=Count("tournaments"))
               .order_by("-start", "name"))
    return list(ordered if limit is None else ordered[:limit])


def season_choices(season: Season | None, club_id: int) -> list[Tournament]:
    """The concours a season's form offers: the club's, in no other season. One query."""
    free = Q(season__isnull=True)
    if season is not None and season.pk:
        free |= Q(season=season)
    return list(Tournament.objects.filter(free, club_id=club_id).order_by("-date", "name"))


__all__ = [
    "Cell",
    "ConcoursStanding",
    "Placed",
    "PlayerSeason",
    "SeasonRow",
    "SeasonStandings",
    "club_seasons",
    "concours_standings",
    "published_seasons",
    "season_choices",
    "season_concours_points",
    "season_lines",
    "season_rule",
    "season_size",
    "season_standings",
    "season_tournaments",
]
