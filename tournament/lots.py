"""The lots of a concours as plain values (pure: no database): a lot's ranks, the places it
reaches, its words, and its shape in the journal. The journal (its check and its summary of
a change of lots) and the reads of the lots (selectors.prizes) share it; how lots are handed
is told in selectors/prizes.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from .validators import MAX_SMALL

MAX_PRIZES = 200  # lots in one concours: a 400-team concours rewarding half of its teams
LOT_KEYS = ("start", "end", "from_last", "label")  # a lot as the journal stores it
# A lot of one tableau of a concours in phases adds its tableau's key; a lot of the whole
# concours leaves it out, so that the journal and the backups of lots without a tableau read
# as they always did (and an older file reads as lots of the whole concours).
LOT_TABLEAU = "tableau"
TABLEAUX = ("principal", "consolante")  # the keys of models.phases.TABLEAU_CHOICES
LABEL_MAX_LENGTH = 200  # Prize.label


@dataclass(frozen=True)
class Lot:
    start: int  # 1 = the first (or the last, counted from the bottom)
    end: int | None  # None: to the last place (to the first, counted from the bottom)
    from_last: bool
    label: str
    # "" : its ranks are the concours' final ranks; "principal", "consolante": they are the
    # places within that tableau (BRACKETS.md 6).
    tableau: str = ""

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
        """Whether the two lots, counted the same way among the same places (the concours',
        or one tableau's), share a rank whatever the field."""
        if self.from_last != other.from_last or self.tableau != other.tableau:
            return False
        self_end = MAX_SMALL if self.end is None else self.end
        other_end = MAX_SMALL if other.end is None else other.end
        return self.start <= other_end and other.start <= self_end


def award_indexes(lots: Sequence[Lot], count: int,
                  tableaux: Mapping[str, Sequence[Sequence[int]]] | None = None
                  ) -> dict[int, int]:
    """Position (1..count) → the index in `lots` of the lot it receives: the first lot listed
    that reaches it. A tableau's lot counts its ranks among that tableau's places:
    `tableaux[key]` lists them in order, each the positions it gives (a mêlée's pair: its two
    players); without its tableau's places (not drawn, or not over) it reaches nobody."""
    given: dict[int, int] = {}
    for index, lot in enumerate(lots):
        if not lot.tableau:
            for position in lot.positions(count):
                given.setdefault(position, index)
            continue
        places = (tableaux or {}).get(lot.tableau, [])
        for place in lot.positions(len(places)):
            for position in places[place - 1]:
                given.setdefault(position, index)
    return dict(sorted(given.items()))


def awards(lots: Sequence[Lot], count: int,
           tableaux: Mapping[str, Sequence[Sequence[int]]] | None = None) -> dict[int, str]:
    """Position (1..count, the final standings' order) → its lot's label. "Dernier" is counted
    from the end, "toutes" reaches every position, ranks beyond `count` are ignored, and a
    position two lots reach keeps the first one listed."""
    return {position: lots[index].label
            for position, index in award_indexes(lots, count, tableaux).items()}


def tableau_words(tableau: str) -> str:
    """ « du tableau principal », « de la consolante », "" for the whole concours."""
    if tableau == "principal":
        return _("du tableau principal")
    if tableau == "consolante":
        return _("de la consolante")
    return ""


def tableau_refusal(tableau: str, *, phases: bool, consolante: bool) -> str:
    """Why a lot (or a cash prize) cannot go to `tableau` in this concours ("" when it can):
    a tableau only in a concours in phases, the consolante only when its formule has one."""
    if not tableau:
        return ""
    if tableau not in TABLEAUX:
        return _("Pour : « le concours », « le tableau principal » ou « la consolante » est "
                 "attendu.")
    if not phases:
        return _("Pour : ce concours n'est pas en phases, il n'a pas de tableau ; ses lots "
                 "vont à ses rangs.")
    if tableau == "consolante" and not consolante:
        return _("Pour : la formule de ce concours n'a pas de consolante.")
    return ""


def ordinal(rank: int) -> str:
    """ "1er", "2e", "10e"."""
    return _("1er") if rank == 1 else _("%(n)de") % {"n": rank}


def lot_words(lot: Lot, melee: bool = False) -> str:
    """The ranks of a lot in words: "1er", "2e à 5e", "24e au dernier", "dernier",
    "avant-dernier", "3 derniers", "toutes les équipes" ("tous les joueurs" in a mêlée); a
    tableau's lot adds its tableau: « 1er de la consolante »."""
    words = _lot_ranks(lot, melee)
    if not lot.tableau:
        return words
    if lot.start == 1 and lot.end is None:
        return _("tout le tableau principal") if lot.tableau == "principal" else _(
            "toute la consolante")
    return f"{words} {tableau_words(lot.tableau)}"


def _lot_ranks(lot: Lot, melee: bool) -> str:
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
             "label": lot.label, **({LOT_TABLEAU: lot.tableau} if lot.tableau else {})}
            for lot in lots]


def lots_from_value(value: object) -> list[Lot]:
    """The lots a journal entry (or a backup) holds, or ValueError with a French message:
    a list of at most MAX_PRIZES lots, each with whole ranks 1..MAX_SMALL in order, a yes/no
    `from_last`, a text label and, for a tableau's lot, its tableau. Only the shape is
    checked here: the services check the label's characters, the overlaps and that the
    tableau fits the concours when the lots are written back."""
    if not isinstance(value, list) or len(value) > MAX_PRIZES:
        raise ValueError(_("une liste de %(max)d lots au plus est attendue.")
                         % {"max": MAX_PRIZES})
    lots = []
    for item in value:
        if not isinstance(item, dict) or sorted(set(item) - {LOT_TABLEAU}) != sorted(LOT_KEYS):
            raise ValueError(_("un lot a un rang de début, un rang de fin, un sens et un "
                               "libellé."))
        start, end, from_last, label = (item[key] for key in LOT_KEYS)
        tableau = item.get(LOT_TABLEAU, "")
        if tableau not in ("", *TABLEAUX):
            raise ValueError(_("un lot va au concours, au tableau principal ou à la "
                               "consolante."))
        if (type(start) is not int or not 1 <= start <= MAX_SMALL
                or (end is not None and (type(end) is not int or not start <= end <= MAX_SMALL))
                or type(from_last) is not bool or not isinstance(label, str)
                or not label or len(label) > LABEL_MAX_LENGTH):
            raise ValueError(_("un lot n'a pas la forme attendue (rangs de 1 à %(max)d, dans "
                               "l'ordre, et un libellé).") % {"max": MAX_SMALL})
        lots.append(Lot(start, end, from_last, label, tableau))
    return lots


def lots_summary(lots: Sequence[Lot], melee: bool = False) -> str:
    """The lots on one line, as the journal shows them: "1er : jambon ; dernier : lot"."""
    if not lots:
        return _("aucun lot")
    return " ; ".join(f"{lot_words(lot, melee)} : {lot.label}" for lot in lots)
