"""« Où est ma table ? »: a player types their number, their name or a few letters of it
(accents and case ignored) and reads where they play in the current partie, their place so
far and their results.

Public, like the standings: it shows nothing the standings and the projector do not already
show (numbers, names, a team's players, tables, scores), never a licence, a club's register
or a table's link. Four queries whatever the size of the concours (the standings' three, the
last partie), one more when one entrant is found (their games): every phone of the hall asks
again each few seconds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from ..models import Game, Tournament
from ..validators import search_key
from .documents import last_round
from .standings import StandingsLine, name_key, standings_lines

__all__ = [
    "FINDER_MATCHES",
    "FINDER_QUERY_LENGTH",
    "Finder",
    "Found",
    "PastGame",
    "Whereabouts",
    "table_finder",
]

FINDER_QUERY_LENGTH = 40  # characters of a search kept (a name is shorter)
FINDER_MATCHES = 8  # the candidates listed when several match (more: type a few letters more)


@dataclass(frozen=True)
class Found:
    """A team (doublettes) or a player (mêlée) as the standings name it."""

    number: int
    name: str
    players: str  # a team's players ("Anne et Basile"); "" for a mêlée's player
    active: bool

    @property
    def label(self) -> str:
        return f"{self.number}. {self.name}"


@dataclass(frozen=True)
class PastGame:
    """One of the entrant's finished games, from their side: `outcome` is "won", "lost",
    "exempt" or "forfeit" (their side declared it)."""

    partie: int
    table: int | None  # None: exempt
    opponents: str
    own: int
    other: int
    outcome: str
    awaiting: bool  # its score awaits the other side's confirmation


@dataclass(frozen=True)
class Whereabouts:
    """Where one entrant plays in the current partie, their place and results."""

    entrant: Found
    partie: int | None  # the current partie's number; None before the first draw
    table: int | None = None  # None: exempt, or not drawn in this partie
    side: str = ""  # "NS" or "EW"; "": not drawn in this partie
    partners: str = ""  # a team's players; in a mêlée the player's partner of this partie
    opponents: str = ""  # the other side, as the projector names it
    finished: bool = False  # the current game is over
    rank: int | None = None  # their place in the standings; None before a game counted
    ranked: int = 0  # how many lines the standings have
    results: list[PastGame] = field(default_factory=list)

    @property
    def exempt(self) -> bool:
        return self.table is None and bool(self.side)


@dataclass(frozen=True)
class Finder:
    """What the page shows for a search: one entrant found (`match`), or the candidates
    (`found`, at most FINDER_MATCHES; `more` when others matched too)."""

    query: str
    partie: int | None
    found: list[Found] = field(default_factory=list)
    more: bool = False
    match: Whereabouts | None = None


def _found(line: StandingsLine) -> Found:
    entrant = line.entrant
    return Found(entrant.number, entrant.name, entrant.players, entrant.active)


def _matches(lines: list[StandingsLine], query: str) -> list[StandingsLine]:
    """The lines whose number is `query` (digits), or whose name (a team's players' names
    too) holds every word of `query`, accents and case ignored; the one whose whole name it
    is, if there is one."""
    if query.isdigit():
        return [line for line in lines if line.entrant.number == int(query)]
    key = search_key(query)
    words = key.split()
    if not words:
        return []
    found, exact = [], []
    for line in lines:
        entrant = line.entrant
        names = (entrant.name, entrant.player1, entrant.player2)
        text = search_key(" ".join(names))
        if all(word in text for word in words):
            found.append(line)
            if key in {search_key(name) for name in names}:
                exact.append(line)
    # A whole name typed is that one (« Joueur 5A », not « Joueur 15A » too).
    return exact if len(exact) == 1 else found


# What a game's row reads of its two sides: ids to tell the entrant's side, numbers and names
# to name them (a mêlée names the players of the partie team).
_PEOPLE = ("first", "second")
_SIDE = ("id", "number", "name", *(f"{player}__{part}" for player in _PEOPLE
                                   for part in ("id", "number", "name")))
_GAME_FIELDS = ("round__number", "table", "score_ns", "score_ew", "finished", "winner",
                "forfeit", "awaiting",
                *(f"{side}__{part}" for side in ("team_ns", "team_ew") for part in _SIDE))


def _people(row: dict[str, Any], side: str) -> list[tuple[int, int, str]]:
    """(id, number, name) of the players of `side` ("team_ns", "team_ew") in `row`."""
    return [(row[f"{side}__{player}__id"], row[f"{side}__{player}__number"],
             row[f"{side}__{player}__name"]) for player in _PEOPLE
            if row[f"{side}__{player}__id"] is not None]


def _side_label(row: dict[str, Any], side: str, melee: bool) -> str:
    """A side as the projector names it: "12. Les As (Anne et Basile)"; a mêlée's partie team
    by its players' numbers and names ("3. Anne et 7. Basile")."""
    people = _people(row, side)
    labels = [f"{number}. {name}" for _pk, number, name in people]
    if melee:
        return " et ".join(labels)
    players = " et ".join(name for _pk, _number, name in people)
    return f"{row[f'{side}__number']}. {row[f'{side}__name']} ({players})"


