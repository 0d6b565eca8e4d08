"""« Où est ma table ? »'s page: a search shows the table in large type, htmx's refresh gets
the result part only, and a visitor's searches are bounded a minute (the organiser's not)."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

pytestmark = pytest.mark.django_db


def _url(t, query=""):
    return reverse("tournament:finder", args=[t.slug]) + (f"?q={query}" if query else "")


def test_the_page_finds_a_team_and_is_large_type_by_default(client, concours):
    game = concours.rounds.get().games.select_related("team_ns").get(table=1)
    page = client.get(_url(concours, game.team_ns.number)).content.decode()
    assert 'data-large-default="1"' in page
    assert '<p class="finder-table">Table <strong>1</strong></p>' in page
    assert "Nord-Sud" in page and game.team_ns.name in page
    assert 'hx-trigger="every 10s"' in page  # follows the next draw by itself


def test_the_refresh_gets_the_result_only(client, concours):
    part = client.get(_url(concours, "1"), headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<div id="finder-result"') and "<html" not in part


def test_a_name_written_by_a_visitor_stays_text(client, concours):
    page = client.get(_url(concours, "<script>alert(1)</script>")).content.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


def test_a_visitors_searches_are_bounded_a_minute_not_the_organisers(
        client, concours, owner, settings):
    settings.FINDER_VISITOR_LIMIT = 2
    assert [client.get(_url(concours, "1")).status_code for _ in range(2)] == [200, 200]
    refused = client.get(_url(concours, "1"))
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Trop de recherches" in refused.content.decode()
    refresh = client.get(_url(concours, "1"), headers={"HX-Request": "true"})
    assert refresh.status_code == 429 and refresh.content == b""  # htmx keeps the page
    desk = Client()
    desk.force_login(owner)
    assert [desk.get(_url(concours, "1")).status_code for _ in range(4)] == [200] * 4


def test_the_projector_and_the_pairings_carry_the_finders_qr_code(client, concours, settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"  # the address the phones reach
    address = "http://192.168.1.20:8000/t/concours/ma-table/"
    screen = client.get(reverse("tournament:screen", args=[concours.slug])).content.decode()
    assert '<div id="finder-qr"><img src="data:image/png;base64,' in screen
    response = client.get(reverse("tournament:pairings_pdf", args=[concours.slug, 1]))
    first = PdfReader(io.BytesIO(response.content)).pages[0]
    text = first.extract_text()
    assert "Où est ma table ?" in text and address in text.replace("\n", "")
    assert len(first.images) == 1  # the QR code


def test_before_publication_no_qr_code_leads_players_to_a_closed_page(client, concours,
                                                                       settings, owner):
    # The finder opens to players with the concours: a code shown or printed before would
    # open « Page introuvable » on their phones. The projector tells the desk why.
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    concours.published = False
    concours.save(update_fields=["published"])
    client.force_login(owner)
    screen = client.get(reverse("tournament:screen", args=[concours.slug])).content.decode()
    assert 'id="finder-qr"' not in screen
    assert "s'ouvre aux joueurs quand le concours est publié" in screen.replace("&#x27;", "'")
    response = client.get(reverse("tournament:pairings_pdf", args=[concours.slug, 1]))
    first = PdfReader(io.BytesIO(response.content)).pages[0]
    assert "Où est ma table ?" not in first.extract_text() and len(first.images) == 0


def test_the_menu_offers_the_finder_only_once_the_concours_is_published(client, owner):
    """Issue 32: the menu offered « Où est ma table ? » before publication, when the page is
    closed to the players (their phones would open « Page introuvable »)."""
    from tests.builders import tournament

    t = tournament(owner=owner, published=False)
    client.force_login(owner)
    detail = reverse("tournament:detail", args=[t.slug])
    assert _url(t) not in client.get(detail).content.decode()
    t.published = True
    t.save(update_fields=["published"])
    assert _url(t) in client.get(detail).content.decode()
