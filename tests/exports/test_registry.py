"""The registry of the concours' documents: each key's address serves its file under the
registry's name and content type, rendered by the registry's renderer."""

import dataclasses
import html

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.builders import organiser, tournament
from tournament import services
from tournament.exports import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours():
    # The rotation: its tableau de marche is one of the documents.
    t = tournament(owner=organiser("registre"), teams=4, slug="registre",
                   draw_method="rotation")
    services.round_generate(tournament=t, seed=1)
    return t


@pytest.mark.parametrize("key", sorted(registry.DOCUMENTS))
def test_each_document_is_served_as_the_registry_says(client, concours, key):
    document = registry.document(key)
    client.force_login(concours.organiser)
    # Its key's address (every document has one; today's aliases: test_document_addresses).
    response = client.get(reverse("tournament:document", args=["registre", key]))
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
    response = client.get(reverse("tournament:document", args=["registre", key]))
    assert response.content == f"registre {key}".encode()


# Each page of PAGE_LINKS: its address's name and arguments (the concours' slug first).
PAGES = {"standings": ("standings", ()), "tournament": ("detail", ()),
         "prizes": ("prizes", ()), "caisse": ("caisse", ()), "round": ("round", (1,)),
         "tableaux": ("tableaux", ()), "poules": ("poules", ())}
PAGE_DOCUMENTS = [(page, link.key) for page, links in registry.PAGE_LINKS.items()
                  for link in links]


def test_every_document_of_the_registry_is_linked_from_a_page():
    linked = {key for _page, key in PAGE_DOCUMENTS}
    assert set(registry.DOCUMENTS) | set(registry.PARTIE_DOCUMENTS) <= linked
    assert set(PAGES) == set(registry.PAGE_LINKS)


@pytest.mark.parametrize(("page", "key"), PAGE_DOCUMENTS)
def test_each_page_links_its_documents_and_each_link_serves_its_file(client, concours, page,
                                                                       key):
    client.force_login(concours.organiser)
    url_name, args = PAGES[page]
    shown = client.get(reverse(f"tournament:{url_name}", args=["registre", *args]))
    assert shown.status_code == 200
    link = next(link for link in registry.page_links(page, concours, 1).values()
                if link.key == key)
    content = shown.content.decode()
    assert f'href="{link.url}"' in content
    assert f">{html.escape(str(link.label), quote=False)}</a>" in content

    response = client.get(link.url)
    assert response.status_code == 200
    assert response["Content-Type"] == link.content_type
    if key in registry.DOCUMENTS:
        name = registry.file_name(key, concours, timezone.now())
    else:
        name = registry.PARTIE_DOCUMENTS[key].filename(concours.rounds.get(number=1))
    assert name in response["Content-Disposition"]
    assert "registre" in name


def test_the_pages_keep_their_own_words_for_a_document(client, concours):
    client.force_login(concours.organiser)
    detail = client.get(reverse("tournament:detail", args=["registre"])).content.decode()
    assert ">Classement et donnes (Excel)</a>" in detail
    assert ">Règlement du concours (PDF, une page à afficher)</a>" in detail
    assert ">le classeur (xlsx)</a>" in detail
    prizes = client.get(reverse("tournament:prizes", args=["registre"])).content.decode()
    assert ">Palmarès à lire (PDF)</a>" in prizes
    assert ">Résultats et lots (Excel)</a>" in prizes
