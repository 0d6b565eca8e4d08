"""A concours: its rule set, teams, rounds (parties), the games at each table and their donnes.

Scores are never typed in: each `DonneRecord` keeps its input, and its score columns and the
game's totals are a cache rewritten by `services.game_recompute` from `scoring` alone.
"""

from __future__ import annotations

import dataclasses
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import PRESETS, Coinche, Donne, Rules, Side, Trump

PRESET_CHOICES = [
    ("ffb-coinche", _("FFB belote coinchée")),
    ("ffb-classique", _("FFB belote classique")),
    ("contrat-seul", _("Coinche, contrat seul")),
    ("contrat-multiplie", _("Coinche, contrat multiplié")),
    ("classique-sans-annonces", _("Belote classique sans annonces")),
    ("classique-capot-250", _("Belote classique, capot à 250")),
]
SIDE_CHOICES = [(Side.NS.value, _("Nord-Sud")), (Side.EW.value, _("Est-Ouest"))]
SIDE_SHORT = {Side.NS.value: "NS", Side.EW.value: "EO"}  # printed: EO for est-ouest
# The values stored for a side, a trump and a coinche level (checked in backups and journal
# entries, which come from files).
SIDE_VALUES = frozenset(side.value for side in Side)
TRUMP_VALUES = frozenset(trump.value for trump in Trump)
COINCHE_VALUES = frozenset(coinche.value for coinche in Coinche)
TRUMP_CHOICES = [
    (Trump.SPADES.value, "♠"),
    (Trump.HEARTS.value, "♥"),
    (Trump.DIAMONDS.value, "♦"),
    (Trump.CLUBS.value, "♣"),
    (Trump.NO_TRUMP.value, _("Sans atout")),
    (Trump.ALL_TRUMP.value, _("Tout atout")),
]
# Where space is short (score sheets, journal): the suits' signs, SA and TA.
TRUMP_SHORT = {
    Trump.SPADES.value: "♠", Trump.HEARTS.value: "♥", Trump.DIAMONDS.value: "♦",
    Trump.CLUBS.value: "♣", Trump.NO_TRUMP.value: "SA", Trump.ALL_TRUMP.value: "TA",
}
COINCHE_CHOICES = [
    (Coinche.NONE.value, "—"),
    (Coinche.COINCHE.value, _("Coinché")),
    (Coinche.SURCOINCHE.value, _("Surcoinché")),
]
SEATS = ["N", "E", "S", "O"]  # the dealer turns to the left: nord, est, sud, ouest

# Fields of `Tournament` that are options of `scoring.Rules`, under the same names.
RULE_FIELDS = [field.name for field in dataclasses.fields(Rules)]


