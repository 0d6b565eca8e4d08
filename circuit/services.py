"""Writes of the results server, each in one transaction: clubs join with a one-time code
and get a token (stored hashed), concours arrive by push or by fiche de résultats, circuits
are created and told which clubs and concours count.

A push is idempotent by (club, concours identity, version): the club's row is locked first,
so two pushes of one concours (two server processes) are taken one after the other; the
same version with the same content gets the same answer, an older version or the same
version with another content is refused, and a refusal stores nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify

from tournament.publish.wire import digest

from . import tasks
from .models import (
    Circuit,
    CircuitDocument,
    JoinCode,
    MemberClub,
    ReceivedConcours,
    ReceivedSeason,
    SamePerson,
)
from .payload import PayloadError, parsed, season_parsed, withdrawal_parsed
from .rules import RuleError, checked_qualify, checked_rule
from .tokens import FicheError, fiche_split, fiche_verified, hashed, new_secret, signing_key

JOIN_CODE_DAYS = 14


class Refused(Exception):
    """A request refused, with its French message and the HTTP status that says so."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class PushAnswer:
    concours: str
    version: int
    digest: str
    created: bool  # a concours new to the server
    key: str = "concours"  # "season": the answer to a season's push names its season

    def as_json(self) -> dict[str, Any]:
        return {self.key: self.concours, "version": self.version, "digest": self.digest}


def _free_slug(model: type[MemberClub] | type[Circuit], name: str) -> str:
    base = slugify(name)[:50] or "club"
    slug, number = base, 1
    while model.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def member_club_create(*, name: str) -> MemberClub:
    """A club of the server (no token yet: it joins with a code)."""
    name = name.strip()
    if not 1 <= len(name) <= 120:
        raise Refused("Le nom du club : de 1 à 120 caractères.")
    return MemberClub.objects.create(name=name, slug=_free_slug(MemberClub, name))


@transaction.atomic
def join_code_create(*, club: MemberClub, now: datetime.datetime | None = None) -> str:
    """A new one-time code for `club` (shown once: only its hash is kept)."""
    code = new_secret()
    JoinCode.objects.create(club=club, code_hash=hashed(code),
                            expires=(now or timezone.now())
                            + datetime.timedelta(days=JOIN_CODE_DAYS))
    return code


@transaction.atomic
def club_join(*, code: str, now: datetime.datetime | None = None) -> tuple[MemberClub, str]:
    """The club of the one-time `code` and its new token (shown once: only its hash and the
    fiche's signing key are kept). A new token replaces the one before."""
    now = now or timezone.now()
    found = (JoinCode.objects.select_for_update().select_related("club")
             .filter(code_hash=hashed(code)).first())
    if found is None or found.used is not None or found.expires <= now:
        raise Refused("Ce code d'adhésion est inconnu, déjà utilisé ou expiré : demandez-en "
                      "un nouveau au comité.", 403)
    found.used = now
    found.save(update_fields=["used"])
    token = new_secret()
    club = found.club
    club.token_hash, club.signing_key, club.revoked = hashed(token), signing_key(token), None
    club.save(update_fields=["token_hash", "signing_key", "revoked"])
    return club, token


@transaction.atomic
def club_revoke(*, club: MemberClub) -> None:
    """The club's token no longer pushes, nor signs a fiche that is accepted."""
    MemberClub.objects.filter(pk=club.pk).update(revoked=timezone.now(), token_hash="",
                                                 signing_key="")


def _club_message(club: MemberClub, body: bytes,
                  parse: Callable[[bytes], dict[str, Any]]) -> dict[str, Any]:
    """A club's push or withdrawal `body`, parsed by `parse` (a refusal 400 says why), and
    naming the token's own club (else 403)."""
    try:
        message = parse(body)
    except PayloadError as error:
        raise Refused(str(error), 400) from None
    if message["club"] != club.slug:
        # A laptop that holds the token of one club and publishes for another: a mix-up
        # the server must not turn into results under the wrong club.
        raise Refused(f"Ce jeton est celui d'un autre club que « {message['club']} » : rien "
                      "n'a été enregistré.", 403)
    return message


@transaction.atomic
def concours_push(*, club: MemberClub, body: bytes) -> PushAnswer:
    """Store the concours of the push's JSON `body` for `club` (see the module's doc)."""
    content = _club_message(club, body, parsed)
    stored, again = _stored_before(club, content, ReceivedConcours)
    if again is not None:
        return again
    identity, version = content["concours"], content["version"]
    circuits = _circuits_of(club, content)
    created = stored is None
    if stored is None:
        stored = ReceivedConcours(club=club, identity=identity)
    stored.version, stored.digest, stored.content = version, digest(content), content
    stored.name, stored.finished = content["name"], content["finished"]
    stored.date = datetime.date.fromisoformat(content["date"])
    stored.withdrawn = None  # published again after a withdrawal: shown again
    stored.save()
    # The circuits the club says this concours counts for, and no other of its circuits.
    left = list(stored.circuits.filter(clubs=club).exclude(
        pk__in=[circuit.pk for circuit in circuits]))
    stored.circuits.remove(*left)
    stored.circuits.add(*circuits)
    _circuits_changed([circuit.pk for circuit in [*circuits, *left]])
    return PushAnswer(identity, version, stored.digest, created)


