"""The entry page tells a donne entered meanwhile by the service's typed error alone: it
does not count the donnes again to guess it."""

import pytest
from django.urls import reverse

from tests.builders import organiser, tournament
from tournament import services
from tournament.errors import DonneEnteredMeanwhile
from tournament.models import Game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PLAIN = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "95", "position": "1"}


@pytest.fixture
def game():
    t = tournament(owner=organiser("course"), teams=2, slug="course", sa_ta=True)
    services.round_generate(tournament=t, seed=1)
    return Game.objects.get(round__tournament=t, table=1)


def test_the_typed_error_empties_the_row_whatever_the_count(client, game, monkeypatch):
    def raced(**kwargs):  # the count the page would read still says position 1 is free
        raise DonneEnteredMeanwhile("La donne 1 vient d'être saisie depuis un autre appareil.")

    monkeypatch.setattr(services, "donne_record", raced)
    client.force_login(game.round.tournament.organiser)
    response = client.post(reverse("tournament:game", args=["course", 1, 1]), PLAIN,
                           headers=HTMX)
    page = response.content.decode()
    assert response.status_code == 422
    assert "vient d&#x27;être saisie depuis un autre appareil" in page
    assert 'value="95"' not in page  # the row emptied: one more Enter enters nothing twice

