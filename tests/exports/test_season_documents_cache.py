"""A published season's documents are kept and limited per visitor as the concours' are
(exports.cache): rendered once per version of what they show, a visitor's downloads a minute
counted, by the address a trusted proxy names (exports.serve.visitor_address)."""

import dataclasses
import datetime

import pytest
from django.test import RequestFactory
from django.urls import reverse

from tests.builders import drawn, register_linked
from tournament import services
from tournament.exports import registry
from tournament.exports.serve import visitor_address
from tournament.journal import Actor
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)


@pytest.fixture
def renders(monkeypatch):
    """The season PDF's renders, counted (a stand-in renderer: the view's caching is what is
    tested, the PDF itself in tests/views/test_season.py)."""
    done: list[int] = []

    def counted(season, when):
        done.append(1)
        return b"%PDF-1.7 saison " + str(len(done)).encode()

    document = dataclasses.replace(registry.SEASON_DOCUMENTS["season"], render=counted)
    monkeypatch.setitem(registry.SEASON_DOCUMENTS, "season", document)
    return done


@pytest.fixture
def season(owner):
    t = drawn(owner=owner, teams=4, slug="vendredi")
    register_linked(t)
    return services.season_create(club=t.club, name="Hiver", start=DAY, end=DAY,
                                  points_table="100,90,80,70", concours=[t.pk],
                                  published=True)


def pdf(client, season, address="10.0.0.7", **headers):
    return client.get(reverse("tournament:season_pdf", args=[season.club.slug, season.pk]),
                      REMOTE_ADDR=address, **headers)


def test_a_published_seasons_pdf_is_rendered_once_until_what_it_shows_changes(
        client, season, renders):
    first = [pdf(client, season, address=f"10.0.0.{n}") for n in range(1, 4)]
    assert [r.status_code for r in first] == [200, 200, 200] and len(renders) == 1
    assert first[0].content == first[2].content
    # A concours of the season changed (its journal): rendered again, once.
    t = Tournament.objects.get(season=season)
    services.tournament_details_update(tournament=t, name="Vendredi renommé",
                                       by=Actor("patron"))
    assert pdf(client, season).status_code == 200 and len(renders) == 2
    # The register changed (a name): rendered again.
    player = t.players.exclude(registered=None).first().registered
    services.club_player_update(player=player, name="Renommé")
    pdf(client, season)
    pdf(client, season)
    assert len(renders) == 3


def test_a_visitor_is_limited_a_minute_on_a_seasons_pdf(client, season, renders, settings):
    settings.DOCUMENT_VISITOR_LIMIT = 2
    answers = [pdf(client, season) for _ in range(3)]
    assert [r.status_code for r in answers] == [200, 200, 429]
    assert "Trop de téléchargements" in answers[2].content.decode()
    assert int(answers[2]["Retry-After"]) >= 1
    assert pdf(client, season, address="10.0.0.8").status_code == 200  # another visitor


def test_the_visitors_address_is_read_from_a_trusted_proxy_only(settings):
    factory = RequestFactory()

    def address(remote, forwarded=None):
        headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
        return visitor_address(factory.get("/", REMOTE_ADDR=remote, **headers))

    # By default the connection's address: a forged header changes nothing.
    assert address("192.0.2.5", "203.0.113.9") == "192.0.2.5"
    settings.DOCUMENT_TRUSTED_PROXIES = ["10.0.0.1"]
    assert address("10.0.0.1", "203.0.113.9") == "203.0.113.9"
    # What the visitor wrote before the proxy's own entry is not believed.
    assert address("10.0.0.1", "198.51.100.1, 203.0.113.9") == "203.0.113.9"
    assert address("10.0.0.1", "") == "10.0.0.1"
    assert address("192.0.2.5", "203.0.113.9") == "192.0.2.5"  # not the proxy


def test_visitors_behind_a_trusted_proxy_are_counted_apart(client, season, renders,
                                                           settings):
    settings.DOCUMENT_VISITOR_LIMIT = 1
    settings.DOCUMENT_TRUSTED_PROXIES = ["10.0.0.1"]
    behind = [pdf(client, season, address="10.0.0.1", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
              for n in range(1, 4)]
    assert [r.status_code for r in behind] == [200, 200, 200]
    again = pdf(client, season, address="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert again.status_code == 429
