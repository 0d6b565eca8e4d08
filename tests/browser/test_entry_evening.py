"""Donne entry on a real evening, in a real browser: the keystrokes and touches a plain donne
costs (counted), a double click, a network failure, a server error, another device's donne,
and pages that fit a 1366×768 laptop and a 360 px phone."""

import pytest
from playwright.sync_api import expect

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.models import Game

from .test_game_entry import log_in, open_game, type_row

pytestmark = pytest.mark.django_db(transaction=True)

PLAIN = ("N", "80", "C", "", "95")  # NS 80 ♥, 95 points: 180 – 70 with the FFB's rules


def phone_options(width: int, height: int) -> dict:
    return {"viewport": {"width": width, "height": height}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def contrast(page, selector: str) -> float:
    """The contrast ratio of an element's text on the first opaque background behind it."""
    return page.eval_on_selector(selector, """element => {
        const rgb = text => text.match(/[\\d.]+/g).slice(0, 4).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map(v => v / 255).map(
            v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
        let back = element, bg = [255, 255, 255, 0];
        while (back && (bg = rgb(getComputedStyle(back).backgroundColor)).length === 4
               && bg[3] === 0) back = back.parentElement;
        if (!back) bg = [255, 255, 255];
        const [a, b] = [lum(rgb(getComputedStyle(element).color)), lum(bg)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""")


def test_a_plain_donne_takes_at_most_ten_keystrokes(page, live_server):
    t = open_game(page, live_server, "touches")
    keys = type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    keys += 1
    expect(page.locator("tr[data-number='1'] td.num")).to_have_text(["180", "70", "180", "70"])
    print(f"\nclavier : {keys} touches pour « NS 80 ♥, 95 points »")
    assert keys <= 10
    record = Game.objects.get(round__tournament=t).donnes.get()
    assert (record.taker, record.contract, record.trump, record.taker_points) == (
        "NS", 80, "H", 95)
    assert (record.score_ns, record.score_ew) == (180, 70)
    # A passe: P, Enter.
    page.wait_for_function("document.activeElement.name === 'taker'")
    page.keyboard.press("P")
    page.keyboard.press("Enter")
    expect(page.locator("tr[data-number='2']")).to_contain_text("passe")


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_a_plain_donne_takes_at_most_ten_touches_on_a_phone(browser, live_server, shot, size):
    t = tournament(teams=2, slug=f"doigts{size[0]}")
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    context = browser.new_context(**phone_options(*size))
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    touches = 0

    def tap(locator):
        nonlocal touches
        locator.tap()
        touches += 1

    def digits(text: str):  # each key of the phone's keypad is a touch
        nonlocal touches
        for digit in text:
            phone.keyboard.press(digit)
            touches += 1

    try:
        phone.goto(f"{live_server.url}/table/{game.token}/")
        expect(phone.locator("#id_contract")).to_have_attribute("inputmode", "numeric")
        tap(phone.locator(".choices-taker .segment", has_text="Nord-Sud"))
        tap(phone.locator("#id_contract"))
        digits("80")
        tap(phone.locator(".choices-trump .segment", has_text="♥"))
        tap(phone.locator("#id_taker_points"))
        digits("95")
        expect(phone.locator("#preview-message")).to_contain_text("réussi")
        assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
        shot(phone, f"phone-entry-{size[0]}")
        tap(phone.get_by_role("button", name="Enregistrer la donne"))
        expect(phone.locator("#total-ns")).to_have_text("180")
        print(f"\ntéléphone {size[0]} px : {touches} touchers pour « NS 80 ♥, 95 points »")
        assert touches <= 10
        # A passe: one button, then save.
        tap(phone.locator(".choices-taker .segment", has_text="Passe"))
        expect(phone.locator("#preview-message")).to_contain_text("passe")
        tap(phone.get_by_role("button", name="Enregistrer la donne"))
        expect(phone.locator("#donnes tr[data-number='2']")).to_contain_text("passe")
        assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]
    finally:
        context.close()
    records = list(game.donnes.order_by("number"))
    assert [(r.taker, r.score_ns, r.score_ew) for r in records] == [("NS", 180, 70), ("", 0, 0)]


def phone_at_table_1(browser, **options):
    """Table 1 of a new two-team concours (`options`: the tournament's), partie 1 drawn, and
    a phone of 390 × 844 to open its link: (game, context, page). The caller closes it."""
    t = tournament(teams=2, **options)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    context = browser.new_context(**phone_options(390, 844))
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    return game, context, phone


