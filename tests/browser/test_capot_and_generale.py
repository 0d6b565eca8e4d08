"""Scoring version 3 in a real browser: a capot annoncé and a générale entered with the
keyboard and on a phone, keys and touches counted (a capot bid and made: at most 8 of each),
and the rules page's new options shown only where they apply."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import Game

from .test_game_entry import log_in, open_game

pytestmark = pytest.mark.django_db(transaction=True)


def phone_options(width: int, height: int) -> dict:
    return {"viewport": {"width": width, "height": height}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def press(page, keys: list[str]) -> int:
    """Type each item (a key name such as Tab, or text typed one key a character); the
    number of keys pressed."""
    count = 0
    for key in keys:
        if key in ("Tab", "Enter"):
            page.keyboard.press(key)
            count += 1
        else:
            page.keyboard.type(key)
            count += len(key)
    return count


def test_a_capot_bid_and_made_takes_7_keys_and_a_generale_as_many(page, live_server, shot):
    t = open_game(page, live_server, "capot3", generale_score=1000)
    # N, Tab, c+, Tab, C (cœur), Enter: the capot's 162 points and its side are implied.
    keys = press(page, ["N", "Tab", "c+", "Tab", "C"])
    expect(page.locator("#entry td.preview[data-key=ns]")).to_have_text("500")
    expect(page.locator("#preview-message")).to_contain_text("réussi")
    shot(page, "v3-capot-keyboard")
    keys += press(page, ["Enter"])
    assert keys == 7 <= 8
    row = page.locator("tr[data-number='1']")
    expect(row.locator("td.num")).to_have_text(["500", "0", "500", "0"])
    assert page.evaluate("document.activeElement.name") == "taker"

    # A générale made by East-West: the same keys, g+ for c+.
    keys = press(page, ["E", "Tab", "g+", "Tab", "P", "Enter"])
    assert keys == 7
    row = page.locator("tr[data-number='2']")
    expect(row).to_contain_text("générale")
    expect(row.locator("td.num")).to_have_text(["0", "1000", "500", "1000"])

    game = Game.objects.get(round__tournament=t, table=1)
    first, second = game.donnes.order_by("number")
    assert (first.capot_bid, first.capot, first.taker_points) == (True, "NS", 162)
    assert (second.generale_bid, second.generale_made, second.capot) == (True, True, "EW")


def test_a_capot_typed_c_with_162_points_is_asked_not_scored_a_chute(page, live_server):
    t = open_game(page, live_server, "question3")
    press(page, ["N", "Tab", "c", "Tab", "C", "Tab", "162", "Enter"])
    error = page.locator("#err-contract")
    expect(error).to_contain_text("réussi ou chuté")
    assert not Game.objects.get(round__tournament=t, table=1).donnes.exists()
    # The cursor is on the contract: « c+ » answers, Enter saves.
    assert page.evaluate("document.activeElement.name") == "contract"
    page.keyboard.press("End")
    press(page, ["+", "Enter"])
    row = page.locator("tr[data-number='1']")
    expect(row.locator("td.num")).to_have_text(["500", "0", "500", "0"])


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_a_phone_enters_a_capot_made_in_4_touches_and_a_generale(browser, live_server, shot,
                                                                 size):
    t = tournament(teams=2, slug=f"tel3-{size[0]}", generale_score=1000)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    context = browser.new_context(**phone_options(*size))
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    try:
        phone.goto(f"{live_server.url}/table/{game.token}/")
        expect(phone.locator("h1")).to_contain_text("Table 1")
        touches = 0
        for target in ("input[name=taker][value=NS]", "input[name=bid][value='c+']",
                       "input[name=trump][value=H]"):
            phone.locator(target).check()
            touches += 1
        expect(phone.locator(".preview[data-key=ns]")).to_have_text("500")
        assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
        shot(phone, f"v3-phone-capot-{size[0]}")
        phone.get_by_role("button", name="Enregistrer la donne").click()
        touches += 1
        assert touches == 4 <= 8
        expect(phone.locator("#total-ns")).to_have_text("500")

        # A générale failed although East-West won every trick (the partner took one).
        for target in ("input[name=taker][value=EW]", "input[name=bid][value='g-']",
                       "input[name=trump][value=S]"):
            phone.locator(target).check()
        phone.fill("#id_taker_points", "162")
        phone.locator("input[name=capot][value=EW]").check()  # one button, no drop-down
        expect(phone.locator(".preview[data-key=ns]")).to_have_text("1000")
        phone.get_by_role("button", name="Enregistrer la donne").click()
        expect(phone.locator("#total-ns")).to_have_text("1500")
    finally:
        context.close()
    records = list(game.donnes.order_by("number"))
    assert [(r.capot_bid, r.generale_bid, r.generale_made) for r in records] == [
        (True, False, False), (False, True, False)]


def test_the_rules_page_shows_the_generale_score_only_in_coinche(page, live_server, shot):
    tournament(owner=organiser("regles3"), slug="regles3")
    log_in(page, live_server, "regles3")
    page.goto(f"{live_server.url}/t/regles3/rules/")
    generale = page.locator("p.option[data-option=generale_score]")
    expect(generale).to_be_visible()
    page.select_option("#id_preset", "coinche-concours")
    expect(page.locator("#id_capot_bid_score")).to_have_value("500")
    expect(page.locator("#id_capot_points")).to_have_value("162")
    # No annonces in the concours sheet: whether a capot takes them is not asked.
    expect(page.locator("p.option[data-option=capot_takes_annonces]")).to_be_hidden()
    shot(page, "v3-rules-concours")
    page.select_option("#id_preset", "classique-dedans")
    expect(generale).to_be_hidden()
    expect(page.locator("#id_losing_belote")).to_have_value("winner")
    expect(page.locator("p.option[data-option=defence_capot_bonus]")).to_be_visible()
    # Rounding off hides its variants; on, they come back.
    expect(page.locator("p.option[data-option=rounding_160]")).to_be_hidden()
    page.check("#id_rounding")
    expect(page.locator("p.option[data-option=rounding_160]")).to_be_visible()
