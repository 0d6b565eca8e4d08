"""Who plays: players, and teams of two (doublettes).

A doublette concours registers teams, each with its two players. A mêlée concours registers
players alone; at each partie the draw forms the doublettes of that partie (`Team.round`),
so a player of a mêlée belongs to one team per partie. A player exempt from a partie of a
mêlée plays in a team of one (`second` empty) that has a bye.

A later season ranking across several concours of a club recognises a player by the licence
number when there is one, else by name and club (`Player.identity`).
"""

from __future__ import annotations

import unicodedata

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ..validators import same_name
from .tournament import Tournament


def licence_key(licence: str) -> str:
    """The key under which two licence numbers are one: case folded and no spaces, as a
    licence is copied from a card ("AB12" is "ab 12"). NFC, as the keys stored since the
    register began (ClubPlayer.licence_key): not validators.same_name, whose NFKC would
    make other keys of the same licences."""
    return "".join(unicodedata.normalize("NFC", licence).casefold().split())


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField(_("n°"))
    name = models.CharField(_("joueur"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    # Mêlée: a withdrawn player is no longer drawn (doublettes: the team's `active` counts).
    active = models.BooleanField(_("actif"), default=True)
    # Mêlée: marked arrived at the desk (pointage); doublettes: the team's `arrived` counts.
    arrived = models.BooleanField(_("arrivé"), default=False)
    # The club's register entry this entrant is (empty: not linked, as a concours restored
    # from an old backup before it is matched).
    registered = models.ForeignKey("ClubPlayer", on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="entries",
                                   verbose_name=_("joueur du registre"))

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="player_number_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def identity(self) -> tuple[str, ...]:
        """What recognises this player in another concours of the club, folded as the
        concours itself tells two players apart: the licence (`licence_key`), else the name
        and club (validators.same_name)."""
        if licence_key(self.licence):
            return ("licence", licence_key(self.licence))
        return ("name", same_name(self.name), same_name(self.club))


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("n°"))
    name = models.CharField(_("équipe"), max_length=120)
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="first_of",
                              verbose_name=_("joueur 1"))
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="second_of",
                               null=True, blank=True, verbose_name=_("joueur 2"))
    club = models.CharField(_("club"), max_length=120, blank=True)
    active = models.BooleanField(_("active"), default=True)
    # Marked arrived at the desk (pointage) before the first draw.
    arrived = models.BooleanField(_("arrivée"), default=False)
    # Mêlée: the partie whose draw formed this team (empty: a registered doublette).
    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="teams",
                              null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"],
                                    condition=Q(round__isnull=True), name="team_number_unique"),
            models.UniqueConstraint(fields=["tournament", "name"],
                                    condition=Q(round__isnull=True), name="team_name_unique"),
            models.UniqueConstraint(fields=["round", "number"],
                                    condition=Q(round__isnull=False),
                                    name="partie_team_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    # The players' names, as the pages, documents and backups read them.
    @property
    def player1(self) -> str:
        return self.first.name

    @property
    def player2(self) -> str:
        return self.second.name if self.second is not None else ""

    @property
    def players(self) -> str:
        if self.second is None:
            return self.player1
        return f"{self.player1} et {self.player2}"
