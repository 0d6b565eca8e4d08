"""The lots typed in a real browser at 1366×768, from the keyboard: the rank offered is
selected (typing replaces it, Tab keeps it), Enter saves and the cursor is back in "du rang";
a lot whose ranks another lot has is refused in French and nothing is lost; ↑ and ↓ reorder."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def lots(t) -> list[tuple]:
    return list(t.prizes.order_by("order", "id").values_list("start", "end", "from_last",
                                                             "label"))


def cursor_in(page, name: str) -> None:
    page.wait_for_function(
        f"document.activeElement && document.activeElement.name === '{name}'")


def test_the_organiser_types_the_lots_from_the_keyboard(page, live_server, shot):
    t = tournament(owner=organiser("lots"), teams=8, slug="lots",
                   name="Concours de la fête des vendanges")
    for game in services.round_generate(tournament=t, seed=2).games.filter(
            team_ew__isnull=False):
        play_to_the_end(game)
    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, live_server, "lots")
    page.goto(f"{live_server.url}/t/lots/prizes/")
    start = page.locator("#id_start")

    # 1er: the rank offered (1) is kept with Tab.
    cursor_in(page, "start")
    expect(start).to_have_value("1")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.type("Un jambon")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Lot « Un jambon » ajouté.")

    # 2e à 5e: the 2 offered is replaced by what is typed (the same here).
    cursor_in(page, "start")
    expect(start).to_have_value("2")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.type("Une bouteille")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Lot « Une bouteille » ajouté.")

    # Dernier: 1, the lot, then the box "en partant du dernier".
    cursor_in(page, "start")
    expect(start).to_have_value("6")
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.type("Un lot de consolation")
    page.check("#id_from_last")
    page.locator("#id_label").press("Enter")
    expect(page.locator(".messages")).to_contain_text("Lot « Un lot de consolation » ajouté.")
    assert lots(t) == [(1, 1, False, "Un jambon"), (2, 5, False, "Une bouteille"),
                       (1, 1, True, "Un lot de consolation")]

    # A rank that has a lot already: refused in French, what was typed is still there.
    cursor_in(page, "start")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    page.keyboard.type("6")
    page.keyboard.press("Tab")
    page.keyboard.type("Un saucisson")
    page.keyboard.press("Enter")
    expect(page.locator("#prize-form .errorlist")).to_contain_text(
        "Ces rangs ont déjà un lot : « Une bouteille » (2e à 5e).")
    expect(page.locator("#id_label")).to_have_value("Un saucisson")
    assert len(lots(t)) == 3

    # The three lots in words, and the winners in today's standings.
    rows = page.locator("#prizes tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("1er")
    expect(rows.nth(1)).to_contain_text("2e à 5e")
    expect(rows.nth(2)).to_contain_text("dernier")
    expect(page.locator("#awards tbody tr")).to_have_count(6)
    shot(page, "prizes")

    # ↑ moves the last lot above the bottle.
    page.get_by_role("button", name="Monter « Un lot de consolation »").click()
    expect(rows.nth(1)).to_contain_text("Un lot de consolation")
    assert [lot[3] for lot in lots(t)] == ["Un jambon", "Un lot de consolation",
                                          "Une bouteille"]

    # Changed from its own line: the bottle for 2e à 4e only.
    page.locator("#prizes tbody tr", has_text="Une bouteille").get_by_role(
        "link", name="modifier").click()
    expect(page.locator("#id_label")).to_have_value("Une bouteille")
    page.fill("#id_end", "4")
    page.locator("#id_end").press("Enter")
    expect(page.locator(".messages")).to_contain_text("Lot enregistré.")
    assert lots(t)[2] == (2, 4, False, "Une bouteille")
