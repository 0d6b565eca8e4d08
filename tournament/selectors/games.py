"""Reads of a game's donnes for its sheet."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import DonneRecord, Game


@dataclass
class DonneLine:
    """A row of a game's sheet: a donne (None: still to play), its dealer, running totals."""

    number: int
    dealer: str
    record: DonneRecord | None = None
    total_ns: int | None = None
    total_ew: int | None = None


def donne_lines(game: Game, records: list[DonneRecord]) -> list[DonneLine]:
    """The game page's and the score sheet's rows for the donnes entered, in order."""
    lines, total_ns, total_ew = [], 0, 0
    for record in records:
        total_ns += record.score_ns
        total_ew += record.score_ew
        lines.append(DonneLine(record.number, game.dealer(record.number), record,
                               total_ns, total_ew))
    return lines
