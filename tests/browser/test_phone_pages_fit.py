"""A new organiser's evening looked at on a phone of 390 px: a poule's grid with a forfeit
(« gagné par forfait »), the rules page's long drop-downs and a table's sheet of donnes
read by a visitor each pushed the page sideways (42, 66 and 727 px). Each now fits, what
is wider scrolling in its own box."""

import pytest
from django.test import Client

from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.models import Game

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WIDE = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_the_poules_the_rules_and_a_tables_sheet_fit_a_phone(browser, live_server, owner):
    t = tournament(owner=owner, slug="telephone-390", published=True)
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    services.poule_partie_generate(tournament=t)
    first, second = Game.objects.filter(round__tournament=t).order_by("table")[:2]
    services.game_forfeit(game=first, side="EW")
    play_to_the_end(second)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        page = context.new_page()
        for address in (f"/t/{t.slug}/poules/", f"/t/{t.slug}/rounds/1/tables/2/"):
            page.goto(live_server.url + address)
            assert page.evaluate(WIDE) == 0, address
        assert page.locator("#donnes").is_visible()
        client = Client()
        client.force_login(owner)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                              "url": live_server.url}])
        page.goto(f"{live_server.url}/t/{t.slug}/poules/")
        assert "gagné par forfait" in page.inner_text("main")
        assert page.evaluate(WIDE) == 0
        page.goto(f"{live_server.url}/t/{t.slug}/rules/")
        assert page.evaluate(WIDE) == 0
    finally:
        context.close()
