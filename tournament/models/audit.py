"""The journal: every change of a donne, a pairing, a team or the rules."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class AuditEntry(models.Model):
    """One change of a donne, a pairing, a team or the rules: who, when, before and after.

    Values are plain JSON (a donne's input fields, a team's fields, rule options, a table's
    teams) so that an entry outlives the row it describes and can be restored from.
    """

    # The entry kinds of tournament.journal's registry, their keys and labels kept here as data
    # (a migration's choices; the model imports no journal): a test checks both agree.
    KINDS = [
        ("donne", _("donne")),
        ("pairing", _("tables")),
        ("team", _("équipe")),
        ("player", _("joueur")),
        ("rules", _("règlement")),
        ("round", _("partie")),
        # A table's score as a whole: its paper totals, their confirmation (journal.game).
        ("game", _("score")),
        # An entrant marked arrived at the desk, or absent again (journal.arrival).
        ("arrival", _("arrivée")),
        # The money at the desk: the fee, payments and refunds, the cash prizes, lots' values.
        ("money", _("caisse")),
        # The club's season the concours counts for (journal.season).
        ("season", _("saison")),
        # A concours in phases: its formule, its poules drawn, swapped (journal.phases).
        ("phases", _("phases")),
    ]
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(_("quand"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    actor = models.CharField(_("qui"), max_length=150)
    kind = models.CharField(_("objet"), max_length=10, choices=KINDS)
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
