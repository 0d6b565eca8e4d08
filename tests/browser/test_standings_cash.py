"""The standings page with its « Prix » column in a real browser: at the desk's 1366 px the
whole table shows; on a 390 px phone the table scrolls sideways inside its box (rank and
name first, the lot and the cash prize further right), never the page."""

import pytest

from tests.builders import organiser
from tests.exports.test_standings_cash import played_concours, with_pool

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_cash_prizes_column_scrolls_inside_its_box_on_a_phone(page, live_server, shot):
    t = with_pool(played_concours(organiser("prix"), name="Concours de la Saint-Martin"))
    log_in(page, live_server, "prix")
    url = f"{live_server.url}/t/{t.slug}/standings/"
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url)
        prize = page.locator("#standings tbody tr").first.locator("td").last
        assert prize.inner_text() == "56,25\u00a0€"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        box = page.locator(".table-scroll")
        if width == 1366:
            assert prize.is_visible() and box.evaluate("b => b.scrollWidth <= b.clientWidth")
        else:  # the table is wider than the phone: its box scrolls, the page does not
            assert box.evaluate("b => b.scrollWidth > b.clientWidth")
            prize.scroll_into_view_if_needed()
            assert page.evaluate("window.scrollX") == 0
        shot(page, f"classement-prix-{width}")
