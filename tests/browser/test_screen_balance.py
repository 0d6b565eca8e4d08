"""The projector's tables at 1920×1080: the rows shared evenly across pages (never 19 tables
then 1 alone), and the exempt team shown after the tables."""

import pytest
from playwright.sync_api import expect

from tests.builders import tournament
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)

ROWS = """(view) => [...document.querySelectorAll(`#stage .page[data-view=${view}]`)]
    .map((page) => page.querySelectorAll("tbody tr").length)"""


@pytest.mark.parametrize("teams", [77, 81])  # 38 rows fit a page, large type turned off
def test_the_tables_pages_share_their_rows_evenly_and_show_the_exempt_team(browser,
                                                                          live_server, teams):
    t = tournament(teams=teams, slug=f"ecran{teams}", name="Concours de la Saint-Martin")
    services.round_generate(tournament=t, seed=5)
    bye = t.rounds.get().games.get(team_ew__isnull=True).team_ns
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    try:
        # The screen's computer turned « grands caractères » off (the projector's default):
        # the rows counted here are the small type's.
        context.add_init_script("localStorage.setItem('grands-caracteres-salle', '0')")
        page = context.new_page()
        page.goto(f"{live_server.url}/t/ecran{teams}/screen/?vues=tables")
        expect(page.locator("body")).to_have_attribute("data-view", "tables")
        rows = page.evaluate(ROWS, "tables")
        assert sum(rows) == teams // 2 + 1, rows  # every table, then the exempt team
        assert len(rows) == 2 and max(rows) - min(rows) <= 1, rows
        names = page.evaluate("""() => [...document.querySelectorAll(
            "#stage .page[data-view=tables] tr.bye td.name")].map((cell) => cell.textContent)""")
        assert names == [bye.name]
    finally:
        context.close()
