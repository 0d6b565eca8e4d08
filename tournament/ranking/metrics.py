"""What the standings count, and the registry of ranking criteria (pure: no ORM).

A finished game is a `Result` between two sides, each a tuple of entrants: `(team,)` in a
doublette concours, `(player, player)` in a mêlée (an exempt player of a mêlée sits alone,
`(player,)`). `tally` adds the results up into one `Row` per entrant, so a mêlée player's
row is the sum of the results of every team the draw put it in.

The criteria are data, as in Tabbycat's standings metrics: each `Metric` has a key (stored in
`Tournament.criteria`: never rename one), a French label, whether smaller is better, and how
it is computed from a row. "direct" is computed within a group of tied entrants (the wins
over the others of the group); every other metric reads the row alone.

Ranking points ("points de classement") are given per result by the concours' scale
(`PointsScale`): a win `win` (a win by the opponent's forfeit too), a loss `loss`, an exempt
entrant `exempt` (instead of a win's: the issue's challenge gives a win 4, an exemption 3),
the side that declared forfeit `forfeit` (instead of a loss's). A result without a winner
is neither won nor lost and gives no ranking points (scoring plays on while the totals are
equal, so a finished game always has one; a hand-built result may not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

Entrants = tuple[int, ...]  # one side of a table: (team,) or (player, player), or (player,)
SideValue = Literal["NS", "EW", ""]  # as Game.winner and Game.forfeit store them
ResultKind = Literal["win", "loss", "exempt", "forfeit", "tie"]  # a result, for one side


@dataclass(frozen=True)
class Result:
    """A finished game as the standings see it: `ew` None is a bye (the `ns` side exempt).
    `winner` is the side that won ("" on equal totals), `forfeit` the side that declared
    forfeit ("" none)."""

    ns: Entrants
    ew: Entrants | None
    score_ns: int
    score_ew: int
    winner: SideValue
    forfeit: SideValue = ""

    @property
    def is_bye(self) -> bool:
        return self.ew is None


@dataclass(frozen=True)
class PointsScale:
    """Ranking points per result; None gives none (0)."""

    win: int | None = None
    loss: int | None = None
    exempt: int | None = None
    forfeit: int | None = None

    def points(self, kind: ResultKind) -> int:
        value: int | None = None if kind == "tie" else getattr(self, kind)
        return value or 0


@dataclass
class Row:
    """One entrant's standing: a team id, or a player id in a mêlée."""

    entrant: int
    played: int = 0
    wins: int = 0  # an exemption counts as a win, as the bye's game is won
    losses: int = 0  # games lost, not by the entrant's own forfeit
    exempt: int = 0
    forfeits: int = 0  # games the entrant's side declared forfeit
    points: int = 0
    conceded: int = 0
    ranking_points: int = 0
    rank: int = 0
    beaten: set[int] = field(default_factory=set)  # entrants of the sides it beat

    @property
    def team(self) -> int:
        """The entrant under its old name: a team id (doublettes); a player id in mêlée."""
        return self.entrant

    @property
    def diff(self) -> int:
        return self.points - self.conceded


def result_kind(result: Result, side: Literal["NS", "EW"]) -> ResultKind:
    """What `result` is for the entrants of `side`."""
    if result.is_bye:
        return "exempt"
    if result.forfeit == side:
        return "forfeit"
    if result.winner == side:
        return "win"
    if result.winner:
        return "loss"
    return "tie"


def tally(entrants: Iterable[int], results: Iterable[Result],
          scale: PointsScale | None = None) -> dict[int, Row]:
    """One row per entrant of `entrants`, adding up `results` (entrants of a result that are
    not listed are ignored: a deleted team's old game, say)."""
    scale = scale or PointsScale()
    rows = {entrant: Row(entrant) for entrant in entrants}
    for result in results:
        sides: list[tuple[Literal["NS", "EW"], Entrants, Entrants, int, int]] = [
            ("NS", result.ns, result.ew or (), result.score_ns, result.score_ew)]
        if result.ew is not None:
            sides.append(("EW", result.ew, result.ns, result.score_ew, result.score_ns))
        for side, members, opponents, scored, conceded in sides:
            kind = result_kind(result, side)
            for entrant in members:
                row = rows.get(entrant)
                if row is None:
                    continue
                row.played += 1
                row.points += scored
                row.conceded += conceded
                row.ranking_points += scale.points(kind)
                if kind == "exempt":
                    row.exempt += 1
                    row.wins += 1
                elif kind == "win":
                    row.wins += 1
                    row.beaten.update(opponents)
                elif kind == "loss":
                    row.losses += 1
                elif kind == "forfeit":
                    row.forfeits += 1
    return rows


# --- The registry of criteria -----------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    key: str  # stored in Tournament.criteria: never rename
    label: str | Promise  # French, lazy: the rules page's drop-downs, the standings' header
    ascending: bool  # True: the smaller the better
    # The row's value; `group` holds the entrants still tied with it (only "direct" reads it).
    compute: Callable[[Row, frozenset[int]], int]


METRICS: dict[str, Metric] = {}
# key -> French label: what the forms, the journal and the standings' header read.
CRITERIA: dict[str, str | Promise] = {}


def register(metric: Metric) -> Metric:
    """Add a criterion (one module can add one: it is then offered by the rules page)."""
    if metric.key in METRICS:
        raise ValueError(f"ranking metric {metric.key!r} registered twice")
    METRICS[metric.key] = metric
    CRITERIA[metric.key] = metric.label
    return metric


# In the order the rules page lists them.
register(Metric("wins", _("victoires"), False, lambda row, group: row.wins))
register(Metric("points", _("points marqués"), False, lambda row, group: row.points))
register(Metric("diff", _("différence de points"), False, lambda row, group: row.diff))
register(Metric("conceded", _("points concédés (le moins possible)"), True,
                lambda row, group: row.conceded))
register(Metric("direct", _("confrontation directe"), False,
                lambda row, group: len(row.beaten & group)))
register(Metric("ranking_points", _("points de classement"), False,
                lambda row, group: row.ranking_points))
