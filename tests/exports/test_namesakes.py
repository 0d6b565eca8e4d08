"""Namesakes of the register told apart where a season and the club's site name players
(issue 32: two « Jean Martin » of two clubs read as one person)."""

import pytest
from django.utils import timezone

from tests.builders import organiser, tournament
from tournament import services
from tournament.exports.static_site import data
from tournament.selectors.season import told_apart

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours():
    return tournament(owner=organiser("homonymes"), slug="homonymes")


def test_a_seasons_namesakes_are_told_apart_by_club_else_by_fiche(concours):
    club = concours.club
    metz, nancy, alone = (services.club_player_create(club=club, name="Martin",
                                                      first_name="Jean", home_club=home)
                          for home in ("Metz", "Nancy", "Toul"))
    unique = services.club_player_create(club=club, name="Roy", first_name="Anne")
    assert told_apart([metz, nancy, unique]) == {
        metz.pk: "Jean Martin (Metz)", nancy.pk: "Jean Martin (Nancy)",
        unique.pk: "Anne Roy"}
    twin = services.club_player_create(club=club, name="MARTIN", first_name="jean",
                                       home_club="toul")
    names = told_apart([alone, twin])
    assert names == {alone.pk: f"Jean Martin (fiche n° {alone.pk})",
                     twin.pk: f"jean MARTIN (fiche n° {twin.pk})"}


def test_the_sites_players_list_tells_namesakes_apart(concours):
    club = concours.club
    metz, nancy = (services.club_player_create(club=club, name="Martin", first_name="Jean",
                                               home_club=home) for home in ("Metz", "Nancy"))
    services.team_create(tournament=concours, name="Les As", player1="Jean Martin",
                         player2="Anne Roy", club="Metz", registered1=metz.pk)
    services.team_create(tournament=concours, name="Les Rois", player1="Jean Martin",
                         player2="Paul Roy", club="Nancy", registered1=nancy.pk)
    site = data.site("Club", "Club", [concours], timezone.now())
    names = sorted(person.name for person in site.people if "Martin" in person.name)
    assert names == [f"Jean Martin (fiche n° {metz.pk})", f"Jean Martin (fiche n° {nancy.pk})"]
