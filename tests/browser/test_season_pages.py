"""A season's pages in a real browser: the standings and grid at 1366 px and on a 360 px
phone (the page never scrolls sideways: the grid scrolls in its own box), and the
projector cycling through the season's views."""

import datetime

import pytest

from tests.builders import drawn, organiser, played, register_linked
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)
DAY = datetime.date(2026, 11, 21)
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


@pytest.fixture
def season():
    owner = organiser()
    concours = []
    for index in range(3):
        t = drawn(owner=owner, teams=6, slug=f"vendredi-{index}", name=f"Vendredi {index + 1}",
                  seed=index + 1)
        register_linked(t)
        played(t)
        concours.append(t)
    return services.season_create(club=concours[0].club, name="Challenge d'hiver", start=DAY,
                                  end=DAY, points_table="100,90,80,70,60,50", participation=5,
                                  best=2, published=True, concours=[t.pk for t in concours])


def address(live_server, season, suffix=""):
    return f"{live_server.url}/clubs/{season.club.slug}/saisons/{season.pk}/{suffix}"


def test_the_season_page_at_1366_px(page, live_server, season, shot):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(address(live_server, season))
    assert page.locator("#season-standings tbody tr").count() == 12
    assert page.locator("#season-standings tbody td.counted").count() == 24  # best 2 of 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    shot(page, "season-1366")


def test_the_season_page_fits_a_360_px_phone(browser, live_server, season, shot):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(address(live_server, season))
        assert page.locator("#season-standings tbody tr").count() == 12
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width
        shot(page, "season-phone")
    finally:
        context.close()


def test_the_season_form_fits_a_360_px_phone_one_label_with_its_field(browser, live_server):
    owner = organiser("saisonnier")
    club = drawn(owner=owner, teams=4, slug="libre", name="Concours libre").club
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", "saisonnier")
        page.fill("#id_password", "motdepasse-long")
        page.press("#id_password", "Enter")
        page.wait_for_url(f"{live_server.url}/")
        page.goto(f"{live_server.url}/clubs/{club.slug}/saisons/new/")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width
        # Each tie-break's label on the line just above its own list, not beside the
        # previous one's.
        for index in range(4):
            label = page.locator(f"label[for='id_tie_break_{index}']").bounding_box()
            field = page.locator(f"#id_tie_break_{index}").bounding_box()
            assert label is not None and field is not None
            assert abs(field["x"] - label["x"]) <= 1, (index, label, field)
            assert field["y"] >= label["y"] + label["height"] - 2, (index, label, field)
    finally:
        context.close()


def test_the_projector_cycles_through_the_seasons_views(page, live_server, season):
    page.goto(address(live_server, season, "ecran/?secondes=1"))
    page.wait_for_function("document.getElementById('view-title').textContent"
                           ".includes('classement')")
    page.wait_for_function("document.getElementById('view-title').textContent"
                           ".includes('Les concours de la saison')")
