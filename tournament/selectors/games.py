"""Reads of games: a game's donnes for its sheet, what its paper totals are checked against,
the scores awaiting or disputed by a side."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import DonneRecord, Game, Tournament


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


def awaiting_games(tournament: Tournament) -> set[int]:
    """The ids of the finished games whose score awaits a side's confirmation (disputed
    ones included): the standings mark them. None once the concours no longer asks for
    confirmations (what still awaited is left as it was, and shows again if it does).
    One query at most."""
    if not tournament.two_confirmations:
        return set()
    return set(Game.objects.filter(round__tournament=tournament, finished=True, forfeit="")
               .exclude(awaiting="").values_list("pk", flat=True))


def disputed_games(tournament: Tournament) -> set[int]:
    """The ids of the awaiting games whose awaited side said the score is wrong: the
    organiser's pages show them. One query at most (none without the option)."""
    if not tournament.two_confirmations:
        return set()
    return set(Game.objects.filter(round__tournament=tournament, finished=True, forfeit="",
                                   disputed=True)
               .exclude(awaiting="").values_list("pk", flat=True))


__all__ = [
    "DonneLine",
    "awaiting_games",
    "disputed_games",
    "donne_lines",
]
