"""Issue 32: the tables' phone page in large type (its default) at 390 px cut « corriger »
off the donnes' list, and at 360 px the list scrolled off to the right: the list fits the
phone, every « corriger » in sight, with wide rows (coinches, four-figure cumuls, a
penalty)."""

import pytest
from playwright.sync_api import expect

from scoring import Coinche, Side
from tests.builders import made, tournament
from tournament import services
from tournament.models import Game

from .test_capot_and_generale import phone_options

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_phones_donnes_list_fits_with_every_corriger_in_sight(browser, live_server, shot):
    t = tournament(teams=2, slug="corriger", target=9000,
                   name="Concours du Comité des fêtes de Saint-Martin-de-Belleville")
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    for donne in (made(Side.EW, 160, 130, coinche=Coinche.SURCOINCHE),
                  made(Side.NS, 150, 140, coinche=Coinche.COINCHE),
                  made(Side.EW, 120, 100, awarded_ns=50),
                  made(Side.NS, 160, 100, coinche=Coinche.SURCOINCHE),
                  made(Side.EW, 100, 40)):
        services.donne_record(game=game, number=None, donne=donne)
    for width, height in ((390, 844), (360, 640)):
        context = browser.new_context(**phone_options(width, height))
        phone = context.new_page()
        try:
            phone.goto(f"{live_server.url}/table/{game.token}/")
            expect(phone.locator("html")).to_have_class("large")  # the phone's default
            listed = phone.locator("#donnes")
            expect(listed.locator("tbody tr")).to_have_count(5)
            sideways = phone.evaluate(
                "(() => { const s = document.querySelector('.phone-donnes-scroll');"
                " return s.scrollWidth - s.clientWidth; })()")
            assert sideways <= 0, f"the list scrolls {sideways} px sideways at {width} px"
            for link in listed.get_by_role("link", name="corriger").all():
                box = link.bounding_box()
                assert box is not None and box["x"] + box["width"] <= width - 4, (width, box)
            assert phone.evaluate("document.documentElement.scrollWidth") <= width
            shot(phone, f"phone-{width}-donnes")
        finally:
            context.close()
