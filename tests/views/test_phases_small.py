"""Small words of a concours in phases and of its page: a forfeit in a poule's grid says
« forfait » (the 1000–0 it counts was never played), a tableau's partie is not undone in
one block (its tables are the matches' calls) nor named by its number on a sheet, and one
donne is said in the singular."""

import pytest
from django.urls import reverse

from tests.builders import teams_written, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import Game, Round

pytestmark = pytest.mark.django_db


def test_a_forfeit_in_a_poule_reads_forfait_in_its_grid_not_1000_0(owner, client):
    t = tournament(owner=owner, slug="poule-forfait")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    services.poule_partie_generate(tournament=t)
    game = Game.objects.filter(round__tournament=t, round__phase="poule").order_by(
        "table").first()
    services.game_forfeit(game=game, side="EW")  # EW gives up: NS wins
    page = client.get(reverse("tournament:poules", args=[t.slug])).content.decode()
    assert "gagné par forfait" in page and ">forfait<" in page
    assert "1000–0" not in page and "0–1000" not in page


def test_a_tableaus_partie_offers_no_undo_of_its_draw_and_refuses_one(owner, client):
    t = tournament(owner=owner, slug="tableau-undo", max_donnes=1)
    teams_written(t, 4)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False)
    tableau = services.tableaux_draw(tournament=t, seed=1)[0]
    game = services.tableau_match_call(tableau=tableau, round_index=0, index=0).game
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=[t.slug, game.round.number]))
    assert 'id="undo-draw"' not in page.content.decode()
    # Nor does it seat the other semi-final's teams: they were listed « en attente », each
    # offered a table, and two teams offered a swap across its tables.
    assert 'id="waiting"' not in page.content.decode()
    assert 'id="swap"' not in page.content.decode()
    # Its sheet is headed by its table, the match named below (« Finale »), no partie number.
    sheet = client.get(reverse("tournament:game", args=[t.slug, game.round.number,
                                                         game.table])).content.decode()
    assert f"<h1>Table {game.table}</h1>" in sheet and 'id="game-phase"' in sheet
    assert f"<h1>Partie {game.round.number}, table" not in sheet
    with pytest.raises(UserError, match="annulez l'appel de chaque match"):
        services.round_undo(round_=game.round)
    assert Round.objects.filter(pk=game.round_id).exists()


def test_one_donne_at_most_is_said_in_the_singular(owner, client):
    t = tournament(owner=owner, slug="une-donne", max_donnes=1)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    assert "1 donne au plus" in page and "1 donnes" not in page

