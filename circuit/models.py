"""What the results server keeps: its member clubs (a token's hash, never the token), the
one-time join codes, the concours clubs push (their public content, a version and its
digest), the circuits and which concours count in them."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

KIND_CHOICES = [
    ("table", _("points par place, d'après un barème")),
    ("formula", _("points par place : inscrits − place + 1")),
    ("sum", _("somme des résultats de chaque concours (points de classement et scores)")),
]
BEYOND_CHOICES = [
    ("zero", _("zéro point")),
    ("last", _("les points de la dernière place du barème")),
]


def empty_list() -> list[Any]:
    return []


def default_tie_breaks() -> list[str]:
    return ["best", "played"]


def default_qualify() -> dict[str, Any]:
    return {"kind": "none"}


class MemberClub(models.Model):
    """A club that publishes to this server. `token_hash` is the sha256 of the token its
    laptop keeps (looked up at every push); `signing_key` the key its fiches de résultats
    are signed with, derived from the token (circuit.tokens.signing_key): the server must
    hold it to check a fiche, so it stores that and never the token itself."""

    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("adresse"), max_length=60, unique=True)
    token_hash = models.CharField(max_length=64, blank=True, db_index=True)
    signing_key = models.CharField(max_length=64, blank=True)
    revoked = models.DateTimeField(_("jeton révoqué le"), null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("club membre")

    def __str__(self) -> str:
        return self.name


class JoinCode(models.Model):
    """A one-time code the administrator or the comité gives a club: exchanged once for the
    club's token (stored hashed, like the token)."""

    club = models.ForeignKey(MemberClub, on_delete=models.CASCADE, related_name="codes")
    code_hash = models.CharField(max_length=64, unique=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)


class Received(models.Model):
    """What a club last pushed of one of its concours or seasons: `identity` is the laptop's
    (its uid), `version` only grows, `digest` the sha256 of `content` as stored
    (tournament.publish.wire.digest), which the push's answer returns. Set `withdrawn` when
    the club withdrew it (circuit/README.md, « Withdrawal »): its content is emptied, no page
    shows it; the row stays so that its version keeps growing (a later push must be newer)."""

    identity = models.CharField(max_length=64)
    version = models.PositiveBigIntegerField()
    digest = models.CharField(max_length=64)
    content = models.JSONField()
    name = models.CharField(_("nom"), max_length=120)
    received = models.DateTimeField(auto_now=True)
    withdrawn = models.DateTimeField(_("retiré le"), null=True, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name


class ReceivedConcours(Received):
    """A club's concours as last pushed. `content` is the public content the push carried
    (standings with each player's name, first name, home club and licence: the licence
    serves to recognise a player across clubs and is never shown); withdrawn, no circuit
    counts it."""

    club = models.ForeignKey(MemberClub, on_delete=models.CASCADE, related_name="concours")
    date = models.DateField(_("date"))
    finished = models.BooleanField(_("terminé"), default=False)

    class Meta:
        ordering = ["date", "pk"]
        verbose_name = _("concours reçu")
        constraints = [models.UniqueConstraint(fields=["club", "identity"],
                                               name="circuit_concours_identity_unique")]


class ReceivedSeason(Received):
    """A club's season as last pushed (circuit/README.md, « Seasons »): its challenge
    standings over the club's published concours, as the laptop computed them, for its public
    page; withdrawn (unpublished or deleted), its page answers 410."""

    club = models.ForeignKey(MemberClub, on_delete=models.CASCADE, related_name="seasons")
    start = models.DateField(_("début"))
    withdrawn = models.DateTimeField(_("retirée le"), null=True, blank=True)

    class Meta:
        ordering = ["-start", "pk"]
        verbose_name = _("saison reçue")
        constraints = [models.UniqueConstraint(fields=["club", "identity"],
                                               name="circuit_season_identity_unique")]


class Circuit(models.Model):
    """A championship across clubs: the season's rule arithmetic (tournament.season.Rule's
    fields) and the qualification for its final (`qualify`: circuit.rules.Qualify)."""

    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("adresse"), max_length=60, unique=True)
    start = models.DateField(_("début"))
    end = models.DateField(_("fin"))
    kind = models.CharField(_("règle"), max_length=10, choices=KIND_CHOICES, default="table")
    points_table = models.JSONField(_("barème"), default=empty_list, blank=True)
    beyond = models.CharField(_("places au-delà du barème"), max_length=5,
                              choices=BEYOND_CHOICES, default="zero")
    participation = models.PositiveIntegerField(_("bonus de participation"), default=0)
    best = models.PositiveSmallIntegerField(_("meilleurs résultats comptés"), null=True,
                                            blank=True)
    min_ranked = models.PositiveSmallIntegerField(_("concours pour être classé"), default=0)
    tie_breaks = models.JSONField(_("départages"), default=default_tie_breaks)
    qualify = models.JSONField(_("qualification"), default=default_qualify)
    clubs = models.ManyToManyField(MemberClub, related_name="circuits", blank=True)
    concours = models.ManyToManyField(ReceivedConcours, related_name="circuits", blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # Grows at every change of what the standings are made of (a push that counts for the
    # circuit or no longer does, a comité's choice): the standings and documents stored
    # below say which version they show.
    version = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-start", "name"]
        verbose_name = _("circuit")

    def __str__(self) -> str:
        return self.name


class SamePerson(models.Model):
    """The comité's choice for a player without licence whose name, first name and home
    club match players with a licence (circuit.selectors.circuit_ambiguities): `licence_key`
    the person they are, or empty: a person of their own."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="choices")
    name_key = models.CharField(max_length=400)
    licence_key = models.CharField(max_length=30, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["circuit", "name_key"],
                                               name="circuit_same_person_unique")]


class CircuitTable(models.Model):
    """A circuit's standings as the background job last computed them
    (services.circuit_table_store), for its public page: computed once per circuit version by
    one worker, read by every server process, never by each reader. `table` holds
    {"participants", "places" (the qualification's count), "rows": [[rank or null, first
    name, name, club, points, played, qualified (0, 1, or 2: tied at the last qualifying
    place beyond the count)]]} — the page's data only (no licence)."""

    circuit = models.OneToOneField(Circuit, on_delete=models.CASCADE, primary_key=True,
                                   related_name="table")
    version = models.PositiveBigIntegerField()
    computed = models.DateTimeField()
    table = models.JSONField()


class CircuitDocument(models.Model):
    """A circuit's PDF or workbook as the background job last made it, in the database so
    that any server process serves what a worker of any machine made. `version` is the
    circuit's version it shows; `queued` the version a job was last asked for, plus one (0:
    none yet, or its job failed): a reader asks once per version, not once per visit."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="documents")
    extension = models.CharField(max_length=4)
    version = models.PositiveBigIntegerField(default=0)
    queued = models.PositiveBigIntegerField(default=0)
    content = models.BinaryField(default=bytes)
    made = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["circuit", "extension"],
                                               name="circuit_document_unique")]
