"""A mêlée's registration in a real browser (issue 12): the "Équipes" address leads to the
"Joueurs" page; the organiser types three players from the keyboard without waiting (the
form saves in place, as the team form does), imports ten from a CSV file, sees a refused file
change nothing, and reads the list at 1366×768 and on a 390×844 phone."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.builders import melee, organiser
from tournament import services

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}

TYPED = [("Marcel Pagnol", "Aubagne", "13-0042"), ("Fanny Cabanis", "", ""),
         ("Honorine Panisse", "Marseille", "")]
IMPORTED = [("César Olivier", "Marseille", "13-0107"), ("Jeanne Roux", "Cassis", ""),
            ("Louis Giraud", "Cassis", "13-0219"), ("Lucie Martin", "Aubagne", ""),
            ("Paul Aubert", "Aubagne", ""), ("Rose Blanc", "La Ciotat", "13-0333"),
            ("Jean Brun", "La Ciotat", ""), ("Anne Roche", "Gémenos", ""),
            ("Hugo Faure", "Gémenos", "13-0451"), ("Émile Ânier", "", "")]


def players_file(folder: Path, rows, name: str = "joueurs.csv") -> Path:
    """A CSV as Excel writes it on a French Windows: ";" between cells, Windows-1252."""
    lines = ["Joueur;Club;Licence", *(";".join(row) for row in rows)]
    path = folder / name
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))
    return path


def test_a_melee_registers_its_players_by_the_form_and_a_file(browser, page, live_server,
                                                              tmp_path, shot):
    t = melee(owner=organiser("meneur"), slug="melee-du-jeudi", name="Mêlée du jeudi",
              published=False)
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, "meneur")
    url = f"{live_server.url}/t/{t.slug}"

    # The concours' "Équipes" address is its players' page.
    page.goto(f"{url}/teams/")
    page.wait_for_url(f"{url}/players/")
    expect(page.locator("h1")).to_have_text("Joueurs")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'name'")

    # Three players typed without waiting: name, Tab, club, Tab, licence, Enter.
    for player in TYPED:
        for index, text in enumerate(player):
            if text:
                page.keyboard.type(text)
            if index < len(player) - 1:
                page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    expect(page.locator("#players tbody tr")).to_have_count(3)
    expect(page.locator("#player-count")).to_have_text("3 joueurs inscrits.")
    assert page.evaluate("document.activeElement.name") == "name"
    assert page.url == f"{url}/players/"  # saved in place: nothing typed is lost
    stored = list(t.players.order_by("number").values_list("name", "club", "licence"))
    assert stored == TYPED

    # The same player again is shown apart with its reason; taken back into the form.
    page.keyboard.type("fanny cabanis")
    page.keyboard.press("Enter")
    refused = page.locator("#player-refused .warning")
    expect(refused).to_contain_text("déjà inscrit")
    assert page.input_value("#id_name") == ""
    refused.get_by_role("button").click()
    expect(page.locator("#player-form .errorlist")).to_contain_text("déjà inscrit")
    assert page.input_value("#id_name") == "fanny cabanis"
    page.fill("#id_name", "")

    # A file with a bad line registers nothing, and says which line.
    bad = [*IMPORTED[:2], ("Marcel Pagnol", "Aubagne", "")]
    page.set_input_files("#id_file", str(players_file(tmp_path, bad, "erreur.csv")))
    page.click("#player-import button[type=submit]")
    expect(page.locator("#player-import .errorlist")).to_contain_text(
        "Ligne 4 : le joueur « Marcel Pagnol » est déjà inscrit.")
    assert t.players.count() == 3

    # Ten players from a file, all at once.
    page.set_input_files("#id_file", str(players_file(tmp_path, IMPORTED)))
    page.click("#player-import button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("10 joueurs inscrits.")
    expect(page.locator("#players tbody tr")).to_have_count(13)
    expect(page.locator("#player-count")).to_have_text("13 joueurs inscrits.")
    expect(page.locator("#players")).to_contain_text("Émile Ânier")
    stored = list(t.players.order_by("number").values_list("name", "club", "licence"))
    assert stored == TYPED + IMPORTED
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "melee-players-1366")
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]

    # A player's page: changed there, withdrawn, and the list says so.
    page.click("#players a:text-is('Jeanne Roux')")
    page.wait_for_url(f"{url}/players/5/")
    page.fill("#id_licence", "13-0555")
    page.click("form.row-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Joueur enregistré.")
    page.click("#withdraw")
    page.click("button:text-is('Retirer le joueur')")
    expect(page.locator("h1")).to_contain_text("retiré")
    jeanne = t.players.get(number=5)
    assert (jeanne.licence, jeanne.active) == ("13-0555", False)

    # The page on a phone: the organiser registers a late player on the hall's floor.
    phone = browser.new_context(**PHONE)
    try:
        mobile = phone.new_page()
        mobile.set_default_timeout(10_000)
        log_in(mobile, live_server, "meneur")
        mobile.goto(f"{url}/players/")
        expect(mobile.locator("#players tbody tr")).to_have_count(13)
        expect(mobile.locator("#player-count")).to_have_text(
            "13 joueurs inscrits, 12 actifs.")
        mobile.fill("#id_name", "Léa Tardive")
        mobile.fill("#id_club", "Aubagne")
        mobile.click("#player-form button[type=submit]")
        expect(mobile.locator("#player-count")).to_have_text(
            "14 joueurs inscrits, 13 actifs.")
        shot(mobile, "melee-players-390")
        width = mobile.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    finally:
        phone.close()
    # Published, a visitor reads the list without the forms.
    services.tournament_publish(tournament=t, published=True)
    page.context.clear_cookies()
    page.goto(f"{url}/players/")
    expect(page.locator("#players tbody tr")).to_have_count(14)
    assert page.locator("#player-form, #player-import").count() == 0
