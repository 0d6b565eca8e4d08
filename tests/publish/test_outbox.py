"""Publishing from the laptop to a results server, through real HTTP: the results server's
own views (circuit/) served by a live server on this computer, the laptop's outbox pushing
to it. Each step checks what the server stored and what the desk reads."""

from __future__ import annotations

import datetime
import socket

import pytest
from django.utils import timezone

from circuit import services as server_side
from circuit.models import ReceivedConcours
from tests.builders import drawn, organiser, play_to_the_end
from tournament import services
from tournament.errors import UserError
from tournament.models import Game, Publication, ResultsServer
from tournament.publish import outbox, wire
from tournament.publish.status import publication_status

pytestmark = pytest.mark.django_db(transaction=True)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def laptop(live_server):
    """A club's published concours (partie 1 drawn), its club joined to the live results
    server with the comité's code."""
    t = drawn(owner=organiser("desk"), name="Concours du vendredi")
    member = server_side.member_club_create(name="Belote d'Auch")
    code = server_side.join_code_create(club=member)
    server = outbox.results_server_join(club=t.club, url=live_server.url, code=code)
    return t, member, server


def stored(member) -> list[tuple]:
    return list(ReceivedConcours.objects.filter(club=member)
                .values_list("identity", "version", "digest"))


def test_joining_keeps_the_token_the_server_stores_only_hashed(laptop):
    _t, member, server = laptop
    member.refresh_from_db()
    assert server.server_club == member.slug and len(server.token) >= 20
    assert server.token not in (member.token_hash, member.signing_key)


def test_a_code_used_twice_is_refused_with_the_servers_words(laptop, live_server):
    _t, member, _server = laptop
    other = drawn(owner=organiser("autre"), slug="ailleurs")
    code = server_side.join_code_create(club=member)
    outbox.results_server_join(club=other.club, url=live_server.url, code=code)
    with pytest.raises(UserError) as refused:
        outbox.results_server_join(club=other.club, url=live_server.url, code=code)
    assert refused.value.field == "code" and refused.value.message


def test_a_push_is_stored_once_confirmed_by_its_digest_and_said_at_the_desk(laptop):
    t, member, _server = laptop
    publication = outbox.publication_push(tournament=t)
    assert publication.state == "online" and publication.version == 1
    assert stored(member) == [(publication.identity, 1, wire.digest(publication.content))]
    words = publication_status(t).words
    assert words.startswith("En ligne : publié à ") and words.endswith("(version 1)")
    # Nothing changed: nothing is sent again, even forced twice (the same version, idempotent).
    assert outbox.publication_push(tournament=t).version == 1
    assert outbox.publication_push(tournament=t, force=True).state == "online"
    assert stored(member) == [(publication.identity, 1, wire.digest(publication.content))]


def test_a_change_is_pushed_as_the_next_version_at_most_once_a_minute(laptop):
    t, member, _server = laptop
    first = outbox.publication_push(tournament=t)
    play_to_the_end(Game.objects.filter(round__tournament=t).first())
    now = timezone.now()
    waiting = outbox.publication_push(tournament=t, now=now)
    assert waiting.version == 2 and waiting.state == "pending"  # built, not yet sent
    assert stored(member)[0][1] == 1
    assert publication_status(t).words.startswith("En attente : version 2 à envoyer")
    later = outbox.publication_push(tournament=t, now=now + datetime.timedelta(seconds=61))
    assert (later.state, later.message) == ("online", "") and later.confirmed_version == 2
    assert stored(member) == [(first.identity, 2, wire.digest(later.content))]
    received = ReceivedConcours.objects.get(club=member)
    assert received.content["standings"][0]["wins"] == 1


def test_offline_the_push_waits_retries_and_catches_up_without_a_double(laptop, live_server):
    t, member, server = laptop
    outbox.publication_push(tournament=t)
    play_to_the_end(Game.objects.filter(round__tournament=t).first())
    ResultsServer.objects.filter(pk=server.pk).update(url=f"http://127.0.0.1:{closed_port()}")
    now = timezone.now() + datetime.timedelta(seconds=61)
    failed = outbox.publication_push(tournament=t, now=now)
    assert failed.state == "pending" and failed.attempts == 1
    status = publication_status(t).words
    assert status.startswith("En attente : pas de connexion depuis ") and "(1 essai)" in status
    assert "en ligne : publié à" in status and "(version 1)" in status  # still true online
    # Within the pause after a failure nothing is tried; a second failure doubles the pause.
    assert outbox.publication_push(tournament=t, now=now).attempts == 1
    again = outbox.publication_push(tournament=t, now=now + datetime.timedelta(seconds=31))
    assert again.attempts == 2 and again.next_attempt - now >= datetime.timedelta(seconds=90)
    assert "(2 essais)" in publication_status(t).words
    # The connection comes back: the waiting version goes, once.
    ResultsServer.objects.filter(pk=server.pk).update(url=live_server.url)
    back = outbox.publication_push(tournament=t, now=now + datetime.timedelta(seconds=200))
    assert back.state == "online" and back.attempts == 0 and back.confirmed_version == 2
    assert [row[1] for row in stored(member)] == [2]


