"""The desk points the arrivals on a 360 px phone with the keyboard alone (a filter as one
types, a number and Enter, arrows and Space), then at 1366×768: the rows and the counts
change in place, and the draw seats the arrived teams only."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import Team

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def log_in(page, live_server, username):
    page.goto(f"{live_server.url}/login/")
    page.focus("#id_username")
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type("motdepasse-long")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/")


def arrived(t) -> list[int]:
    return list(Team.objects.filter(tournament=t, round__isnull=True, arrived=True)
                .order_by("number").values_list("number", flat=True))


def test_the_desk_points_arrivals_with_the_keyboard_on_a_phone(browser, live_server, shot):
    t = tournament(owner=organiser("bureau"), teams=11, slug="pointage-tel", published=False)
    services.team_create(tournament=t, name="Les Élégants de Saint-Rémy-de-Provence",
                         player1="Hélène Lefèvre-Dumoulin", player2="Zoé Château",
                         club="Cœur d'Atout")  # number 12, long names
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        log_in(page, live_server, "bureau")
        page.goto(f"{live_server.url}/t/pointage-tel/arrivees/")
        counts = page.locator("#arrival-counts")
        expect(counts).to_contain_text("12 inscrites")
        expect(counts).to_contain_text("0 arrivée")
        page.wait_for_function("document.activeElement && document.activeElement.id === "
                               "'arrival-filter'")

        # A name, accents and case aside, narrows the list as one types; Enter marks the one
        # row left.
        page.keyboard.type("HELENE lefevre")
        expect(page.locator("#arrivals li:not([hidden])")).to_have_count(1)
        page.keyboard.press("Enter")
        expect(page.locator("#arrival-12")).to_have_class("arrived")
        expect(counts).to_contain_text("1 arrivée")
        expect(page.locator("#arrival-filter")).to_have_value("")
        expect(page.locator("#arrivals li:not([hidden])")).to_have_count(12)

        # A number and Enter.
        page.keyboard.type("3")
        page.keyboard.press("Enter")
        expect(page.locator("#arrival-3")).to_have_class("arrived")
        page.keyboard.type("10")
        page.keyboard.press("Enter")
        expect(page.locator("#arrival-10")).to_have_class("arrived")
        expect(counts).to_contain_text("3 arrivées")
        expect(counts).to_contain_text("9 absentes")

        # Down into the list, Space marks the focused row; Space again (the focus follows
        # the new row) takes the mark back.
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Space")
        expect(page.locator("#arrival-2")).to_have_class("arrived")
        page.wait_for_function("document.activeElement && "
                               "document.activeElement.closest('#arrival-2') !== null")
        page.keyboard.press("Space")
        expect(page.locator("#arrival-2")).not_to_have_class("arrived")
        page.wait_for_function("document.activeElement && "
                               "document.activeElement.closest('#arrival-2') !== null")
        page.keyboard.press("Enter")
        expect(page.locator("#arrival-2")).to_have_class("arrived")
        expect(page.locator("#arrival-status")).to_contain_text("N° 2, Équipe 2 : arrivée pointée.")
        expect(counts).to_contain_text("4 arrivées")
        assert arrived(t) == [2, 3, 10, 12]

        # A touch marks a row too.
        page.locator("#arrival-7 button").tap()
        expect(page.locator("#arrival-7")).to_have_class("arrived")
        expect(counts).to_contain_text("5 arrivées")
        assert arrived(t) == [2, 3, 7, 10, 12]

        # Nothing wider than the phone: the long names wrap.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width
        row = page.locator("#arrival-12").bounding_box()
        assert row is not None and row["x"] >= 0 and row["x"] + row["width"] <= 360, row
        page.evaluate("window.scrollTo(0, 0)")
        page.locator("#arrival-filter").focus()
        shot(page, "arrivals-phone")
    finally:
        context.close()


def test_the_desk_page_and_the_draw_at_1366(browser, live_server, shot):
    t = tournament(owner=organiser("bureau2"), teams=40, slug="pointage-bureau",
                   published=False)
    for number in range(1, 37):
        services.entrant_arrive(tournament=t, team=t.teams.get(number=number), arrived=True)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    try:
        page = context.new_page()
        log_in(page, live_server, "bureau2")
        page.goto(f"{live_server.url}/t/pointage-bureau/arrivees/")
        expect(page.locator("#arrival-counts")).to_contain_text("36 arrivées")
        # The counts stay in sight when the list scrolls.
        page.mouse.wheel(0, 2000)
        box = page.locator("#arrival-counts").bounding_box()
        assert box is not None and 0 <= box["y"] < 768, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "arrivals-desk")

        page.goto(f"{live_server.url}/t/pointage-bureau/rounds/new/")
        body = page.locator("body")
        expect(body).to_contain_text("40 inscrites")
        expect(body).to_contain_text("36 arrivées")
        expect(body).to_contain_text("4 absentes")
        expect(body).to_contain_text("37. Équipe 37")
        expect(body).to_contain_text("36 équipes tirées.")
        shot(page, "arrivals-draw")
    finally:
        context.close()