def test_a_double_click_saves_once_and_the_header_agrees_with_the_rows(browser, live_server):
    game, context, phone = phone_at_table_1(browser, slug="double")
    try:
        phone.goto(f"{live_server.url}/table/{game.token}/")
        phone.locator(".choices-taker .segment", has_text="Est-Ouest").click()
        phone.fill("#id_contract", "80")
        phone.locator(".choices-trump .segment", has_text="♠").click()
        phone.fill("#id_taker_points", "102")
        phone.get_by_role("button", name="Enregistrer la donne").dblclick()
        expect(phone.locator("#entry-status")).to_have_text("Donne 1 enregistrée.")
        expect(phone.locator("#total-ns")).to_have_text("60")
        expect(phone.locator("#total-ew")).to_have_text("180")
        expect(phone.locator("#donnes tbody tr")).to_have_count(1)
        # The next row is empty: one more touch on « Enregistrer » cannot save it again.
        expect(phone.locator("#id_contract")).to_have_value("")
        expect(phone.locator("input[name=taker]:checked")).to_have_count(0)
        assert "autre appareil" not in phone.inner_text("#game-sheet")
    finally:
        context.close()
    assert game.donnes.count() == 1


def test_enter_pressed_twice_saves_once(page, live_server):
    t = open_game(page, live_server, "deuxfois")
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    # The second Enter is dropped while the first is saving, or lands on the new empty row,
    # which is refused: either way one donne, and the header says what the rows say.
    expect(page.locator("#total-ns")).to_have_text("180")
    expect(page.locator("tr[data-number='1'] td.num")).to_have_text(["180", "70", "180", "70"])
    expect(page.locator("#donnes tr[data-number]")).to_have_count(1)
    assert Game.objects.get(round__tournament=t).donnes.count() == 1


@pytest.mark.parametrize(("failure", "reason"), [
    ("network", "pas de réponse du serveur"),
    ("403", "accès refusé"),
    ("500", "erreur du serveur"),
    ("409", "conflit"),
    ("login-page", "réponse inattendue"),
])
def test_a_save_that_fails_says_non_enregistree_and_keeps_what_was_typed(
        page, live_server, shot, failure, reason):
    t = open_game(page, live_server, f"panne{failure.replace('-', '')}")
    url = page.url

    def fail(route):
        if route.request.method != "POST":
            return route.continue_()
        if failure == "network":
            return route.abort("internetdisconnected")
        if failure == "login-page":  # a redirect followed to a whole page, answered 200
            return route.fulfill(status=200, content_type="text/html",
                                 body="<html><body><h1>Connexion</h1></body></html>")
        return route.fulfill(status=int(failure), content_type="text/html",
                             body="<html><body><h1>Server Error PAGE</h1></body></html>")

    page.route(url, fail)
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    status = page.locator("#entry-status")
    expect(status).to_contain_text("Donne non enregistrée")
    expect(status).to_contain_text(reason)
    assert page.eval_on_selector("#entry-status", "e => getComputedStyle(e).color") == \
        "rgb(160, 24, 24)"
    sheet = page.inner_text("#game-sheet")
    assert "Server Error" not in sheet and "Connexion" not in sheet
    assert page.input_value("#entry [name=taker_points]") == "95"
    assert page.input_value("#entry [name=contract]") == "80"
    expect(page.locator("#entry-save")).to_be_enabled()
    if failure == "network":
        shot(page, "game-entry-not-saved")
    assert not Game.objects.get(round__tournament=t).donnes.exists()

    # The network is back: the same row saves with one more Enter.
    page.unroute(url)
    page.focus("#entry [name=taker_points]")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-status")).to_have_text("Donne 1 enregistrée.")
    assert Game.objects.get(round__tournament=t).donnes.count() == 1


def test_a_donne_entered_meanwhile_elsewhere_is_shown_and_not_entered_twice(page, live_server):
    t = open_game(page, live_server, "ailleurs")
    game = Game.objects.get(round__tournament=t)
    type_row(page, *PLAIN)
    services.donne_record(game=game, number=None, donne=made(contract=80, points=95))  # a phone
    page.keyboard.press("Enter")
    expect(page.locator("#entry-status")).to_contain_text(
        "vient d'être saisie depuis un autre appareil")
    # The header agrees with the rows, and the row is empty: Enter again saves nothing twice.
    expect(page.locator("#total-ns")).to_have_text("180")
    expect(page.locator("tr[data-number='1'] td.num")).to_have_text(["180", "70", "180", "70"])
    assert page.input_value("#entry [name=taker_points]") == ""
    page.wait_for_function("document.activeElement.name === 'taker'")
    page.keyboard.press("Enter")
    expect(page.locator("#err-taker")).to_have_text(
        "Indiquez le preneur ou P pour une donne passée.")
    assert game.donnes.count() == 1


