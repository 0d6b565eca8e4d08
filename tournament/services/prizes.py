"""Writes of the lots: add, change, move, delete, and put back a whole list (the journal).

Every change is journaled as a "rules" entry whose values are the whole list of lots before
and after (`{"prizes": [...]}`): restoring either one gives the list back as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from .. import journal as audit
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..lots import tableau_refusal
from ..models import PhasePlan, Prize, Tournament
from ..selectors.prizes import (
    MAX_PRIZES,
    Lot,
    lot_of,
    lot_words,
    lots_value,
)
from ..validators import MAX_SMALL
from .common import _bool_checked, text_field


def _locked_lots(tournament: Tournament) -> list[Prize]:
    """The concours' lots in order, locked: two organisers' tabs adding a lot at once cannot
    both pass the overlap check. The tournament row is locked too, so that a first lot (no
    row to lock yet) is serialised as well."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    return list(Prize.objects.select_for_update().filter(tournament=tournament)
                .order_by("order", "id"))


def _rank_checked(value: object, field: str, label: str, minimum: int = 1) -> int:
    if type(value) is not int or not minimum <= value <= MAX_SMALL:
        raise UserError(_("%(label)s : un rang de %(min)d à %(max)d est attendu.")
                        % {"label": label, "min": minimum, "max": MAX_SMALL}, field)
    return value


def lot_checked(*, start: object, end: object, from_last: object, label: object,
                tableau: object = "") -> Lot:
    """A lot as stored, or a French refusal on the field at fault: ranks 1..MAX_SMALL, the
    end (None: to the last) not before the start, a label as any name is checked, a tableau
    "" (the whole concours), "principal" or "consolante" (that it fits the concours is
    `tableau_checked`'s)."""
    start = _rank_checked(start, "start", _("Du rang"))
    if end is not None:
        if type(end) is int and 1 <= end < start:
            raise UserError(_("Au rang : %(end)d est avant le rang de départ (%(start)d).")
                            % {"end": end, "start": start}, "end")
        end = _rank_checked(end, "end", _("Au rang"), minimum=start)
    from_last = _bool_checked(from_last, "from_last", _("En partant du dernier"))
    label = text_field(Prize, "label", label, label=_("Lot"))
    if not isinstance(tableau, str) or tableau_refusal(tableau, phases=True, consolante=True):
        raise UserError(tableau_refusal("?", phases=True, consolante=True), "tableau")
    return Lot(start, end, from_last, label, tableau)


def tableau_checked(tournament: Tournament, tableau: str) -> None:
    """A French refusal when a lot or a cash prize of `tableau` does not fit the concours:
    a tableau in a concours without phases, the consolante when its formule has none."""
    if not tableau:
        return
    consolante = PhasePlan.objects.filter(tournament=tournament).values_list(
        "consolante", flat=True).first()
    refusal = tableau_refusal(tableau, phases=consolante is not None,
                              consolante=bool(consolante))
    if refusal:
        raise UserError(refusal, "tableau")


def _refuse_overlap(lot: Lot, others: Sequence[Prize], melee: bool) -> None:
    for other in others:
        if lot.overlaps(lot_of(other)):
            raise UserError(
                _("Ces rangs ont déjà un lot : « %(label)s » (%(ranks)s). Un rang ne reçoit "
                  "qu'un lot : changez ce lot-là ou choisissez d'autres rangs.")
                % {"label": other.label, "ranks": lot_words(lot_of(other), melee)}, "start")


def _log(tournament: Tournament, by: Actor, action: str, before: list[Lot]) -> None:
    after = [lot_of(prize) for prize in tournament.prizes.order_by("order", "id")]
    audit.log(tournament, by, "rules", action, before={"prizes": lots_value(before)},
              after={"prizes": lots_value(after)})


def _melee(tournament: Tournament) -> bool:
    return tournament.by_player


@transaction.atomic
def prize_add(*, tournament: Tournament, start: int, end: int | None, from_last: bool,
              label: str, tableau: str = "", by: Actor = SYSTEM) -> Prize:
    """A lot at the end of the list: ranks `start` to `end` (None: to the last), counted
    from the last when `from_last`, among the places of `tableau` ("": the concours' final
    ranks). Refused: a rank another lot counted the same way already has, more than
    MAX_PRIZES lots, and a tableau the concours has not."""
    lot = lot_checked(start=start, end=end, from_last=from_last, label=label, tableau=tableau)
    prizes = _locked_lots(tournament)
    tableau_checked(tournament, lot.tableau)
    if len(prizes) >= MAX_PRIZES:
        raise UserError(_("%(max)d lots au plus par concours.") % {"max": MAX_PRIZES})
    _refuse_overlap(lot, prizes, _melee(tournament))
    order = max((prize.order for prize in prizes), default=0) + 1
    if order > MAX_SMALL:  # the order column is a small integer: renumber the list
        _renumber(prizes)
        order = len(prizes) + 1
    prize = Prize.objects.create(tournament=tournament, start=lot.start, end=lot.end,
                                 from_last=lot.from_last, label=lot.label, order=order,
                                 tableau=lot.tableau)
    _log(tournament, by, "create", [lot_of(prize) for prize in prizes])
    return prize


