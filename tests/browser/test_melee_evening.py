"""A mêlée evening in a browser: players registered on the players' page, partie 1 drawn
from the draw's page, a table's own page (its link) naming its four players and entering a
donne, the individual standings, and the workbook with every player. Screenshots at a
laptop's 1366 × 768 and a phone's 390 × 844."""

import io

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services
from tournament.models import Game, Team
from tournament.services.entrants import player_create

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


def shots(page, shot, name: str, fits: bool = True) -> None:
    """The page at both sizes; with `fits`, each checked to fit its width (no sideways
    scrolling of the page: a wide table scrolls within it)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        shot(page, f"{name}-{size}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert not fits or overflow <= 1, f"{name} at {width} px is {overflow} px too wide"
    page.set_viewport_size({"width": 1366, "height": 768})


def test_a_melee_evening_through_the_pages(page, live_server, shot):
    t = tournament(owner=organiser("melee"), slug="melee", format="melee", parties_planned=3)
    log_in(page, live_server, "melee")
    url = f"{live_server.url}/t/melee"

    # Two players registered on the players' page (name, Tab, club, Enter), seven more
    # through the service: nine players, two tables and one exempt.
    page.goto(f"{url}/players/")
    for name, club in (("Anne Arnaud", "Cassis"), ("Basile Brun", "Aubagne")):
        page.fill("#player-form [name=name]", name)
        page.fill("#player-form [name=club]", club)
        page.press("#player-form [name=club]", "Enter")
        expect(page.locator("#players")).to_contain_text(name)
    for index in range(3, 10):
        player_create(tournament=t, name=f"Joueur {index}", club="Club")
    assert t.players.count() == 9

    # The draw's page: the mêlée's method, a seed typed.
    page.goto(f"{url}/rounds/new/")
    expect(page.locator("h1")).to_have_text("Tirer la partie 1")
    expect(page.locator("#draw-form")).to_contain_text("À la mêlée")
    expect(page.locator("body")).to_contain_text("9 joueurs tirés.")
    page.fill("#draw-seed", "2024")
    shots(page, shot, "melee-draw")
    page.click("#draw-submit")
    page.wait_for_url(f"{url}/rounds/1/")
    expect(page.locator("#draw-method")).to_contain_text("À la mêlée")
    expect(page.locator("#draw-method")).to_contain_text("graine 2024")
    round_ = t.rounds.get()
    assert (round_.draw_method, round_.seed) == ("melee", 2024)
    expect(page.locator("#pairings tbody tr")).to_have_count(3)  # two tables, one exempt
    expect(page.locator("#pairings tr.bye")).to_contain_text("exempt")
    shots(page, shot, "melee-partie")

    # Table 1's own page, through its link: its four players, and a donne entered there.
    game = Game.objects.select_related("team_ns__first", "team_ns__second",
                                       "team_ew__first", "team_ew__second").get(
        round=round_, table=1)
    four = [team.first.name for team in (game.team_ns, game.team_ew)] + [
        team.second.name for team in (game.team_ns, game.team_ew)]
    page.click("[data-table-link='1']")
    page.wait_for_url(f"{live_server.url}/table/{game.token}/")
    for name in four:
        expect(page.locator("body")).to_contain_text(name)
    page.locator(".choices-taker .segment", has_text="Nord-Sud").click()
    page.fill("#id_contract", "80")
    page.locator(".choices-trump .segment", has_text="♥").click()
    page.fill("#id_taker_points", "102")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#total-ns")).to_have_text("180")
    shots(page, shot, "melee-table")
    assert game.donnes.count() == 1

    # The individual standings: one line per player, the exempt one counted once the
    # partie is played (here: closed).
    page.goto(f"{url}/rounds/1/")
    page.click("#close-round")  # a confirmation first (issue 32)
    page.get_by_role("button", name="Confirmer : clore la partie").click()
    expect(page.locator(".round-state")).to_contain_text("Partie close")
    page.goto(f"{url}/standings/")
    expect(page.locator("#standings-rule")).to_contain_text("Classement individuel")
    for name in ("Anne Arnaud", "Basile Brun", "Joueur 9"):
        expect(page.locator("body")).to_contain_text(name)
    shots(page, shot, "melee-standings")

    assert Team.objects.filter(round=round_).count() == 5


def test_the_melee_workbook_downloaded_lists_every_player(page, live_server):
    t = tournament(owner=organiser("classeur"), slug="classeur", format="melee")
    for index in range(1, 10):
        player_create(tournament=t, name=f"Joueuse {index}", club="Club")
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    log_in(page, live_server, "classeur")
    page.goto(f"{live_server.url}/t/classeur/standings/")
    link = page.get_by_role("link", name="Classement et parties (Excel)")
    response = page.request.get(live_server.url + link.get_attribute("href"))
    assert response.status == 200, f"the workbook of a mêlée: HTTP {response.status}"
    workbook = load_workbook(io.BytesIO(response.body()), read_only=True)
    cells = {str(cell) for sheet in workbook.worksheets
             for row in sheet.iter_rows(values_only=True) for cell in row if cell is not None}
    missing = [name for name in t.players.values_list("name", flat=True) if name not in cells]
    assert not missing, f"players missing from the workbook: {missing}"
