"""The site header on a 360 px phone: « Concours de belote » on one line of its own, the
account links beneath it, nothing wider than the phone."""

import pytest

from tests.builders import organiser

from .test_arrivals import PHONE, log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_header_gives_the_title_its_own_line_on_a_phone(browser, live_server):
    organiser("benevole")
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        log_in(page, live_server, "benevole")
        brand = page.locator(".site-header .brand").bounding_box()
        links = page.locator(".site-header .account").bounding_box()
        line = page.evaluate("parseFloat(getComputedStyle("
                             "document.querySelector('.site-header .brand')).lineHeight)"
                             " || 1.3 * parseFloat(getComputedStyle("
                             "document.querySelector('.site-header .brand')).fontSize)")
        assert brand is not None and links is not None
        assert brand["height"] < 1.5 * line, brand  # one line, not « Concours / de belote »
        assert links["y"] >= brand["y"] + brand["height"] - 1, (brand, links)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
