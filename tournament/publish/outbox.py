"""The outbox: each published concours of a club that joined a results server is pushed as it
changes — by the background look (`publish_due`, every few seconds in the installed command,
`manage.py publish --loop` beside another server), at most once a minute a concours, only
when its content changed, retried with a growing pause while the server cannot be reached;
or at once from the desk's button (`force`). A concours unpublished or deleted after it was
sent is withdrawn from the server the same way (`publication_withdraw`). A push is checked:
the server's answer must name the version sent and the digest of what was sent, else it is
not a success.

The network is never waited for inside a transaction: the content is built and the attempt
noted (locked), sent, then the answer recorded (locked again)."""

from __future__ import annotations

import datetime
import json
import logging
import re
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import UserError
from ..models import Club, Publication, ResultsServer, Season, SeasonPublication, Tournament
from . import client, content, fiche, wire

log = logging.getLogger("tournament")

# A concours is pushed at most once a minute; after each failed attempt in a row, a pause
# (then the last one again): a hall's connection that comes back is used within a few
# minutes, a server down is not asked every minute. settings.PUBLISH_PACE scales them.
MIN_INTERVAL = datetime.timedelta(seconds=60 * settings.PUBLISH_PACE)
BACKOFF = tuple(datetime.timedelta(seconds=s * settings.PUBLISH_PACE)
                for s in (30, 60, 120, 300, 600))
CIRCUIT_ADDRESS = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
MAX_CIRCUITS = 20
CODE_MAX = 100


# --- Joining a server -----------------------------------------------------------------------

def results_server_join(*, club: Club, url: str, code: str) -> ResultsServer:
    """Exchange the one-time code of the server's administrator or comité for the club's
    token, and keep it. Refused in French (the server's own message when it refuses)."""
    try:
        url = client.server_url_checked(url)
    except client.Failure as failure:
        raise UserError(failure.message, "url") from failure
    code = code.strip()
    if not 1 <= len(code) <= CODE_MAX:
        raise UserError(_("Donnez le code reçu du serveur de résultats."), "code")
    try:
        answer = client.post(url, "/circuit/api/join/", json.dumps({"code": code}).encode())
    except client.Failure as failure:
        raise UserError(_("Le serveur n'a pas pu être joint : %(why)s.")
                        % {"why": failure.message}, "url") from failure
    data = answer.data
    if answer.status != 201:
        raise UserError(str(data.get("erreur") or _("Code refusé par le serveur."))[:300],
                        "code")
    if not (isinstance(data.get("club"), str) and isinstance(data.get("token"), str)
            and 0 < len(data["club"]) <= 60 and 0 < len(data["token"]) <= 200):
        raise UserError(_("Réponse illisible du serveur : rien n'a été enregistré."), "url")
    with transaction.atomic():
        server, _created = ResultsServer.objects.update_or_create(club=club, defaults={
            "url": url, "server_club": data["club"], "token": data["token"],
            "server_name": str(data.get("name") or "")[:120]})
        # A new token: every publication is sent again under it.
        Publication.objects.filter(club=club).update(state="pending", attempts=0,
                                                     next_attempt=None, message="")
        SeasonPublication.objects.filter(club=club).update(state="pending", attempts=0,
                                                           next_attempt=None, message="",
                                                           last_attempt=None)
    return server


@transaction.atomic
def results_server_leave(*, club: Club) -> None:
    """Forget the server and the token: nothing is published any more (what the server
    shows stays there)."""
    ResultsServer.objects.filter(club=club).delete()


# --- A concours' publication -----------------------------------------------------------------

def publication_of(tournament: Tournament) -> Publication:
    """The concours' publication, locked; a restored concours (a new row, the same address in
    the same club) takes back the one its former row left."""
    found = (Publication.objects.select_for_update().filter(tournament=tournament).first()
             or Publication.objects.select_for_update()
             .filter(club=tournament.club_id, slug=tournament.slug, tournament=None).first())
    if found is None:
        return Publication.objects.create(tournament=tournament, club_id=tournament.club_id,
                                          slug=tournament.slug)
    if found.tournament_id != tournament.pk:
        found.tournament = tournament
        found.last_entry = -1  # read again
        found.save(update_fields=["tournament", "last_entry"])
    return found


def circuits_checked(value: str) -> list[str]:
    """The circuits' addresses typed at the desk (commas or spaces between)."""
    names = [name for name in re.split(r"[\s,;]+", value.strip().lower()) if name]
    if len(names) > MAX_CIRCUITS:
        raise UserError(_("%(max)d circuits au plus.") % {"max": MAX_CIRCUITS}, "circuits")
    for name in names:
        if not CIRCUIT_ADDRESS.fullmatch(name):
            raise UserError(_("« %(name)s » n'est pas l'adresse d'un circuit (lettres, chiffres "
                              "et tirets).") % {"name": name[:60]}, "circuits")
    return list(dict.fromkeys(names))


