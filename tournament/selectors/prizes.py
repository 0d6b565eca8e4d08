"""The lots of a concours (ranks → what they win) and who wins them in the final standings.

A lot covers ranks `start` to `end` counted from the top, or from the bottom when
`from_last` ("dernier" is 1 to 1 from the last); `end` None reaches the last place ("toutes les
équipes" is 1 to None). Lots are handed by PLACE in the standings' order, 1 to the number of
lines: two lines sharing a rank (equal on every criterion) still take two places, in the order
the standings list them, as a club reads its lots out one team after another.

Only the lines still in the concours that played at least one partie take places: a withdrawn
team (a player gone home) or one that never sat at a table is listed, marked, but neither takes
a place nor a lot, so that « dernier » goes to the last of those who played to the end rather
than to whoever left at the first break.

A place gets one lot. The services refuse two lots counted the same way that share a rank;
a lot counted from the top and one counted from the bottom meet only in a small field (ten
lots from the top and "dernier" with eight teams): then the lot listed first keeps the place.
The pure part (`Lot`, `awards`, `lot_words`) takes plain values; `prize_lots` and
`standings_awards` read the database in a constant number of queries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ..models import Prize, Tournament
from ..validators import MAX_SMALL
from .standings import StandingsLine, standings_lines

MAX_PRIZES = 200  # lots in one concours: a 400-team concours rewarding half of its teams
LOT_KEYS = ("start", "end", "from_last", "label")  # a lot as the journal stores it
LABEL_MAX_LENGTH = 200  # Prize.label


@dataclass(frozen=True)
class Lot:
    start: int  # 1 = the first (or the last, counted from the bottom)
    end: int | None  # None: to the last place (to the first, counted from the bottom)
    from_last: bool
    label: str

    def places(self, count: int) -> range:
        """The places this lot reaches among `count`, counted its own way (from the top, or
        from the bottom): ranks beyond the field are left out."""
        last = count if self.end is None else min(self.end, count)
        return range(self.start, last + 1)

    def positions(self, count: int) -> list[int]:
        """The places this lot reaches, as positions 1..count in the standings' order."""
        if self.from_last:
            return [count + 1 - place for place in self.places(count)]
        return list(self.places(count))

    def overlaps(self, other: Lot) -> bool:
        """Whether the two lots, counted the same way, share a rank whatever the field."""
        if self.from_last != other.from_last:
            return False
        self_end = MAX_SMALL if self.end is None else self.end
        other_end = MAX_SMALL if other.end is None else other.end
        return self.start <= other_end and other.start <= self_end


def lot_of(prize: Prize) -> Lot:
    return Lot(prize.start, prize.end, prize.from_last, prize.label)


def award_indexes(lots: Sequence[Lot], count: int) -> dict[int, int]:
    """Position (1..count) → the index in `lots` of the lot it receives: the first lot listed
    that reaches it."""
    given: dict[int, int] = {}
    for index, lot in enumerate(lots):
        for position in lot.positions(count):
            given.setdefault(position, index)
    return dict(sorted(given.items()))


def awards(lots: Sequence[Lot], count: int) -> dict[int, str]:
    """Position (1..count, the final standings' order) → its lot's label. "Dernier" is counted
    from the end, "toutes" reaches every position, ranks beyond `count` are ignored, and a
    position two lots reach keeps the first one listed."""
    return {position: lots[index].label
            for position, index in award_indexes(lots, count).items()}


def ordinal(rank: int) -> str:
    """ "1er", "2e", "10e"."""
    return _("1er") if rank == 1 else _("%(n)de") % {"n": rank}


def lot_words(lot: Lot, melee: bool = False) -> str:
    """The ranks of a lot in words: "1er", "2e à 5e", "24e au dernier", "dernier",
    "avant-dernier", "3 derniers", "toutes les équipes" ("tous les joueurs" in a mêlée)."""
    if lot.start == 1 and lot.end is None:
        return _("tous les joueurs") if melee else _("toutes les équipes")
    if not lot.from_last:
        if lot.end is None:
            return _("%(from)s au dernier") % {"from": ordinal(lot.start)}
        if lot.end == lot.start:
            return ordinal(lot.start)
        return _("%(from)s à %(to)s") % {"from": ordinal(lot.start), "to": ordinal(lot.end)}
    if lot.end is None:
        return _("%(from)s en partant du dernier, jusqu'au premier") % {
            "from": ordinal(lot.start)}
    if lot.end == lot.start:
        if lot.start == 1:
            return _("dernier")
        if lot.start == 2:
            return _("avant-dernier")
        return _("%(n)s en partant du dernier") % {"n": ordinal(lot.start)}
    if lot.start == 1:
        return _("%(n)d derniers") % {"n": lot.end}
    return _("%(from)s à %(to)s en partant du dernier") % {
        "from": ordinal(lot.start), "to": ordinal(lot.end)}


# --- The lots as the journal stores them ----------------------------------------------------


def lots_value(lots: Sequence[Lot]) -> list[dict[str, Any]]:
    """The lots as plain JSON, in their order (a journal entry's value)."""
    return [{"start": lot.start, "end": lot.end, "from_last": lot.from_last,
             "label": lot.label} for lot in lots]


