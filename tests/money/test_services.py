"""The desk's money through its services: a payment taken, undone, refunded; refusals that
change nothing; every change journaled; the balance and the pool's percentages."""

from decimal import Decimal

import pytest

from tests.builders import melee, organiser, tournament
from tournament import journal, selectors, services
from tournament.amounts import PoolLine
from tournament.errors import UserError
from tournament.models import AuditEntry, CashPrize, Payment

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours():
    t = tournament(owner=organiser("caissier"), teams=4)
    services.fee_set(tournament=t, fee=1000, fee_per="player")
    return t


def money_entries(t):
    return list(AuditEntry.objects.filter(tournament=t, kind="money").order_by("id"))


def state(t):
    """Everything the desk's money is: to compare before and after a refusal."""
    t.refresh_from_db()
    return (t.fee, t.fee_per, list(Payment.objects.filter(tournament=t).values()),
            list(CashPrize.objects.filter(tournament=t).values()),
            list(t.prizes.values("value")), AuditEntry.objects.filter(tournament=t).count())


def test_a_team_of_two_owes_the_fee_per_player_twice(concours):
    payment = services.payment_take(tournament=concours, number=1, method="especes")
    assert (payment.due, payment.amount, payment.method) == (2000, 2000, "especes")
    services.fee_set(tournament=concours, fee=1500, fee_per="team")
    assert services.payment_take(tournament=concours, number=2, method="cheque").amount == 1500


def test_a_meelee_player_owes_the_fee_once_whatever_it_says():
    t = melee(players=4)
    services.fee_set(tournament=t, fee=500, fee_per="player")
    assert services.payment_take(tournament=t, number=3, method="carte").amount == 500
    assert Payment.objects.get(player__number=3).player.tournament == t


def test_a_payment_is_journaled_and_its_undo_too(concours, django_user_model):
    by = journal.Actor("caissier", organiser("bureau").pk)
    services.payment_take(tournament=concours, number=2, method="virement", amount=1850, by=by)
    services.payment_undo(tournament=concours, number=2, by=by)
    pay, undo = money_entries(concours)[-2:]
    assert (pay.action, pay.number, pay.actor) == ("pay", 2, "caissier")
    assert pay.after == {"name": "2. Équipe 2", "due": 2000, "amount": 1850,
                         "method": "virement", "refunded": 0}
    assert (undo.action, undo.before, undo.after) == ("unpay", pay.after, None)
    assert journal.describe(pay) == ("—", "2. Équipe 2 : 18,50\u00a0€ (virement)")
    assert journal.well_formed(undo) and not journal.restorable(undo)
    assert not Payment.objects.filter(tournament=concours).exists()


def test_offert_is_paid_without_money(concours):
    payment = services.payment_take(tournament=concours, number=1, method="offert")
    assert (payment.amount, payment.due) == (0, 2000)
    assert services.payment_take(tournament=concours, number=2, method="offert",
                                 amount=0).amount == 0
    with pytest.raises(UserError, match="rien à rembourser"):
        services.payment_refund(tournament=concours, number=1)


@pytest.mark.parametrize(("call", "message"), [
    (lambda t: services.payment_take(tournament=t, number=1, method="especes"), "déjà payé"),
    (lambda t: services.payment_take(tournament=t, number=9, method="especes"), "n'existe pas"),
    (lambda t: services.payment_take(tournament=t, number=3, method="bitcoin"), "inconnu"),
    # An amount with « offert » would be dropped; 0 € paid is what « offert » says.
    (lambda t: services.payment_take(tournament=t, number=3, method="offert", amount=900),
     "offerte n'encaisse rien"),
    (lambda t: services.payment_take(tournament=t, number=3, method="especes", amount=0),
     "choisissez « offert »"),
    (lambda t: services.payment_take(tournament=t, number=3, method="especes", amount=-1),
     "montant de 0"),
    (lambda t: services.payment_take(tournament=t, number=3, method="especes", amount=1.5),
     "montant de 0"),
    (lambda t: services.payment_take(tournament=t, number=3, method="especes",
                                     amount=10**12), "montant de 0"),
    (lambda t: services.payment_undo(tournament=t, number=3), "n'a pas payé"),
    (lambda t: services.payment_undo(tournament=t, number=2), "annulez d'abord"),
    (lambda t: services.payment_refund(tournament=t, number=3), "rien à rembourser"),
    (lambda t: services.payment_refund(tournament=t, number=2), "déjà remboursé"),
    (lambda t: services.payment_refund(tournament=t, number=1, amount=2001), "pas davantage"),
    (lambda t: services.refund_undo(tournament=t, number=1), "pas été remboursé"),
    (lambda t: services.fee_set(tournament=t, fee=100_001, fee_per="team"), "1\u00a0000,00"),
    (lambda t: services.fee_set(tournament=t, fee=-1, fee_per="team"), "montant de 0"),
    (lambda t: services.fee_set(tournament=t, fee=500, fee_per="table"), "par équipe"),
    (lambda t: services.cash_pool_set(tournament=t, lines=[
        PoolLine(1, 1, percent=Decimal(60)), PoolLine(2, 2, percent=Decimal(41))]), "100"),
    (lambda t: services.cash_pool_set(tournament=t, lines=[
        PoolLine(1, 3, amount=100), PoolLine(3, 3, amount=100)]), "même rang"),
    (lambda t: services.prize_value_set(prize=t.prizes.get(), value=-3), "montant de 0"),
])
def test_a_refusal_changes_nothing(concours, call, message):
    services.payment_take(tournament=concours, number=1, method="especes")
    services.payment_take(tournament=concours, number=2, method="especes")
    services.payment_refund(tournament=concours, number=2, amount=500)
    services.prize_add(tournament=concours, start=1, end=None, from_last=False, label="Jambon")
    before = state(concours)
    with pytest.raises(UserError, match=message):
        call(concours)
    assert state(concours) == before


