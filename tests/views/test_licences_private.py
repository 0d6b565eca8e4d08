"""A licence is the club's: a published concours shows its entrants to anyone, their
licences to the club's members only (the team's page, a mêlée's players list and a player's
page, the standings workbook)."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.builders import melee, organiser, tournament
from tournament import services

pytestmark = pytest.mark.django_db

LICENCE = "LIC-778899"


def doublette(owner):
    t = tournament(owner=owner, name="Vendredi")
    services.team_create(tournament=t, name="Les As", player1="Anne", player2="Basile",
                         licence1=LICENCE, licence2="LIC-112233")
    return t


def mixed(owner):
    t = melee(owner=owner, players=3)
    services.player_update(player=t.players.get(number=1), licence=LICENCE)
    return t


def workbook_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    book = load_workbook(io.BytesIO(content))
    return " ".join(str(cell.value) for sheet in book for row in sheet.iter_rows()
                    for cell in row if cell.value is not None)


@pytest.mark.parametrize("who", ["anonymous", "other club"])
def test_a_published_concours_shows_no_licence_to_outsiders(client, who):
    owner = organiser()
    if who == "other club":
        stranger = organiser()
        services.club_create(name="Voisins", responsable=stranger)
        client.force_login(stranger)
    team_page = client.get(reverse("tournament:team", args=[doublette(owner).slug, 1]))
    t = mixed(owner)
    players = client.get(reverse("tournament:players", args=[t.slug]))
    player = client.get(reverse("tournament:player", args=[t.slug, 1]))
    xlsx = client.get(reverse("tournament:standings_xlsx", args=[t.slug]))
    for response in (team_page, players, player):
        assert response.status_code == 200
        page = response.content.decode()
        assert "778899" not in page and "Licence" not in page, response.request["PATH_INFO"]
    assert "Joueur 1" in players.content.decode()
    text = workbook_text(xlsx)
    assert "Joueur 1" in text and "778899" not in text and "Licence" not in text


def test_the_clubs_members_see_the_licences(client):
    owner = organiser()
    client.force_login(owner)
    team_page = client.get(reverse("tournament:team", args=[doublette(owner).slug, 1]))
    t = mixed(owner)
    for response in (team_page,
                     client.get(reverse("tournament:players", args=[t.slug])),
                     client.get(reverse("tournament:player", args=[t.slug, 1]))):
        assert LICENCE in response.content.decode()
    text = workbook_text(client.get(reverse("tournament:standings_xlsx", args=[t.slug])))
    assert LICENCE in text
    # The visitor's copy, cached apart, still has none.
    client.logout()
    assert LICENCE not in workbook_text(
        client.get(reverse("tournament:standings_xlsx", args=[t.slug])))
