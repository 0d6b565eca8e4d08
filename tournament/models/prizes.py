"""The lots of a concours: ranks (or a range of ranks) and what they win."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .phases import TABLEAU_CHOICES
from .tournament import Tournament


class Prize(models.Model):
    """A lot for the ranks `start` to `end` (one rank when equal; every rank from `start` to
    the last when `end` is empty), counted from the top, or from the bottom when `from_last`
    ("dernier" is start 1, end 1, from_last). In a mêlée, the lots go to players. A lot of a
    `tableau` (a concours in phases) counts its ranks among that tableau's places; "" counts
    them among the concours' final ranks (BRACKETS.md 6)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    start = models.PositiveSmallIntegerField(_("du rang"))
    end = models.PositiveSmallIntegerField(_("au rang"), null=True, blank=True)
    from_last = models.BooleanField(_("en partant du dernier"), default=False)
    label = models.CharField(_("lot"), max_length=200)
    order = models.PositiveSmallIntegerField(default=0)
    tableau = models.CharField(_("pour"), max_length=10, choices=TABLEAU_CHOICES, blank=True,
                               default="")
    # What the lot is worth, for each place it goes to (cents; empty: not said): the
    # treasurer's balance counts it (services.money.prize_value_set).
    value = models.PositiveIntegerField(_("valeur (centimes)"), null=True, blank=True)

    class Meta:
        ordering = ["order", "id"]

    def __str__(self) -> str:
        return self.label