def test_a_refund_and_its_undo(concours):
    services.payment_take(tournament=concours, number=1, method="cheque")
    payment = services.payment_refund(tournament=concours, number=1, amount=1200)
    assert (payment.refunded, payment.refunded_at is not None) == (1200, True)
    services.refund_undo(tournament=concours, number=1)
    payment.refresh_from_db()
    assert (payment.refunded, payment.refunded_at) == (0, None)
    assert [entry.action for entry in money_entries(concours)] == [
        "fee", "pay", "refund", "unrefund"]
    assert services.payment_refund(tournament=concours, number=1).refunded == 2000


def test_the_balance_is_fees_less_refunds_cash_prizes_and_lots(concours):
    services.payment_take(tournament=concours, number=1, method="especes")  # 20
    services.payment_take(tournament=concours, number=2, method="cheque")  # 20
    services.payment_take(tournament=concours, number=3, method="especes", amount=1500)
    services.payment_take(tournament=concours, number=4, method="offert")
    services.payment_refund(tournament=concours, number=3, amount=500)
    # Net fees 50 €: 1st 30 % = 15 €, 2nd and 3rd 2 € each.
    services.cash_pool_set(tournament=concours, lines=[
        PoolLine(1, 1, percent=Decimal("30")), PoolLine(2, 3, amount=200)])
    ham = services.prize_add(tournament=concours, start=1, end=2, from_last=False,
                             label="Jambon")
    services.prize_add(tournament=concours, start=1, end=1, from_last=True, label="Bouteille")
    services.prize_value_set(prize=ham, value=1250)  # two places: 25 €
    data = selectors.caisse(concours)
    assert data.collected == 5500 and data.refunded == 500
    assert data.cash_by_place == {1: 1500, 2: 200, 3: 200}
    assert data.lots_value == 2500
    assert data.balance == 5500 - 500 - 1900 - 2500
    totals = {total.method: (total.count, total.amount, total.refunded)
              for total in data.by_method}
    assert totals == {"especes": (2, 3500, 500), "cheque": (1, 2000, 0), "virement": (0, 0, 0),
                      "carte": (0, 0, 0), "offert": (1, 0, 0)}
    assert data.outstanding == 0 and not data.unpaid


def test_a_percentage_of_odd_fees_is_rounded_down_and_the_rest_stays(concours):
    services.fee_set(tournament=concours, fee=333, fee_per="team")
    for number in (1, 2, 3):
        services.payment_take(tournament=concours, number=number, method="especes")
    services.cash_pool_set(tournament=concours, lines=[
        PoolLine(1, 1, percent=Decimal("50")), PoolLine(2, 2, percent=Decimal("33.33"))])
    data = selectors.caisse(concours)
    # 999 cents: 499.5 → 499, 332.9667 → 332; 168 cents stay in the balance.
    assert data.cash_by_place == {1: 499, 2: 332}
    assert data.balance == 168


def test_the_pool_is_journaled_with_exact_percentages(concours):
    lines = [PoolLine(1, 1, percent=Decimal("12.5")), PoolLine(2, 4, amount=5000)]
    services.cash_pool_set(tournament=concours, lines=lines)
    services.cash_pool_set(tournament=concours, lines=lines)  # the same: nothing journaled
    entry = money_entries(concours)[-1]
    assert entry.action == "pool" and entry.after == {"pool": [
        {"start": 1, "end": 1, "amount": None, "percent": "12.5"},
        {"start": 2, "end": 4, "amount": 5000, "percent": None}]}
    assert journal.describe(entry)[1] == "1er : 12,5\u00a0% ; 2e à 4e : 50,00\u00a0€ chacun"
    assert selectors.pool_of(concours) == lines


def test_payment_rows_are_plain(concours):
    services.payment_take(tournament=concours, number=4, method="carte")
    (row,) = selectors.payment_rows(concours)
    assert row["number"] == 4 and row["amount"] == 2000 and row["method"] == "carte"
    assert isinstance(row["paid_at"], str) and row["refunded_at"] is None


def test_a_team_or_player_that_paid_is_not_deleted(concours):
    services.payment_take(tournament=concours, number=1, method="especes")
    with pytest.raises(UserError, match="annulez d'abord son paiement"):
        services.team_delete(team=concours.teams.get(number=1))
    services.payment_undo(tournament=concours, number=1)
    services.team_delete(team=concours.teams.get(number=1))
    t = melee(players=2)
    services.payment_take(tournament=t, number=2, method="especes")
    with pytest.raises(UserError, match="annulez d'abord son paiement"):
        services.player_delete(player=t.players.get(number=2))
    assert Payment.objects.filter(player__tournament=t).count() == 1
