"""Where a concours' publication stands, in the desk's words: « En ligne : publié à 21:42
(version 37) », « En attente : pas de connexion depuis 21:30 (4 essais) », « Refusé : … ».
Read only: two queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Publication, ResultsServer, Tournament


@dataclass(frozen=True)
class Status:
    state: str  # none (no server), private (not published), pending, online, refused
    words: str
    server: str = ""  # the server's address, when the club joined one
    circuits: tuple[str, ...] = ()

    @property
    def can_push(self) -> bool:
        return self.state in {"pending", "online", "refused"}


def _at(moment: object) -> str:
    return timezone.localtime(moment).strftime("%H:%M")  # type: ignore[arg-type]


def publication_status(tournament: Tournament) -> Status:
    server = ResultsServer.objects.filter(club=tournament.club_id).first()
    if server is None:
        return Status("none", _("Pas de serveur de résultats : le club n'en a rejoint aucun."))
    if not tournament.published:
        return Status("private", _("Non publié : ce concours ne quitte pas cet ordinateur."),
                      server.url)
    publication = Publication.objects.filter(tournament=tournament).first()
    circuits = tuple(publication.circuits) if publication else ()
    if publication is None or publication.version == 0:
        return Status("pending", _("En attente : premier envoi dans moins d'une minute."),
                      server.url, circuits)
    if publication.state == "refused":
        return Status("refused", _("Refusé : %(why)s") % {"why": publication.message},
                      server.url, circuits)
    confirmed = ""
    if publication.confirmed_at is not None:
        confirmed = _("publié à %(at)s (version %(version)d)") % {
            "at": _at(publication.confirmed_at), "version": publication.confirmed_version}
    if publication.state == "online" and publication.confirmed_version == publication.version:
        return Status("online", _("En ligne : %(confirmed)s") % {"confirmed": confirmed},
                      server.url, circuits)
    if publication.attempts and publication.failing_since is not None:
        words = _("En attente : pas de connexion depuis %(since)s (%(n)d essais)") % {
            "since": _at(publication.failing_since), "n": publication.attempts}
        if publication.attempts == 1:
            words = _("En attente : pas de connexion depuis %(since)s (1 essai)") % {
                "since": _at(publication.failing_since)}
    else:
        words = _("En attente : version %(version)d à envoyer") % {
            "version": publication.version}
    if confirmed:
        words += " — " + _("en ligne : %(confirmed)s") % {"confirmed": confirmed}
    return Status("pending", words, server.url, circuits)