@transaction.atomic
def publication_circuits_set(*, tournament: Tournament, circuits: str) -> Publication:
    publication = publication_of(tournament)
    publication.circuits = circuits_checked(circuits)
    publication.last_entry = -1  # the content changes: built again at the next push
    publication.save(update_fields=["circuits", "last_entry"])
    return publication


def _due(publication: Publication, now: datetime.datetime) -> bool:
    if (publication.state in {"online", "withdrawn"}
            and publication.confirmed_version == publication.version):
        return False
    if publication.state == "refused":
        return False  # waits for a change (a new version, a new token) or the desk's button
    if publication.attempts:  # failing: the pause after the failures decides
        return publication.next_attempt is None or now >= publication.next_attempt
    return publication.last_attempt is None or now - publication.last_attempt >= MIN_INTERVAL


def _built(tournament: Tournament, server: ResultsServer) -> Publication:
    """The concours' publication, its content built again when the concours changed (a new
    version when it differs). Not saved."""
    publication = publication_of(tournament)
    latest = tournament.audit.order_by("-pk").values_list("pk", flat=True).first() or 0
    if publication.content is None or latest != publication.last_entry or \
            publication.withdrawal:
        built = content.body(tournament, club=server.server_club,
                             identity=publication.identity,
                             version=max(publication.version, 1),
                             circuits=publication.circuits)
        if publication.content is None or wire.digest(built) != publication.digest:
            publication.version += 1
            built["version"] = publication.version
            publication.content, publication.digest = built, wire.digest(built)
            publication.state = "pending"
        publication.last_entry, publication.withdrawal = latest, False
    return publication


def _prepare(tournament: Tournament, server: ResultsServer, now: datetime.datetime,
             force: bool) -> tuple[Publication, dict[str, Any] | None]:
    """Build the content again when the concours changed; return what to send now, or
    None."""
    publication = _built(tournament, server)
    send = force or _due(publication, now)
    if send:
        publication.last_attempt = now
    publication.save()
    return publication, (publication.content if send else None)


# _record and _send take a concours' publication or a season's: the same outbox fields.
def _record[Outbox: (Publication, SeasonPublication)](
        model: type[Outbox], publication_id: int, sent: dict[str, Any],
        now: datetime.datetime, answer: client.Answer | None,
        failure: client.Failure | None) -> Outbox:
    publication = model.objects.select_for_update().get(pk=publication_id)
    key = "concours" if model is Publication else "season"
    if answer is not None and answer.status in {200, 201}:
        data = answer.data
        if (data.get(key) == sent[key] and data.get("version") == sent["version"]
                and data.get("digest") == wire.digest(sent)):
            publication.confirmed_version = sent["version"]
            publication.confirmed_at = now
            publication.state = ("pending" if sent["version"] != publication.version
                                 else "withdrawn" if publication.withdrawal
                                 else "online")
            publication.attempts, publication.failing_since = 0, None
            publication.next_attempt, publication.message = None, ""
            publication.save()
            return publication
        failure = client.Failure(_("le serveur n'a pas confirmé ce qui a été envoyé (version "
                                   "ou empreinte différente)"), offline=True)
    elif answer is not None:  # a refusal: said, and not retried until something changes
        publication.state = "refused"
        publication.message = str(answer.data.get("erreur")
                                  or _("refusé (%(status)d)") % {"status": answer.status})[:300]
        publication.next_attempt = None
        publication.save()
        return publication
    assert failure is not None
    publication.attempts += 1
    publication.failing_since = publication.failing_since or now
    publication.next_attempt = now + BACKOFF[min(publication.attempts, len(BACKOFF)) - 1]
    publication.state = "pending" if failure.offline else "refused"
    publication.message = failure.message[:300]
    publication.save()
    return publication


def publication_push(*, tournament: Tournament, force: bool = False,
                     now: datetime.datetime | None = None) -> Publication | None:
    """Push `tournament` if it is published, its club joined a server, and it changed since
    the server confirmed it (and, unless `force`, its last attempt is a minute old and its
    pause after failures over). None when it is not to be published."""
    now = now or timezone.now()
    server = ResultsServer.objects.filter(club=tournament.club_id).first()
    if server is None:
        return None
    if not tournament.published:  # withdrawn from the server, if it was ever sent there
        pending = Publication.objects.filter(tournament=tournament).first()
        return (publication_withdraw(publication_id=pending.pk, force=force, now=now)
                if pending is not None else None)
    with transaction.atomic():
        publication, sent = _prepare(tournament, server, now, force)
    return _send(server, "/circuit/api/push/", publication, sent, now)


