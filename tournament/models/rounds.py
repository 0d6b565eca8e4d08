"""Parties (rounds), the games at each table, and the donnes entered.

Scores are never typed in: each `DonneRecord` keeps its input, and its score columns and the
game's totals are a cache rewritten by `services.game_recompute` from `scoring` alone.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import Coinche, Donne, Rules, Side, Trump

from ..choices import COINCHE_CHOICES, SEATS, SIDE_CHOICES, SIDE_SHORT, TRUMP_CHOICES
from .players import Team
from .tournament import Tournament


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
# The countdown a partie's page offers when no partie of its concours had one (minutes).
CLOCK_OFFERED = 45


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
    # The draw method this partie was drawn with (a key of `tournament.draw.METHODS`).
    draw_method = models.CharField(_("tirage"), max_length=20, blank=True)
    # The countdown shown on the projector and the phones (services.countdown): its length,
    # and the moment it ends, which each page counts down to on its own clock (None: none).
    clock_minutes = models.PositiveSmallIntegerField(_("durée de la partie (minutes)"),
                                                     null=True, blank=True)
    clock_ends = models.DateTimeField(_("fin du chrono"), null=True, blank=True)
    # The phase of a concours en phases this partie belongs to (a key of
    # tournament.formats.PHASES: qualification, poule, principal, consolante) and, in a poule,
    # the poule's number (1 is A); both None for a partie of a concours of drawn parties.
    phase = models.CharField(_("phase"), max_length=12, null=True, blank=True)
    poule = models.PositiveSmallIntegerField(_("poule"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(
                condition=models.Q(poule__isnull=True) | models.Q(phase="poule", poule__gte=1),
                name="round_poule_in_a_poule"),
        ]

    def __str__(self) -> str:
        return f"Partie {self.number}"

    def save(self, *args, **kwargs) -> None:
        # A partie drawn records the tournament's end of a game as it is at the draw.
        if self._state.adding and not self.has_own_limits:
            self.target, self.max_donnes = self.tournament.target, self.tournament.max_donnes
        super().save(*args, **kwargs)

    @property
    def clock_offered(self) -> int:
        """The countdown's length the partie's page offers: its own, else the last one used
        in this concours (each partie usually lasts as long), else 45 minutes (one query)."""
        if self.clock_minutes is not None:
            return self.clock_minutes
        last = (Round.objects.filter(tournament_id=self.tournament_id, number__lt=self.number,
                                     clock_minutes__isnull=False)
                .order_by("-number").values_list("clock_minutes", flat=True).first())
        return last if last is not None else CLOCK_OFFERED

    @property
    def clock_over(self) -> bool:
        """Whether this partie's countdown has run out (then « fin du temps » is offered)."""
        return self.clock_ends is not None and self.clock_ends <= timezone.now()

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
    """One table of a round, or a bye (`team_ew` empty; numbered after the real tables: a
    mêlée partie may have up to three exempt players, so pages recognise it by `is_bye`)."""

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
    # Two confirmations: the East-West side's own link (the printed sheet carries both), and
    # the side whose confirmation of the final score is awaited ("" : none).
    token_ew = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    awaiting = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    # Paper totals: the sheet's final totals typed instead of its donnes (then no donne is
    # stored), with what the check of those totals needs (scoring.paper).
    by_totals = models.BooleanField(default=False)
    paper_ns = models.IntegerField(null=True, blank=True)
    paper_ew = models.IntegerField(null=True, blank=True)
    paper_donnes = models.PositiveSmallIntegerField(null=True, blank=True)
    paper_belotes = models.PositiveSmallIntegerField(null=True, blank=True)
    paper_capots = models.PositiveSmallIntegerField(null=True, blank=True)
    # Of the donnes played, those all four passed (0–0), and the points attribués per side:
    # the check takes both out (scoring.paper), so a sheet with a penalty is still checked.
    paper_passed = models.PositiveSmallIntegerField(default=0)
    paper_awarded_ns = models.PositiveIntegerField(default=0)
    paper_awarded_ew = models.PositiveIntegerField(default=0)
    # Two confirmations: the awaited side said the score is wrong; it stays awaiting and the
    # organiser's pages show it until someone confirms or the score changes.
    disputed = models.BooleanField(default=False)

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


def donne_from(values: Mapping[str, Any]) -> Donne:
    """The scoring Donne of a donne's column values by name: a DonneRecord's, or a backup
    file's donne as read (services.backup checks each of a file's donnes before anything is
    written; a model instance each cost a federation's file 0.8 s)."""
    return Donne(
        taker=Side(values["taker"]) if values["taker"] else None,
        contract=values["contract"],
        capot_bid=values["capot_bid"],
        trump=Trump(values["trump"]) if values["trump"] else None,
        coinche=Coinche(values["coinche"]),
        taker_points=values["taker_points"],
        capot=Side(values["capot"]) if values["capot"] else None,
        belote_ns=values["belote_ns"],
        belote_ew=values["belote_ew"],
        annonces_ns=values["annonces_ns"],
        annonces_ew=values["annonces_ew"],
        awarded_ns=values["awarded_ns"],
        awarded_ew=values["awarded_ew"],
        generale_bid=values["generale_bid"],
        generale_made=values["generale_made"],
    )


class DonneRecord(models.Model):
    """A donne as entered (the input of scoring.Donne), with its computed score cached."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="donnes")
    number = models.PositiveSmallIntegerField(_("donne"))
    # The donne's identity for the journal: its number shifts, its key never does.
    key = models.CharField(max_length=22, unique=True, default=new_donne_key, editable=False)
    taker = models.CharField(_("preneur"), max_length=2, choices=SIDE_CHOICES, blank=True)
    contract = models.PositiveSmallIntegerField(_("contrat"), null=True, blank=True)
    capot_bid = models.BooleanField(_("capot demandé"), default=False)
    generale_bid = models.BooleanField(_("générale demandée"), default=False)
    generale_made = models.BooleanField(_("générale réussie"), default=False)
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
        self.generale_bid, self.generale_made = donne.generale_bid, donne.generale_made
        self.trump = str(donne.trump) if donne.trump is not None else ""
        self.coinche = str(donne.coinche)
        self.taker_points = donne.taker_points
        self.capot = str(donne.capot) if donne.capot is not None else ""
        self.belote_ns, self.belote_ew = donne.belote_ns, donne.belote_ew
        self.annonces_ns, self.annonces_ew = donne.annonces_ns, donne.annonces_ew
        self.awarded_ns, self.awarded_ew = donne.awarded_ns, donne.awarded_ew

    def to_donne(self) -> Donne:
        return donne_from(vars(self))  # its columns' values, by name
