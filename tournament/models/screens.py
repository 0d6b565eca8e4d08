"""A screen of the hall (the bar's television, the entrance's): its own rotation of views,
chosen from the desk (tournament/screens.py)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class HallScreen(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="hall_screens")
    number = models.PositiveSmallIntegerField(_("écran"))  # its address: /ecrans/<number>/
    name = models.CharField(_("nom"), max_length=60, blank=True)
    rotation = models.CharField(_("vues"), max_length=200)  # screens.rotation_text
    message = models.CharField(_("message"), max_length=300, blank=True)
    # The screen asks for it every few seconds and reloads when it moves.
    changed = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="hall_screen_number_unique")]

    def __str__(self) -> str:
        return self.name or f"Écran {self.number}"