def _send[Outbox: (Publication, SeasonPublication)](
        server: ResultsServer, path: str, publication: Outbox, sent: dict[str, Any] | None,
        now: datetime.datetime) -> Outbox:
    """Send what `_prepare` said is due (outside any transaction), then record the answer."""
    if sent is None:
        return publication
    answer = failure = None
    try:
        answer = client.post(server.url, path, wire.canonical(sent), token=server.token)
    except client.Failure as error:
        failure = error
    with transaction.atomic():
        return _record(type(publication), publication.pk, sent, now, answer, failure)


# --- Withdrawing a concours ------------------------------------------------------------------

def _withdrawable(publication: Publication) -> bool:
    """Whether the server is to stop showing `publication`'s concours: it was sent there
    (at least tried: an answer may have been lost), is not already withdrawn, and its
    concours is no longer published — unpublished, or deleted and not restored under its
    address (a restore replaces the row: the restored concours takes the publication back
    at its next push)."""
    if publication.last_attempt is None and not publication.withdrawal:
        return False
    if publication.state == "withdrawn" and publication.confirmed_version == publication.version:
        return False
    if publication.tournament is not None:
        return not publication.tournament.published
    return not Tournament.objects.filter(club=publication.club_id, slug=publication.slug,
                                         published=True, publication=None).exists()


def _withdraw[Outbox: (Publication, SeasonPublication)](
        model: type[Outbox], publication_id: int, force: bool,
        now: datetime.datetime) -> Outbox | None:
    """A concours' or a season's withdrawal (circuit/README.md, « Withdrawal »: the club, the
    identity and the next version, nothing else), through the same pace, pauses and checks
    as a push. None when there is nothing to withdraw."""
    concours = model is Publication
    with transaction.atomic():
        # PostgreSQL cannot lock the nullable side of an outer join: lock the row alone.
        publication = (model.objects.select_for_update(of=("self",))
                       .select_related("tournament" if concours else "season")
                       .get(pk=publication_id))
        server = ResultsServer.objects.filter(club=publication.club_id).first()
        withdrawable = (_withdrawable(publication) if isinstance(publication, Publication)
                        else _season_withdrawable(publication))
        if server is None or not withdrawable:
            return None
        if not publication.withdrawal:  # built once; its retries send the same bytes
            publication.version += 1
            built = {"club": server.server_club,
                     "concours" if concours else "season": publication.identity,
                     "version": publication.version, "withdrawn": True}
            publication.content, publication.digest = built, wire.digest(built)
            publication.withdrawal, publication.state, publication.message = True, "pending", ""
            publication.attempts, publication.failing_since = 0, None
            # Sent at the next look: what is no longer public leaves the server soon.
            publication.next_attempt = publication.last_attempt = None
            if isinstance(publication, Publication):
                publication.last_entry = -1  # published again: built again, a version higher
        due = (_due(publication, now) if isinstance(publication, Publication)
               else _season_due(publication, now))
        if force or due:
            publication.last_attempt = now
        publication.save()
        sent = publication.content if force or due else None
    return _send(server, "/circuit/api/withdraw/", publication, sent, now)


def publication_withdraw(*, publication_id: int, force: bool = False,
                         now: datetime.datetime | None = None) -> Publication | None:
    """Tell the server to stop showing a concours the club unpublished or deleted: a
    withdrawal with the concours' next version, through the same pace, pauses and checks as a
    push; a later publication pushes a version higher still. None when there is nothing to
    withdraw."""
    return _withdraw(Publication, publication_id, force, now or timezone.now())


