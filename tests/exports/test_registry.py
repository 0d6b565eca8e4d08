"""The registry of the concours' documents: each key's address serves its file under the
registry's name and content type, rendered by the registry's renderer."""

import dataclasses

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.builders import organiser, tournament
from tournament import services
from tournament.exports import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours():
    t = tournament(owner=organiser("registre"), teams=4, slug="registre")
    services.round_generate(tournament=t, seed=1)
    return t


@pytest.mark.parametrize("key", sorted(registry.DOCUMENTS))
def test_each_document_is_served_as_the_registry_says(client, concours, key):
    document = registry.document(key)
    client.force_login(concours.organiser)
    response = client.get(reverse(f"tournament:{document.url_name}", args=["registre"]))
    assert response.status_code == 200
    assert response["Content-Type"] == document.content_type
    name = registry.file_name(key, concours, timezone.now())
    assert name.endswith(f".{document.extension}") and "registre" in name
    disposition = "inline" if document.inline else "attachment"
    assert response["Content-Disposition"] == f'{disposition}; filename="{name}"'


@pytest.mark.parametrize("key", ["standings", "standings.xlsx", "reglement"])
def test_the_download_renders_with_the_registry_renderer(client, concours, monkeypatch, key):
    document = registry.document(key)
    monkeypatch.setitem(registry.DOCUMENTS, key, dataclasses.replace(
        document, render=lambda tournament, when: f"{tournament.slug} {key}".encode()))
    client.force_login(concours.organiser)
    response = client.get(reverse(f"tournament:{document.url_name}", args=["registre"]))
    assert response.content == f"registre {key}".encode()