def lots_from_value(value: object) -> list[Lot]:
    """The lots a journal entry (or a backup) holds, or ValueError with a French message:
    a list of at most MAX_PRIZES lots, each with whole ranks 1..MAX_SMALL in order, a yes/no
    `from_last` and a text label. Only the shape is checked here: the services check the
    label's characters and the overlaps when the lots are written back."""
    if not isinstance(value, list) or len(value) > MAX_PRIZES:
        raise ValueError(_("une liste de %(max)d lots au plus est attendue.")
                         % {"max": MAX_PRIZES})
    lots = []
    for item in value:
        if not isinstance(item, dict) or sorted(item) != sorted(LOT_KEYS):
            raise ValueError(_("un lot a un rang de début, un rang de fin, un sens et un "
                               "libellé."))
        start, end, from_last, label = (item[key] for key in LOT_KEYS)
        if (type(start) is not int or not 1 <= start <= MAX_SMALL
                or (end is not None and (type(end) is not int or not start <= end <= MAX_SMALL))
                or type(from_last) is not bool or not isinstance(label, str)
                or not label or len(label) > LABEL_MAX_LENGTH):
            raise ValueError(_("un lot n'a pas la forme attendue (rangs de 1 à %(max)d, dans "
                               "l'ordre, et un libellé).") % {"max": MAX_SMALL})
        lots.append(Lot(start, end, from_last, label))
    return lots


def lots_summary(lots: Sequence[Lot], melee: bool = False) -> str:
    """The lots on one line, as the journal shows them: "1er : jambon ; dernier : lot"."""
    if not lots:
        return _("aucun lot")
    return " ; ".join(f"{lot_words(lot, melee)} : {lot.label}" for lot in lots)


# --- Reads ----------------------------------------------------------------------------------


def prize_lots(tournament: Tournament) -> list[Lot]:
    """The concours' lots in their order: one query."""
    return [Lot(*row) for row in tournament.prizes.order_by("order", "id").values_list(
        "start", "end", "from_last", "label")]


@dataclass(frozen=True)
class Award:
    """A line of the final standings (a team, or a player in a mêlée) and its lot."""

    position: int  # its place among the placed lines, 1..count; 0 when not placed
    line: StandingsLine
    label: str  # its lot; "" when none
    tied: bool = False  # another line shares its rank (equal on every criterion)

    @property
    def placed(self) -> bool:
        """Whether it takes a place (see the module's docstring): in the concours, and played."""
        return self.position > 0

    @property
    def unplaced_reason(self) -> str:
        """Why it takes no place, in words ("" when it does)."""
        if self.placed:
            return ""
        if not self.line.active:
            return _("retiré") if self.line.entrant.is_player else _("retirée")
        return _("n'a joué aucune partie")

    @property
    def rank(self) -> int:
        return self.line.row.rank

    @property
    def place(self) -> str:
        """Its rank in words: "1er", "2e"."""
        return ordinal(self.rank)

    # What the palmarès prints of a line, team or player alike.
    @property
    def name(self) -> str:
        return self.line.name

    @property
    def detail(self) -> str:
        """A team's players; "" for a player."""
        return self.line.detail

    @property
    def active(self) -> bool:
        return self.line.active


@dataclass(frozen=True)
class Awards:
    lines: list[Award]  # every line of the standings, with its lot or ""
    lots: list[Lot]
    unawarded: list[Lot]  # lots no place receives (ranks beyond the field, or taken)
    placed_count: int = 0  # the lines that take a place (the field the lots are counted in)

    @property
    def unplaced(self) -> list[Award]:
        """The lines that take no place (withdrawn, or never played), in the standings' order."""
        return [award for award in self.lines if not award.placed]

    @property
    def awarded(self) -> list[Award]:
        """The lines that receive a lot, in the standings' order: the palmarès."""
        return [award for award in self.lines if award.label]


def standings_awards(tournament: Tournament,
                     lines: Sequence[StandingsLine] | None = None) -> Awards:
    """Every line of the final standings with its lot. `lines`: the standings lines already
    built by the caller (documents.standings(tournament).lines), else read here."""
    lots = prize_lots(tournament)
    if lines is None:
        lines = standings_lines(tournament)
    placed = [line for line in lines if takes_a_place(line)]
    given = award_indexes(lots, len(placed))
    used = set(given.values())
    ranks = Counter(line.row.rank for line in lines)
    positions = {id(line): position for position, line in enumerate(placed, start=1)}
    result = []
    for line in lines:
        position = positions.get(id(line), 0)
        result.append(Award(position, line,
                            lots[given[position]].label if position in given else "",
                            ranks[line.row.rank] > 1))
    return Awards(result, lots, [lot for index, lot in enumerate(lots) if index not in used],
                  len(placed))


def takes_a_place(line: StandingsLine) -> bool:
    """Whether a standings line takes a place in the palmarès: still in the concours, and
    played at least one partie (an exemption counts: it is a partie won)."""
    return line.active and line.row.played > 0


__all__ = [
    "MAX_PRIZES",
    "Award",
    "Awards",
    "Lot",
    "award_indexes",
    "awards",
    "lot_words",
    "lots_from_value",
    "lots_summary",
    "lots_value",
    "prize_lots",
    "standings_awards",
]
