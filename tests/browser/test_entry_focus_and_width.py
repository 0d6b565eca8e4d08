"""The game page after the donne that ends a game (« Table suivante » takes the focus, so the
next keys typed out of habit go on to the next table and nowhere else), and the game page at
1366 px while its row shows errors (nothing cut off: « supprimer » stays in view)."""

import pytest
from playwright.sync_api import expect

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.models import Game

from .test_game_entry import log_in, type_row

pytestmark = pytest.mark.django_db(transaction=True)

PLAIN = ("N", "80", "C", "", "95")


def test_after_the_last_donne_table_suivante_has_the_focus_and_enter_opens_it(
        page, live_server):
    t = tournament(owner=organiser("focus"), teams=6, slug="focus", max_donnes=1)
    services.round_generate(tournament=t, seed=1)
    services.donne_record(game=Game.objects.get(round__tournament=t, table=2), number=None,
                          donne=made())
    log_in(page, live_server, "focus")
    page.goto(f"{live_server.url}/t/focus/rounds/1/tables/1/")
    page.wait_for_function("document.activeElement.name === 'taker'")
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Partie terminée")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'next-table'")
    page.keyboard.press("Enter")  # the next row's first key, out of habit
    page.wait_for_url("**/rounds/1/tables/3/")  # table 2 is finished
    page.wait_for_function("document.activeElement.name === 'taker'")


def test_the_last_table_s_last_donne_gives_the_focus_to_retour_a_la_partie(page, live_server):
    t = tournament(owner=organiser("dernier"), teams=2, slug="dernier", max_donnes=1)
    services.round_generate(tournament=t, seed=1)
    log_in(page, live_server, "dernier")
    page.goto(f"{live_server.url}/t/dernier/rounds/1/tables/1/")
    page.wait_for_function("document.activeElement.name === 'taker'")
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.activeElement && document.activeElement.id === 'back-to-round'")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/dernier/rounds/1/")


def test_the_game_page_at_1366_px_cuts_nothing_off_while_a_row_shows_errors(browser,
                                                                              live_server,
                                                                              shot):
    t = tournament(owner=organiser("erreurs1366"), teams=2, slug="erreurs1366",
                   name="Concours du Comité des fêtes de Saint-Martin-de-Belleville")
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    for _ in range(3):
        services.donne_record(game=game, number=None, donne=made(points=95))
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    try:
        page = context.new_page()
        log_in(page, live_server, "erreurs1366")
        page.goto(f"{live_server.url}/t/erreurs1366/rounds/1/tables/1/")
        page.wait_for_function("document.activeElement.name === 'taker'")
        # Every field wrong at once: a contract off the scale, points beyond 162, belotes.
        type_row(page, "N", "85", "C", "", "200")
        page.keyboard.press("Enter")
        expect(page.locator("#entry [aria-invalid=true]").first).to_be_visible()
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1366, width
        delete = page.get_by_role("button", name="supprimer").first
        expect(delete).to_be_in_viewport()
        box = delete.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1366
        shot(page, "game-1366-errors")
    finally:
        context.close()


def test_a_stale_message_goes_once_the_next_donne_is_saved(page, live_server):
    t = tournament(owner=organiser("messages"), teams=2, slug="messages")
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    for _ in range(2):
        services.donne_record(game=game, number=None, donne=made(points=95))
    log_in(page, live_server, "messages")
    page.goto(f"{live_server.url}/t/messages/rounds/1/tables/1/")
    page.once("dialog", lambda dialog: dialog.accept())  # « Supprimer cette donne ? »
    page.get_by_role("button", name="supprimer").first.click()
    expect(page.locator("main > ul.messages")).to_contain_text("supprimée")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'taker'")
    type_row(page, *PLAIN)
    page.keyboard.press("Enter")
    expect(page.locator("#entry-status")).to_have_text("Donne 2 enregistrée.")
    expect(page.locator("main > ul.messages")).to_have_count(0)
