"""The push endpoint: authenticated by the club's token, bounded, strict, idempotent by
(club, concours, version); its answer's digest is the sha256 of what is stored; every
refusal is in French, with its HTTP status, and stores nothing."""

import hashlib
import json

import pytest
from django.urls import reverse

from circuit import services
from circuit.models import ReceivedConcours
from circuit.payload import MAX_BODY
from tests.circuit.builders import body, content, joined

pytestmark = pytest.mark.django_db

URL = "/circuit/api/push/"


def push(client, token, data, **extra):
    raw = data if isinstance(data, bytes) else body(data)
    return client.post(URL, raw, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {token}", **extra)


def stored():
    return list(ReceivedConcours.objects.order_by("pk").values_list(
        "club__slug", "identity", "version", "digest", "content"))


def sha256_of(data):
    """The contract's digest, computed here apart: sorted keys, no spaces, UTF-8."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_address_is_the_documented_one():
    assert reverse("circuit:push") == URL


def test_a_push_stores_the_concours_and_answers_its_version_and_digest(client):
    club, token = joined()
    data = content(club, version=3)
    response = push(client, token, data)
    assert response.status_code == 201
    assert response.json() == {"concours": "concours-1", "version": 3,
                               "digest": sha256_of(data)}
    [(slug, identity, version, digest, kept)] = stored()
    assert (slug, identity, version, digest, kept) == (club.slug, "concours-1", 3,
                                                       sha256_of(data), data)


def test_the_same_push_again_gets_the_same_answer_and_stores_nothing_more(client):
    club, token = joined()
    data = content(club, version=2)
    first = push(client, token, data)
    before = stored()
    again = push(client, token, data)
    assert again.status_code == 200 and again.json() == first.json()
    assert stored() == before and len(before) == 1


def test_a_newer_version_replaces_the_concours(client):
    club, token = joined()
    push(client, token, content(club, version=1))
    newer = content(club, version=2, standings=[[{"name": "Seul", "first_name": "",
                                                 "club": "", "licence": None}]])
    newer["format"] = "melee"
    response = push(client, token, newer)
    assert response.status_code == 200
    assert response.json()["version"] == 2
    assert [row[2:] for row in stored()] == [(2, sha256_of(newer), newer)]


def test_an_older_version_is_refused_in_french_and_changes_nothing(client):
    club, token = joined()
    push(client, token, content(club, version=5))
    before = stored()
    response = push(client, token, content(club, version=4))
    assert response.status_code == 409
    assert "plus ancienne que la version 5" in response.json()["erreur"]
    assert stored() == before


def test_the_same_version_with_another_content_is_refused(client):
    club, token = joined()
    push(client, token, content(club, version=5))
    before = stored()
    changed = content(club, version=5)
    changed["name"] = "Autre nom"
    response = push(client, token, changed)
    assert response.status_code == 409
    assert "déjà été reçue avec un autre contenu" in response.json()["erreur"]
    assert stored() == before


@pytest.mark.parametrize("case", ["wrong", "revoked", "missing", "basic"])
def test_a_push_without_a_valid_token_is_refused(client, case):
    club, token = joined()
    if case == "revoked":
        services.club_revoke(club=club)
    header = {"wrong": "Bearer pas-le-bon", "revoked": f"Bearer {token}", "missing": "",
              "basic": f"Basic {token}"}[case]
    response = client.post(URL, body(content(club)), content_type="application/json",
                           HTTP_AUTHORIZATION=header)
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["erreur"].startswith("Jeton inconnu ou révoqué")
    assert stored() == []


def test_a_token_of_another_club_is_refused(client):
    club, _token = joined("Belote de Auch")
    _other, other_token = joined("Belote de Condom")
    response = push(client, other_token, content(club))
    assert response.status_code == 403
    assert "autre club" in response.json()["erreur"]
    assert stored() == []


def test_a_new_token_replaces_the_one_before():
    club, token = joined()
    code = services.join_code_create(club=club)
    _club, new_token = services.club_join(code=code)
    from circuit.selectors import club_by_token

    assert club_by_token(token) is None and club_by_token(new_token) == club


def test_a_join_code_serves_once():
    club = services.member_club_create(name="Belote de Nogaro")
    code = services.join_code_create(club=club)
    services.club_join(code=code)
    with pytest.raises(services.Refused, match="déjà utilisé ou expiré"):
        services.club_join(code=code)


def test_an_oversized_body_is_refused_before_it_is_read(client):
    club, token = joined()
    big = body(content(club)) + b" " * MAX_BODY
    response = push(client, token, big)
    assert response.status_code == 413
    assert "Envoi trop gros" in response.json()["erreur"]
    # An announced length beyond the bound is refused before reading (the body is small).
    response = push(client, token, content(club), CONTENT_LENGTH=str(MAX_BODY + 1))
    assert response.status_code == 413
    assert stored() == []


def _without(data, key):
    data = dict(data)
    del data[key]
    return data


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: b"{\"concours\": ", "n'est pas du JSON valide"),
    (lambda d: b"\xff\xfe", "n'est pas du JSON valide"),
    (lambda d: b"[1, 2]", "un objet JSON est attendu"),
    (lambda d: body(_without(d, "version")), "il manque « version »"),
    (lambda d: body({**d, "extra": 1}), "clé(s) inconnue(s) « extra »"),
    (lambda d: body({**d, "version": True}), "« version » : un nombre entier"),
    (lambda d: body({**d, "version": 0}), "« version » : un nombre entier"),
    (lambda d: body({**d, "date": "05/12/2026"}), "n'est pas une date"),
    (lambda d: body({**d, "concours": "a b"}), "l'identité du concours"),
    (lambda d: body({**d, "finished": "oui"}), "true ou false"),
    (lambda d: body({**d, "standings": [{**d["standings"][0], "place": 2}]}),
     "la place 2 ne suit pas le classement"),
    (lambda d: body({**d, "standings": [{**d["standings"][0], "players": []}]}),
     "de 1 à 2 joueur(s)"),
    (lambda d: body({**d, "standings": [{**d["standings"][0], "players": [
        {"name": "", "first_name": "", "club": "", "licence": None}]}]}),
     "joueur 1, « name » : un texte de 1 à 120"),
    (lambda d: body({**d, "circuits": ["inconnu"]}), "Circuit « inconnu » inconnu"),
    (lambda d: body({**d, "version": float("nan")}), "n'est pas du JSON valide"),
])
def test_a_malformed_push_is_refused_in_french_and_stores_nothing(client, change, said):
    club, token = joined()
    response = push(client, token, change(content(club)))
    assert response.status_code in (400, 422)
    assert said in response.json()["erreur"]
    assert stored() == []


def test_a_get_is_not_a_push(client):
    assert client.get(URL).status_code == 405


def test_a_laptop_exchanges_its_one_time_code_for_a_token_that_pushes(client):
    club = services.member_club_create(name="Belote de Mirande")
    code = services.join_code_create(club=club)
    response = client.post("/circuit/api/join/", {"code": code},
                           content_type="application/json")
    assert response.status_code == 201
    answer = response.json()
    assert answer["club"] == club.slug and answer["name"] == "Belote de Mirande"
    assert push(client, answer["token"], content(club)).status_code == 201
    # Only hashes are kept: neither the token nor the code is in the database.
    club.refresh_from_db()
    assert answer["token"] not in (club.token_hash, club.signing_key)
    again = client.post("/circuit/api/join/", {"code": code}, content_type="application/json")
    assert again.status_code == 403 and "déjà utilisé" in again.json()["erreur"]


@pytest.mark.parametrize(("raw", "status", "said"), [
    (b"", 413, "sans longueur annoncée"),  # the test client announces no length for none
    (b"{}", 400, "est attendu"), (b'{"code": 1}', 400, "est attendu"),
    (b"\xff", 400, "est attendu"), (b'{"code": "x"}', 403, "inconnu, déjà utilisé"),
    (b'{"code": "' + b"x" * 2000 + b'"}', 413, "trop gros")])
def test_a_bad_join_is_refused_in_french(client, raw, status, said):
    response = client.post("/circuit/api/join/", raw, content_type="application/json")
    assert response.status_code == status
    assert said in response.json()["erreur"]
