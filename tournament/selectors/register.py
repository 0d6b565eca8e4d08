"""Reads of the club's register of players: the type-ahead's suggestions, the register's
list and counts, a player's concours, the merges that can be undone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from ..models import Club, ClubPlayer, Player, RegisterEntry, RegisterWord, Team, Tournament
from ..models.players import licence_key
from ..validators import key_words, name_rotations, same_name, search_key
from .standings import standings

# The type-ahead suggests this many players at most; a query is read up to this length.
SUGGESTIONS = 10
QUERY_MAX = 100
# The register's page lists this many players at most (the filter finds the others).
LISTED = 200


def _query_words(query: str) -> list[str]:
    """The words typed, folded as the register's keys are, a hyphen or an apostrophe
    between two words as a space."""
    return key_words(search_key(query[:QUERY_MAX]))[:6]


def _rows_starting(club_id: int, typed: str, *, licence: bool = False,
                   anonymised: bool | None = None) -> QuerySet[RegisterWord]:
    """The club's register words (or licences) starting with `typed`, of anonymised players
    or not (None: both): equality on their first letters, which the index serves, then the
    prefix among those few."""
    rows = RegisterWord.objects.filter(
        club_id=club_id, licence=licence, stem=typed[:RegisterWord.STEM],
        # Both values named, rather than none: the index's columns are then all sought.
        anonymised__in=[False, True] if anonymised is None else [anonymised])
    if len(typed) > RegisterWord.STEM:
        rows = rows.filter(word__startswith=typed)
    return rows


def _words_starting(club_id: int, typed: str, *, licence: bool = False) -> QuerySet[Any]:
    """The ids of the club's players with a word (or a licence) starting with `typed`."""
    return _rows_starting(club_id, typed, licence=licence).values("player_id")


def _matching(club_id: int, query: str) -> Q | None:
    """Which players `query` finds: each word typed starts a word of the name (accents and
    case ignored: "pierre" finds "Jean-Pierre", "ierre" does not), or the licence starts
    with what is typed (spaces ignored). None when nothing is typed."""
    words = _query_words(query)
    if not words:
        return None
    by_name = Q()
    for word in dict.fromkeys(words):
        by_name &= Q(pk__in=_words_starting(club_id, word))
    key = licence_key(query[:QUERY_MAX])
    if key:
        return by_name | Q(pk__in=_words_starting(club_id, key, licence=True))
    return by_name


def _starting_sql(typed: str, *, licence: bool,
                  anonymised: tuple[bool, ...]) -> tuple[str, list[Any]]:
    """SQL's condition (and its parameters) on a register word row: of the club, a word (or
    a licence) starting with `typed`, its player anonymised as one of `anonymised`. Equality
    on the first letters, which the index serves in any collation; `substr` rather than
    `LIKE`, which SQLite and PostgreSQL read differently."""
    marks = ", ".join(["%s"] * len(anonymised))
    sql = f"club_id = %s AND anonymised IN ({marks}) AND licence = %s AND stem = %s"
    params: list[Any] = [*anonymised, licence, typed[:RegisterWord.STEM]]
    if len(typed) > RegisterWord.STEM:
        sql += " AND substr(word, 1, %s) = %s"
        params += [len(typed), typed]
    return sql, params


def _search_sql(club_id: int, query: str, limit: int) -> tuple[str, list[Any]]:
    """The type-ahead's query: the first `limit` players whose words start with each word
    typed, or whose licence starts with what is typed, anonymised never, in the register's
    order, each with its count of concours. Driven by the longest word typed (the fewest
    rows) down the words' index, which holds each stem's players in the register's order:
    it stops at the `limit`th, where walking the register itself reads all 5,000 names for
    a name typed whole. Written by hand: composed by the ORM, the same query took ten times
    as long to build as to run."""
    words = RegisterWord._meta.db_table
    first, *others = sorted(dict.fromkeys(_query_words(query)), key=len, reverse=True)
    condition, params = _starting_sql(first, licence=False, anonymised=(False,))
    params = [club_id, *params]
    for word in others:
        other, other_params = _starting_sql(word, licence=False, anonymised=(False, True))
        condition += f" AND player_id IN (SELECT player_id FROM {words} WHERE {other})"
        params += [club_id, *other_params]
    found = f"SELECT key, player_id FROM {words} WHERE {condition}"
    key = licence_key(query[:QUERY_MAX])
    if key:
        by_licence, licence_params = _starting_sql(key, licence=True, anonymised=(False,))
        found += f" UNION SELECT key, player_id FROM {words} WHERE {by_licence}"
        params += [club_id, *licence_params]
    else:
        found = found.replace("SELECT", "SELECT DISTINCT", 1)
    players, entrants = ClubPlayer._meta.db_table, Player._meta.db_table
    sql = (f"SELECT player.*, (SELECT COUNT(DISTINCT entrant.tournament_id) FROM {entrants} "
           f"entrant WHERE entrant.registered_id = player.id) AS concours "
           f"FROM ({found} ORDER BY 1, 2 LIMIT %s) found "
           f"JOIN {players} player ON player.id = found.player_id "
           f"ORDER BY found.key, found.player_id")
    return sql, [*params, limit]


