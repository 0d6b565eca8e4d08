"""Writes of the desk's money: the entry fee, an entrant's payment (taken, undone, refunded,
its refund undone), the cash prize pool and a lot's value. Amounts are integer cents,
bounded (tournament/amounts.py); every change is journaled as a "money" entry
(journal/money.py), in the same transaction.

Each takes the concours' row for update first (the lock order: services/__init__.py), so two
desks marking the same team paid at once are served one after the other: the second is
refused (« déjà payé »), never a second payment.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import journal as audit
from ..amounts import (
    MAX_AMOUNT,
    MAX_FEE,
    AmountError,
    PoolLine,
    amount_text,
    pool_checked,
)
from ..choices import FEE_PER_CHOICES, PAYMENT_METHODS, PAYMENT_OFFERED
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import CashPrize, Payment, Player, Prize, Team, Tournament
from ..selectors.money import due_of
from .prizes import tableau_checked


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _cents_checked(value: object, field: str, label: str, maximum: int = MAX_AMOUNT) -> int:
    if type(value) is not int or not 0 <= value <= maximum:
        raise UserError(_("%(label)s : un montant de 0 à %(max)s est attendu.")
                        % {"label": label, "max": amount_text(maximum)}, field)
    return value


@transaction.atomic
def fee_set(*, tournament: Tournament, fee: int, fee_per: str, by: Actor = SYSTEM) -> Tournament:
    """The entry fee in cents (0: free), asked per team or per player. What entrants already
    paid is kept as it was paid."""
    fee = _cents_checked(fee, "fee", _("Droit d'inscription"), MAX_FEE)
    if fee_per not in dict(FEE_PER_CHOICES):
        raise UserError(_("Droit d'inscription : par équipe ou par joueur."), "fee_per")
    locked = _locked(tournament)
    before = {"fee": locked.fee, "fee_per": locked.fee_per}
    after = {"fee": fee, "fee_per": fee_per}
    if before != after:
        locked.fee, locked.fee_per = fee, fee_per
        locked.save(update_fields=["fee", "fee_per"])
        audit.log(locked, by, "money", "fee", before=before, after=after)
    tournament.fee, tournament.fee_per = fee, fee_per
    return locked


def _entrant(tournament: Tournament, number: object) -> Team | Player:
    """The registered team (a mêlée: the player) of that number, locked, or a refusal."""
    if type(number) is not int:
        raise UserError(_("Ce numéro n'existe pas."))
    entrant: Team | Player | None
    if tournament.by_player:
        entrant = (Player.objects.select_for_update(of=("self",))
                   .filter(tournament=tournament, number=number).first())
        missing = _("Le joueur n° %(n)d n'existe pas.")
    else:
        entrant = (Team.objects.select_for_update(of=("self",)).select_related("first", "second")
                   .filter(tournament=tournament, number=number, round__isnull=True).first())
        missing = _("L'équipe n° %(n)d n'existe pas.")
    if entrant is None:
        raise UserError(missing % {"n": number})
    return entrant


def _name(entrant: Team | Player) -> str:
    return f"{entrant.number}. {entrant.name}"


def _payment_of(entrant: Team | Player) -> Payment | None:
    query = Payment.objects.select_for_update()
    if isinstance(entrant, Team):
        return query.filter(team=entrant).first()
    return query.filter(player=entrant).first()


def _values(entrant: Team | Player, payment: Payment) -> dict[str, object]:
    return {"name": _name(entrant)[:200], "due": payment.due, "amount": payment.amount,
            "method": payment.method, "refunded": payment.refunded}


def _players(entrant: Team | Player) -> int:
    return 2 if isinstance(entrant, Team) and entrant.second_id is not None else 1


@transaction.atomic
def payment_take(*, tournament: Tournament, number: int, method: str,
                 amount: int | None = None, by: Actor = SYSTEM) -> Payment:
    """Entrant `number` pays its fee by `method`: `amount` cents (None: what it owes; « offert »
    receives nothing). Refused: an entrant already paid, an unknown method, an amount beyond
    bounds, an amount given with « offert » (which would be dropped) or an amount of 0 paid
    (« offert » says so)."""
    if method not in PAYMENT_METHODS:
        raise UserError(_("Moyen de paiement inconnu."), "method")
    if amount is not None:
        amount = _cents_checked(amount, "amount", _("Montant"))
        if method == PAYMENT_OFFERED and amount:
            raise UserError(_("Une entrée offerte n'encaisse rien : videz le montant, ou "
                              "choisissez le moyen de paiement."), "amount")
        if method != PAYMENT_OFFERED and not amount:
            raise UserError(_("Un paiement de 0 € : choisissez « offert » pour une entrée "
                              "gratuite."), "amount")
    locked = _locked(tournament)
    entrant = _entrant(locked, number)
    if _payment_of(entrant) is not None:
        raise UserError(_("%(name)s a déjà payé.") % {"name": _name(entrant)})
    due = due_of(locked, _players(entrant))
    if method == PAYMENT_OFFERED:
        amount = 0
    elif amount is None:
        amount = due
    payment = Payment.objects.create(
        tournament=locked, team=entrant if isinstance(entrant, Team) else None,
        player=entrant if isinstance(entrant, Player) else None, due=due, amount=amount,
        method=method)
    audit.log(locked, by, "money", "pay", after=_values(entrant, payment),
              number=entrant.number)
    return payment


@transaction.atomic
def payment_undo(*, tournament: Tournament, number: int, by: Actor = SYSTEM) -> None:
    """A payment marked by mistake, taken back: the entrant owes its fee again. Refused once
    refunded (undo the refund first: money went back)."""
    locked = _locked(tournament)
    entrant = _entrant(locked, number)
    payment = _payment_of(entrant)
    if payment is None:
        raise UserError(_("%(name)s n'a pas payé.") % {"name": _name(entrant)})
    if payment.refunded:
        raise UserError(_("%(name)s a été remboursé : annulez d'abord le remboursement.")
                        % {"name": _name(entrant)})
    before = _values(entrant, payment)
    payment.delete()
    audit.log(locked, by, "money", "unpay", before=before, number=entrant.number)


@transaction.atomic
def payment_refund(*, tournament: Tournament, number: int, amount: int | None = None,
                   by: Actor = SYSTEM) -> Payment:
    """Give back `amount` cents of what entrant `number` paid (None: all of it), as on a
    withdrawal. Refused: not paid, already refunded, nothing to give back, more than paid."""
    if amount is not None:
        amount = _cents_checked(amount, "amount", _("Remboursement"))
    locked = _locked(tournament)
    entrant = _entrant(locked, number)
    payment = _payment_of(entrant)
    if payment is None:
        raise UserError(_("%(name)s n'a pas payé : rien à rembourser.")
                        % {"name": _name(entrant)})
    if payment.refunded:
        raise UserError(_("%(name)s : le paiement est déjà remboursé.") % {"name": _name(entrant)})
    amount = payment.amount if amount is None else amount
    if amount > payment.amount:
        raise UserError(_("%(name)s a payé %(paid)s : on ne rembourse pas davantage.")
                        % {"name": _name(entrant), "paid": amount_text(payment.amount)},
                        "amount")
    if amount == 0:
        raise UserError(_("%(name)s n'a rien versé : rien à rembourser.")
                        % {"name": _name(entrant)}, "amount")
    before = _values(entrant, payment)
    payment.refunded, payment.refunded_at = amount, timezone.now()
    payment.save(update_fields=["refunded", "refunded_at"])
    audit.log(locked, by, "money", "refund", before=before, after=_values(entrant, payment),
              number=entrant.number)
    return payment


@transaction.atomic
def refund_undo(*, tournament: Tournament, number: int, by: Actor = SYSTEM) -> Payment:
    """A refund marked by mistake, taken back."""
    locked = _locked(tournament)
    entrant = _entrant(locked, number)
    payment = _payment_of(entrant)
    if payment is None or not payment.refunded:
        raise UserError(_("%(name)s n'a pas été remboursé.") % {"name": _name(entrant)})
    before = _values(entrant, payment)
    payment.refunded, payment.refunded_at = 0, None
    payment.save(update_fields=["refunded", "refunded_at"])
    audit.log(locked, by, "money", "unrefund", before=before,
              after=_values(entrant, payment), number=entrant.number)
    return payment


def pool_value(lines: Sequence[PoolLine]) -> list[dict[str, object]]:
    """The pool as the journal stores it (a percentage as text: JSON has no exact decimal)."""
    return [{"start": line.start, "end": line.end, "amount": line.amount,
             "percent": None if line.percent is None else str(line.percent),
             **({"tableau": line.tableau} if line.tableau else {})}
            for line in lines]


@transaction.atomic
def cash_pool_set(*, tournament: Tournament, lines: Sequence[PoolLine],
                  by: Actor = SYSTEM) -> list[CashPrize]:
    """The cash prize pool replaced by `lines`, in that order (amounts.pool_checked: no place
    in two lines, percentages 100 % at most in all)."""
    try:
        checked = pool_checked(lines)
    except AmountError as error:
        raise UserError(str(error), "pool") from None
    locked = _locked(tournament)
    for tableau in sorted({line.tableau for line in checked}):
        try:
            tableau_checked(locked, tableau)
        except UserError as error:
            raise UserError(error.message, "pool") from None
    rows = list(CashPrize.objects.filter(tournament=locked).order_by("order", "id"))
    before = [PoolLine(row.start, row.end, row.amount, row.percent, row.tableau)
              for row in rows]
    if before == checked:
        return rows
    CashPrize.objects.filter(tournament=locked).delete()
    created = CashPrize.objects.bulk_create([
        CashPrize(tournament=locked, start=line.start, end=line.end, amount=line.amount,
                  percent=line.percent, order=order, tableau=line.tableau)
        for order, line in enumerate(checked, start=1)])
    audit.log(locked, by, "money", "pool", before={"pool": pool_value(before)},
              after={"pool": pool_value(checked)})
    return created


@transaction.atomic
def prize_value_set(*, prize: Prize, value: int | None, by: Actor = SYSTEM) -> Prize:
    """What a lot is worth for each place it goes to, in cents (None: not said)."""
    if value is not None:
        value = _cents_checked(value, "value", _("Valeur du lot"))
    locked = _locked(prize.tournament)
    row = Prize.objects.select_for_update().filter(pk=prize.pk, tournament=locked).first()
    if row is None:
        raise UserError(_("Ce lot n'existe plus."))
    if row.value != value:
        before = {"label": row.label, "value": row.value}
        row.value = value
        row.save(update_fields=["value"])
        audit.log(locked, by, "money", "lot_value", before=before,
                  after={"label": row.label, "value": value})
    return row


@transaction.atomic
def prize_values_set(*, tournament: Tournament, values: dict[int, int | None],
                     by: Actor = SYSTEM) -> list[Prize]:
    """The values of several lots of `tournament` at once (lot id → cents, None: not said),
    as the caisse's settings send them: all or none (one pressed Entrée in the first value
    and the others were lost, the balance then wrong)."""
    prizes = {prize.pk: prize for prize in Prize.objects.filter(tournament=tournament,
                                                                  pk__in=list(values))}
    if len(prizes) != len(values):
        raise UserError(_("Un de ces lots n'existe plus : relisez la page."))
    return [prize_value_set(prize=prizes[pk], value=value, by=by)
            for pk, value in values.items()]


__all__ = [
    "cash_pool_set",
    "fee_set",
    "payment_refund",
    "payment_take",
    "payment_undo",
    "prize_value_set",
    "prize_values_set",
    "refund_undo",
]