def _stored_before[Stored: (ReceivedConcours, ReceivedSeason)](
        club: MemberClub, message: dict[str, Any], model: type[Stored],
        key: str = "concours") -> tuple[Stored | None, PushAnswer | None]:
    """The concours (or season) `message` (a push or a withdrawal) names, as stored, and the
    answer already given when it is the same message again (a retry after a lost answer: the
    same answer, whatever changed on the server since). An older version, or the same
    version with another content, is refused."""
    # The club's row, locked: its pushes are taken one at a time (SQLite takes every write
    # one at a time anyway).
    MemberClub.objects.select_for_update().filter(pk=club.pk).first()
    identity, version = message[key], message["version"]
    stored = model.objects.filter(club=club, identity=identity).first()
    if stored is None or version > stored.version:
        return stored, None
    if version < stored.version:
        raise Refused(f"Version {version} plus ancienne que la version {stored.version} "
                      "déjà reçue : refusée, rien n'a été enregistré.", 409)
    if stored.digest != digest(message):
        raise Refused(f"La version {version} a déjà été reçue avec un autre contenu : "
                      "refusée (une version change à chaque modification).", 409)
    return stored, PushAnswer(identity, version, stored.digest, False, key)


@transaction.atomic
def concours_withdraw(*, club: MemberClub, body: bytes,
                      now: datetime.datetime | None = None) -> PushAnswer:
    """The club withdraws a concours (unpublished or deleted on its laptop): its content is
    emptied (names included), its pages answer 410, its circuits stop counting it. The
    withdrawal has the concours' next version, so it is idempotent as a push is, and a later
    push puts the concours back only with a higher version. A concours the server never
    received is kept as withdrawn too (no content): a push of an older version, late on the
    way, cannot show it afterwards."""
    message = _club_message(club, body, withdrawal_parsed)
    if "season" in message:
        return _season_withdraw(club, message, now or timezone.now())
    stored, again = _stored_before(club, message, ReceivedConcours)
    if again is not None:
        return again
    now = now or timezone.now()
    created = stored is None
    if stored is None:
        stored = ReceivedConcours(club=club, identity=message["concours"], name="",
                                  date=timezone.localdate(now))
    stored.version, stored.digest, stored.content = message["version"], digest(message), {}
    stored.finished, stored.withdrawn = False, now
    stored.save()
    left = list(stored.circuits.values_list("pk", flat=True))
    stored.circuits.clear()
    _circuits_changed(left)
    return PushAnswer(stored.identity, stored.version, stored.digest, created)


def _circuits_changed(pks: list[int]) -> None:
    """A new version of these circuits, and their standings asked of the background jobs
    (in the caller's transaction: the job is queued if and only if the change is stored)."""
    if not pks:
        return
    # Last in the push's transaction: on PostgreSQL the circuit's row stays locked until
    # the commit, and every club's push counts for the same circuit.
    Circuit.objects.filter(pk__in=pks).update(version=F("version") + 1)
    for pk in sorted(set(pks)):
        tasks.standings_refresh_ask(pk)


def _circuits_of(club: MemberClub, content: dict[str, Any]) -> list[Circuit]:
    slugs = content["circuits"]
    circuits = list(Circuit.objects.filter(slug__in=slugs, clubs=club))
    missing = sorted(set(slugs) - {circuit.slug for circuit in circuits})
    if missing:
        raise Refused(f"Circuit « {missing[0]} » inconnu ou auquel le club n'a pas adhéré : "
                      "rien n'a été enregistré.", 422)
    day = datetime.date.fromisoformat(content["date"])
    for circuit in circuits:
        if not circuit.start <= day <= circuit.end:
            raise Refused(f"Le concours du {day:%d/%m/%Y} est hors des dates du circuit "
                          f"« {circuit.name} » : rien n'a été enregistré.", 422)
    return circuits


def _season_withdraw(club: MemberClub, message: dict[str, Any],
                     now: datetime.datetime) -> PushAnswer:
    """A season unpublished or deleted on the laptop: emptied, its page answers 410 (kept,
    so that its version keeps growing, as a concours')."""
    stored, again = _stored_before(club, message, ReceivedSeason, "season")
    if again is not None:
        return again
    created = stored is None
    if stored is None:
        stored = ReceivedSeason(club=club, identity=message["season"], name="",
                                start=timezone.localdate(now))
    stored.version, stored.digest, stored.content = message["version"], digest(message), {}
    stored.withdrawn = now
    stored.save()
    return PushAnswer(stored.identity, stored.version, stored.digest, created, "season")