def test_a_revoked_token_is_refused_and_said(laptop):
    t, member, _server = laptop
    outbox.publication_push(tournament=t)
    server_side.club_revoke(club=member)
    refused = outbox.publication_push(tournament=t, force=True)
    assert refused.state == "refused"
    assert publication_status(t).words.startswith("Refusé : ")
    # A refusal is not retried by the background look until something changes.
    later = timezone.now() + datetime.timedelta(hours=1)
    assert outbox.publication_push(tournament=t, now=later).state == "refused"


def test_an_unpublished_concours_never_leaves_the_laptop(laptop):
    t, member, _server = laptop
    services.tournament_publish(tournament=t, published=False)
    t.refresh_from_db()
    assert outbox.publication_push(tournament=t, force=True) is None
    assert outbox.publish_due() == []
    assert stored(member) == []
    assert publication_status(t).state == "private"


def test_a_restored_concours_keeps_its_identity_and_its_versions(laptop):
    t, member, _server = laptop
    first = outbox.publication_push(tournament=t)
    club, slug = t.club, t.slug
    services.tournament_delete(tournament=t)  # a restore replaces the row
    again = drawn(owner=club.memberships.first().user, slug=slug, name="Concours restauré")
    assert again.club == club
    pushed = outbox.publication_push(tournament=again, force=True)
    assert pushed.identity == first.identity and pushed.version == 2
    assert Publication.objects.count() == 1
    assert [row[:2] for row in stored(member)] == [(first.identity, 2)]


def test_circuits_are_checked_and_sent(laptop):
    t, member, _server = laptop
    with pytest.raises(UserError) as refused:
        outbox.publication_circuits_set(tournament=t, circuits="gers, <b>x</b>")
    assert refused.value.field == "circuits"
    outbox.publication_circuits_set(tournament=t, circuits="Circuit-du-Gers  circuit-du-gers")
    assert Publication.objects.get(tournament=t).circuits == ["circuit-du-gers"]
    # Not a circuit of the server: its refusal is said, nothing stored.
    refused_push = outbox.publication_push(tournament=t)
    assert refused_push.state == "refused" and stored(member) == []


def test_a_fiche_written_by_the_laptop_is_taken_by_the_server_as_its_push(laptop):
    t, member, _server = laptop
    name, signed = outbox.publication_fiche(tournament=t)
    publication = Publication.objects.get(tournament=t)
    assert name == f"fiche-resultats-{t.slug}-v{publication.version}.txt"
    assert signed.startswith(f"FICHE-RESULTATS 1 {member.slug} ".encode())
    answer = server_side.fiche_receive(fiche=signed)
    assert stored(member) == [(publication.identity, publication.version,
                               wire.digest(publication.content))]
    assert answer.as_json()["digest"] == wire.digest(publication.content)
    # The same fiche again: the same answer; one byte changed: refused, nothing changes.
    assert server_side.fiche_receive(fiche=signed).as_json() == answer.as_json()
    altered = signed.replace(b"Concours du vendredi", b"Concours du Vendredi")
    assert altered != signed
    with pytest.raises(server_side.Refused):
        server_side.fiche_receive(fiche=altered)
    assert len(stored(member)) == 1


def test_the_desk_downloads_the_fiche_and_an_unpublished_concours_has_none(laptop, client):
    t, _member, _server = laptop
    client.force_login(t.club.memberships.first().user)
    response = client.post(f"/t/{t.slug}/publication/fiche/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="fiche-resultats-')
    assert response.content.startswith(b"FICHE-RESULTATS 1 ")
    services.tournament_publish(tournament=t, published=False)
    refused = client.post(f"/t/{t.slug}/publication/fiche/", follow=True)
    assert "Un concours non publié ne quitte pas cet ordinateur" in refused.content.decode()
