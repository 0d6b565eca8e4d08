"""The lots of a concours as plain values (pure: no database): a lot's ranks, the places it
reaches, its words, and its shape in the journal. The journal (its check and its summary of
a change of lots) and the reads of the lots (selectors.prizes) share it; how lots are handed
is told in selectors/prizes.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from .validators import MAX_SMALL

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
