"""Migration 0015 fills the club's register from the concours already played: one register
player per distinct player of each club (its licence, else its name and club, accents and
case ignored), every entrant linked to it."""

import importlib

import pytest
from django.apps import apps

from tests.builders import melee, organiser, tournament
from tournament import services
from tournament.models import ClubPlayer, Player

pytestmark = pytest.mark.django_db

fill_register = importlib.import_module("tournament.migrations.0017_register").fill_register


def test_the_register_is_filled_from_the_concours_played():
    owner = organiser("presidente")
    first, second = tournament(owner=owner), tournament(owner=owner)
    services.team_create(tournament=first, name="A", player1="Hélène Dupré",
                         player2="Paul Martin", club="Metz", licence2="AB12")
    services.team_create(tournament=second, name="B", player1="HELENE DUPRE",
                         player2="P. Martin", club="metz", licence2="ab 12")
    services.team_create(tournament=second, name="C", player1="Hélène Dupré",
                         player2="Anne Roy", club="Nancy",  # a namesake of another club,
                         registered1=services.NEW_REGISTER_PLAYER)  # the desk said « new »
    other = melee(owner=organiser("voisin"))
    services.player_create(tournament=other, name="Hélène Dupré", club="Metz")
    # As before the register: nothing in it, no entrant linked, each name as it was typed
    # (a linked entrant now takes the register's spelling).
    b = second.teams.get(name="B")
    Player.objects.filter(pk=b.first_id).update(name="HELENE DUPRE")
    Player.objects.filter(pk=b.second_id).update(name="P. Martin")
    Player.objects.update(registered=None)
    ClubPlayer.objects.all().delete()

    fill_register(apps, None)

    def register(t, name):
        return t.players.get(name=name).registered

    assert register(first, "Hélène Dupré") == register(second, "HELENE DUPRE")
    assert register(first, "Paul Martin") == register(second, "P. Martin")  # one licence
    assert register(first, "Paul Martin").licence_key == "ab12"
    namesake = second.players.get(name="Hélène Dupré").registered
    assert namesake != register(first, "Hélène Dupré") and namesake.home_club == "Nancy"
    assert register(other, "Hélène Dupré").club == other.club  # each club its register
    assert ClubPlayer.objects.count() == 5
    assert not Player.objects.filter(registered__isnull=True).exists()
    fill_register(apps, None)  # twice: nothing more
    assert ClubPlayer.objects.count() == 5