@transaction.atomic
def prize_update(*, prize: Prize, start: int, end: int | None, from_last: bool, label: str,
                 tableau: str = "", by: Actor = SYSTEM) -> Prize:
    """Change a lot's ranks, tableau and label; it keeps its place in the list."""
    lot = lot_checked(start=start, end=end, from_last=from_last, label=label, tableau=tableau)
    tournament = prize.tournament
    prizes = _locked_lots(tournament)
    tableau_checked(tournament, lot.tableau)
    current = next((row for row in prizes if row.pk == prize.pk), None)
    if current is None:
        raise UserError(_("Ce lot n'existe plus."))
    _refuse_overlap(lot, [row for row in prizes if row.pk != prize.pk], _melee(tournament))
    if lot == lot_of(current):
        return current
    before = [lot_of(row) for row in prizes]
    current.start, current.end, current.from_last, current.label, current.tableau = (
        lot.start, lot.end, lot.from_last, lot.label, lot.tableau)
    current.save(update_fields=["start", "end", "from_last", "label", "tableau"])
    _log(tournament, by, "update", before)
    return current


@transaction.atomic
def prize_delete(*, prize: Prize, by: Actor = SYSTEM) -> None:
    tournament = prize.tournament
    prizes = _locked_lots(tournament)
    if not any(row.pk == prize.pk for row in prizes):
        raise UserError(_("Ce lot n'existe plus."))
    Prize.objects.filter(pk=prize.pk).delete()
    _log(tournament, by, "delete", [lot_of(row) for row in prizes])


@transaction.atomic
def prize_move(*, prize: Prize, step: int, by: Actor = SYSTEM) -> None:
    """Move a lot one place up (`step` -1) or down (+1) in the list: where a lot counted
    from the top and one counted from the last reach the same place, the first listed keeps
    it. At either end of the list, nothing moves."""
    if step not in (-1, 1):
        raise ValueError(f"step must be -1 or 1, not {step!r}")
    tournament = prize.tournament
    prizes = _locked_lots(tournament)
    index = next((i for i, row in enumerate(prizes) if row.pk == prize.pk), None)
    if index is None:
        raise UserError(_("Ce lot n'existe plus."))
    other = index + step
    if not 0 <= other < len(prizes):
        return
    before = [lot_of(row) for row in prizes]
    prizes[index], prizes[other] = prizes[other], prizes[index]
    _renumber(prizes)
    _log(tournament, by, "swap", before)


def _renumber(prizes: list[Prize]) -> None:
    """Orders 1..n in the list's order (saved rows only)."""
    for order, row in enumerate(prizes, start=1):
        row.order = order
    Prize.objects.bulk_update(prizes, ["order"])


def lots_checked(lots: Sequence[Lot]) -> list[Lot]:
    """A whole list of lots as stored, each checked as a typed one (`lot_checked`), two lots
    counted the same way sharing a rank refused, MAX_PRIZES at most: what a restored
    journal entry or a backup brings in. Writes nothing."""
    if len(lots) > MAX_PRIZES:
        raise UserError(_("%(max)d lots au plus par concours.") % {"max": MAX_PRIZES})
    checked: list[Lot] = []
    for lot in lots:
        if not isinstance(lot, Lot):
            raise TypeError(f"not a Lot: {lot!r}")
        new = lot_checked(start=lot.start, end=lot.end, from_last=lot.from_last,
                          label=lot.label, tableau=lot.tableau)
        for other in checked:
            if new.overlaps(other):
                raise UserError(_("Deux lots donnent les mêmes rangs : « %(a)s » et "
                                  "« %(b)s ». Un rang ne reçoit qu'un lot.")
                                % {"a": other.label, "b": new.label}, "start")
        checked.append(new)
    return checked


@transaction.atomic
def prizes_replace(*, tournament: Tournament, lots: Sequence[Lot], by: Actor = SYSTEM,
                   action: str = "restore") -> list[Prize]:
    """The whole list of lots replaced by `lots`, in that order (a journal entry restored),
    checked by `lots_checked`; journaled unless nothing changes."""
    checked = lots_checked(lots)
    prizes = _locked_lots(tournament)
    for tableau in sorted({lot.tableau for lot in checked}):
        tableau_checked(tournament, tableau)
    before = [lot_of(row) for row in prizes]
    if before == checked:
        return prizes
    Prize.objects.filter(tournament=tournament).delete()
    created = Prize.objects.bulk_create([
        Prize(tournament=tournament, start=lot.start, end=lot.end, from_last=lot.from_last,
              label=lot.label, order=order, tableau=lot.tableau)
        for order, lot in enumerate(checked, start=1)])
    _log(tournament, by, action, before)
    return created


__all__ = [
    "lot_checked",
    "lots_checked",
    "prize_add",
    "prize_delete",
    "prize_move",
    "prize_update",
    "prizes_replace",
    "tableau_checked",
]
