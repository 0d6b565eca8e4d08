"""One address per document key (`/t/<slug>/documents/<key>`, a partie's and a season's
alike), built from the registry, and today's addresses kept as its aliases: printed QR
codes and bookmarks point at them, so each alias answers what its key's address answers.
A background job's address (`documents/<job>/`) still reaches the job's page."""

import dataclasses
import datetime

import pytest
from django.urls import Resolver404, resolve, reverse

from tests.builders import drawn, organiser, register_linked
from tournament import services
from tournament.exports import registry
from tournament.views import exports, progress

DAY = datetime.date(2026, 11, 21)

# Each registry's documents: the key's address's name, the alias's arguments before the key.
KINDS = [
    ("document", registry.DOCUMENTS, ["concours"]),
    ("partie_document", registry.PARTIE_DOCUMENTS, ["concours", 1]),
    ("season_document", registry.SEASON_DOCUMENTS, ["club", 7]),
]
ALIASES = [(name, key, args) for name, documents, args in KINDS for key in documents
           if documents[key].alias]


@pytest.mark.parametrize(("name", "key", "args"), ALIASES)
def test_each_alias_and_its_keys_address_reach_the_same_view_with_the_same_key(name, key,
                                                                              args):
    documents = {kind: found for kind, found, _args in KINDS}[name]
    alias = reverse(f"tournament:{documents[key].url_name}", args=args)
    address = reverse(f"tournament:{name}", args=[*args, key])
    assert address.endswith(f"/documents/{key}") and alias != address
    assert alias.endswith(documents[key].alias)
    assert resolve(alias).func is resolve(address).func
    assert resolve(alias).kwargs == resolve(address).kwargs
    assert resolve(address).kwargs["key"] == key


def test_a_jobs_address_still_reaches_the_job_and_no_other_word_is_a_document():
    job = "A" * 22  # a job's token (exports.progress: 22 characters, never a key)
    assert resolve(f"/t/concours/documents/{job}/").func is progress.job
    assert resolve(f"/t/concours/documents/{job}/file").func is progress.job_file
    assert resolve(f"/clubs/club/documents/{job}/").func is progress.club_job
    assert resolve("/t/concours/documents/standings").func is exports.concours_document
    for unknown in (f"/t/concours/documents/{job}", "/t/concours/documents/standingsx",
                    "/t/concours/documents/standings.pdf",
                    "/t/concours/rounds/1/documents/standings"):
        with pytest.raises(Resolver404):
            resolve(unknown)


@pytest.fixture
def stand_ins(monkeypatch):
    """Every renderer answers its key, its owner and its parameters: what is compared is
    which document each address serves (each renderer's bytes are its own tests')."""
    for key, document in registry.DOCUMENTS.items():
        monkeypatch.setitem(registry.DOCUMENTS, key, dataclasses.replace(
            document, render=lambda t, _when, key=key: f"%PDF {key} {t.slug}".encode(),
            members=(lambda t, _when, key=key: f"%PDF {key} {t.slug} licences".encode())
            if document.members else None))
    for key, partie in registry.PARTIE_DOCUMENTS.items():
        monkeypatch.setitem(registry.PARTIE_DOCUMENTS, key, dataclasses.replace(
            partie, render=lambda round_, base, _large, key=key: f"{key} {round_.number} {base}"
            .encode()))
    for key, season in registry.SEASON_DOCUMENTS.items():
        monkeypatch.setitem(registry.SEASON_DOCUMENTS, key, dataclasses.replace(
            season, render=lambda found, _when, key=key: f"{key} {found.name}".encode()))


@pytest.mark.django_db
@pytest.mark.once  # which view answers is the resolver's, whatever the database
def test_every_alias_answers_what_its_keys_address_answers(client, stand_ins):
    owner = organiser("alias")
    t = drawn(owner=owner, teams=4, slug="alias", draw_method="rotation")
    register_linked(t)
    season = services.season_create(club=t.club, name="Hiver", start=DAY, end=DAY,
                                    points_table="100,90,80,70", concours=[t.pk],
                                    published=False)
    client.force_login(owner)
    owners = {"document": ["alias"], "partie_document": ["alias", 1],
              "season_document": [t.club.slug, season.pk]}
    for name, documents, _args in KINDS:
        for key, document in documents.items():
            if not document.alias:  # a document added since: its key's address only
                continue
            alias = client.get(reverse(f"tournament:{document.url_name}", args=owners[name]))
            address = client.get(reverse(f"tournament:{name}", args=[*owners[name], key]))
            assert alias.status_code == address.status_code == 200, key
            assert alias.content == address.content and key.split(".")[0] in str(
                alias.content), key
            for header in ("Content-Type", "Content-Disposition"):
                assert alias[header] == address[header], (key, header)


@pytest.mark.django_db
@pytest.mark.once  # access by role: the role matrix's kind
def test_each_keys_address_lets_in_whom_its_registry_entry_says(client, stand_ins):
    # The role matrix tries one key's address; a key added later has no alias and no row of
    # its own: its readers are its entry's `access`, tried here for every key, on a
    # published concours whose partie 1 is drawn, by a visitor and by the club's desk.
    t = drawn(owner=organiser("acces"), teams=4, slug="acces", draw_method="rotation")
    services.tournament_publish(tournament=t, published=True)
    expected = {registry.PUBLIC: 200, registry.DESK: 404, registry.SIGNED_IN_DESK: 302}
    for name, documents, args in (("document", registry.DOCUMENTS, ["acces"]),
                                  ("partie_document", registry.PARTIE_DOCUMENTS,
                                   ["acces", 1])):
        for key, document in documents.items():
            url = reverse(f"tournament:{name}", args=[*args, key])
            response = client.get(url)
            assert response.status_code == expected[document.access], key
            if document.access == registry.SIGNED_IN_DESK:
                assert response.url.startswith(reverse("login"))
    client.force_login(t.organiser)
    for name, documents, args in (("document", registry.DOCUMENTS, ["acces"]),
                                  ("partie_document", registry.PARTIE_DOCUMENTS,
                                   ["acces", 1])):
        for key in documents:
            assert client.get(reverse(f"tournament:{name}",
                                      args=[*args, key])).status_code == 200, key