def _entrant_games(tournament: Tournament, entrant: int, melee: bool) -> list[dict[str, Any]]:
    """The games of `entrant` (a registered team; a mêlée's player, through the partie
    teams that held them), by partie: one query."""
    if melee:
        mine = Q()
        for side in ("team_ns", "team_ew"):
            for player in _PEOPLE:
                mine |= Q(**{f"{side}__{player}_id": entrant})
    else:
        mine = Q(team_ns_id=entrant) | Q(team_ew_id=entrant)
    return list(Game.objects.filter(mine, round__tournament=tournament)
                .order_by("round__number").values(*_GAME_FIELDS))


def _own_side(row: dict[str, Any], entrant: int, melee: bool) -> str:
    if melee:
        return "NS" if any(pk == entrant for pk, _n, _name in _people(row, "team_ns")) else "EW"
    return "NS" if row["team_ns__id"] == entrant else "EW"


def _past(row: dict[str, Any], side: str, melee: bool) -> PastGame | None:
    """A finished game from `side`'s view; None while it is played."""
    if not row["finished"]:
        return None
    other = "EW" if side == "NS" else "NS"
    scores = {"NS": row["score_ns"], "EW": row["score_ew"]}
    if row["team_ew__id"] is None:
        return PastGame(row["round__number"], None, "", scores[side], 0, "exempt", False)
    outcome = ("forfeit" if row["forfeit"] == side
               else "won" if row["winner"] == side else "lost")
    opponents = _side_label(row, "team_ew" if side == "NS" else "team_ns", melee)
    return PastGame(row["round__number"], row["table"], opponents, scores[side],
                    scores[other], outcome, bool(row["awaiting"]))


def _whereabouts(tournament: Tournament, line: StandingsLine, lines: int,
                 partie: int | None, melee: bool) -> Whereabouts:
    entrant = line.entrant
    games = _entrant_games(tournament, entrant.id, melee)
    results = [past for row in games
               if (past := _past(row, _own_side(row, entrant.id, melee), melee)) is not None]
    rank = line.row.rank if line.row.played else None
    current = [row for row in games if row["round__number"] == partie]
    if not current:  # not drawn in this partie (registered after the draw), or no draw yet
        return Whereabouts(_found(line), partie, rank=rank, ranked=lines, results=results)
    row = current[0]
    side = _own_side(row, entrant.id, melee)
    if melee:
        partners = " et ".join(f"{number}. {name}" for pk, number, name
                               in _people(row, "team_ns" if side == "NS" else "team_ew")
                               if pk != entrant.id)
    else:
        partners = entrant.players
    bye = row["team_ew__id"] is None
    opponents = "" if bye else _side_label(row, "team_ew" if side == "NS" else "team_ns", melee)
    return Whereabouts(_found(line), partie, None if bye else row["table"], side, partners,
                       opponents, row["finished"], rank, lines, results)


def table_finder(tournament: Tournament, query: str) -> Finder:
    """The search `query` (cut to FINDER_QUERY_LENGTH) among the concours' entrants: five
    queries at most (two when nothing is searched)."""
    query = " ".join(query.split())[:FINDER_QUERY_LENGTH]
    current = last_round(tournament)
    partie = current.number if current is not None else None
    if not query:
        return Finder(query, partie)
    melee = tournament.by_player
    lines = standings_lines(tournament, seated_only=False)
    matches = _matches(lines, query)
    if len(matches) == 1:
        return Finder(query, partie, match=_whereabouts(tournament, matches[0], len(lines),
                                                        partie, melee))
    matches.sort(key=lambda line: name_key(line.entrant.name))
    return Finder(query, partie, [_found(line) for line in matches[:FINDER_MATCHES]],
                  more=len(matches) > FINDER_MATCHES)