def register_search(club: Club | int, query: str, *,
                    limit: int = SUGGESTIONS) -> list[ClubPlayer]:
    """The type-ahead's suggestions: at most `limit` players of the club's register matching
    `query` (by name or licence, accents and case ignored), anonymised players never, in
    the register's order, each with its count of concours (two namesakes alike otherwise
    are told apart). One query (none for nothing typed), served by the register's words."""
    club_id = club if isinstance(club, int) else club.pk
    if not _query_words(query):
        return []
    sql, params = _search_sql(club_id, query, limit)
    return list(ClubPlayer.objects.raw(sql, params))


def register_namesakes(player: ClubPlayer) -> list[ClubPlayer]:
    """The other players of the register with `player`'s name (accents and case ignored)
    and home club, not anonymised: the same person entered twice, perhaps. One query."""
    home = same_name(player.home_club)
    # In either order: a player registered at a concours is « Henri Lebrun » in one field,
    # one added here « Lebrun » and « Henri ».
    return [other for other in ClubPlayer.objects.filter(
        club_id=player.club_id, key__in=name_rotations(player.full_name), anonymised=False)
        .exclude(pk=player.pk).order_by("pk") if same_name(other.home_club) == home]


def register_entered(tournament: Tournament, ids: list[int]) -> set[int]:
    """Which of these register players are entrants of the concours already. One query."""
    if not ids:
        return set()
    return set(Player.objects.filter(tournament=tournament, registered__in=ids)
               .values_list("registered", flat=True))


def club_player_concours_count(player: ClubPlayer) -> int:
    """How many concours the player entered. One query."""
    return Player.objects.filter(registered=player).values("tournament").distinct().count()


@dataclass(frozen=True)
class RegisterPage:
    players: list[ClubPlayer]  # each with `concours`: its count of concours
    total: int  # players in the register
    anonymised: int
    matching: int  # players the filter finds (all, without one)

    @property
    def cut(self) -> bool:
        return self.matching > len(self.players)

    @property
    def mergeable(self) -> bool:
        """Whether two players could be merged: two that are not anonymised."""
        return self.total - self.anonymised >= 2


def register_page(club: Club, query: str = "", *, limit: int = LISTED) -> RegisterPage:
    """The register's page: its counts, and its players (those `query` finds, if given), the
    first `limit` in order, each with its count of concours. Three queries, four with a
    filter."""
    players = ClubPlayer.objects.filter(club=club)
    counts = players.aggregate(total=Count("pk"), anonymised=Count("pk", filter=Q(
        anonymised=True)))
    matches = _matching(club.pk, query)
    if matches is not None:
        found = players.filter(matches)
        matching = found.count()
    else:
        found, matching = players, counts["total"]
    counted = found.annotate(concours=Count("entries__tournament", distinct=True))
    listed: list[ClubPlayer] = list(counted.order_by("key", "pk")[:limit])
    return RegisterPage(listed, counts["total"], counts["anonymised"], matching)


@dataclass(frozen=True)
class ConcoursLine:
    """A concours a register player entered: as whom, with whom, and how it ended."""

    tournament: Tournament
    entrant: Player
    team: Team | None  # a doublette's team (None in a mêlée)
    partners: list[str]
    place: int | None  # the concours' own standings; None before any result
    entrants: int
    points: int
    wins: int
    played: int


def club_player_concours(player: ClubPlayer) -> list[ConcoursLine]:
    """Every concours of the club the player entered, the latest first, with the place,
    points and wins its own standings give. A few queries a concours (its standings)."""
    entrants = (Player.objects.filter(registered=player, tournament__club=player.club_id)
                .select_related("tournament").order_by("-tournament__date", "-tournament_id"))
    lines = []
    for entrant in entrants:
        tournament = entrant.tournament
        teams = list(Team.objects.filter(Q(first=entrant) | Q(second=entrant))
                     .select_related("first", "second").order_by("round__number"))
        partners: list[str] = []
        for team in teams:
            other = team.second if team.first_id == entrant.pk else team.first
            if other is not None and other.name not in partners:
                partners.append(other.name)
        registered = next((team for team in teams if team.round_id is None), None)
        melee = tournament.by_player
        ranked_id = entrant.pk if melee else (registered.pk if registered else None)
        rows = standings(tournament)
        row = next((row for row in rows if row.entrant == ranked_id), None)
        lines.append(ConcoursLine(
            tournament=tournament, entrant=entrant, team=None if melee else registered,
            partners=partners,
            place=row.rank if row is not None and row.played else None,
            # Those that played: a team registered but never drawn (absent) is no place, as
            # in the season's « entrants − place + 1 » and the lots' « sur N places ».
            entrants=sum(1 for each in rows if each.played),
            points=row.points if row is not None else 0,
            wins=row.wins if row is not None else 0,
            played=row.played if row is not None else 0))
    return lines


def register_merges(club: Club, *, limit: int = 20) -> list[RegisterEntry]:
    """The club's last merges not undone, the latest first (each offers « Annuler la
    fusion »). One query."""
    return list(RegisterEntry.objects.filter(club=club, action="merge", undone__isnull=True)
                .select_related("player")[:limit])


__all__ = [
    "ConcoursLine",
    "RegisterPage",
    "club_player_concours",
    "club_player_concours_count",
    "register_entered",
    "register_merges",
    "register_namesakes",
    "register_page",
    "register_search",
]
