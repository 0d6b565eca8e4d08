"""Each action of the organiser's partie and team pages posts to its own address: a page's
POST never chooses its action by which key it carries."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.builders import organiser, tournament
from tournament import services

pytestmark = pytest.mark.django_db

TEAMS = "équipe;joueur 1;joueur 2;club\nLes As;Ana;Bob;\nLes Rois;Carl;Dan;\n".encode()


@pytest.fixture
def concours():
    t = tournament(owner=organiser("adresses"), teams=4, slug="adresses")
    services.round_generate(tournament=t, seed=1)
    return t


@pytest.fixture
def desk(client, concours):
    client.force_login(concours.organiser)
    return client


def test_closing_a_partie_has_its_own_address(desk, concours):
    page = reverse("tournament:round", args=["adresses", 1])
    close = reverse("tournament:round_close", args=["adresses", 1])
    # « Clore la partie… » leads to its confirmation (issue 32), whose form posts there.
    assert f'href="{close}"' in desk.get(page).content.decode()
    assert f'action="{close}"' in desk.get(close).content.decode()
    desk.post(page, {"closed": "1"})  # the partie's page only swaps teams
    assert not concours.rounds.get().closed
    assert desk.post(close, {"closed": "1"})["Location"] == page
    assert concours.rounds.get().closed
    assert f'action="{close}"' in desk.get(page).content.decode()  # « Rouvrir la partie »
    assert desk.get(close)["Location"] == page  # closed: nothing to confirm
    desk.post(close, {"closed": "0"})
    assert not concours.rounds.get().closed


def test_reinstating_a_team_has_its_own_address(desk, concours):
    team = concours.teams.get(number=2)
    services.team_withdraw(team=team)
    page = reverse("tournament:team", args=["adresses", 2])
    reinstate = reverse("tournament:team_reinstate", args=["adresses", 2])
    assert f'action="{reinstate}"' in desk.get(page).content.decode()
    desk.post(page, {"active": "1"})  # an older page's form: nothing done, the page again
    assert not concours.teams.get(number=2).active
    assert desk.post(reinstate)["Location"] == page
    assert concours.teams.get(number=2).active


def test_importing_teams_has_its_own_address(desk, concours):
    page = reverse("tournament:teams", args=["adresses"])
    upload = reverse("tournament:teams_import", args=["adresses"])
    assert f'action="{upload}"' in desk.get(page).content.decode()
    desk.post(page, {"file": SimpleUploadedFile("equipes.csv", TEAMS)})  # registers one only
    assert concours.teams.filter(round__isnull=True).count() == 4
    assert desk.post(upload, {"file": SimpleUploadedFile("equipes.csv", TEAMS)})[
        "Location"] == page
    assert set(concours.teams.values_list("name", flat=True)) >= {"Les As", "Les Rois"}
    refused = desk.post(upload, {"file": SimpleUploadedFile("equipes.csv", b"\x00")})
    assert refused.status_code == 422 and 'class="errorlist"' in refused.content.decode()
