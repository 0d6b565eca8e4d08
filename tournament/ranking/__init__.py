"""The ranking: pure metrics in a registry, the order they give, and the exempt rule.

No ORM here: `selectors.standings` loads the results and calls `tally` then `rank`;
`services` call `exempt_score` to rewrite a bye's score. See `metrics` for what is counted
and the criteria, `rank` for the order, `exempt` for an exempt entrant's score.
"""

from .exempt import EXEMPT_RULES, ExemptRule, TableScore, exempt_score
from .metrics import (
    CRITERIA,
    METRICS,
    Entrants,
    Metric,
    PointsScale,
    Result,
    ResultKind,
    Row,
    register,
    result_kind,
    tally,
)
from .rank import rank

__all__ = [
    "CRITERIA",
    "EXEMPT_RULES",
    "METRICS",
    "Entrants",
    "ExemptRule",
    "Metric",
    "PointsScale",
    "Result",
    "ResultKind",
    "Row",
    "TableScore",
    "exempt_score",
    "rank",
    "register",
    "result_kind",
    "tally",
]
