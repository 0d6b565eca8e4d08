"""The team form's refusals at 1366 px and on a 390 px phone: the question about a namesake
of another club (a long message naming the register's players) wraps inside the form's
column instead of widening it (issue 32)."""

import os
from pathlib import Path

from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services

from .test_game_entry import log_in

# Where the screenshots go when asked (EVENING_SHOTS=<folder>), for looking at them.
SHOTS = os.environ.get("EVENING_SHOTS", "")


def test_the_namesake_question_wraps_inside_the_team_form(page, live_server, shot):
    t = tournament(owner=organiser("homonyme"), teams=2, slug="homonyme",
                   name="Concours de la Saint-Martin")
    for home in ("Saint-Avold", "Forbach", "Sarreguemines"):
        services.club_player_create(club=t.club, name="Castel", first_name="Mireille",
                                    home_club=home)
    log_in(page, live_server, "homonyme")
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/t/homonyme/teams/")
        page.fill("#id_name", "Les Étourneaux")
        page.fill("#id_player1", "Mireille Castel")
        page.fill("#id_player2", "Paul Roy")
        page.fill("#id_club", "Metz")
        page.locator("#team-form button[type=submit]").click()
        # Refused, shown apart; taken back into the form, the reason goes beside its field.
        page.get_by_role("button", name="Reprendre cette saisie dans le formulaire").click()
        error = page.locator("#team-form .errorlist", has_text="le registre du club a déjà")
        expect(error).to_be_visible()
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / f"namesake-after-{width}.png"),
                            full_page=True)
        form = page.locator("#team-form").bounding_box()
        box = error.bounding_box()
        assert form is not None and box is not None
        assert box["x"] + box["width"] <= form["x"] + form["width"] + 1
        # Across the form's width, a few lines (it was a column as narrow as its field).
        assert box["width"] >= min(form["width"], 960) * 0.9
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot(page, f"namesake-{width}")
