"""Withdrawing a concours from the results server, through real HTTP (the server's own views
on a live server): unpublished or deleted after it was sent, the laptop sends a withdrawal
with the next version through the same outbox — offline, it waits and retries — and the desk
says « Retiré du serveur à 21:50 »; published again, it goes back with a higher version. A
restore (which replaces the concours' row) withdraws nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from circuit.models import ReceivedConcours
from tests.builders import drawn
from tests.publish.test_outbox import closed_port, laptop  # noqa: F401 (a fixture)
from tournament import services
from tournament.models import Publication, ResultsServer
from tournament.publish import outbox
from tournament.publish.status import publication_status

pytestmark = pytest.mark.django_db(transaction=True)


def on_server(member) -> list[tuple]:
    """(version, shown) of each concours the server stored for `member`."""
    return [(version, withdrawn is None) for version, withdrawn in
            ReceivedConcours.objects.filter(club=member).values_list("version", "withdrawn")]


def unpublish(t):
    services.tournament_publish(tournament=t, published=False)
    t.refresh_from_db()


def test_unpublished_it_is_withdrawn_then_published_again_with_a_higher_version(laptop):  # noqa: F811
    t, member, _server = laptop
    assert outbox.publication_push(tournament=t).version == 1
    unpublish(t)
    # Until the next look sends it, the desk says the withdrawal waits (it is still online).
    waiting = publication_status(t)
    assert (waiting.state, waiting.withdrawal) == ("pending", True)
    assert waiting.words == "En attente : retrait du serveur à envoyer"
    [withdrawn] = outbox.publish_due()
    assert (withdrawn.state, withdrawn.version, withdrawn.confirmed_version) == ("withdrawn",
                                                                                 2, 2)
    # Nothing private travels: the concours' identity and version, no name, no standings.
    assert withdrawn.content == {"club": member.slug, "concours": withdrawn.identity,
                                 "version": 2, "withdrawn": True}
    assert on_server(member) == [(2, False)]
    status = publication_status(t)
    assert status.state == "withdrawn"
    assert status.words == ("Retiré du serveur à "
                            f"{timezone.localtime(withdrawn.confirmed_at):%H:%M}")
    assert outbox.publish_due() == []  # once
    services.tournament_publish(tournament=t, published=True)
    t.refresh_from_db()
    back = outbox.publication_push(tournament=t, force=True)
    assert (back.state, back.version, back.withdrawal) == ("online", 3, False)
    assert on_server(member) == [(3, True)]
    assert publication_status(t).words.endswith("(version 3)")


def test_a_withdrawal_queued_offline_waits_retries_and_goes_once_back(laptop, live_server):  # noqa: F811
    t, member, server = laptop
    outbox.publication_push(tournament=t)
    ResultsServer.objects.filter(pk=server.pk).update(url=f"http://127.0.0.1:{closed_port()}")
    unpublish(t)
    now = timezone.now()
    [failed] = outbox.publish_due(now=now)
    assert (failed.state, failed.attempts, failed.withdrawal) == ("pending", 1, True)
    words = publication_status(t).words
    assert words.startswith("En attente : pas de connexion depuis ") and "(1 essai)" in words
    assert words.endswith("retrait du serveur à envoyer")
    assert on_server(member) == [(1, True)]  # still shown: the server was not reached
    # Within the pause nothing is tried; then it is, with the same bytes.
    assert outbox.publish_due(now=now)[0].attempts == 1
    ResultsServer.objects.filter(pk=server.pk).update(url=live_server.url)
    [sent] = outbox.publish_due(now=now + datetime.timedelta(seconds=31))
    assert (sent.state, sent.version, sent.attempts) == ("withdrawn", 2, 0)
    assert on_server(member) == [(2, False)]


def test_deleted_it_is_withdrawn_and_said_on_the_clubs_server_page(laptop, client):  # noqa: F811
    t, member, _server = laptop
    outbox.publication_push(tournament=t)
    club, slug = t.club, t.slug
    services.tournament_delete(tournament=t)
    [withdrawn] = outbox.publish_due()
    assert withdrawn.state == "withdrawn" and on_server(member) == [(2, False)]
    client.force_login(club.memberships.first().user)
    page = client.get(f"/clubs/{club.slug}/serveur-de-resultats/").content.decode()
    assert f"{slug} : Retiré du serveur à " in page


def test_a_restore_withdraws_nothing(laptop):  # noqa: F811
    t, member, _server = laptop
    outbox.publication_push(tournament=t)
    club, slug = t.club, t.slug
    services.tournament_delete(tournament=t)  # a restore replaces the row, in one go
    again = drawn(owner=club.memberships.first().user, slug=slug, name="Concours restauré")
    done = outbox.publish_due(now=timezone.now() + datetime.timedelta(seconds=61))
    assert [publication.tournament_id for publication in done] == [again.pk]
    assert on_server(member) == [(2, True)] and Publication.objects.count() == 1
