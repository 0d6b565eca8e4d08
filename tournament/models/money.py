"""Money at the desk: each entrant's payment of the entry fee, and the cash prize pool.

The fee itself is the concours' (`Tournament.fee`, `Tournament.fee_per`); a lot's value is
the lot's (`Prize.value`). Every amount is integer cents, never a float (tournament/amounts.py
reads and writes them).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..choices import PAYMENT_METHOD_CHOICES
from .phases import TABLEAU_CHOICES
from .players import Player, Team
from .tournament import Tournament


class Payment(models.Model):
    """An entrant's fee, paid: a registered team (doublettes) or a player (mêlée), one
    payment each. `due` is what the fee asked of it when it paid, `amount` what the desk
    received (0 when « offert »), `refunded` what was given back (a withdrawal)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="payments")
    team = models.OneToOneField(Team, on_delete=models.CASCADE, null=True, blank=True,
                                related_name="payment")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, null=True, blank=True,
                                  related_name="payment")
    due = models.PositiveIntegerField(_("dû (centimes)"))
    amount = models.PositiveIntegerField(_("payé (centimes)"))
    method = models.CharField(_("moyen de paiement"), max_length=10,
                              choices=PAYMENT_METHOD_CHOICES)
    paid_at = models.DateTimeField(_("payé le"), default=timezone.now)
    refunded = models.PositiveIntegerField(_("remboursé (centimes)"), default=0)
    refunded_at = models.DateTimeField(_("remboursé le"), null=True, blank=True)

    class Meta:
        ordering = ["paid_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(team__isnull=False, player__isnull=True)
                           | Q(team__isnull=True, player__isnull=False)),
                name="payment_one_entrant"),
            models.CheckConstraint(condition=Q(refunded__lte=models.F("amount")),
                                   name="payment_refund_at_most_paid"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} ({self.method})"


class CashPrize(models.Model):
    """A line of the cash prize pool: places `start` to `end` each receive `amount` cents,
    or `percent` % of the fees collected (one of the two). A line of a `tableau` (a concours
    in phases) counts its places within that tableau; "" the concours' final places."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="cash_prizes")
    start = models.PositiveSmallIntegerField(_("du rang"))
    end = models.PositiveSmallIntegerField(_("au rang"))
    amount = models.PositiveIntegerField(_("montant (centimes)"), null=True, blank=True)
    percent = models.DecimalField(_("pourcentage"), max_digits=5, decimal_places=2,
                                  null=True, blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    tableau = models.CharField(_("pour"), max_length=10, choices=TABLEAU_CHOICES, blank=True,
                               default="")

    class Meta:
        ordering = ["order", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(amount__isnull=False, percent__isnull=True)
                           | Q(amount__isnull=True, percent__isnull=False)),
                name="cash_prize_amount_or_percent"),
        ]

    def __str__(self) -> str:
        return f"{self.start}-{self.end}"
