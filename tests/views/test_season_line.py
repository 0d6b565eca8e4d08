"""A team's page and a mêlée player's page say how its register players stand in the season
of the concours: to whoever may read that season (a member, everyone once it is published),
to nobody else; never for a concours in no season."""

import datetime

import pytest
from django.urls import reverse

from tests.builders import (
    drawn,
    melee,
    melee_partie,
    organiser,
    play_partie,
    played,
    register_linked,
)
from tournament import selectors, services
from tournament.choices import ROLE_MARQUE
from tournament.models import Membership, Season

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 11, 21)


@pytest.fixture
def concours():
    t = drawn(owner=organiser(), teams=4, slug="vendredi", name="Vendredi de novembre")
    register_linked(t)
    played(t)
    return t


def seasoned(t, published: bool) -> Season:
    return services.season_create(club=t.club, name="Challenge d'hiver", start=DAY, end=DAY,
                                  points_table="100,90,80,70", min_lot=1, published=published,
                                  concours=[t.pk])


def team_page(client, t, number: int = 1) -> str:
    response = client.get(reverse("tournament:team", args=[t.slug, number]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_team_page_gives_both_players_season_lines(client, concours):
    season = seasoned(concours, published=True)
    standings = {row.name: row.line for row in selectors.season_standings(season).rows}
    team = concours.teams.get(number=1, round__isnull=True)
    text = team_page(client, concours)
    assert 'id="season-line"' in text and "Challenge d&#x27;hiver" in text
    for name in (team.first.name, team.second.name):
        line = standings[name]
        rank = "1er" if line.rank == 1 else f"{line.rank}e"
        assert f"<strong>{name}</strong> : {rank} sur 8, {line.points} points, 1 concours " \
               f"joué, un lot." in text


def test_an_unpublished_season_line_is_the_club_members_only(client, concours):
    seasoned(concours, published=False)
    assert 'id="season-line"' not in team_page(client, concours)
    client.force_login(organiser())  # of another club
    assert 'id="season-line"' not in team_page(client, concours)
    reader = organiser()
    Membership.objects.create(club=concours.club, user=reader, role=ROLE_MARQUE)
    client.force_login(reader)
    assert 'id="season-line"' in team_page(client, concours)


def test_no_season_line_out_of_a_season_or_for_unlinked_players(client, concours):
    assert 'id="season-line"' not in team_page(client, concours)
    other = drawn(owner=concours.organiser, teams=4, slug="samedi")
    played(other)  # its players not linked to the register
    services.season_create(club=other.club, name="Autre", start=DAY, end=DAY,
                           points_table="10", published=True, concours=[other.pk])
    assert 'id="season-line"' not in team_page(client, other)


def test_a_melee_players_page_gives_their_season_line(client):
    t = melee(owner=organiser(), players=8, slug="melee", name="Mêlée du jeudi")
    play_partie(melee_partie(t, 1))
    register_linked(t)
    seasoned(t, published=True)
    response = client.get(reverse("tournament:player", args=[t.slug, 3]))
    text = response.content.decode()
    assert 'id="season-line"' in text and "<strong>Joueur 3</strong> : " in text
    assert " sur 8, " in text
