"""Reads of the club's register of players: the type-ahead's suggestions, the register's
list and counts, a player's concours, the merges that can be undone."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from ..models import Club, ClubPlayer, Player, RegisterEntry, Team, Tournament
from ..models.players import licence_key
from ..validators import name_rotations, same_name, search_key
from .standings import standings

# The type-ahead suggests this many players at most; a query is read up to this length.
SUGGESTIONS = 10
QUERY_MAX = 100
# The register's page lists this many players at most (the filter finds the others).
LISTED = 200
# What starts a word of a name: a space, a hyphen ("Jean-Pierre"), an apostrophe ("D'Arc").
WORD_STARTS = (" ", "-", "'", "’")


def _query_words(query: str) -> list[str]:
    """The words typed, folded as the register's keys are, a hyphen or an apostrophe
    between two words as a space."""
    folded = search_key(query[:QUERY_MAX])
    for before in WORD_STARTS[1:]:
        folded = folded.replace(before, " ")
    return folded.split()[:6]


def _starts_words(key: str, words: list[str]) -> bool:
    """Whether each of `words` starts a word of `key` (a search key)."""
    padded = f" {key}"
    for before in WORD_STARTS[1:]:
        padded = padded.replace(before, " ")
    return all(f" {word}" in padded for word in words)


def _matching(players: QuerySet[ClubPlayer], query: str) -> QuerySet[ClubPlayer]:
    """`players` that may match `query`: those whose name holds each word typed (accents and
    case ignored), or whose licence starts with what is typed (spaces ignored). A word typed
    must start a word of the name ("pierre" finds "Jean-Pierre", "ierre" does not): the
    callers check it (`_starts_words`), as SQL would test each word five ways."""
    words = _query_words(query)
    if not words:
        return players.none()
    by_name = Q()
    for word in words:
        by_name &= Q(key__contains=word)
    key = licence_key(query[:QUERY_MAX])
    by_licence = Q(licence_key__startswith=key) if key else Q(pk__in=[])
    return players.filter(by_name | by_licence)


def _found_ids(players: QuerySet[ClubPlayer], query: str,
               limit: int | None = None) -> list[int]:
    """The ids of `players` matching `query` (`_matching`, each word checked), in the
    register's order, the first `limit` (None: all). The candidates are read as plain
    values, a chunk at a time, until `limit` are found."""
    words, key = _query_words(query), licence_key(query[:QUERY_MAX])
    found: list[int] = []
    candidates = (_matching(players, query).order_by("key", "pk")
                  .values_list("pk", "key", "licence_key"))
    for pk, name_key, number_key in candidates.iterator(chunk_size=100):
        if (key and number_key.startswith(key)) or _starts_words(name_key, words):
            found.append(pk)
            if len(found) == limit:
                break
    return found


def register_search(club: Club | int, query: str, *,
                    limit: int = SUGGESTIONS) -> list[ClubPlayer]:
    """The type-ahead's suggestions: at most `limit` players of the club's register matching
    `query` (by name or licence, accents and case ignored), anonymised players never, in
    the register's order. Two queries (none for nothing typed)."""
    club_id = club if isinstance(club, int) else club.pk
    players = ClubPlayer.objects.filter(club_id=club_id, anonymised=False)
    if not _query_words(query):
        return []
    ids = _found_ids(players, query, limit)
    if not ids:
        return []
    # Each with its count of concours: two namesakes alike otherwise are told apart.
    return list(ClubPlayer.objects.filter(pk__in=ids).annotate(
        concours=Count("entries__tournament", distinct=True)).order_by("key", "pk"))


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


def register_page(club: Club, query: str = "", *, limit: int = LISTED) -> RegisterPage:
    """The register's page: its counts, and its players (those `query` finds, if given), the
    first `limit` in order, each with its count of concours. Three queries."""
    players = ClubPlayer.objects.filter(club=club)
    counts = players.aggregate(total=Count("pk"), anonymised=Count("pk", filter=Q(
        anonymised=True)))
    if query.strip():
        # The candidates' keys, checked word by word (a few thousand short rows at most).
        ids = _found_ids(players, query)
        found, matching = players.filter(pk__in=ids[:limit]), len(ids)
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
