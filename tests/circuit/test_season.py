"""A club's season on the results server: pushed by its laptop (authenticated, bounded,
strict, idempotent by version as a concours' push), shown read-only on its public page,
linked from the club's page, with no licence in what it accepts."""

import json

import pytest
from django.core.cache import cache

from circuit.models import ReceivedSeason
from tests.circuit.builders import joined
from tests.circuit.test_push import sha256_of

pytestmark = pytest.mark.django_db

URL = "/circuit/api/season/"


@pytest.fixture(autouse=True)
def _fresh_pages():
    """The public pages are cached by address (30 s, in the process's cache): another test's
    page of a club of the same address must not answer for this one's."""
    cache.clear()


def season(club, version=1, **change):
    data = {"club": club.slug, "season": "saison-1", "version": version,
            "name": "Challenge d'hiver", "start": "2026-11-01", "end": "2027-03-31",
            "concours": [{"name": "Vendredi 1", "date": "2026-11-21"}],
            "rows": [{"rank": 1, "name": "Jean <b>Martin</b>", "points": 105, "played": 1,
                      "wins": 3, "score": 2900},
                     {"rank": None, "name": "Joueur n° 12", "points": 5, "played": 1,
                      "wins": 0, "score": 1200}]}
    return data | change


def send(client, token, data):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(URL, raw, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {token}")


def test_a_season_is_stored_shown_and_linked_from_the_clubs_page(client):
    club, token = joined()
    data = season(club)
    answer = send(client, token, data)
    assert answer.status_code == 201
    assert answer.json() == {"season": "saison-1", "version": 1, "digest": sha256_of(data)}
    stored = ReceivedSeason.objects.get()
    assert send(client, token, data).json() == answer.json()  # again: the same answer
    page = client.get(f"/circuit/clubs/{club.slug}/saisons/{stored.pk}/")
    text = page.content.decode()
    assert page.status_code == 200 and "Challenge d&#x27;hiver" in text
    assert "Jean &lt;b&gt;Martin&lt;/b&gt;" in text and "Joueur n° 12" in text  # text, escaped
    assert "Vendredi 1 — 21/11/2026" in text
    assert f"/circuit/clubs/{club.slug}/saisons/{stored.pk}/" in client.get(
        f"/circuit/clubs/{club.slug}/").content.decode()
    # A newer version replaces it (the page follows once its cache expires).
    assert send(client, token, season(club, 2, name="Challenge 2027")).status_code == 200
    cache.clear()
    assert "Challenge 2027" in client.get(
        f"/circuit/clubs/{club.slug}/saisons/{stored.pk}/").content.decode()


@pytest.mark.parametrize(("change", "status", "said"), [
    ({"version": 0}, 400, "« version »"),
    ({"licence": "0100001"}, 400, "inconnue"),
    ({"rows": [{"rank": 1, "name": "Martin", "points": 1, "played": 1, "wins": 0, "score": 0,
                "licence": "0100001"}]}, 400, "inconnue"),  # no licence, even in a row
    ({"rows": [{"rank": 1, "name": "", "points": 1, "played": 1, "wins": 0, "score": 0}]},
     400, "« name »"),
    ({"start": "2026-13-01"}, 400, "« start »"),
    ({"club": "ailleurs"}, 403, "autre club"),
])
def test_a_bad_season_is_refused_in_french_and_stores_nothing(client, change, status, said):
    club, token = joined()
    answer = send(client, token, season(club) | change)
    assert answer.status_code == status and said in answer.json()["erreur"]
    assert not ReceivedSeason.objects.exists()


def test_an_older_season_version_or_another_token_is_refused(client):
    club, token = joined()
    send(client, token, season(club, 3))
    older = send(client, token, season(club, 2))
    assert older.status_code == 409 and "plus ancienne" in older.json()["erreur"]
    assert send(client, "faux", season(club, 4)).status_code == 401
    assert ReceivedSeason.objects.get().version == 3


def test_a_withdrawn_season_answers_410_until_a_newer_push(client):
    club, token = joined()
    send(client, token, season(club, 2))
    stored = ReceivedSeason.objects.get()
    gone = client.post("/circuit/api/withdraw/", json.dumps(
        {"club": club.slug, "season": "saison-1", "version": 3, "withdrawn": True}).encode(),
        content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert gone.status_code == 200 and gone.json()["season"] == "saison-1"
    stored.refresh_from_db()
    assert stored.withdrawn is not None and stored.content == {}
    cache.clear()
    page = client.get(f"/circuit/clubs/{club.slug}/saisons/{stored.pk}/")
    assert page.status_code == 410 and "Saison retirée" in page.content.decode()
    assert "/saisons/" not in client.get(f"/circuit/clubs/{club.slug}/").content.decode()
    assert send(client, token, season(club, 3)).status_code == 409
    assert send(client, token, season(club, 4)).status_code == 200
    cache.clear()
    assert client.get(f"/circuit/clubs/{club.slug}/saisons/{stored.pk}/").status_code == 200
