"""Every read that feeds the pages and the exports, each in a constant number of queries, by
area: the standings, the rules as each partie played them, a game's donnes. Reachable as
`selectors.<name>`."""

from .games import DonneLine, donne_lines
from .prizes import (
    MAX_PRIZES,
    Award,
    Awards,
    Lot,
    award_indexes,
    awards,
    lot_words,
    lots_from_value,
    lots_summary,
    lots_value,
    prize_lots,
    standings_awards,
)
from .rules import has_donnes, limits_text, parties_limits, rules_change_default_partie
from .standings import (
    PartieState,
    StandingsLine,
    StandingsScope,
    criteria_labels,
    name_key,
    partie_states,
    results,
    standings,
    standings_lines,
    standings_scope,
)

__all__ = [
    "MAX_PRIZES",
    "Award",
    "Awards",
    "DonneLine",
    "Lot",
    "PartieState",
    "StandingsLine",
    "StandingsScope",
    "award_indexes",
    "awards",
    "criteria_labels",
    "donne_lines",
    "has_donnes",
    "limits_text",
    "lot_words",
    "lots_from_value",
    "lots_summary",
    "lots_value",
    "name_key",
    "partie_states",
    "parties_limits",
    "prize_lots",
    "results",
    "rules_change_default_partie",
    "standings",
    "standings_awards",
    "standings_lines",
    "standings_scope",
]
