"""The rows of the tabular documents, built once from what the selectors read, and read by
each renderer: the PDF lays them out (pdf.py), the workbook writes them (workbook.py). Pure:
plain values in, plain values out, no query and no layout.

The standings: a line per team (a mêlée: per player) with its figures, the same columns
in the same order in the PDF and the workbook (each renderer says them its own way: the
PDF `+12` and `480 *`, the workbook the numbers and a column of marks).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

from .documents import Standings, StandingsEntry


@dataclass(frozen=True)
class StandingsRow:
    """A line of the standings: its entry (the entrant, its lot and cash prize, its awaiting
    mark) and its figures, in the order of `StandingsTable.figures`."""

    entry: StandingsEntry
    figures: tuple[int, ...]


@dataclass(frozen=True)
class StandingsTable:
    """The standings' figures' titles (the ranking points first when the concours uses
    them, then played, won, points made and conceded, the difference: `figure_titles`) and
    its rows."""

    figures: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    melee: bool
    ranking_points: bool
    awaiting: bool  # a column (or a mark) for the results awaiting a confirmation
    lots: bool  # a column for each line's lot
    cash: bool = False  # a column for each line's cash prize (the concours has a pool)


RANKING_POINTS = gettext_noop("Points de classement")
FIGURES = (gettext_noop("Jouées"), gettext_noop("Gagnées"), gettext_noop("Points marqués"),
           gettext_noop("Points concédés"), gettext_noop("Différence"))


def figure_titles(ranking_points: bool) -> tuple[str, ...]:
    """The standings' figures' titles, in their order (a row's `figures`): untranslated,
    each renderer translates them as it writes its own words (gettext)."""
    return ((RANKING_POINTS,) if ranking_points else ()) + FIGURES


def standings_table(standing: Standings) -> StandingsTable:
    return StandingsTable(
        figures=figure_titles(standing.ranking_points),
        rows=tuple(_standings_row(entry, standing.ranking_points)
                   for entry in standing.entries),
        melee=standing.melee, ranking_points=standing.ranking_points,
        awaiting=bool(standing.awaiting), lots=standing.has_lots, cash=standing.has_cash)


def _standings_row(entry: StandingsEntry, ranking_points: bool) -> StandingsRow:
    row = entry.line.row
    figures = (row.ranking_points,) if ranking_points else ()
    return StandingsRow(entry, (*figures, row.played, row.wins, row.points, row.conceded,
                                row.diff))