def test_the_game_page_fits_a_1366_laptop_with_its_save_button_in_view(browser, live_server,
                                                                        shot):
    t = tournament(owner=organiser("portable"), teams=2, slug="portable", sa_ta=True)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    for _ in range(5):
        services.donne_record(game=game, number=None, donne=made(points=90))
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server, "portable")
        page.goto(f"{live_server.url}/t/portable/rounds/1/tables/1/")
        page.wait_for_function("document.activeElement.name === 'taker'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
        button = page.locator("#entry-save")
        expect(button).to_be_in_viewport()
        box = button.bounding_box()
        assert box["x"] + box["width"] <= 1366 and box["y"] + box["height"] <= 768
        # Every input has a label; outcomes are words too, and readable.
        unlabelled = page.evaluate("""[...document.querySelectorAll(
            '#entry input:not([type=hidden]), #entry select')].filter(
            e => !e.labels || e.labels.length === 0).map(e => e.name)""")
        assert unlabelled == []
        expect(page.locator("tr[data-number='1'] .outcome")).to_have_text("réussi")
        page.keyboard.type("N")
        for text in ("80", "C", "95"):
            page.keyboard.press("Tab")
            page.keyboard.type(text)
        expect(page.locator("#preview-message")).to_contain_text("réussi")
        assert contrast(page, "#preview-message") >= 4.5
        assert contrast(page, "tr[data-number='1'] .outcome") >= 4.5
        shot(page, "game-entry-1366")
        page.keyboard.press("Enter")
        expect(page.locator("#entry-status")).to_have_text("Donne 6 enregistrée.")
        expect(page.locator("#entry-save")).to_be_in_viewport()
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    finally:
        context.close()


def test_after_a_finished_game_table_suivante_leads_to_the_next_unfinished_table(
        page, live_server):
    t = tournament(owner=organiser("suivante"), teams=6, slug="suivante", max_donnes=1)
    services.round_generate(tournament=t, seed=1)
    services.donne_record(game=Game.objects.get(round__tournament=t, table=2), number=None,
                          donne=made())
    log_in(page, live_server, "suivante")
    page.goto(f"{live_server.url}/t/suivante/rounds/1/tables/1/")
    page.wait_for_function("document.activeElement.name === 'taker'")
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Partie terminée")
    page.get_by_role("link", name="Table suivante : table 3").click()  # table 2 is finished
    page.wait_for_url("**/rounds/1/tables/3/")


def test_a_refused_donne_on_a_phone_keeps_its_chosen_buttons(browser, live_server):
    """A refused row keeps everything typed, the one-touch choices included: the server's
    answer has them checked, and the swapped row must show them so (they once came back blank,
    leaving a phone user to tap taker and trump again)."""
    game, context, phone = phone_at_table_1(browser, slug="refusee", preset="ffb-classique")
    try:
        phone.goto(f"{live_server.url}/table/{game.token}/")
        phone.locator(".choices-taker .segment", has_text="Est-Ouest").tap()
        phone.locator(".choices-trump .segment", has_text="♠").tap()
        phone.locator("#id_taker_points").tap()
        phone.keyboard.type("200")
        phone.get_by_role("button", name="Enregistrer la donne").tap()
        expect(phone.locator("#err-taker_points")).to_contain_text("162 points au plus")
        expect(phone.locator("#id_taker_points")).to_have_value("200")
        assert phone.is_checked("input[name=taker][value=EW]")
        assert phone.is_checked("input[name=trump][value=S]")
        assert game.donnes.count() == 0
        phone.fill("#id_taker_points", "100")
        phone.get_by_role("button", name="Enregistrer la donne").tap()
        expect(phone.locator("#entry-status")).to_have_text("Donne 1 enregistrée.")
    finally:
        context.close()
    record = game.donnes.get()
    assert (record.taker, record.trump, record.taker_points) == ("EW", "S", 100)
