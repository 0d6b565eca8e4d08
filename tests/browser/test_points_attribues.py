"""Scoring version 2 in a real browser: points attribués by the arbiter through the folded
« pénalité » control (the organiser's game page, with the keyboard, and a table link on a
phone), and « Fin du temps » from a partie's page to the end of a stopped game."""

import pytest
from playwright.sync_api import expect

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.models import Game

from .test_game_entry import log_in, open_game, type_row

pytestmark = pytest.mark.django_db(transaction=True)


def phone_options(width: int, height: int) -> dict:
    return {"viewport": {"width": width, "height": height}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def test_the_organiser_awards_penalty_points_with_the_keyboard(page, live_server, shot):
    t = open_game(page, live_server, "penalite")
    penalty = page.locator("#entry details.penalty")
    expect(penalty).not_to_have_attribute("open", "")
    expect(page.locator("#entry [name=awarded_ew]")).to_be_hidden()  # out of the way of Tab

    # NS 80 ♥ made with 100 points, then Tab on to the folded control and open it with Enter.
    type_row(page, "N", "80", "C", "", "100")
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "SUMMARY":
            break
    assert page.evaluate("document.activeElement.textContent.trim()") == "pénalité"
    page.keyboard.press("Enter")
    expect(penalty).to_have_attribute("open", "")

    # 50 points attribués to EO: the score shows with them before saving, Enter saves.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "awarded_ns"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "awarded_ew"
    page.keyboard.type("50")
    expect(page.locator("#entry td.preview[data-key=ns]")).to_have_text("180")
    expect(page.locator("#entry td.preview[data-key=ew]")).to_have_text("110")
    shot(page, "game-penalty")
    page.keyboard.press("Enter")

    row = page.locator("tr[data-number='1']")
    expect(row).to_contain_text("+50 EO")
    expect(row.locator("td.num")).to_have_text(["180", "110", "180", "110"])
    expect(page.locator("#total-ns")).to_have_text("180")
    expect(page.locator("#total-ew")).to_have_text("110")
    # The next row is ready at the taker, its pénalité folded again.
    expect(page.locator("#entry details.penalty")).not_to_have_attribute("open", "")
    assert page.evaluate("document.activeElement.name") == "taker"

    game = Game.objects.get(round__tournament=t, table=1)
    record = game.donnes.get(number=1)
    assert (record.awarded_ns, record.awarded_ew) == (0, 50)
    assert (game.score_ns, game.score_ew) == (180, 110)


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_a_phone_awards_penalty_points_through_its_table_link(browser, live_server, shot,
                                                               size):
    t = tournament(teams=2, slug="telephone")
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)

    context = browser.new_context(**phone_options(*size))
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    try:
        phone.goto(f"{live_server.url}/table/{game.token}/")
        expect(phone.locator("h1")).to_contain_text("Table 1")
        expect(phone.locator("#id_awarded_ew")).to_be_hidden()
        phone.check("input[name=taker][value=NS]")
        phone.fill("#id_contract", "80")
        phone.check("input[name=trump][value=H]")
        phone.fill("#id_taker_points", "100")
        phone.get_by_text("Pénalité (points attribués par l'arbitre)").click()
        expect(phone.locator("#id_awarded_ew")).to_be_visible()
        phone.fill("#id_awarded_ew", "50")
        expect(phone.locator(".preview[data-key=ns]")).to_have_text("180")
        expect(phone.locator(".preview[data-key=ew]")).to_have_text("110")
        # The open section fits the phone's screen.
        assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
        shot(phone, f"phone-penalty-{size[0]}")
        phone.get_by_role("button", name="Enregistrer la donne").click()

        row = phone.locator("#donnes tr[data-number='1']")
        expect(row).to_contain_text("(pénalité +50 EO)")
        expect(row.locator("td.num")).to_have_text(["180", "110", "180 – 110"])
        expect(phone.locator("#total-ns")).to_have_text("180")
        expect(phone.locator("#total-ew")).to_have_text("110")
        # The donnes list, with the penalty in it, fits the screen too.
        assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
    finally:
        context.close()
    game.refresh_from_db()
    record = game.donnes.get(number=1)
    assert (record.awarded_ns, record.awarded_ew) == (0, 50)
    assert (game.score_ns, game.score_ew) == (180, 110)


def test_time_called_stops_the_ticked_table_after_its_donne_in_play(page, live_server, shot):
    t = tournament(owner=organiser("chrono"), teams=4, slug="chrono")
    services.round_generate(tournament=t, seed=1)
    for game in Game.objects.filter(round__tournament=t):
        services.donne_record(game=game, number=None, donne=made())
    log_in(page, live_server, "chrono")
    url = f"{live_server.url}/t/chrono/rounds/1/"

    # The partie's page leads to a confirmation listing both unfinished tables.
    page.goto(url)
    page.get_by_role("link", name="Fin du temps…").click()
    page.wait_for_url(f"{url}time/")
    boxes = page.locator("#unfinished input[name=in_play]")
    expect(boxes).to_have_count(2)
    # Table 1 is playing its donne 2; table 2 stops on the donne already entered.
    page.check("#unfinished input[name=in_play][value='1']")
    page.uncheck("#unfinished input[name=in_play][value='2']")
    shot(page, "time-called-confirm")
    page.get_by_role("button", name="Confirmer la fin du temps").click()
    page.wait_for_url(url)

    expect(page.locator("form.time-called")).to_contain_text("Fin du temps annoncée à")
    expect(page.get_by_role("button", name="Annuler la fin du temps")).to_be_visible()
    table1 = page.locator("tr", has=page.locator("[data-table-link='1']"))
    table2 = page.locator("tr", has=page.locator("[data-table-link='2']"))
    expect(table1).to_contain_text("s'arrête après la donne 2")
    expect(table2).to_contain_text("terminée (fin du temps)")
    shot(page, "time-called-round")
    first = Game.objects.get(round__tournament=t, table=1)
    assert (first.finished, first.stop_after) == (False, 2)
    assert Game.objects.get(round__tournament=t, table=2).finished

    # Table 1 enters its donne in play: the game ends there, well short of its 2000 points.
    page.goto(f"{url}tables/1/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'taker'")
    type_row(page, "E", "80", "P", "", "90")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Partie terminée")
    expect(page.locator("#entry")).to_have_count(0)
    first.refresh_from_db()
    assert first.finished and first.played == 2 and max(first.score_ns, first.score_ew) < 2000

    page.goto(url)
    expect(table1).to_contain_text("terminée (fin du temps)")
    page.goto(f"{live_server.url}/t/chrono/standings/")
    expect(page.get_by_text("Arrêtées par la fin du temps")).to_be_visible()
