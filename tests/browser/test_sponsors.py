"""A sponsor's logo uploaded from the desk and shown, large, on a hall screen's
« Partenaires » view at 1920×1080; a hostile file refused in French on the same page (the
other hostile files: tests/sponsors/, by the Django client)."""

import io

import pytest
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from tests.builders import drawn, organiser
from tests.sponsors.images import SVG_WITH_SCRIPT
from tournament import services

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def logo_png(text: str, color: str) -> bytes:
    image = Image.new("RGB", (900, 400), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((20, 20, 880, 380), outline=color, width=24)
    draw.text((450, 200), text, fill=color, anchor="mm", font_size=110)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_a_logo_uploaded_at_the_desk_shows_large_on_a_screen_s_sponsor_view(
        browser, live_server, screenshots):
    t = drawn(owner=organiser("partenaires"), teams=4, slug="salle", published=True)
    screen = services.screen_add(tournament=t)
    services.screen_set(screen=screen, name="Bar", seconds={"partenaires": 30}, message="")
    desk = browser.new_page(locale="fr-FR")
    log_in(desk, live_server, "partenaires")
    desk.goto(f"{live_server.url}/clubs/{t.club.slug}/partenaires/")
    desk.fill("#id_name", "Boulangerie Dupont")
    desk.set_input_files("#id_logo", files=[{"name": "dupont.png", "mimeType": "image/png",
                                             "buffer": logo_png("DUPONT", "#b3261e")}])
    desk.click("button:text-is('Ajouter')")
    expect(desk.locator("#sponsors li")).to_have_count(1)
    desk.fill("#id_name", "Garage des Platanes")
    desk.set_input_files("#id_logo", files=[{"name": "garage.svg", "mimeType": "image/svg+xml",
                                             "buffer": SVG_WITH_SCRIPT}])
    desk.click("button:text-is('Ajouter')")
    expect(desk.locator("#sponsor-form")).to_contain_text(
        "Les fichiers SVG (ou HTML) ne sont pas acceptés")
    desk.set_input_files("#id_logo", files=[{"name": "garage.png", "mimeType": "image/png",
                                             "buffer": logo_png("GARAGE", "#1f5130")}])
    desk.click("button:text-is('Ajouter')")
    expect(desk.locator("#sponsors li")).to_have_count(2)

    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    wall = context.new_page()
    wall.goto(f"{live_server.url}/t/salle/ecrans/1/")
    expect(wall.locator("body")).to_have_attribute("data-view", "partenaires")
    logos = wall.locator(".page:visible .sponsor img")
    expect(logos).to_have_count(2)
    wall.wait_for_function("[...document.querySelectorAll('.page:not([hidden]) .sponsor img')]"
                           ".every((img) => img.complete && img.naturalWidth > 0)")
    # Large: each logo's box a third of the screen wide at least, its name readable.
    for index in range(2):
        box = logos.nth(index).bounding_box()
        assert box is not None and box["width"] >= 1920 / 3.5 and box["height"] >= 300
    expect(wall.locator(".page:visible figcaption").first).to_have_text("Boulangerie Dupont")
    wall.screenshot(path=str(screenshots / "hall-screen-sponsors.png"))
    context.close()
    desk.close()
