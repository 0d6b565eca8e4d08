"""The projector of a concours in phases at 1920×1080 (BRACKETS.md 7), looked at: during the
poules, ten poules' grids on pages that turn; during the tableaux, the bracket of the current
rounds and the calls, the names at least 1/30 of the screen's height (read from the back of
the hall); the screen's own switches 48 px targets."""

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.selectors.phases import tableaux_view

pytestmark = pytest.mark.django_db(transaction=True)

SHOWN = """(selector) => {
  const page = document.querySelector("#stage .page:not([hidden])");
  const names = [...page.querySelectorAll(selector)];
  const columns = [...page.querySelectorAll(".column")];
  return {names: names.length, page: document.body.dataset.page,
          smallest: Math.min(...names.map((name) => parseFloat(getComputedStyle(name).fontSize))),
          overflow: columns.some((column) => column.scrollHeight > column.clientHeight + 1)};
}"""


def shot(page, screenshots, name):
    path = screenshots / f"{name}.png"
    page.screenshot(path=str(path))
    with Image.open(path) as image:  # seen from the back of the hall: a tenth of its size
        image.resize((192, 108), Image.Resampling.LANCZOS).save(
            screenshots / f"{name}-10pc.png")


def test_the_projector_shows_the_poules_then_the_tableaux_and_the_calls(
        browser, live_server, screenshots):
    t = tournament(slug="phases", name="Coinche de l'ASCEE")
    teams_written(t, 40)
    services.phase_plan_set(tournament=t, qualification="poules", placement="complet")
    services.poules_draw(tournament=t, seed=3)
    parties = [services.poule_partie_generate(tournament=t)]
    play_to_the_end(parties[0].games.get(table=1))
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/phases/screen/?vues=poules&secondes=600")
    # Ten poules, five a page in large type: two pages that turn.
    expect(page.locator("body")).to_have_attribute("data-page", "poules 1/2")
    poules = page.evaluate(SHOWN, ".poule-grid td.name")
    assert poules["smallest"] >= 1080 / 30 and not poules["overflow"], poules
    assert page.locator("#stage .page:not([hidden]) .poule-block").count() >= 5
    for switch in page.locator("#screen-switches button").all():
        box = switch.bounding_box()
        assert box["height"] >= 48 and box["width"] >= 48, box
    shot(page, screenshots, "projector-poules-1920")

    for game in parties[0].games.exclude(table=1):
        services.game_forfeit(game=game, side="EW")
    for _partie in range(2):
        for game in services.poule_partie_generate(tournament=t).games.all():
            services.game_forfeit(game=game, side="EW")
    services.tableaux_draw(tournament=t)
    principal = t.tableaux.get(name="principal")
    for slot in tableaux_view(t)[0].ready[:3]:
        services.tableau_match_call(tableau=principal, round_index=slot.round_index,
                                    index=slot.index)
    page.goto(f"{live_server.url}/t/phases/screen/?vues=tableaux&secondes=600")
    expect(page.locator("body")).to_have_attribute("data-view", "tableaux")
    tree = page.evaluate(SHOWN, ".tree-piece .team span:first-child")
    assert tree["smallest"] >= 1080 / 30 and not tree["overflow"], tree
    shot(page, screenshots, "projector-tableaux-1920")
    page.goto(f"{live_server.url}/t/phases/screen/?vues=tables&secondes=600")
    expect(page.locator("#stage .page:not([hidden]) td.table-number").first).to_have_text("1")
    shot(page, screenshots, "projector-calls-1920")
    context.close()
