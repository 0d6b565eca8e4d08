"""The club: who works at its desk (members, each with a role) and its register of players.

A club owns its concours (`Tournament.club`). Its register (`ClubPlayer`) lasts from one
concours to the next: an entrant of a concours (`Player`) is linked to the register entry it is
(`Player.registered`), so that the club finds its players again every week, whoever they
partner, and a season ranks them across its concours.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ..choices import ROLE_CHOICES
from ..validators import key_words, search_key
from .players import licence_key


class Club(models.Model):
    name = models.CharField(_("club"), max_length=120)
    slug = models.SlugField(_("adresse"), unique=True, max_length=60)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """An account's role in a club. An account may belong to several clubs (a league's
    server), with one role in each."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="memberships")
    role = models.CharField(_("rôle"), max_length=20, choices=ROLE_CHOICES)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}, {self.club})"


class ClubPlayer(models.Model):
    """A player of the club's register: registered once, found again at every concours.

    `key` is the folded « Prénom Nom » the type-ahead searches and the register is sorted
    by (accents and case ignored: validators.search_key), in the order every page shows a
    name (issue 32: the register said « Durand Paul » where the teams said « Paul Durand »);
    `licence_key` the folded licence (models.players.licence_key), unique in the club when
    there is one. `uid` recognises the player in a backup restored on
    another computer when there is no licence. An anonymised player (RGPD) keeps its results
    under « Joueur n° <pk> », without licence."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("nom"), max_length=120)
    first_name = models.CharField(_("prénom"), max_length=120, blank=True)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    licence_key = models.CharField(max_length=30, blank=True, editable=False)
    home_club = models.CharField(_("club d'origine"), max_length=120, blank=True)
    key = models.CharField(max_length=250, editable=False, db_index=True)
    anonymised = models.BooleanField(_("anonymisé"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["key", "pk"]
        verbose_name = _("joueur du registre")
        constraints = [
            models.UniqueConstraint(fields=["club", "licence_key"],
                                    condition=~Q(licence_key=""),
                                    name="club_player_licence_unique"),
        ]
        indexes = [models.Index(fields=["club", "key"], name="club_player_key")]

    def __str__(self) -> str:
        return self.full_name

    # What its RegisterWord rows were written for (None: not known to be written).
    _indexed: tuple[str | None, str | None, bool | None] | None = None

    @classmethod
    def from_db(cls, *args: Any, **kwargs: Any) -> ClubPlayer:
        player = super().from_db(*args, **kwargs)
        player._indexed = (player.__dict__.get("key"), player.__dict__.get("licence_key"),
                           player.__dict__.get("anonymised"))
        return player

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The folded keys follow the name and licence whoever writes them (a form, a file,
        # a backup, a merge): never two ways of folding.
        self.key = search_key(self.full_name)
        self.licence_key = licence_key(self.licence)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key", "licence_key"}
        adding = self._state.adding
        super().save(*args, **kwargs)
        # The type-ahead's words follow the keys in the same place, for the same reason.
        if self._indexed != (self.key, self.licence_key, self.anonymised):
            if not adding:
                RegisterWord.objects.filter(player=self).delete()
            RegisterWord.objects.bulk_create(RegisterWord.of(self))
            self._indexed = (self.key, self.licence_key, self.anonymised)

    @property
    def full_name(self) -> str:
        """As an entrant is named in a concours: « Prénom Nom », or the name alone."""
        return f"{self.first_name} {self.name}" if self.first_name else self.name


class RegisterWord(models.Model):
    """A word of a register player's name (`ClubPlayer.key`, split where a word starts) or
    its folded licence, filed under each of its first one to `STEM` letters: the type-ahead
    finds a word typed by equality on its first letters — which an index serves whatever
    the database's collation, where a range or a `LIKE 'dup%'` depends on it — then by
    prefix among those few rows. Derived: rewritten by `ClubPlayer.save`, never backed up."""

    STEM = 3

    # The club's own index is the one below, which begins with it.
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    player = models.ForeignKey(ClubPlayer, on_delete=models.CASCADE, related_name="+")
    licence = models.BooleanField(default=False)  # the licence's key, not a word of the name
    stem = models.CharField(max_length=STEM)
    word = models.CharField(max_length=250)
    # The player's own, copied so that the index alone gives a stem's players in the
    # register's order, without an anonymised one: the type-ahead stops at its tenth.
    key = models.CharField(max_length=250)
    anonymised = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["club", "anonymised", "licence", "stem", "key", "player"],
                                name="register_word_stem")]

    @classmethod
    def of(cls, player: ClubPlayer) -> list[RegisterWord]:
        """The rows of `player`: each word of its name (each once) and its licence's key."""
        words = [(False, word) for word in dict.fromkeys(key_words(player.key))]
        if player.licence_key:
            words.append((True, player.licence_key))
        return [cls(club_id=player.club_id, player_id=player.pk, licence=licence,
                    stem=word[:length], word=word, key=player.key,
                    anonymised=player.anonymised)
                for licence, word in words for length in range(1, min(cls.STEM, len(word)) + 1)]


class MemberInvite(models.Model):
    """An invitation to join a club with `role`, pending until its account's owner accepts
    it: through its one-time link (valid 48 hours, used once), where a new account chooses
    its password; or, for an account that already existed (`joins`: another club's, made
    before), signed in with its own password, from the home page. The membership exists
    only once it is accepted: a club never takes an account it did not create.

    Only the SHA-256 of its token is stored: the link itself is shown once, to the
    responsable who hands it over; the database never holds what opens it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="invites")
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    # The role the account gets on accepting ("" for the links made before invitations
    # were pending, whose membership already exists).
    role = models.CharField(_("rôle"), max_length=20, choices=ROLE_CHOICES, blank=True)
    joins = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.user} ({self.club})"


class ClubEntry(models.Model):
    """The club's own record of its members' changes (an account created, a role changed, a
    member removed, a link made anew): who, when, about whom. A concours' journal
    (AuditEntry) is the concours'; members are the club's."""

    ACTIONS = [
        ("create", _("membre ajouté")),
        ("role", _("rôle changé")),
        ("remove", _("membre retiré")),
        ("link", _("nouveau lien d'accès")),
        ("joined", _("mot de passe choisi")),
        ("invite", _("invitation")),
        ("accepted", _("invitation acceptée")),
        ("declined", _("invitation refusée")),
        ("rename", _("club renommé")),
    ]
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="entries")
    at = models.DateTimeField(_("quand"), auto_now_add=True)
    actor = models.CharField(_("qui"), max_length=150)
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    member = models.CharField(_("membre"), max_length=150)
    # A role's key, or the club's name before and after a rename (as long as Club.name).
    before = models.CharField(max_length=120, blank=True)
    after = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor} {self.action} {self.member}"

    @property
    def before_label(self) -> str:
        return str(dict(ROLE_CHOICES).get(self.before, self.before))

    @property
    def after_label(self) -> str:
        return str(dict(ROLE_CHOICES).get(self.after, self.after))
