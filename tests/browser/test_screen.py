"""The projector screen of a 256-team concours, in a real browser at 1920×1080 and 1280×720:
its pages cycle by themselves, each fits the viewport, and within one cycle every team's name
is shown, whole and at a size readable from the back of a hall, in each view."""

import re

import pytest
from playwright.sync_api import expect

from tests.builders import play_to_the_end, tournament
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = 256
# (width, height, smallest font size of a name in px): 3 % of the height, 18 px at least.
SIZES = [(1920, 1080, 24), (1280, 720, 18)]

# What a spectator sees on the page shown: every name cell of it, and whether the cell is
# whole (inside the viewport and its column, not cut on the right, not covered) and readable.
SHOWN = """(minimum) => {
  const page = document.querySelector("#stage .page:not([hidden])");
  const names = [], bad = [];
  for (const cell of page.querySelectorAll("td.name")) {
    const box = cell.getBoundingClientRect();
    const column = cell.closest(".column").getBoundingClientRect();
    const size = parseFloat(getComputedStyle(cell).fontSize);
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const name = cell.childNodes[0].textContent.trim();
    const whole = box.width > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth
      && box.bottom <= column.bottom + 0.5 && box.right <= column.right + 0.5
      && cell.scrollWidth <= cell.clientWidth && cell.contains(atCentre);
    (whole && size >= minimum ? names : bad).push([name, size]);
  }
  return {page: document.body.dataset.page, view: document.body.dataset.view,
          indicator: document.getElementById("page-indicator").textContent,
          names, bad,
          fits: document.documentElement.scrollHeight <= innerHeight
                && document.documentElement.scrollWidth <= innerWidth};
}"""


@pytest.fixture
def hall():
    """256 teams, partie 1 drawn, one table's game played (the standings then show)."""
    t = tournament(teams=TEAMS, slug="salle", name="Grand concours de la Saint-Martin")
    round_ = services.round_generate(tournament=t, seed=11)
    play_to_the_end(round_.games.get(table=1))
    return t


def one_cycle(page, minimum: int) -> tuple[dict[str, set[str]], list[str]]:
    """The names shown in each view, page after page, until the first page comes back by
    itself; and the pages in the order they were shown."""
    expect(page.locator("body")).to_have_attribute("data-page", re.compile(r"^tables 1/\d+$"))
    shown: dict[str, set[str]] = {}
    order: list[str] = []
    while True:
        state = page.evaluate(SHOWN, minimum)
        if order and state["page"] == order[0]:
            return shown, order
        assert state["fits"], state["page"]
        assert not state["bad"], (state["page"], state["bad"][:5])
        assert state["indicator"] == "page " + state["page"].split(" ")[1]
        order.append(state["page"])
        shown.setdefault(state["view"], set()).update(name for name, _size in state["names"])
        page.wait_for_function("page => document.body.dataset.page !== page",
                               arg=state["page"], timeout=15_000)


@pytest.mark.parametrize(("width", "height", "minimum"), SIZES)
def test_every_team_is_shown_in_each_view_within_one_cycle(browser, live_server, hall, tmp_path,
                                                           width, height, minimum):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-FR")
    page = context.new_page()
    # The first page of each view, to look at (turned with the keyboard, as an organiser may).
    page.goto(f"{live_server.url}/t/salle/screen/?secondes=600")  # no login: it is published
    for view in ("tables", "ou", "classement"):
        expect(page.locator("body")).to_have_attribute("data-page", re.compile(f"^{view} 1/"))
        page.screenshot(path=str(tmp_path / f"screen-{width}x{height}-{view}.png"))
        while page.evaluate("document.body.dataset.view") == view:
            page.keyboard.press("ArrowRight")

    page.goto(f"{live_server.url}/t/salle/screen/?secondes=1")
    shown, order = one_cycle(page, minimum)
    names = set(hall.teams.values_list("name", flat=True))
    assert len(names) == TEAMS
    assert shown == {"tables": names, "ou": names, "classement": names}
    # Pages in order, each view from its page 1 to its last, none skipped.
    for view in shown:
        pages = [key.split(" ")[1] for key in order if key.startswith(view + " ")]
        count = len(pages)
        assert pages == [f"{n}/{count}" for n in range(1, count + 1)]
    print(f"{width}×{height}: {len(order)} pages —",
          {view: sum(key.startswith(view + " ") for key in order) for view in shown})
    context.close()


