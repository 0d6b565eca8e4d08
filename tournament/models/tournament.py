"""A concours and its rule set (the options of `scoring.Rules`)."""

from __future__ import annotations

import dataclasses

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import PRESETS, Rules

from ..choices import (
    CAPOT_POINTS_CHOICES,
    CHUTE_BASE_CHOICES,
    COINCHE_MADE_CHOICES,
    COUNTING_CHOICES,
    EXEMPT_CHOICES,
    FEE_PER_CHOICES,
    FEE_PER_TEAM,
    FORMAT_CHOICES,
    LOSING_BELOTE_CHOICES,
    PRESET_CHOICES,
)
from ..formats import Format, format_of

# Fields of `Tournament` that are options of `scoring.Rules`, under the same names.
RULE_FIELDS = [field.name for field in dataclasses.fields(Rules)]
# The ranking points of each result (None: none; services.common bounds them).
RANKING_POINTS_FIELDS = ("points_win", "points_loss", "points_exempt", "points_forfeit")


def default_criteria() -> list[str]:
    return ["wins", "points", "diff"]


class Tournament(models.Model):
    name = models.CharField(_("nom"), max_length=200)
    slug = models.SlugField(_("adresse"), unique=True, max_length=60)
    date = models.DateField(_("date"))
    place = models.CharField(_("lieu"), max_length=200, blank=True)
    # The club that owns the concours (its members run it, by their roles: access.py), and
    # the account that created it.
    club = models.ForeignKey("Club", on_delete=models.PROTECT, related_name="tournaments",
                             verbose_name=_("club"))
    # The club's season whose challenge counts this concours (at most one; of its club).
    season = models.ForeignKey("Season", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="tournaments", verbose_name=_("saison"))
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments"
    )
    preset = models.CharField(_("règlement"), max_length=30, choices=PRESET_CHOICES)
    # The rule options (scoring.Rules), copied from the preset then adjusted.
    game = models.CharField(
        _("jeu"), max_length=10, choices=[("coinche", _("Coinche")), ("classique", _("Classique"))]
    )
    counting = models.CharField(
        _("décompte"),
        max_length=12,
        choices=COUNTING_CHOICES,
        help_text=_("Coinche : ce que marque un contrat réussi."),
    )
    multiply = models.CharField(
        _("la coinche multiplie"),
        max_length=10,
        choices=[("score", _("tout le score")), ("contract", _("le contrat seul"))],
    )
    surcoinche_factor = models.PositiveSmallIntegerField(
        _("surcoinche"), choices=[(4, "× 4"), (3, "× 3")]
    )
    litige = models.BooleanField(
        _("règle du litige"),
        help_text=_("Égalité 81-81 : les points du preneur vont à la donne suivante."),
    )
    tie_to_takers = models.BooleanField(
        _("égalité réussie"),
        help_text=_("Sans litige : une égalité fait réussir le contrat (sinon il chute)."),
    )
    rounding = models.BooleanField(
        _("arrondi"), help_text=_("Scores arrondis à la dizaine (85 → 90, 84 → 80).")
    )
    sa_ta = models.BooleanField(_("sans atout / tout atout"), help_text=_("Contrats SA et TA."))
    annonces = models.BooleanField(_("annonces"), help_text=_("Tierce, cinquante, cent, carrés."))
    target = models.PositiveIntegerField(
        _("partie en"), null=True, blank=True, help_text=_("Points à atteindre (vide : aucun).")
    )
    max_donnes = models.PositiveSmallIntegerField(
        _("nombre de donnes"),
        null=True,
        blank=True,
        help_text=_("La partie s'arrête après ce nombre de donnes (vide : aucun)."),
    )
    # Options of SCORING.md version 2. The defaults are the FFB coinche preset's; migration
    # 0003 gives existing tournaments the values that keep their version-1 scores.
    belote_multiplied = models.BooleanField(
        _("belote du gagnant multipliée"), default=True,
        help_text=_("Coinche : la belote du camp qui gagne la donne coinchée est multipliée "
                    "avec le reste (FFB)."),
    )
    belote_in_contract = models.BooleanField(
        _("belote comptée pour le contrat"), default=True,
        help_text=_("La belote compte dans les points qui décident si le contrat est réussi "
                    "(sinon elle est seulement marquée)."),
    )
    demandes_belote = models.BooleanField(
        _("belote marquée aux points demandés"), default=False,
        help_text=_("Décompte des seuls points demandés : chaque camp marque aussi 20 par "
                    "belote."),
    )
    belote_exception = models.BooleanField(
        _("exception de la belote (FFB 10.3)"), default=True,
        help_text=_("Une équipe chutée ou capot qui atteint le score grâce à sa seule belote "
                    "doit encore faire un pli pour gagner la partie."),
    )
    beat_defence = models.BooleanField(
        _("battre la défense"), default=True,
        help_text=_("Coinche, points faits : les preneurs doivent aussi faire plus que la "
                    "défense (sinon atteindre le contrat suffit)."),
    )
    capot_points = models.PositiveSmallIntegerField(
        _("points du capot"), default=252, choices=CAPOT_POINTS_CHOICES,
        help_text=_("Points de cartes de l'équipe qui fait capot : 252 (dix de der à 100), "
                    "250, ou 162 (pas de prime de capot)."),
    )
    max_contract = models.PositiveSmallIntegerField(
        _("contrat le plus haut"), default=500,
        help_text=_("Coinche : la plus haute enchère chiffrée, de 80 à 500 (un capot reste "
                    "possible)."),
    )
    # Options of SCORING.md version 3. The defaults score as version 2; migration 0010 gives
    # them to existing tournaments. None (NULL) is the spec's "none".
    coinche_made = models.CharField(
        _("contrat coinché réussi"), max_length=10, choices=COINCHE_MADE_CHOICES,
        null=True, blank=True, default=None,
        help_text=_("Coinche, points faits : ce que marque un contrat réussi coinché (vide : "
                    "la base si la coinche multiplie tout le score, les points sinon)."),
    )
    chute_base = models.PositiveSmallIntegerField(
        _("base de la chute"), choices=CHUTE_BASE_CHOICES, null=True, blank=True, default=None,
        help_text=_("Ce que vaut une chute avant annonces, belote et contrat (vide : 160 avec "
                    "l'arrondi, 162 sans)."),
    )
    rounding_160 = models.BooleanField(
        _("arrondi à 160"), default=False,
        help_text=_("Le preneur arrondit à partir de 6, la défense à partir de 7 : les deux "
                    "camps font 160 à eux deux."),
    )
    rounding_decides = models.BooleanField(
        _("contrat jugé sur les points arrondis"), default=False,
        help_text=_("Les points arrondis décident du contrat (85 fait 90)."),
    )
    losing_belote = models.CharField(
        _("belote du perdant"), max_length=10, choices=LOSING_BELOTE_CHOICES, default="kept",
        help_text=_("La belote du camp qui ne marque qu'elle (chuté, battu…) : gardée "
                    "(imprenable), au gagnant (prenable) ou perdue."),
    )
    capot_takes_annonces = models.BooleanField(
        _("le capot prend les annonces"), default=True,
        help_text=_("Sur un capot des preneurs, les annonces de la défense changent de camp "
                    "(sinon la défense les garde)."),
    )
    defence_capot_bonus = models.BooleanField(
        _("capot de la défense compté"), default=False,
        help_text=_("Sur une chute où la défense fait tous les plis, elle compte le capot "
                    "(252) au lieu de la base."),
    )
    capot_bid_score = models.PositiveSmallIntegerField(
        _("capot annoncé"), null=True, blank=True, default=None,
        help_text=_("Coinche : un capot annoncé vaut ce score, réussi ou chuté (vide : un "
                    "contrat de 250). Multiple de 10, de 250 à 2000."),
    )
    generale_score = models.PositiveSmallIntegerField(
        _("générale"), null=True, blank=True, default=None,
        help_text=_("Coinche : la générale (le preneur fait seul tous les plis) se joue et "
                    "vaut ce score, réussie ou chutée (vide : pas de générale). Multiple de "
                    "10, de 250 à 2000."),
    )
    parties_planned = models.PositiveSmallIntegerField(_("parties prévues"), default=4)
    criteria = models.JSONField(_("critères de classement"), default=default_criteria)
    bye_points = models.PositiveIntegerField(
        _("points d'une exemption"), default=1000,
        help_text=_("Une équipe exempte gagne sa partie avec ces points."),
    )
    forfeit_points = models.PositiveIntegerField(
        _("points d'un forfait"), default=1000,
        help_text=_("L'adversaire d'une équipe forfait gagne avec ces points."),
    )
    published = models.BooleanField(
        _("publié"), default=False,
        help_text=_("Tables, classement et écran visibles de tous (sinon de l'organisateur "
                    "seul)."),
    )
    # --- Formats (issue 12) -------------------------------------------------------------
    format = models.CharField(
        _("formule"), max_length=10, choices=FORMAT_CHOICES, default="doublettes",
        help_text=_("Doublettes formées, ou mêlée : les joueurs s'inscrivent seuls et les "
                    "équipes sont tirées à chaque partie."),
    )
    # A key of the draw registry (`tournament.draw.METHODS`), checked by the forms and services.
    draw_method = models.CharField(_("tirage"), max_length=20, default="standings")
    exempt_rule = models.CharField(
        _("score d'une exemption"), max_length=10, choices=EXEMPT_CHOICES, default="fixed",
    )
    # Ranking points per result (None: none); the criterion "ranking_points" sums them.
    points_win = models.PositiveIntegerField(_("points de classement d'une victoire"),
                                             null=True, blank=True)
    points_loss = models.PositiveIntegerField(_("points de classement d'une défaite"),
                                              null=True, blank=True)
    points_exempt = models.PositiveIntegerField(_("points de classement d'une exemption"),
                                                null=True, blank=True)
    points_forfeit = models.PositiveIntegerField(_("points de classement d'un forfait"),
                                                 null=True, blank=True)
    # --- Results (issue 13) --------------------------------------------------------------
    paper_by_tables = models.BooleanField(
        _("totaux saisis par les tables"), default=False,
        help_text=_("Les liens de table peuvent saisir les totaux de la feuille."),
    )
    two_confirmations = models.BooleanField(
        _("double confirmation"), default=False,
        help_text=_("Un score saisi depuis un téléphone attend la confirmation de l'autre "
                    "camp (ou de l'organisateur)."),
    )
    # --- Money at the desk (issue 25) ---------------------------------------------------
    fee = models.PositiveIntegerField(
        _("droit d'inscription (centimes)"), default=0,
        help_text=_("0 : concours gratuit."))
    fee_per = models.CharField(_("droit demandé"), max_length=10, choices=FEE_PER_CHOICES,
                               default=FEE_PER_TEAM)
    # --- The club's sponsors (issue 37) -------------------------------------------------
    sponsors_in_pdfs = models.BooleanField(
        _("partenaires au pied des PDF"), default=False,
        help_text=_("Les logos des partenaires du club au pied du classement et du palmarès "
                    "imprimés."))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("concours")
        verbose_name_plural = _("concours")

    @property
    def format_spec(self) -> Format:
        """The format's entry in the registry (tournament.formats): what it plays and ranks."""
        return format_of(self)

    @property
    def by_player(self) -> bool:
        """Players register alone and are ranked, the teams drawn at each partie (a mêlée)."""
        return format_of(self).by_player

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Rules:
        return Rules(**{name: getattr(self, name) for name in RULE_FIELDS})

    def apply_preset(self, key: str) -> None:
        self.preset = key
        for name, value in dataclasses.asdict(PRESETS[key]).items():
            setattr(self, name, value)
