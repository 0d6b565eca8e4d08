"""A concours in phases (BRACKETS.md): its formule, and its poules as drawn.

The formule is a plan on top of the concours' format (doublettes today), not a format of its
own: what is registered, drawn and ranked stays the format's (teams), and only the order in
which the parties are played changes. A concours without a `PhasePlan` plays drawn parties,
as every concours did before. The rules themselves (what each option means, what is
refused) are the pure core's (`tournament.brackets.formule`): `PhasePlan.formule` hands it
the stored values.
"""

from __future__ import annotations

import dataclasses

from django.db import models
from django.utils.translation import gettext_lazy as _

from ..brackets.formule import Formule
from .players import Team
from .tournament import Tournament

QUALIFICATION_CHOICES = [
    ("poules", _("poules")),
    ("parties", _("parties qualificatives")),
    ("direct", _("tableau direct")),
]
POULE_STYLE_CHOICES = [
    ("toutes", _("toutes rencontres")),
    ("gagnants", _("gagnants-perdants et barrage")),
]
CADRAGE_CHOICES = [
    ("tetes", _("têtes de série (les meilleurs exemptés)")),
    ("tirage", _("par tirage au sort")),
]
PLACEMENT_CHOICES = [
    ("partagees", _("places partagées")),
    ("petite-finale", _("petite finale pour la 3e place")),
    ("complet", _("toutes les places jouées")),
]


class PhasePlan(models.Model):
    """The « formule en phases » of one concours (keys stored: never rename them)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="phase_plan")
    qualification = models.CharField(_("qualification"), max_length=8,
                                     choices=QUALIFICATION_CHOICES, default="poules")
    poule_style = models.CharField(_("poules"), max_length=8, choices=POULE_STYLE_CHOICES,
                                   default="toutes")
    qualified = models.PositiveSmallIntegerField(_("qualifiés par poule"), default=2)
    parties = models.PositiveSmallIntegerField(_("parties qualificatives"), null=True,
                                               blank=True)
    principal = models.PositiveSmallIntegerField(_("équipes du tableau principal"), null=True,
                                                 blank=True)
    consolante = models.BooleanField(_("consolante"), default=True)
    cadrage = models.CharField(_("cadrage"), max_length=6, choices=CADRAGE_CHOICES,
                               default="tetes")
    placement = models.CharField(_("placement"), max_length=13, choices=PLACEMENT_CHOICES,
                                 default="partagees")
    separate_clubs = models.BooleanField(_("séparer les clubs"), default=False)
    # The têtes de série by team number, in order (at most one per poule).
    tetes = models.JSONField(_("têtes de série"), default=list, blank=True)
    # The seed the poules were dealt with (None: not drawn yet); shown, reusable.
    deal_seed = models.BigIntegerField(_("graine du tirage des poules"), null=True,
                                       blank=True)

    class Meta:
        verbose_name = _("formule en phases")

    def __str__(self) -> str:
        return f"{self.tournament} : {self.get_qualification_display()}"

    def formule(self, criteria: tuple[str, ...] | None = None) -> Formule:
        """The pure core's formule, the team numbers of the têtes de série as its ids."""
        formule = Formule(
            qualification=self.qualification,  # type: ignore[arg-type]
            poule_style=self.poule_style,  # type: ignore[arg-type]
            qualified=self.qualified, parties=self.parties, principal=self.principal,
            consolante=self.consolante, cadrage=self.cadrage,  # type: ignore[arg-type]
            placement=self.placement,  # type: ignore[arg-type]
            separate_clubs=self.separate_clubs, tetes=tuple(self.tetes))
        return dataclasses.replace(formule, criteria=criteria) if criteria else formule


class PouleSeat(models.Model):
    """A team's place in its poule as dealt (BRACKETS.md 2.2): poule 1 is A, position 1 the
    first dealt (it plays at Nord-Sud first, 2.3)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="poule_seats")
    poule = models.PositiveSmallIntegerField(_("poule"))
    position = models.PositiveSmallIntegerField(_("position"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="poule_seats")

    class Meta:
        ordering = ["poule", "position"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "poule", "position"],
                                    name="poule_seat_unique"),
            models.UniqueConstraint(fields=["tournament", "team"],
                                    name="poule_seat_team_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} poule {self.poule} : {self.position}"


TABLEAU_CHOICES = [("principal", _("tableau principal")), ("consolante", _("consolante"))]


class Tableau(models.Model):
    """A knock-out tableau of the concours (BRACKETS.md 3): its entrants by seed (team
    numbers; the bracket, its byes and its cadrage follow from them, 3.2) and the
    first-round pairs from one poule that no swap could mend (named on its page)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="tableaux")
    name = models.CharField(_("tableau"), max_length=10, choices=TABLEAU_CHOICES)
    seeds = models.JSONField(_("têtes de série"), default=list)
    unmended = models.JSONField(default=list, blank=True)
    # The lot's seed under the cadrage « par tirage » (None: seeded from the poules).
    seed = models.BigIntegerField(null=True, blank=True)
    # On the principal: the teams in neither tableau, by their place in the qualification
    # (groups sharing a place, best first; BRACKETS.md 6), as they stood at its draw.
    rest = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"],
                                               name="tableau_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} : {self.get_name_display()}"


class TableauMatch(models.Model):
    """A match of a tableau called to a table: its game (a partie of the tableau's round,
    Round.phase the tableau's name). Round and match indexes from 0, in the bracket's
    order (BRACKETS.md 9: match i of a round is played by the winners of 2i and 2i + 1)."""

    tableau = models.ForeignKey(Tableau, on_delete=models.CASCADE, related_name="matches")
    # 0: a match of the bracket, `round_index` its round. Else a placing match (5) of the
    # places `low` … `low` + `round_index` − 1 (`round_index` is then its group's size).
    low = models.PositiveSmallIntegerField(default=0)
    round_index = models.PositiveSmallIntegerField()
    index = models.PositiveSmallIntegerField()
    game = models.OneToOneField("Game", on_delete=models.CASCADE,
                                related_name="tableau_match")

    class Meta:
        ordering = ["low", "round_index", "index"]
        constraints = [models.UniqueConstraint(fields=["tableau", "low", "round_index",
                                                       "index"],
                                               name="tableau_match_unique")]

    def __str__(self) -> str:
        return f"{self.tableau} {self.round_index}.{self.index}"
