"""Three hall screens at 1920×1080, each with its own rotation, followed while the organiser
changes one from the desk: that screen shows its new views within seconds, the others keep
theirs; nothing is touched on the screens' side."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_screens_follow_their_own_rotation_and_the_desk_s_change(
        browser, live_server, screenshots):
    t = tournament(owner=organiser("ecrans"), teams=12, slug="salle")
    round_ = services.round_generate(tournament=t, seed=5)
    play_to_the_end(round_.games.get(table=1))
    wanted = {1: {"tables": 5}, 2: {"classement": 5}, 3: {"message": 5, "ou": 5}}
    for number, seconds in wanted.items():
        screen = services.screen_add(tournament=t)
        services.screen_set(screen=screen, name=f"Écran {number}", seconds=seconds,
                            message="Buvette ouverte : crêpes et café" if number == 3 else "")
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    screens = {}
    for number in wanted:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/salle/ecrans/{number}/")
        screens[number] = page
    expect(screens[1].locator("body")).to_have_attribute("data-view", "tables")
    expect(screens[2].locator("body")).to_have_attribute("data-view", "classement")
    # Screen 3 turns between its message and the calls, in its own order, 5 s each.
    expect(screens[3].locator("body")).to_have_attribute("data-view", "ou")
    expect(screens[3].locator("body")).to_have_attribute("data-view", "message",
                                                         timeout=8_000)
    expect(screens[3].locator(".screen-message:visible")).to_have_text(
        "Buvette ouverte : crêpes et café")

    desk = browser.new_page()
    log_in(desk, live_server, "ecrans")
    desk.goto(f"{live_server.url}/t/salle/ecrans/1/reglages/")
    desk.fill("#id_seconds_tables", "0")
    desk.fill("#id_seconds_palmares", "0")
    desk.fill("#id_seconds_classement", "20")
    desk.click("button:text-is('Enregistrer')")
    desk.wait_for_url(f"{live_server.url}/t/salle/ecrans/")
    # Screen 1 follows by itself within seconds (it asks every 5 s); screen 2 is unchanged.
    expect(screens[1].locator("body")).to_have_attribute("data-view", "classement",
                                                         timeout=12_000)
    expect(screens[2].locator("body")).to_have_attribute("data-view", "classement")
    screens[3].screenshot(path=str(screenshots / "hall-screen-message.png"))
    screens[1].screenshot(path=str(screenshots / "hall-screen-1-after-change.png"))
    # Screen 2 deleted at the desk: its television says so within seconds, not its old views.
    services.screen_delete(screen=t.hall_screens.get(number=2))
    expect(screens[2].locator("h1")).to_have_text("Page introuvable", timeout=12_000)
    expect(screens[1].locator("body")).to_have_attribute("data-view", "classement")
    context.close()
