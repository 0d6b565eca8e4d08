"""The withdrawal endpoint: a club unpublishes (or deletes) a concours it pushed. The
withdrawal carries the concours' next version and nothing private; it is idempotent as a
push is; the concours' pages answer 410 in French, its content is emptied and no circuit
counts it; a later push with a higher version puts it back."""

import datetime
import json

import pytest
from django.core.cache import cache

from circuit import selectors, services
from circuit.models import ReceivedConcours
from tests.circuit.builders import content, joined
from tests.circuit.test_push import push, sha256_of

pytestmark = pytest.mark.django_db

URL = "/circuit/api/withdraw/"


@pytest.fixture(autouse=True)
def _fresh_pages():
    """The public pages are cached by address (30 s, in the process's cache): another test's
    page of a club of the same address must not answer for this one's."""
    cache.clear()


def withdraw(client, token, data, **extra):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(URL, raw, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {token}", **extra)


def withdrawal(club, version, concours="concours-1"):
    return {"club": club.slug, "concours": concours, "version": version, "withdrawn": True}


@pytest.fixture
def counted(client):
    """A club's concours pushed into a circuit it joined."""
    club, token = joined()
    found = services.circuit_create(
        name="Circuit du Gers", start=datetime.date(2026, 12, 1),
        end=datetime.date(2026, 12, 31), kind="table", points_table=[100, 90],
        beyond="zero", participation=0, best=None, min_ranked=0,
        tie_breaks=["best"], qualify={"kind": "none"})
    services.circuit_club_add(circuit=found, club=club)
    assert push(client, token, content(club, version=3, circuits=[found.slug])).status_code \
        == 201
    return club, token, found


def test_a_withdrawal_hides_the_concours_and_the_circuit_stops_counting_it(client, counted):
    club, token, found = counted
    received = ReceivedConcours.objects.get()
    page = f"/circuit/clubs/{club.slug}/concours/{received.pk}/"
    assert client.get(page).status_code == 200
    data = withdrawal(club, 4)
    answer = withdraw(client, token, data)
    assert answer.status_code == 200
    assert answer.json() == {"concours": "concours-1", "version": 4, "digest": sha256_of(data)}
    received.refresh_from_db()
    assert received.withdrawn is not None and received.content == {}  # no name kept
    assert selectors.circuit_standings(found).rows == []
    assert selectors.club_concours(club) == []
    cache.clear()  # the public pages are cached 30 s, a withdrawal too (README)
    gone = client.get(page)
    assert gone.status_code == 410 and "Concours retiré" in gone.content.decode()
    # Again (a retry after a lost answer): the same answer, nothing changes.
    assert withdraw(client, token, data).json() == answer.json()
    # A push as old as the withdrawal, or older, is refused; a newer one puts it back.
    assert push(client, token, content(club, version=4, circuits=[found.slug])).status_code \
        == 409
    back = push(client, token, content(club, version=5, circuits=[found.slug]))
    assert back.status_code == 200 and back.json()["version"] == 5
    received.refresh_from_db()
    assert received.withdrawn is None and len(selectors.circuit_standings(found).rows) == 4
    cache.clear()
    assert client.get(page).status_code == 200


def test_a_withdrawal_of_a_concours_never_received_keeps_later_older_pushes_out(client):
    club, token = joined()
    assert withdraw(client, token, withdrawal(club, 2)).status_code == 201
    assert push(client, token, content(club, version=1)).status_code == 409
    assert selectors.club_concours(club) == []


@pytest.mark.parametrize(("change", "status", "said"), [
    ({"version": 2}, 409, "plus ancienne"),
    ({"version": 3}, 409, "autre contenu"),
    ({"name": "Martin"}, 400, "inconnue"),  # nothing private travels, nor is read
    ({"withdrawn": False}, 400, "true est attendu"),
    ({"club": "ailleurs"}, 403, "autre club"),
])
def test_a_bad_withdrawal_is_refused_in_french_and_changes_nothing(client, counted, change,
                                                                    status, said):
    club, token, _found = counted
    before = list(ReceivedConcours.objects.values_list("version", "digest", "withdrawn"))
    answer = withdraw(client, token, withdrawal(club, 4) | change)
    assert answer.status_code == status and said in answer.json()["erreur"]
    assert list(ReceivedConcours.objects.values_list("version", "digest", "withdrawn")) \
        == before


def test_a_withdrawal_needs_the_clubs_token_and_a_small_body(client, counted):
    club, token, _found = counted
    assert withdraw(client, "faux", withdrawal(club, 4)).status_code == 401
    assert withdraw(client, token, b"{" + b" " * 2000 + b"}").status_code == 413
    assert ReceivedConcours.objects.get().withdrawn is None
