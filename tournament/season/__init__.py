"""Season arithmetic (pure: no ORM, no Django): a club's challenge over its concours.

`selectors.season` loads each included concours' final standings and calls `season_rank`
with one `Entry` per player and concours; `parse_points_table` reads the table the
organiser types. See `standings` for the rules.
"""

from .standings import (
    BEYOND,
    KINDS,
    TIE_BREAKS,
    Entry,
    Line,
    Rule,
    concours_points,
    parse_points_table,
    season_rank,
)

__all__ = [
    "BEYOND",
    "KINDS",
    "TIE_BREAKS",
    "Entry",
    "Line",
    "Rule",
    "concours_points",
    "parse_points_table",
    "season_rank",
]
