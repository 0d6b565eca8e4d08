"""Small fixes a new user found, seen in a real browser: a player's page fits a 390 px phone."""

import pytest

from tests.builders import melee, play_to_the_end
from tournament import services
from tournament.models import Game

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def test_a_players_page_fits_a_phone_without_scrolling_sideways(browser, live_server, shot):
    t = melee(players=8, slug="melee-polish")
    # Long names, as a new user's were: the partner and the opponents make the table wide.
    for player in t.players.all():
        services.player_update(player=player, name=f"{player.name} Marie-Christine Delacroix")
    services.round_generate(tournament=t, seed=1)
    for game in Game.objects.filter(round__tournament=t):
        play_to_the_end(game)
    services.round_generate(tournament=t, seed=2)
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{t.slug}/players/1/")
        assert page.locator("#player-games tbody tr").count() == 2
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        # Every cell stays on the screen, Score and Résultat included, under its name.
        cells = page.locator("#player-games tbody td")
        assert cells.count() == 12
        for index in range(cells.count()):
            box = cells.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        score = page.locator('#player-games tbody tr').first.locator('td[data-label="Score"]')
        assert "Score" in score.evaluate("e => getComputedStyle(e, '::before').content")
        shot(page, "player-phone")
    finally:
        context.close()
