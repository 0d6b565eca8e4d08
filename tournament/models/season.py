"""A club's season: a challenge over some of its concours, ranked by a rule
(`tournament.season` computes it; `selectors.season` loads the results)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .club import Club

SEASON_KIND_CHOICES = [
    ("table", _("points par place, d'après un barème")),
    ("formula", _("points par place : inscrits − place + 1")),
    ("sum", _("somme des résultats de chaque concours (points de classement et scores)")),
]
SEASON_BEYOND_CHOICES = [
    ("zero", _("zéro point")),
    ("last", _("les points de la dernière place du barème")),
]
SEASON_TIE_BREAK_CHOICES = [
    ("wins", _("victoires")),
    ("score", _("total des scores")),
    ("played", _("concours joués")),
    ("best", _("meilleur résultat d'un concours")),
]


def default_tie_breaks() -> list[str]:
    return ["wins", "score"]


def default_points_table() -> list[int]:
    return []


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("nom"), max_length=120)
    start = models.DateField(_("début"))
    end = models.DateField(_("fin"))
    kind = models.CharField(_("règle"), max_length=10, choices=SEASON_KIND_CHOICES,
                            default="table")
    points_table = models.JSONField(_("barème"), default=default_points_table, blank=True)
    beyond = models.CharField(_("places au-delà du barème"), max_length=5,
                              choices=SEASON_BEYOND_CHOICES, default="zero")
    participation = models.PositiveIntegerField(_("bonus de participation"), default=0)
    best = models.PositiveSmallIntegerField(_("meilleurs résultats comptés"), null=True,
                                            blank=True)
    min_ranked = models.PositiveSmallIntegerField(_("concours pour être classé"), default=0)
    min_lot = models.PositiveSmallIntegerField(_("concours pour recevoir un lot"), default=0)
    tie_breaks = models.JSONField(_("départages"), default=default_tie_breaks)
    published = models.BooleanField(_("publiée"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "name"]
        verbose_name = _("saison")

    def __str__(self) -> str:
        return self.name
