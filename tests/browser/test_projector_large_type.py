"""The projector in « grands caractères » (its default) at 1920×1080: the standings' names at
least 1/30 of the screen's height, read from 15 m, fewer rows a page rather than smaller
type; the switch turns it off, the page lays its rows out again, and the choice is kept on
the screen's computer."""

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.builders import play_to_the_end, tournament
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = """() => {
  const page = document.querySelector("#stage .page:not([hidden])");
  const cells = [...page.querySelectorAll("td.name")];
  return {rows: cells.length, page: document.body.dataset.page,
          smallest: Math.min(...cells.map((cell) => parseFloat(getComputedStyle(cell).fontSize)))};
}"""


def test_the_projector_s_standings_read_from_15_m_and_the_switch_is_kept(
        browser, live_server, screenshots):
    t = tournament(teams=60, slug="salle", name="Concours de la Saint-Martin")
    round_ = services.round_generate(tournament=t, seed=11)
    for game in round_.games.filter(team_ew__isnull=False)[:10]:
        play_to_the_end(game)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/salle/screen/?vues=classement&secondes=600")
    expect(page.locator("body")).to_have_attribute("data-view", "classement")
    large = page.evaluate(NAMES)
    assert large["smallest"] >= 1080 / 30, large
    path = screenshots / "projector-standings-1920.png"
    page.screenshot(path=str(path))
    # Seen from the back of the hall: the screen at a tenth of its size, still to be read.
    with Image.open(path) as image:
        image.resize((192, 108), Image.Resampling.LANCZOS).save(
            screenshots / "projector-standings-10pc.png")

    page.click("[data-large-switch]")
    expect(page.locator("[data-large-switch]")).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("rows => document.querySelectorAll("
                           "'#stage .page:not([hidden]) td.name').length > rows",
                           arg=large["rows"])
    small = page.evaluate(NAMES)
    assert small["smallest"] < large["smallest"] and small["rows"] > large["rows"]
    page.reload()  # kept on this computer
    expect(page.locator("html")).not_to_have_class("large")
    context.close()
