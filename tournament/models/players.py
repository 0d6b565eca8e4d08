"""Who plays: teams (doublettes) and, soon, players."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("n°"))
    name = models.CharField(_("équipe"), max_length=120)
    player1 = models.CharField(_("joueur 1"), max_length=120)
    player2 = models.CharField(_("joueur 2"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    @property
    def players(self) -> str:
        return f"{self.player1} et {self.player2}"
