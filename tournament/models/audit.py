"""The journal: every change of a donne, a pairing, a team or the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class AuditEntry(models.Model):
    """One change of a donne, a pairing, a team or the rules: who, when, before and after.

    Values are plain JSON (a donne's input fields, a team's fields, rule options, a table's
    teams) so that an entry outlives the row it describes and can be restored from.
    """

    # The entry kinds: tournament.journal's registry (one module per kind, its key and
    # label), handed in when the app is ready (apps.py: the model imports no journal).
    # `kind` has no choices, so that a new kind takes no migration; `clean` and
    # journal.log.entry refuse a key the registry does not know.
    kinds: ClassVar[Mapping[str, Any]] = {}
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(_("quand"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    actor = models.CharField(_("qui"), max_length=150)
    kind = models.CharField(_("objet"), max_length=10)
    action = models.CharField(_("action"), max_length=10)
    # Where: the round and table of a donne or a pairing, the team number of a team.
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    number = models.PositiveIntegerField(null=True, blank=True)
    # The `DonneRecord.key` of the donne an entry is about ("" for other kinds, and for
    # entries written before donnes had keys: those are matched by number and value).
    donne_key = models.CharField(max_length=22, blank=True, default="")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    ACTIONS = {
        "create": _("saisie"), "update": _("correction"), "delete": _("suppression"),
        "restore": _("rétablissement"), "swap": _("échange"), "forfeit": _("forfait"),
        "withdraw": _("retrait"), "return": _("retour"), "import": _("import"),
        "close": _("clôture"), "reopen": _("réouverture"), "time": _("fin du temps"),
        "untime": _("fin du temps annulée"),
        "totals": _("totaux de la feuille"), "untotals": _("retour aux donnes"),
        "confirm": _("confirmation"), "dispute": _("contestation"),
        "arrive": _("arrivée"), "absent": _("absence"),
        # The money at the desk (journal.money).
        "fee": _("droit d'inscription"), "pay": _("paiement"), "unpay": _("paiement annulé"),
        "refund": _("remboursement"), "unrefund": _("remboursement annulé"),
        "pool": _("prix en espèces"), "lot_value": _("valeur d'un lot"),
        "anonymise": _("anonymisation"),  # RGPD: services.club_player_anonymise
        # A concours in phases (journal.phases).
        "tableau": _("tableau tiré"), "call": _("appel"), "uncall": _("appel annulé"),
    }

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["tournament", "round_number", "table"])]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.actor} {self.kind} {self.action}"

    def clean(self) -> None:
        super().clean()
        if self.kind not in self.kinds:
            raise ValidationError({"kind": _("Objet inconnu : %(kind)s.")
                                   % {"kind": str(self.kind)[:20]}})

    def get_kind_display(self) -> str:
        """The kind's French label, as the journal's filter says it (the name Django gives
        this where a field has choices: the pages kept it)."""
        kind = self.kinds.get(self.kind)
        return str(kind.label) if kind is not None else self.kind

    # The lots are written as a rules entry ({"prizes": [...]}): named as lots, not « saisie ».
    PRIZE_ACTIONS = {
        "create": _("lot ajouté"), "update": _("lot modifié"), "delete": _("lot supprimé"),
        "swap": _("lots réordonnés"), "restore": _("lots rétablis"), "import": _("lots importés"),
    }

    @property
    def action_label(self) -> str:
        if self.kind == "round" and self.action == "create":
            return str(_("tirage"))
        if self.kind == "rules" and isinstance(self.after, dict) and "prizes" in self.after:
            return str(self.PRIZE_ACTIONS.get(self.action, _("lots")))
        return str(self.ACTIONS.get(self.action, self.action))
