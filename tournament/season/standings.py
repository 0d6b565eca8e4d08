"""A season's standings from its concours' results (pure: no ORM, no Django).

Each included concours gives each of its players an `Entry`: the place the concours'
final standings give the player's team (a doublette: both players score the team's
result) or the player (a mêlée), how many were ranked, and the player's wins, scores and
ranking points there. The season's `Rule` turns an entry into points:

- "table": the organiser's table of points per place (« 100,90,80 »); a place beyond the
  table scores its last value (`beyond` "last") or nothing ("zero");
- "formula": entrants − place + 1 (the last scores 1);
- "sum": the concours' own results, partie by partie — its ranking points plus its scores
  (the barème « victoire 4 points et le score de la partie, défaite 2 points et le score,
  exempt 3 points et 1000 »: the concours' own points_win/loss/exempt and bye score).

Tied entrants of a concours share a place (1, 1, 3): each scores that place's points. A
player's season points are the best `best` concours (all when None; equal results: the
earlier concours counts) plus `participation` per concours played. Players who played fewer
than `min_ranked` concours are listed after the ranked ones, without a rank; `min_lot`
concours give a lot. Ties on points are broken by the criteria of `tie_breaks`, in order
(wins, total score, concours played, best single result: all over every concours played),
then shared, the next rank skipping (1, 1, 3) as clubs print it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["table", "formula", "sum"]
Beyond = Literal["last", "zero"]
KINDS: tuple[Kind, ...] = ("table", "formula", "sum")
BEYOND: tuple[Beyond, ...] = ("last", "zero")
# Tie-break criteria, all "the more the better"; keys stored in Season.tie_breaks.
TIE_BREAKS: tuple[str, ...] = ("wins", "score", "played", "best")

MAX_TABLE = 500  # places a table may give
MAX_POINTS = 100_000  # points a place may give


@dataclass(frozen=True)
class Rule:
    kind: Kind = "table"
    table: tuple[int, ...] = ()
    beyond: Beyond = "zero"
    participation: int = 0
    best: int | None = None
    min_ranked: int = 0
    min_lot: int = 0
    tie_breaks: tuple[str, ...] = TIE_BREAKS


@dataclass(slots=True)
class Entry:
    """One player's result in one concours (`concours`: its index in the season, in order)."""

    player: int
    concours: int
    place: int
    entrants: int
    wins: int = 0
    score: int = 0
    ranking_points: int = 0


@dataclass
class Line:
    """A player's season: points per concours played, those counted, the totals."""

    player: int
    points: int = 0
    results: dict[int, int] = field(default_factory=dict)  # concours -> its points
    counted: tuple[int, ...] = ()  # concours counted, in season order
    played: int = 0
    wins: int = 0
    score: int = 0
    best: int = 0  # best single result (points of one concours)
    rank: int | None = None  # None: too few concours to be ranked
    lot: bool = False

    def criterion(self, key: str) -> int:
        return int(getattr(self, key))


class TableError(ValueError):
    """A points table that cannot be read: the message says why, in French."""


def parse_points_table(text: str) -> tuple[int, ...]:
    """« 100,90,80 » (commas, semicolons or spaces between) as points per place, from the
    first: whole numbers, each at most the one before."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not parts:
        raise TableError("Tapez les points de chaque place, du premier au dernier, séparés "
                         "par des virgules (par exemple « 100,90,80 »).")
    if len(parts) > MAX_TABLE:
        raise TableError(f"Au plus {MAX_TABLE} places dans le barème ({len(parts)} tapées).")
    values: list[int] = []
    for place, part in enumerate(parts, start=1):
        if not (part.isascii() and part.isdigit()) or len(part) > len(str(MAX_POINTS)):
            raise TableError(f"Place {place} : « {part[:20]} » n'est pas un nombre entier de "
                             f"points (de 0 à {MAX_POINTS}).")
        value = int(part)
        if value > MAX_POINTS:
            raise TableError(f"Place {place} : au plus {MAX_POINTS} points ({value}).")
        if values and value > values[-1]:
            raise TableError(f"Place {place} : {value} points, plus que la place précédente "
                             f"({values[-1]}) ; une place vaut au plus celle d'avant.")
        values.append(value)
    return tuple(values)


def concours_points(rule: Rule, entry: Entry) -> int:
    """What `entry` scores in the season (before the participation bonus)."""
    if rule.kind == "sum":
        return entry.ranking_points + entry.score
    if rule.kind == "formula":
        return max(0, entry.entrants - entry.place + 1)
    if entry.place <= len(rule.table):
        return rule.table[entry.place - 1]
    return rule.table[-1] if rule.table and rule.beyond == "last" else 0


def season_rank(entries: Iterable[Entry], rule: Rule) -> list[Line]:
    """The season's lines: the ranked players best first, each given its rank, then the
    players with too few concours (rank None), by points then id. A player entered twice in
    one concours (a bug upstream) counts that concours once, its better result."""
    by_player: dict[int, dict[int, Entry]] = defaultdict(dict)
    for entry in entries:
        kept = by_player[entry.player].get(entry.concours)
        if kept is None or concours_points(rule, entry) > concours_points(rule, kept):
            by_player[entry.player][entry.concours] = entry
    lines = [_line(player, results, rule) for player, results in by_player.items()]
    ranked = [line for line in lines if line.played >= rule.min_ranked]
    others = sorted((line for line in lines if line.played < rule.min_ranked),
                    key=lambda line: (-line.points, line.player))

    def key(line: Line) -> tuple[int, ...]:
        return (line.points, *(line.criterion(name) for name in rule.tie_breaks))

    ranked.sort(key=lambda line: line.player)
    ranked.sort(key=key, reverse=True)
    for index, line in enumerate(ranked):
        same = index and key(ranked[index - 1]) == key(line)
        line.rank = ranked[index - 1].rank if same else index + 1
    return ranked + others


def _line(player: int, results: dict[int, Entry], rule: Rule) -> Line:
    points = {concours: concours_points(rule, entry) for concours, entry in results.items()}
    order = sorted(points, key=lambda concours: (-points[concours], concours))
    counted = order if rule.best is None else order[:rule.best]
    played = len(results)
    return Line(
        player=player,
        points=sum(points[concours] for concours in counted) + rule.participation * played,
        results=dict(sorted(points.items())),
        counted=tuple(sorted(counted)),
        played=played,
        wins=sum(entry.wins for entry in results.values()),
        score=sum(entry.score for entry in results.values()),
        best=max(points.values(), default=0),
        lot=played >= rule.min_lot,
    )
