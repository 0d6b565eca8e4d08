"""The caisse in a real browser: at 1366×768 the desk types a name or a number and presses
Entrée (espèces offered again after each payment), undoes a slip; on a 360 px
phone a touch on « Payé » does it. Neither page scrolls sideways."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import Payment

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def paid() -> dict[int, tuple[str, int]]:
    return {number: (method, amount) for number, method, amount in Payment.objects.values_list(
        "team__number", "method", "amount")}


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_the_desk_takes_payments_from_the_keyboard(page, live_server, shot):
    t = tournament(owner=organiser("caisse"), teams=12, slug="caisse",
                   name="Concours de la Saint-Martin")
    services.team_update(team=t.teams.get(number=7), name="Les Étourneaux", player1="Hélène",
                         player2="Basile", club="", active=True)
    services.fee_set(tournament=t, fee=800, fee_per="player")
    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, live_server, "caisse")
    page.goto(f"{live_server.url}/t/caisse/caisse/")
    search = page.locator("#caisse-filter")
    expect(search).to_be_focused()

    # Entrée on the empty field pays nobody.
    page.keyboard.press("Enter")
    expect(page.locator("#unpaid .caisse-row.selected")).to_have_count(0)
    assert paid() == {}

    # Issue 32: nothing matches: no row shows (they all did), and the page says so.
    page.keyboard.type("<b>zz")
    expect(page.locator("#unpaid .caisse-row").first).to_be_hidden()
    expect(page.locator(".caisse-row:visible")).to_have_count(0)
    expect(page.locator("#no-match")).to_have_text("Aucune équipe ne correspond à « <b>zz ».")
    search.fill("")

    # A name without its accents, then Entrée: paid in cash (the default), 2 × 8 €.
    page.keyboard.type("etour")
    expect(page.locator("#unpaid .caisse-row.selected")).to_contain_text("Les Étourneaux")
    expect(page.locator("#unpaid .caisse-row:visible")).to_have_count(1)
    expect(page.locator("#no-match")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("N° 7 : payé 16,00\u00a0€ (espèces).")
    assert paid() == {7: ("especes", 1600)}
    expect(search).to_be_focused()

    # A number alone is that entrant (not every name with a 3 in it); the method chosen
    # (chèque) is this payment's: the next one is offered espèces again.
    page.get_by_label("Chèque").check()
    search.focus()
    page.keyboard.type("3")
    expect(page.locator("#unpaid .caisse-row:not([hidden])")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("N° 3 : payé 16,00\u00a0€ (chèque).")
    expect(page.get_by_label("Espèces")).to_be_checked()

    # ↓ moves the highlight: « Équipe 1 » matches 1, 10, 11, 12 by name; the second is 10.
    page.locator("#caisse-filter").focus()
    page.keyboard.type("équipe 1")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#unpaid .caisse-row.selected")).to_contain_text("10. Équipe 10")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("N° 10 : payé")

    # A slip: undone from the banner.
    page.get_by_role("button", name="Annuler ce paiement").click()
    expect(page.locator(".messages")).to_contain_text("N° 10 : paiement annulé.")
    assert paid() == {7: ("especes", 1600), 3: ("cheque", 1600)}
    expect(page.locator("#balance-total")).to_contain_text("32,00\u00a0€")
    no_sideways_scroll(page)
    shot(page, "caisse-1366")


def test_the_desk_takes_a_payment_by_touch_on_a_phone(browser, live_server, shot):
    t = tournament(owner=organiser("caissephone"), teams=6, slug="caisse-tel")
    services.fee_set(tournament=t, fee=1000, fee_per="team")
    services.payment_take(tournament=t, number=2, method="carte")
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server, "caissephone")
        page.goto(f"{live_server.url}/t/caisse-tel/caisse/")
        no_sideways_scroll(page)
        page.get_by_label("Virement").tap()
        row = page.locator("#unpaid .caisse-row", has_text="5. Équipe 5")
        button = row.get_by_role("button", name="Payé")
        box = button.bounding_box()
        assert box is not None and box["height"] >= 36 and box["x"] + box["width"] <= 360
        button.tap()
        expect(page.locator(".messages")).to_contain_text("N° 5 : payé 10,00\u00a0€ (virement).")
        assert paid() == {2: ("carte", 1000), 5: ("virement", 1000)}
        no_sideways_scroll(page)
        shot(page, "caisse-360")
    finally:
        context.close()


def test_another_desks_payment_shows_when_the_page_comes_back_into_view(page, live_server):
    """Issue 32: the caisse and the pointage showed another desk member's marks only after
    a reload; refresh.js reads the page again when it comes back into view (and every 20 s
    while nobody uses it), never while something is typed."""
    t = tournament(owner=organiser("caisse2"), teams=4, slug="caisse2")
    services.fee_set(tournament=t, fee=800, fee_per="team")
    log_in(page, live_server, "caisse2")
    page.goto(f"{live_server.url}/t/caisse2/caisse/")
    expect(page.locator("#unpaid .caisse-row")).to_have_count(4)
    services.payment_take(tournament=t, number=2, method="cheque", amount=None)  # another desk
    page.locator("#caisse-filter").fill("Équipe")  # typing: no reload, nothing lost
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(300)
    expect(page.locator("#caisse-filter")).to_have_value("Équipe")
    page.locator("#caisse-filter").fill("")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#unpaid .caisse-row")).to_have_count(3)
    expect(page.locator("#paid")).to_contain_text("Chèque")
