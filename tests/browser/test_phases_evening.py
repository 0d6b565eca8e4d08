"""A concours in poules in a real browser: the organiser chooses the formule (its words
shown), draws the poules and their parties from the poules' page, then the tableaux, and
the desk calls a match to a table typed — the tree shows it at that table."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, teams_written, tournament
from tournament import services
from tournament.models import Game

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_organiser_runs_the_poules_then_calls_a_tableau_match(page, live_server, shot):
    t = tournament(owner=organiser("poules"), slug="poules", name="Soirée en poules")
    teams_written(t, 8)
    log_in(page, live_server, "poules")
    page.goto(f"{live_server.url}/t/poules/rules/")
    page.click("#phase-plan-link a")
    page.select_option("#id_qualification", "poules")
    page.select_option("#id_placement", "partagees")
    page.click("#phase-plan-form button[type=submit]")
    expect(page.locator("#formule-summary")).to_contain_text(
        "8 équipes : 2 poules de 4, puis un tableau principal de 4 et une consolante de 4")
    page.click("#to-poules")
    page.fill("#id_seed", "12")
    page.click("#poules-draw button")
    expect(page.locator("#poule-A")).to_be_visible()
    expect(page.locator("#poule-B")).to_be_visible()
    for partie in (1, 2, 3):
        page.goto(f"{live_server.url}/t/poules/poules/")
        page.click("#poule-partie button")
        page.wait_for_url(f"{live_server.url}/t/poules/rounds/{partie}/")
        for game in Game.objects.filter(round__tournament=t, round__number=partie):
            services.game_forfeit(game=game, side="EW")  # Nord-Sud wins each table
    page.goto(f"{live_server.url}/t/poules/poules/")
    expect(page.locator("#poule-A caption")).to_have_text("Classement de la poule")
    shot(page, "poules")
    page.click("#to-tableaux")
    page.click("#tableaux-draw button")
    first = page.locator("#match-principal-1-1")
    first.locator("input[name=table]").fill("3")
    first.locator("button").click()
    expect(page.locator(".messages")).to_contain_text("Table 3 :")
    expect(page.locator("#match-principal-1-1")).to_contain_text("Table 3")
    shot(page, "tableaux")
