"""Order the rows by the concours' criteria (pure: no ORM). Rows still equal on every
criterion share a rank, and the next rank skips (1, 1, 3), as clubs print it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from .metrics import METRICS, Row


def rank(rows: Mapping[int, Row], criteria: Sequence[str]) -> list[Row]:
    """The rows best first, each given its `rank`. Each criterion in turn splits the groups
    still tied (so a later criterion never undoes an earlier one's order); within a group
    tied on every criterion, entrants keep the order of their ids (a stable page)."""
    groups: list[list[Row]] = [sorted(rows.values(), key=lambda row: row.entrant)]
    for key in criteria:
        metric = METRICS[key]  # the services accept only registered keys
        next_groups: list[list[Row]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            members = frozenset(row.entrant for row in group)
            buckets: dict[int, list[Row]] = defaultdict(list)
            for row in group:
                buckets[metric.compute(row, members)].append(row)
            next_groups.extend(buckets[value]
                               for value in sorted(buckets, reverse=not metric.ascending))
        groups = next_groups
    ordered: list[Row] = []
    for group in groups:
        shared_rank = len(ordered) + 1
        for row in group:
            row.rank = shared_rank
        ordered.extend(group)
    return ordered
