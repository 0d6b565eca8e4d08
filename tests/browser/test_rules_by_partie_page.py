"""Rules by partie and the standings' scope in a real browser: the organiser, late, plays 8
donnes from partie 3 on (the rules page offers that partie beside the number of donnes);
the standings say which parties they include and mark a withdrawn team."""

import pytest
from playwright.sync_api import expect

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.models import Round

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def _play_round(round_) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        game.refresh_from_db()
        while not game.finished:
            services.donne_record(game=game, number=None, donne=made(points=100))
            game.refresh_from_db()


def test_the_organiser_plays_8_donnes_from_partie_3_on(page, live_server, shot):
    owner = organiser("tardif")
    t = tournament(owner=owner, slug="tardif", target=None, max_donnes=12, teams=0)
    for name in ("Les Trèfles", "Les Ânes", "Les Cœurs", "Les Piques", "Les Bœufs"):
        services.team_create(tournament=t, name=name, player1="Anne", player2="Basile")
    for _partie in (1, 2):
        _play_round(services.round_generate(tournament=t, seed=7))
    log_in(page, live_server, "tardif")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/t/tardif/")
    page.get_by_role("link", name="Modifier le concours et son règlement").click()
    partie = page.get_by_label("À partir de la partie")
    expect(partie).to_have_value("3")
    expect(page.locator("#parties-limits")).to_contain_text("parties 1 et 2 en 12 donnes")
    page.get_by_label("Nombre de donnes").fill("8")
    partie.scroll_into_view_if_needed()
    shot(page, "rules-from-partie")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".messages")).to_contain_text(
        "changés à partir de la partie 3 ; les parties précédentes gardent les leurs")

    third = services.round_generate(tournament=t)
    assert (third.max_donnes, Round.objects.get(tournament=t, number=2).max_donnes) == (8, 12)
    game = third.games.filter(team_ew__isnull=False).first()
    while not game.finished:
        services.donne_record(game=game, number=None, donne=made(points=100))
        game.refresh_from_db()
    assert game.played == 8
    services.team_withdraw(team=t.teams.get(name="Les Piques"))

    page.goto(f"{live_server.url}/t/tardif/standings/?sort=team")
    expect(page.locator("#standings-scope")).to_have_text(
        "Classement après la partie 2 ; partie 3 en cours : 1 table sur 2 terminée.")
    names = page.locator("#standings tbody td:nth-child(2) a")
    expect(names).to_have_text(["2. Les Ânes", "5. Les Bœufs", "3. Les Cœurs", "4. Les Piques",
                                "1. Les Trèfles"])
    expect(page.locator("#standings tbody tr", has_text="Les Piques")).to_contain_text(
        "(retirée)")
    shot(page, "standings-scope")
