"""A new donne posted with a stale number is refused by a typed error, which the entry page
recognises without counting the donnes again."""

import pytest

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.errors import DonneEnteredMeanwhile, UserError
from tournament.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    t = tournament(owner=organiser("porte"), teams=2, slug="porte", sa_ta=True)
    services.round_generate(tournament=t, seed=1)
    return Game.objects.get(round__tournament=t, table=1)


def test_a_donne_entered_meanwhile_raises_its_own_error_and_writes_nothing(game):
    services.donne_record(game=game, side="NS", number=None, donne=made(points=95), expect=1)
    with pytest.raises(DonneEnteredMeanwhile, match="vient d'être saisie"):
        services.donne_record(game=game, side="EW", number=None, donne=made(), expect=1)
    assert game.donnes.count() == 1


def test_other_refusals_are_not_taken_for_a_donne_entered_meanwhile(game):
    game.round.closed = True
    game.round.save(update_fields=["closed"])
    with pytest.raises(UserError) as refused:
        services.donne_record(game=game, side="NS", number=None, donne=made(), expect=2,
                             open_only=True)
    assert not isinstance(refused.value, DonneEnteredMeanwhile)