def new_token() -> str:
    """An unguessable table-link secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_donne_key() -> str:
    """A donne's stable identity (`DonneRecord.key`), in the same format as a token.

    A donne's number shifts when an earlier one is deleted; the journal names a donne by this
    key instead, so restoring an entry never acts on another donne."""
    return secrets.token_urlsafe(16)


# What `new_token` and `new_donne_key` produce: 16 random bytes in URL-safe base64.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{22}"


def default_criteria() -> list[str]:
    return ["wins", "points", "diff"]


class Tournament(models.Model):
    name = models.CharField(_("nom"), max_length=200)
    slug = models.SlugField(_("adresse"), unique=True, max_length=60)
    date = models.DateField(_("date"))
    place = models.CharField(_("lieu"), max_length=200, blank=True)
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
        max_length=10,
        choices=[("faits", _("Points faits + demandés")), ("demandes", _("Points demandés"))],
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
        _("points du capot"), default=252, choices=[(252, "252"), (250, "250")],
        help_text=_("Points de cartes de l'équipe qui fait capot : 252 (dix de der à 100) ou "
                    "250."),
    )
    max_contract = models.PositiveSmallIntegerField(
        _("contrat le plus haut"), default=500,
        help_text=_("Coinche : la plus haute enchère chiffrée, de 80 à 500 (un capot reste "
                    "possible)."),
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
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("concours")
        verbose_name_plural = _("concours")

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Rules:
        return Rules(**{name: getattr(self, name) for name in RULE_FIELDS})

    def apply_preset(self, key: str) -> None:
        self.preset = key
        for name, value in dataclasses.asdict(PRESETS[key]).items():
            setattr(self, name, value)


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


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("partie"))
    seed = models.BigIntegerField(_("graine du tirage"), null=True, blank=True)
    # A closed round no longer accepts donnes through its table links.
    closed = models.BooleanField(_("close"), default=False)
    # "Fin du temps": when the organiser called time; each unfinished game then ends after
    # its `Game.stop_after` donnes (scoring's stop_after).
    time_called = models.DateTimeField(_("fin du temps"), null=True, blank=True)
    # The end of this partie's games, recorded when it is drawn and kept when the organiser
    # changes them from a later partie on ("8 donnes from partie 3"): a backup or a
    # recomputation scores it as it was played. Either may be None (no target, no limit),
    # as on the tournament; both None (which scoring refuses: a game must end) means nothing
    # is recorded, and the partie follows the tournament's values.
    target = models.PositiveIntegerField(_("partie en"), null=True, blank=True)
    max_donnes = models.PositiveSmallIntegerField(_("nombre de donnes"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"Partie {self.number}"

    def save(self, *args, **kwargs) -> None:
        # A partie drawn records the tournament's end of a game as it is at the draw.
        if self._state.adding and not self.has_own_limits:
            self.target, self.max_donnes = self.tournament.target, self.tournament.max_donnes
        super().save(*args, **kwargs)

    @property
    def has_own_limits(self) -> bool:
        """Whether this partie records its target and number of donnes (see above)."""
        return self.target is not None or self.max_donnes is not None

    @property
    def rules(self) -> Rules:
        """The rules this partie is played with: every game of it scores by these. The
        tournament's, but for the end of a game, which each partie records."""
        return partie_rules(self.tournament.rules, self.target, self.max_donnes)


def partie_rules(rules: Rules, target: int | None, max_donnes: int | None) -> Rules:
    """A partie's rules: the tournament's `rules`, with the partie's own end of a game when it
    records one (target and max_donnes not both None). Round.rules, and backups before the
    rounds exist, read them so."""
    if target is None and max_donnes is None:
        return rules
    return dataclasses.replace(rules, target=target, max_donnes=max_donnes)