def test_before_the_draw_the_screen_lists_the_teams_registered(page, live_server, shot):
    t = tournament(teams=0, slug="accueil", name="Concours du foyer")
    for name in ("Les Trèfles", "les atouts", "Les Ânes", "Cœur d'Atout", "Belote et Rebelote"):
        services.team_create(tournament=t, name=name, player1="Un", player2="Deux")
    page.goto(f"{live_server.url}/t/accueil/screen/?secondes=60")
    expect(page.locator("#view-title")).to_have_text("5 équipes inscrites")
    expect(page.locator("#view-subtitle")).to_contain_text("Les tables ne sont pas encore tirées.")
    expect(page.locator("#page-indicator")).to_have_text("page 1/1")
    # French order: accents and case aside, "Les Ânes" before "les atouts" before "Les Trèfles".
    expect(page.locator("#stage .page:not([hidden]) td.name")).to_have_text(
        ["Belote et Rebelote", "Cœur d'Atout", "Les Ânes", "les atouts", "Les Trèfles"])
    shot(page, "screen-before-the-draw")
    # Before any game counts there is no standings view to wait through.
    assert page.evaluate("document.querySelectorAll('#data section').length") == 1


def test_the_screen_of_an_unpublished_concours_is_not_found(page, live_server):
    tournament(teams=4, slug="cache", published=False)
    response = page.goto(f"{live_server.url}/t/cache/screen/")
    assert response.status == 404


# --- A mêlée: players, not teams ------------------------------------------------------------

FIRST = ["Anne", "Basile", "Camille", "Denis", "Éloïse", "François", "Gisèle", "Hervé",
         "Inès", "Jacques", "Karine", "Lucien", "Margaux", "Noël", "Odile", "Pascal",
         "Quentin", "Rosalie", "Sébastien", "Thérèse", "Ulysse", "Valérie", "Wilfried",
         "Xavier", "Yvette", "Zoé", "Aimé", "Bérénice", "Cyprien", "Delphine", "Étienne",
         "Fanny", "Gaëtan", "Hélène", "Isidore", "Joséphine", "Kévin"]
LAST = ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Laurent", "Girard", "Roux"]

# Every name a spectator sees on the page shown: a mêlée table's cell holds two players.
SHOWN_PLAYERS = """() => {
  const page = document.querySelector("#stage .page:not([hidden])");
  const names = [], bad = [];
  for (const cell of page.querySelectorAll("td.name")) {
    const box = cell.getBoundingClientRect();
    const column = cell.closest(".column").getBoundingClientRect();
    const whole = box.width > 0 && box.top >= 0 && box.bottom <= innerHeight
      && box.right <= innerWidth && box.bottom <= column.bottom + 0.5
      && box.right <= column.right + 0.5 && cell.scrollWidth <= cell.clientWidth;
    const players = [...cell.querySelectorAll(".player")].map((p) => p.textContent.trim());
    const shown = players.length ? players : [cell.childNodes[0].textContent.trim()];
    (whole ? names : bad).push(...shown);
  }
  return {page: document.body.dataset.page, view: document.body.dataset.view, names, bad,
          fits: document.documentElement.scrollHeight <= innerHeight
                && document.documentElement.scrollWidth <= innerWidth};
}"""


@pytest.fixture
def melee_hall():
    """37 players à la mêlée (nine tables, one exempt), the one partie planned played to the
    end, a concours with ranking points and lots: every view is on the screen."""
    from tests.builders import melee

    t = melee(players=0, slug="melee-salle", name="Mêlée de la Saint-Martin", points_win=4,
              points_loss=2, points_exempt=3, parties_planned=1)
    for index, first in enumerate(FIRST):
        services.player_create(tournament=t, name=f"{first} {LAST[index % len(LAST)]}",
                               club="Belote club" if index % 3 else "Les Amis du 7")
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon de pays")
    services.prize_add(tournament=t, start=2, end=5, from_last=False, label="Une bouteille")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Un lot de consolation")
    return t


def test_a_melee_screen_shows_players_at_their_tables_where_they_play_and_their_lots(
        browser, live_server, melee_hall, screenshots):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/melee-salle/screen/?secondes=600")
    shown: dict[str, list[str]] = {}
    views = ("tables", "ou", "classement", "palmares")
    for view in views:
        expect(page.locator("body")).to_have_attribute("data-page", re.compile(f"^{view} 1/"))
        page.screenshot(path=str(screenshots / f"screen-melee-1920x1080-{view}.png"))
        while page.evaluate("document.body.dataset.view") == view:
            state = page.evaluate(SHOWN_PLAYERS)
            assert state["fits"] and not state["bad"], (state["page"], state["bad"][:5])
            shown.setdefault(view, []).extend(state["names"])
            page.keyboard.press("ArrowRight")
            page.wait_for_function("page => document.body.dataset.page !== page",
                                   arg=state["page"], timeout=15_000)
    names = sorted(melee_hall.players.values_list("name", flat=True))
    numbered = {f"{number}. {name}" for number, name in
                melee_hall.players.values_list("number", "name")}
    assert len(names) == 37
    # 9 × 4 seated, then the exempt player (shown after the tables)
    assert len(shown["tables"]) == 37 and set(shown["tables"]) == numbered
    assert sorted(shown["ou"]) == names and sorted(shown["classement"]) == names
    expect(page.locator("#data section[data-view=palmares] td.lot")).to_have_text(
        ["Un jambon de pays", *["Une bouteille"] * 4, "Un lot de consolation"])
    assert len(shown["palmares"]) == 6
    context.close()
