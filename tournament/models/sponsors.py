"""The club's sponsors (issue 37): each a name, a place in the order and its logo, redrawn by
Pillow on upload (tournament/logos.py). The logo's bytes live in the row: a few hundred
kilobytes at most, kept with the database and its transactions, carried by the backups and
the site export, and deleted with the row (no file left behind in a folder)."""

from __future__ import annotations

import hashlib

from django.db import models
from django.utils.translation import gettext_lazy as _

from .club import Club


class Sponsor(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sponsors")
    name = models.CharField(_("nom"), max_length=80)
    order = models.PositiveSmallIntegerField(_("ordre"), default=1)
    logo = models.BinaryField(_("logo"))  # logos.Logo.data: PNG or JPEG, redrawn
    kind = models.CharField(max_length=4)  # logos.PNG or logos.JPEG
    width = models.PositiveSmallIntegerField()
    height = models.PositiveSmallIntegerField()
    # The logo's SHA-256: its address changes with it (cached by screens), and a restored
    # backup finds a logo the club already has.
    digest = models.CharField(max_length=64)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("partenaire")

    def __str__(self) -> str:
        return self.name

    @staticmethod
    def digest_of(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()