class Game(models.Model):
    """One table of a round, or a bye (`team_ew` empty, `table` 0)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(_("table"))
    team_ns = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="games_ns")
    team_ew = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="games_ew", null=True, blank=True
    )
    first_dealer = models.CharField(_("premier donneur"), max_length=1, default="N")
    forfeit = models.CharField(
        _("forfait"), max_length=2, choices=SIDE_CHOICES, blank=True,
        help_text=_("Le camp qui déclare forfait."),
    )
    # Cache rewritten by services.game_recompute from scoring.score_game.
    score_ns = models.IntegerField(default=0)
    score_ew = models.IntegerField(default=0)
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    played = models.PositiveSmallIntegerField(default=0)
    # Time called: the game ends after this many donnes at the latest (None: not called).
    stop_after = models.PositiveSmallIntegerField(null=True, blank=True)
    # The secret of the table link (/table/<token>/), printed as a QR code on the score sheet.
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)

    class Meta:
        ordering = ["round__number", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="game_table_unique")
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"

    @property
    def is_bye(self) -> bool:
        return self.team_ew_id is None

    def team(self, side: str) -> Team | None:
        return self.team_ns if side == Side.NS else self.team_ew

    def dealer(self, donne_number: int) -> str:
        start = SEATS.index(self.first_dealer)
        return SEATS[(start + donne_number - 1) % 4]


class DonneRecord(models.Model):
    """A donne as entered (the input of scoring.Donne), with its computed score cached."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="donnes")
    number = models.PositiveSmallIntegerField(_("donne"))
    # The donne's identity for the journal: its number shifts, its key never does.
    key = models.CharField(max_length=22, unique=True, default=new_donne_key, editable=False)
    taker = models.CharField(_("preneur"), max_length=2, choices=SIDE_CHOICES, blank=True)
    contract = models.PositiveSmallIntegerField(_("contrat"), null=True, blank=True)
    capot_bid = models.BooleanField(_("capot demandé"), default=False)
    trump = models.CharField(_("atout"), max_length=2, choices=TRUMP_CHOICES, blank=True)
    coinche = models.CharField(
        _("coinche"), max_length=10, choices=COINCHE_CHOICES, default=Coinche.NONE.value
    )
    taker_points = models.PositiveSmallIntegerField(_("points faits"), default=0)
    capot = models.CharField(_("capot"), max_length=2, choices=SIDE_CHOICES, blank=True)
    belote_ns = models.PositiveSmallIntegerField(_("belote NS"), default=0)
    belote_ew = models.PositiveSmallIntegerField(_("belote EO"), default=0)
    annonces_ns = models.PositiveSmallIntegerField(_("annonces NS"), default=0)
    annonces_ew = models.PositiveSmallIntegerField(_("annonces EO"), default=0)
    # Points attribués by the arbiter (a penalty given to the other side), 0..1000.
    awarded_ns = models.PositiveSmallIntegerField(_("points attribués NS"), default=0)
    awarded_ew = models.PositiveSmallIntegerField(_("points attribués EO"), default=0)
    version = models.PositiveIntegerField(default=1)
    # Cache rewritten by services.game_recompute.
    score_ns = models.IntegerField(default=0)
    score_ew = models.IntegerField(default=0)
    outcome = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="donne_number_unique")
        ]

    @property
    def taker_label(self) -> str:
        return SIDE_SHORT.get(self.taker, "")

    @property
    def capot_label(self) -> str:
        return SIDE_SHORT.get(self.capot, "")

    @property
    def awarded_label(self) -> str:
        """Points attribués in a few signs: "+50 NS", "+20 NS +50 EO" ("" when none)."""
        return " ".join(f"+{points} {SIDE_SHORT[side]}" for side, points in
                        ((Side.NS.value, self.awarded_ns), (Side.EW.value, self.awarded_ew))
                        if points)

    def set_donne(self, donne: Donne) -> None:
        """Copy a donne's input into this record (the inverse of `to_donne`). Enum fields may
        hold members or their string values, as `scoring` accepts: str() gives the value."""
        self.taker = str(donne.taker) if donne.taker is not None else ""
        self.contract = donne.contract
        self.capot_bid = donne.capot_bid
        self.trump = str(donne.trump) if donne.trump is not None else ""
        self.coinche = str(donne.coinche)
        self.taker_points = donne.taker_points
        self.capot = str(donne.capot) if donne.capot is not None else ""
        self.belote_ns, self.belote_ew = donne.belote_ns, donne.belote_ew
        self.annonces_ns, self.annonces_ew = donne.annonces_ns, donne.annonces_ew
        self.awarded_ns, self.awarded_ew = donne.awarded_ns, donne.awarded_ew

    def to_donne(self) -> Donne:
        return Donne(
            taker=Side(self.taker) if self.taker else None,
            contract=self.contract,
            capot_bid=self.capot_bid,
            trump=Trump(self.trump) if self.trump else None,
            coinche=Coinche(self.coinche),
            taker_points=self.taker_points,
            capot=Side(self.capot) if self.capot else None,
            belote_ns=self.belote_ns,
            belote_ew=self.belote_ew,
            annonces_ns=self.annonces_ns,
            annonces_ew=self.annonces_ew,
            awarded_ns=self.awarded_ns,
            awarded_ew=self.awarded_ew,
        )



class AuditEntry(models.Model):
    """One change of a donne, a pairing, a team or the rules: who, when, before and after.

    Values are plain JSON (a donne's input fields, a team's fields, rule options, a table's
    teams) so that an entry outlives the row it describes and can be restored from.
    """

    KINDS = [
        ("donne", _("donne")),
        ("pairing", _("tables")),
        ("team", _("équipe")),
        ("rules", _("règlement")),
        ("round", _("partie")),
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
    }

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["tournament", "round_number", "table"])]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.actor} {self.kind} {self.action}"

    @property
    def action_label(self) -> str:
        if self.kind == "round" and self.action == "create":
            return str(_("tirage"))
        return str(self.ACTIONS.get(self.action, self.action))