@transaction.atomic
def season_push(*, club: MemberClub, body: bytes) -> PushAnswer:
    """Store a club's season (its standings as the laptop computed them, for its public
    page): idempotent by (club, season identity, version) as a concours' push."""
    content = _club_message(club, body, season_parsed)
    stored, again = _stored_before(club, content, ReceivedSeason, "season")
    if again is not None:
        return again
    created = stored is None
    if stored is None:
        stored = ReceivedSeason(club=club, identity=content["season"])
    stored.version, stored.digest, stored.content = (content["version"], digest(content),
                                                     content)
    stored.name, stored.start = content["name"], datetime.date.fromisoformat(content["start"])
    stored.withdrawn = None  # published again after a withdrawal: shown again
    stored.save()
    return PushAnswer(stored.identity, stored.version, stored.digest, created, "season")


@transaction.atomic
def fiche_receive(*, fiche: bytes) -> PushAnswer:
    """A fiche de résultats the comité uploads for a club: checked against the club's
    signing key, then stored exactly as its push would be."""
    try:
        slug, signature, body = fiche_split(fiche)
        club = MemberClub.objects.filter(slug=slug, revoked__isnull=True).first()
        if club is None:
            raise FicheError(f"Aucun club membre « {slug[:60]} » (ou son jeton est révoqué) : "
                             "rien n'a été enregistré.")
        fiche_verified(key=club.signing_key, club_slug=slug, signature=signature, body=body)
    except FicheError as error:
        raise Refused(str(error), 400) from None
    return concours_push(club=club, body=body)


@transaction.atomic
def circuit_create(*, name: str, start: datetime.date, end: datetime.date, kind: str,
                   points_table: list[int], beyond: str, participation: int,
                   best: int | None, min_ranked: int, tie_breaks: list[str],
                   qualify: dict[str, Any]) -> Circuit:
    """A new circuit (its rule checked: a RuleError's message becomes the refusal)."""
    name = name.strip()
    if not 1 <= len(name) <= 120:
        raise Refused("Le nom du circuit : de 1 à 120 caractères.")
    if end < start:
        raise Refused("La fin du circuit précède son début.")
    try:
        checked_rule(kind=kind, points_table=points_table, beyond=beyond,
                     participation=participation, best=best, min_ranked=min_ranked,
                     tie_breaks=tie_breaks)
        qualify = checked_qualify(qualify)
    except RuleError as error:
        raise Refused(str(error)) from None
    return Circuit.objects.create(
        name=name, slug=_free_slug(Circuit, name), start=start, end=end, kind=kind,
        points_table=list(points_table), beyond=beyond, participation=participation,
        best=best, min_ranked=min_ranked, tie_breaks=list(tie_breaks), qualify=qualify)


@transaction.atomic
def circuit_club_add(*, circuit: Circuit, club: MemberClub) -> None:
    circuit.clubs.add(club)


@transaction.atomic
def same_person_choose(*, circuit: Circuit, name_key: str, licence_key: str) -> None:
    """The comité's choice for players without licence of `name_key`: the person of
    `licence_key`, or (empty) a person of their own."""
    SamePerson.objects.update_or_create(circuit=circuit, name_key=name_key,
                                        defaults={"licence_key": licence_key})
    _circuits_changed([circuit.pk])


@transaction.atomic
def circuit_document_ask(*, circuit: Circuit, extension: str) -> CircuitDocument:
    """The circuit's document as last made (`made` None: never yet), after asking the
    background job for one of the circuit's version if none was asked for it yet — once per
    version whatever the readers and the server processes (a conditional update). With the
    immediate backend (the laptop, the tests) the job has run when this returns."""
    if extension not in tasks.DOCUMENTS:
        raise Refused(f"Document inconnu : « {extension[:10]} ».", 404)
    document, _created = CircuitDocument.objects.get_or_create(circuit=circuit,
                                                               extension=extension)
    made_current = document.made is not None and document.version >= circuit.version
    # `queued` is the version last asked for plus one (0: none, or its job failed).
    if not made_current and CircuitDocument.objects.filter(
            pk=document.pk, queued__lt=circuit.version + 1).update(
            queued=circuit.version + 1):
        tasks.document_make.enqueue(circuit.pk, extension)
    elif not made_current:  # asked before: its job may have been lost with its worker
        lost_jobs_recover(every=LOST_LOOK_EVERY)
    document.refresh_from_db()
    return document


LOST_LOOK_EVERY = 30  # seconds between two looks for lost jobs by readers, all processes


@transaction.atomic
def lost_jobs_recover(*, every: int | None = None, now: datetime.datetime | None = None
                      ) -> int:
    """Queue again the circuit's jobs lost with a killed worker (tasks.lost_jobs_requeue),
    for a reader who waits on what they make, or a worker starting; how many. `every`: at
    most once in so many seconds across the server's processes (the shared cache), so that
    readers reloading a page do not each look."""
    if not tasks.database_queue():  # the immediate backend never leaves a job running
        return 0
    if every is not None and not cache.add("circuit:lost-jobs-look", 1, every):
        return 0
    return tasks.lost_jobs_requeue(now=now)
