"""The long lists written in Python (format_html or html.escape, not a template loop) escape
every name: the projector's tables, seats and standings (templatetags.screen_rows), a
partie's tables (views.rounds.rows_html, a mêlée's players too) and the season's grid
(templatetags.season_rows)."""

import datetime

import pytest
from django.urls import reverse

from tests.builders import drawn, melee, played, register_linked
from tournament import services
from tournament.models import ClubPlayer, Player, Team

pytestmark = pytest.mark.django_db

NAME = "<b>x</b>"
ESCAPED = "&lt;b&gt;x&lt;/b&gt;"


def test_the_projector_and_the_partie_page_escape_a_team_named_with_markup(client, owner):
    t = drawn(owner=owner, teams=4, slug="balises")
    Team.objects.filter(tournament=t, number=1).update(name=NAME)
    played(t)
    screen = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    assert NAME not in screen
    # Where it plays (tables), where each team sits (seats), and the standings.
    assert screen.count(ESCAPED) == 3
    client.force_login(owner)
    partie = client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()
    assert NAME not in partie and ESCAPED in partie


def test_a_melee_partie_page_escapes_its_players_named_with_markup(client, owner):
    t = melee(owner=owner, players=8, slug="melee-balises")
    Player.objects.filter(tournament=t).update(name=NAME)  # first and second of every pair
    services.round_generate(tournament=t, seed=2)
    client.force_login(owner)
    partie = client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()
    assert NAME not in partie
    # Each table: its two pairs, two players each.
    assert partie.count(f"{ESCAPED} <small>") >= 8


def test_the_season_grid_escapes_a_player_named_with_markup(client, owner):
    t = drawn(owner=owner, teams=4, slug="vendredi")
    register_linked(t)
    played(t)
    ClubPlayer.objects.filter(club_id=t.club_id, name="Joueur 1A").update(name=NAME)
    day = datetime.date(2026, 11, 21)
    season = services.season_create(club=t.club, name="Hiver", start=day, end=day,
                                    points_table="100,90,80,70", concours=[t.pk])
    client.force_login(owner)
    for name in ("season", "season_screen"):
        page = client.get(reverse(f"tournament:{name}", args=[t.club.slug, season.pk]))
        text = page.content.decode()
        assert NAME not in text and ESCAPED in text, name
