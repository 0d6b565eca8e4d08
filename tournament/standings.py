"""Standings on plain results (no ORM): metrics per team, ranked by the tournament's criteria.

Criteria are data, as in Tabbycat: a registry of named metrics, and the tournament's ordered
list of their keys. Teams still equal on every criterion share a rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Result:
    """A finished game seen from the standings: a bye has no `team_b`."""

    team_a: int
    team_b: int | None
    points_a: int
    points_b: int
    winner: int | None  # a team id


@dataclass
class Row:
    team: int
    played: int = 0
    wins: int = 0
    points: int = 0
    conceded: int = 0
    rank: int = 0
    beaten: set[int] = field(default_factory=set)

    @property
    def diff(self) -> int:
        return self.points - self.conceded


# key -> French label. Larger is better, but for "conceded"; "direct" counts, within a
# group of tied teams, the wins over the other teams of the group.
CRITERIA: dict[str, str] = {
    "wins": _("victoires"),
    "points": _("points marqués"),
    "diff": _("différence de points"),
    "conceded": _("points concédés (le moins possible)"),
    "direct": _("confrontation directe"),
}


def _value(row: Row, criterion: str) -> int:
    if criterion == "conceded":
        return -row.conceded
    return getattr(row, criterion)


def compute(team_ids: Iterable[int], results: Iterable[Result]) -> dict[int, Row]:
    rows = {team: Row(team) for team in team_ids}
    for result in results:
        sides = [(result.team_a, result.points_a, result.team_b, result.points_b)]
        if result.team_b is not None:
            sides.append((result.team_b, result.points_b, result.team_a, result.points_a))
        for team, scored, opponent, conceded in sides:
            row = rows.get(team)
            if row is None:
                continue
            row.played += 1
            row.points += scored
            row.conceded += conceded
            if result.winner == team:
                row.wins += 1
                if opponent is not None:
                    row.beaten.add(opponent)
    return rows


def rank(rows: dict[int, Row], criteria: Sequence[str]) -> list[Row]:
    """Order the rows by the criteria in turn; equal rows share a rank."""
    groups: list[list[Row]] = [sorted(rows.values(), key=lambda row: row.team)]
    for criterion in criteria:
        next_groups: list[list[Row]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            if criterion == "direct":
                members = {row.team for row in group}
                key = {row.team: len(row.beaten & members) for row in group}
            else:
                key = {row.team: _value(row, criterion) for row in group}
            buckets: dict[int, list[Row]] = defaultdict(list)
            for row in group:
                buckets[key[row.team]].append(row)
            next_groups.extend(buckets[value] for value in sorted(buckets, reverse=True))
        groups = next_groups
    ordered: list[Row] = []
    for group in groups:
        shared_rank = len(ordered) + 1
        for row in group:
            row.rank = shared_rank
        ordered.extend(group)
    return ordered