def publish_due(*, now: datetime.datetime | None = None) -> list[Publication]:
    """One look of the background: push every published concours that is due. A concours
    that fails is logged and the others go on."""
    done = []
    clubs = ResultsServer.objects.values_list("club", flat=True)
    for tournament in Tournament.objects.filter(club__in=clubs, published=True):
        try:
            publication = publication_push(tournament=tournament, now=now)
        except Exception:
            log.exception("Publication de %s : échec", tournament.slug)
            continue
        if publication is not None:
            done.append(publication)
    for season in Season.objects.filter(club__in=clubs, published=True):
        try:
            season_push(season=season, now=now)
        except Exception:
            log.exception("Publication de la saison %s : échec", season.pk)
    seasons_gone = (SeasonPublication.objects.filter(club__in=clubs, version__gt=0)
                    .filter(Q(season=None) | Q(season__published=False))
                    .exclude(state="withdrawn", confirmed_version=F("version")))
    for publication_id in seasons_gone.values_list("pk", flat=True):
        try:
            season_withdraw(publication_id=publication_id, now=now)
        except Exception:
            log.exception("Retrait de la saison %s : échec", publication_id)
    # The concours unpublished or deleted after they were sent: withdrawn from the server.
    gone = (Publication.objects.filter(club__in=clubs)
            .filter(Q(tournament=None) | Q(tournament__published=False))
            .filter(Q(last_attempt__isnull=False) | Q(withdrawal=True))
            .exclude(state="withdrawn", confirmed_version=F("version")))
    for publication_id in gone.values_list("pk", flat=True):
        try:
            publication = publication_withdraw(publication_id=publication_id, now=now)
        except Exception:
            log.exception("Retrait de la publication %s : échec", publication_id)
            continue
        if publication is not None:
            done.append(publication)
    return done


# --- A season's standings --------------------------------------------------------------------

def _season_due(publication: SeasonPublication, now: datetime.datetime) -> bool:
    """A season is looked at (its standings built) at most once a minute; while failing,
    after its pause; refused, at the desk's button or a new token only."""
    if publication.state == "refused":
        return False
    if publication.attempts:
        return publication.next_attempt is None or now >= publication.next_attempt
    return publication.last_attempt is None or now - publication.last_attempt >= MIN_INTERVAL


def season_push(*, season: Season, force: bool = False,
                now: datetime.datetime | None = None) -> SeasonPublication | None:
    """Push a published season's standings (over its published concours) when they changed
    since the server confirmed them: its public season page on the server. None when the
    club joined no server or the season is not published."""
    now = now or timezone.now()
    server = ResultsServer.objects.filter(club=season.club_id).first()
    if server is None:
        return None
    if not season.published:  # withdrawn from the server, if it was ever sent there
        pending = SeasonPublication.objects.filter(season=season).first()
        return (season_withdraw(publication_id=pending.pk, force=force, now=now)
                if pending is not None else None)
    with transaction.atomic():
        publication, _created = (SeasonPublication.objects.select_for_update()
                                 .get_or_create(season=season,
                                                defaults={"club_id": season.club_id}))
        if not (force or _season_due(publication, now)):
            return publication
        built = content.season_body(season, club=server.server_club,
                                    identity=publication.identity,
                                    version=max(publication.version, 1))
        if publication.content is None or wire.digest(built) != publication.digest:
            publication.version += 1
            built["version"] = publication.version
            publication.content, publication.digest = built, wire.digest(built)
            publication.state, publication.withdrawal = "pending", False
        publication.last_attempt = now
        publication.save()
        confirmed = (publication.state == "online"
                     and publication.confirmed_version == publication.version)
        sent = None if confirmed and not force else publication.content
    return _send(server, "/circuit/api/season/", publication, sent, now)


def _season_withdrawable(publication: SeasonPublication) -> bool:
    if publication.version == 0:  # never built, never sent
        return False
    if (publication.withdrawal and publication.state == "withdrawn"
            and publication.confirmed_version == publication.version):
        return False
    return publication.season is None or not publication.season.published


def season_withdraw(*, publication_id: int, force: bool = False,
                    now: datetime.datetime | None = None) -> SeasonPublication | None:
    """Tell the server to stop showing a season the club unpublished or deleted, as a
    concours' withdrawal (the season's identity in place of the concours')."""
    return _withdraw(SeasonPublication, publication_id, force, now or timezone.now())


@transaction.atomic
def publication_fiche(*, tournament: Tournament) -> tuple[str, bytes]:
    """The concours' fiche de résultats (publish.fiche), for a hall without connection: its
    file name and bytes. The club must have joined its server once (the token signs it); an
    unpublished concours has none."""
    server = ResultsServer.objects.filter(club=tournament.club_id).first()
    if server is None:
        raise UserError(_("Le club n'a rejoint aucun serveur de résultats : la fiche se signe "
                          "avec le jeton qu'il donne."))
    if not tournament.published:
        raise UserError(_("Un concours non publié ne quitte pas cet ordinateur : publiez-le "
                          "d'abord."))
    publication = _built(tournament, server)
    publication.save()
    assert publication.content is not None
    signed = fiche.fiche_make(token=server.token, club_slug=server.server_club,
                              body=wire.canonical(publication.content))
    return f"fiche-resultats-{tournament.slug}-v{publication.version}.txt", signed
