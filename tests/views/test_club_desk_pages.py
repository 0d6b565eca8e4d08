"""What a new club volunteer tripped on walking through the club's pages (register, seasons,
site export, members) and a concours' navigation."""

import datetime
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import Membership

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_comment_spans_lines():
    # Django's {# … #} ends at the line's end: a comment over two lines is printed on the page.
    open_comments = [f"{path.relative_to(TEMPLATES)}:{number}"
                     for path in sorted(TEMPLATES.rglob("*.html"))
                     for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                     if "{#" in line and "#}" not in line]
    assert open_comments == []


def test_the_concours_navigation_prints_no_template_comment(client):
    owner = organiser()
    t = tournament(owner=owner, teams=2)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    nav = re.search(r'<nav class="tournament-nav">.*?</nav>', page, re.S)
    assert nav is not None
    assert "{#" not in nav.group(0) and "access.py" not in nav.group(0)
    assert "Pointage" in nav.group(0)


def club_nav(page: str) -> str:
    found = re.search(r'<nav class="tournament-nav club-nav".*?</nav>', page, re.S)
    return found.group(0) if found else ""


def club_pages(club, season):
    return [reverse("tournament:members", args=[club.slug]),
            reverse("tournament:club_register", args=[club.slug]),
            reverse("tournament:seasons", args=[club.slug]),
            reverse("tournament:season_create", args=[club.slug]),
            reverse("tournament:season", args=[club.slug, season.pk]),
            reverse("tournament:club_site", args=[club.slug])]


@pytest.fixture
def club_and_season():
    owner = organiser("responsable")
    t = tournament(owner=owner, teams=2)
    day = datetime.date(2026, 11, 21)
    season = services.season_create(club=t.club, name="Challenge", start=day, end=day,
                                    points_table="10,5", published=True)
    return owner, t.club, season


def test_each_club_page_links_the_club_s_other_pages(client, club_and_season):
    owner, club, season = club_and_season
    client.force_login(owner)
    for address in club_pages(club, season):
        nav = club_nav(client.get(address).content.decode())
        for target in club_pages(club, season)[:3] + club_pages(club, season)[5:]:
            assert f'href="{target}"' in nav, (address, target)


def test_a_marque_s_club_links_leave_out_the_members_page(client, club_and_season):
    _, club, _season = club_and_season
    marque = organiser("josette")
    Membership.objects.create(club=club, user=marque, role="marque")
    client.force_login(marque)
    nav = club_nav(client.get(reverse("tournament:seasons", args=[club.slug])).content.decode())
    assert reverse("tournament:club_register", args=[club.slug]) in nav
    assert reverse("tournament:members", args=[club.slug]) not in nav


def test_a_visitor_reading_a_published_season_sees_no_club_links(client, club_and_season):
    _, club, season = club_and_season
    response = client.get(reverse("tournament:season", args=[club.slug, season.pk]))
    assert response.status_code == 200
    assert club_nav(response.content.decode()) == ""
    assert reverse("tournament:club_register", args=[club.slug]) not in response.content.decode()


def test_the_pointage_offers_the_draw_to_those_who_may_draw_only(client):
    owner = organiser("chef")
    t = tournament(owner=owner, teams=4)
    marque = organiser("josette")
    Membership.objects.create(club=t.club, user=marque, role="marque")
    draw = reverse("tournament:round_generate", args=[t.slug])
    client.force_login(owner)
    assert f'href="{draw}"' in client.get(reverse("tournament:arrivals", args=[t.slug])
                                          ).content.decode()
    # The table de marque points the arrivals but may not draw: no link to a refusal.
    client.force_login(marque)
    page = client.get(reverse("tournament:arrivals", args=[t.slug]))
    assert page.status_code == 200
    assert f'href="{draw}"' not in page.content.decode()
    assert client.get(draw).status_code == 403


def waiting_section(client, t) -> str:
    page = client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()
    found = re.search(r'<section class="waiting" id="waiting">.*?</section>', page, re.S)
    assert found is not None
    return found.group(0)


def test_a_team_absent_at_the_pointage_waits_marked_absent_not_as_registered_late(client):
    owner = organiser()
    t = tournament(owner=owner, teams=5)
    for team in t.teams.exclude(number=3):
        services.entrant_arrive(tournament=t, team=team, arrived=True)
    services.round_generate(tournament=t, seed=1)
    services.team_create(tournament=t, name="Les Tardifs", player1="Ana", player2="Bruno")
    client.force_login(owner)
    waiting = waiting_section(client, t)
    absent = re.search(r'<li data-team="3">.*?</li>', waiting, re.S)
    late = re.search(r'<li data-team="6">.*?</li>', waiting, re.S)
    assert absent is not None and late is not None
    assert "absente au pointage" in absent.group(0)
    assert "absente au pointage" not in late.group(0)  # registered after: marked arrived
    assert "absentes au pointage" in waiting


def test_without_pointage_a_late_team_waits_as_registered_after_the_draw(client):
    owner = organiser()
    t = tournament(owner=owner, teams=4)
    services.round_generate(tournament=t, seed=1)
    services.team_create(tournament=t, name="Les Tardifs", player1="Ana", player2="Bruno")
    client.force_login(owner)
    waiting = waiting_section(client, t)
    assert "Inscrites après le tirage" in waiting
    assert "absente" not in waiting
