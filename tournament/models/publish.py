"""Publishing to a results server (issue 36; circuit/README.md is the server's contract): the
server a club joined, and each published concours' state of publication — the outbox of one
entry a concours, which the background look (tournament.publish.outbox) keeps pushing until
the server confirms what it stored."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from .club import Club
from .season import Season
from .tournament import Tournament


def new_identity() -> str:
    return uuid.uuid4().hex


class ResultsServer(models.Model):
    """The results server a club publishes to: its address, the club's address there, and the
    token it gave once for the code (the laptop must send it: kept here, never shown again,
    never written in a backup)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="results_server")
    url = models.URLField(_("adresse du serveur"), max_length=200)
    server_club = models.CharField(max_length=60)
    server_name = models.CharField(max_length=120, blank=True)
    token = models.CharField(max_length=200)
    joined = models.DateTimeField(auto_now_add=True)


class Publication(models.Model):
    """What is known of one concours' publication. `version` and `digest` are those of the
    content last built (`content`, kept until the server confirms it: a retry sends the same
    bytes); `confirmed_*` the last the server answered with the same version and digest."""

    STATES = [("pending", _("en attente")), ("online", _("en ligne")),
              ("refused", _("refusé")), ("withdrawn", _("retiré du serveur"))]
    # A restore replaces the concours' row (a new id): the publication outlives it, and the
    # concours restored under the same address in the same club takes it back
    # (outbox.publication_of), so the server keeps one concours, its versions growing.
    tournament = models.OneToOneField(Tournament, on_delete=models.SET_NULL, null=True,
                                      blank=True, related_name="publication")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="publications")
    slug = models.SlugField(max_length=60)
    # The concours' identity on the server: never reused, kept when the concours is renamed.
    identity = models.CharField(max_length=64, unique=True, default=new_identity)
    # The circuits (their addresses on the server) this concours counts for, as the club says.
    circuits = models.JSONField(default=list, blank=True)
    version = models.PositiveBigIntegerField(default=0)
    digest = models.CharField(max_length=64, blank=True)
    content = models.JSONField(null=True, blank=True)
    last_entry = models.BigIntegerField(default=-1)  # the journal's last entry when built
    confirmed_version = models.PositiveBigIntegerField(default=0)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=10, choices=STATES, default="pending")
    attempts = models.PositiveIntegerField(default=0)  # failed since the last success
    failing_since = models.DateTimeField(null=True, blank=True)
    last_attempt = models.DateTimeField(null=True, blank=True)
    next_attempt = models.DateTimeField(null=True, blank=True)
    message = models.CharField(max_length=300, blank=True)  # the last refusal or failure
    # The content last built is a withdrawal (the concours unpublished or deleted after it
    # was sent): the server is to stop showing it (outbox.publication_withdraw).
    withdrawal = models.BooleanField(default=False)


class SeasonPublication(models.Model):
    """A published season's standings as pushed to the results server (its public season
    page): the same outbox fields as a concours' `Publication`, the content built again at
    most once a minute and sent when it differs."""

    # A season deleted leaves its publication, for its withdrawal from the server.
    season = models.OneToOneField(Season, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="publication")
    club = models.ForeignKey(Club, on_delete=models.CASCADE,
                             related_name="season_publications")
    identity = models.CharField(max_length=64, unique=True, default=new_identity)
    version = models.PositiveBigIntegerField(default=0)
    digest = models.CharField(max_length=64, blank=True)
    content = models.JSONField(null=True, blank=True)
    confirmed_version = models.PositiveBigIntegerField(default=0)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=10, choices=Publication.STATES, default="pending")
    attempts = models.PositiveIntegerField(default=0)
    failing_since = models.DateTimeField(null=True, blank=True)
    last_attempt = models.DateTimeField(null=True, blank=True)  # or last look, unchanged
    next_attempt = models.DateTimeField(null=True, blank=True)
    message = models.CharField(max_length=300, blank=True)
    withdrawal = models.BooleanField(default=False)  # as a concours' Publication's
