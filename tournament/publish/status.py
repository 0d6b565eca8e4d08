"""Where a concours' publication stands, in the desk's words: « En ligne : publié à 21:42
(version 37) », « En attente : pas de connexion depuis 21:30 (4 essais) », « Refusé : … »,
« Retiré du serveur à 21:50 ».
Read only: two queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Publication, ResultsServer, Season, SeasonPublication, Tournament


@dataclass(frozen=True)
class Status:
    state: str  # none (no server), private (not published), pending, online, refused,
    # withdrawn (unpublished after it was sent: the server no longer shows it)
    words: str
    server: str = ""  # the server's address, when the club joined one
    circuits: tuple[str, ...] = ()
    withdrawal: bool = False  # what waits is the concours' withdrawal from the server

    @property
    def can_push(self) -> bool:
        return self.state in {"pending", "online", "refused"}


def _at(moment: object) -> str:
    return timezone.localtime(moment).strftime("%H:%M")  # type: ignore[arg-type]


def publication_status(tournament: Tournament) -> Status:
    server = ResultsServer.objects.filter(club=tournament.club_id).first()
    if server is None:
        return Status("none", _("Pas de serveur de résultats : le club n'en a rejoint aucun."))
    publication = Publication.objects.filter(tournament=tournament).first()
    # Unpublished after it was sent: its withdrawal is said (waiting from the moment it is
    # unpublished, before the next look builds it), not « never leaves this computer ».
    sent = publication is not None and (publication.withdrawal
                                        or publication.last_attempt is not None)
    if not tournament.published and not sent:
        return Status("private", _("Non publié : ce concours ne quitte pas cet ordinateur."),
                      server.url)
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
    if not tournament.published:
        return _withdrawal_status(publication, server.url, circuits)
    if publication.state == "online" and publication.confirmed_version == publication.version:
        return Status("online", _("En ligne : %(confirmed)s") % {"confirmed": confirmed},
                      server.url, circuits)
    words = _failing(publication)
    if not words:
        words = _("En attente : version %(version)d à envoyer") % {
            "version": publication.version}
    if confirmed:
        words += " — " + _("en ligne : %(confirmed)s") % {"confirmed": confirmed}
    return Status("pending", words, server.url, circuits)


def _failing(publication: Publication | SeasonPublication) -> str:
    """« En attente : pas de connexion depuis 21:30 (4 essais) », or "" when not failing."""
    if not publication.attempts or publication.failing_since is None:
        return ""
    if publication.attempts == 1:
        return _("En attente : pas de connexion depuis %(since)s (1 essai)") % {
            "since": _at(publication.failing_since)}
    return _("En attente : pas de connexion depuis %(since)s (%(n)d essais)") % {
        "since": _at(publication.failing_since), "n": publication.attempts}


def _withdrawal_status(publication: Publication | SeasonPublication, server: str,
                       circuits: tuple[str, ...]) -> Status:
    """A concours unpublished (or deleted) after it was sent: its withdrawal from the server,
    sent or waiting."""
    if (publication.withdrawal and publication.state == "withdrawn"
            and publication.confirmed_version == publication.version):
        return Status("withdrawn", _("Retiré du serveur à %(at)s")
                      % {"at": _at(publication.confirmed_at)}, server, circuits)
    if publication.withdrawal and publication.state == "refused":
        return Status("refused", _("Refusé : %(why)s") % {"why": publication.message},
                      server, circuits, withdrawal=True)
    words = _failing(publication) or _("En attente : retrait du serveur à envoyer")
    if _failing(publication):
        words += " — " + _("retrait du serveur à envoyer")
    return Status("pending", words, server, circuits, withdrawal=True)


def publications_withdrawn(club_id: int) -> list[tuple[str, Status]]:
    """The club's concours deleted after they were sent: each one's address and where its
    withdrawal stands (the results server's page shows them, their concours' pages gone)."""
    server = ResultsServer.objects.filter(club=club_id).first()
    if server is None:
        return []
    return [(publication.slug, _withdrawal_status(publication, server.url, ()))
            for publication in Publication.objects.filter(club=club_id, tournament=None,
                                                          withdrawal=True)
            .order_by("-pk")[:50]]


def season_status(season: Season) -> Status | None:
    """Where a season's page on the results server stands (None: the club joined none)."""
    server = ResultsServer.objects.filter(club=season.club_id).first()
    if server is None:
        return None
    publication = SeasonPublication.objects.filter(season=season).first()
    if not season.published:
        if publication is not None and publication.version:  # sent: withdrawn
            return _withdrawal_status(publication, server.url, ())
        return Status("private", _("Non publiée : cette saison ne quitte pas cet ordinateur."),
                      server.url)
    if publication is None or publication.version == 0:
        return Status("pending", _("En attente : premier envoi dans moins d'une minute."),
                      server.url)
    if publication.state == "refused":
        return Status("refused", _("Refusé : %(why)s") % {"why": publication.message},
                      server.url)
    if publication.confirmed_version == publication.version and publication.confirmed_at:
        return Status("online", _("En ligne : publiée à %(at)s (version %(version)d)") % {
            "at": _at(publication.confirmed_at), "version": publication.version}, server.url)
    return Status("pending", _failing(publication) or _("En attente : version %(version)d à "
                                                         "envoyer") % {
        "version": publication.version}, server.url)
