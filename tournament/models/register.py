"""The register's own log: what was done to the club's register of players, by whom.

The concours' journal (`AuditEntry`) belongs to one concours; the register belongs to the
club, so its changes (a player added or corrected, two merged, one anonymised) are logged
here. A merge's entry keeps what its undo needs: the duplicate's values (its id and uid
included) and the concours entrants that moved to the kept player.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .club import Club, ClubPlayer


class RegisterEntry(models.Model):
    ACTIONS = [
        ("create", _("ajout")),
        ("update", _("correction")),
        ("merge", _("fusion")),
        ("unmerge", _("fusion annulée")),
        ("anonymise", _("anonymisation")),
    ]
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="register_log")
    at = models.DateTimeField(_("quand"), default=timezone.now)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+")
    actor = models.CharField(_("qui"), max_length=150)
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    # The player the entry is about (the kept one of a merge); empty once it is gone.
    player = models.ForeignKey(ClubPlayer, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="log")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # A merge undone: when (its undo is logged as "unmerge" too).
    undone = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["club", "action"], name="register_entry_action")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor} {self.action}"
