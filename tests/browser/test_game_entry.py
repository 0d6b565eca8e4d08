"""An organiser enters a whole game with the keyboard alone, in a real browser."""

import pytest

from scoring import score_game
from tournament import services
from tournament.models import Game

from ..tournament.factories import organiser, tournament

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page, live_server, username):
    page.goto(f"{live_server.url}/login/")
    page.focus("#id_username")  # autofocus may land after the load event: do not race it
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type("motdepasse-long")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/")


def open_game(page, live_server, slug: str, **options):
    """A two-team tournament with its round 1 drawn; its organiser logged in on table 1."""
    t = tournament(owner=organiser(slug), teams=2, slug=slug, **options)
    services.round_generate(tournament=t, seed=1)
    log_in(page, live_server, slug)
    page.goto(f"{live_server.url}/t/{slug}/rounds/1/tables/1/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'taker'")
    return t


def type_row(page, taker, contract, trump, coinche, points):
    """Type one donne from the taker field: Tab between fields, Enter to save."""
    keys = [taker, contract, trump, coinche, points]
    for index, text in enumerate(keys):
        if text:
            page.keyboard.type(text)
        if index < len(keys) - 1:
            page.keyboard.press("Tab")


def test_an_organiser_enters_a_whole_game_with_the_keyboard(page, live_server, shot):
    t = open_game(page, live_server, "clavier", target=1000)

    # Row 1: NS 80 ♥, 95 points. The score shows before saving (preview), then Enter saves.
    type_row(page, "N", "80", "C", "", "95")
    page.wait_for_function(
        "document.querySelector('td.preview[data-key=ns]').textContent === '180'")
    assert page.inner_text("#preview-message").startswith("réussi")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('total-ns').textContent === '180'")
    assert page.evaluate("document.activeElement.name") == "taker"  # ready for the next row

    # Row 2: EW 100 ♠ coinché, 110 points; row 3: a passe; row 4: NS 120 ♣ surcoinché, 130.
    type_row(page, "E", "100", "P", "C", "110")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('total-ew').textContent === '590'")
    type_row(page, "P", "", "", "", "")
    page.keyboard.press("Enter")
    page.wait_for_selector("tr[data-number='3']")
    type_row(page, "N", "120", "T", "S", "130")
    page.wait_for_function(
        "document.getElementById('preview-message').textContent.includes('fin de la partie')")
    shot(page, "game-entry")
    page.keyboard.press("Enter")
    page.wait_for_selector("#result")

    game = Game.objects.get(round__tournament=t)
    assert game.finished and game.winner == "NS" and game.played == 4
    result = score_game([r.to_donne() for r in game.donnes.all()], t.rules)
    assert (game.score_ns, game.score_ew) == (result.ns, result.ew) == (1300, 590)
    assert page.inner_text("#total-ns") == "1300"
    assert "Partie terminée" in page.inner_text("#result")
    assert page.query_selector("#entry") is None


def test_a_refused_donne_shows_its_french_message_and_is_not_saved(page, live_server):
    t = open_game(page, live_server, "erreur")
    type_row(page, "N", "85", "C", "", "95")
    page.wait_for_function(
        "document.getElementById('preview-message').textContent.includes('multiple de 10')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#entry-errors .errorlist")
    assert "multiple de 10" in page.inner_text("#entry-errors")
    assert not Game.objects.get(round__tournament=t).donnes.exists()
