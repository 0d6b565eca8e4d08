"""An organiser enters a whole game with the keyboard alone, in a real browser."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.models import Game

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
    """Type one donne from the taker field in the row's Tab order — preneur, contrat, atout,
    points — then the coinche after the points when there is one; Enter is left to the caller.
    Returns the number of keys pressed."""
    keys = 0
    for index, text in enumerate([taker, contract, trump, points]):
        if index:
            page.keyboard.press("Tab")
            keys += 1
        if text:
            page.keyboard.type(text)
            keys += len(text)
    if coinche:
        page.keyboard.press("Tab")
        page.keyboard.type(coinche)
        keys += 1 + len(coinche)
    return keys


def test_an_organiser_enters_a_whole_game_with_the_keyboard(page, live_server, shot):
    t = open_game(page, live_server, "clavier", target=1000)

    # Row 1: NS 80 ♥, 95 points. The score shows before saving (preview), then Enter saves.
    type_row(page, "N", "80", "C", "", "95")
    expect(page.locator("#entry td.preview[data-key=ns]")).to_have_text("180")
    expect(page.locator("#preview-message")).to_contain_text("réussi")
    page.keyboard.press("Enter")
    expect(page.locator("#total-ns")).to_have_text("180")
    expect(page.locator("#entry-status")).to_have_text("Donne 1 enregistrée.")
    page.wait_for_function("document.activeElement.name === 'taker'")  # the next row

    # Row 2: EW 100 ♠ coinché, 110 points; row 3: a passe (P, Enter); row 4: NS 120 ♣
    # surcoinché, 130.
    type_row(page, "E", "100", "P", "C", "110")
    page.keyboard.press("Enter")
    expect(page.locator("#total-ew")).to_have_text("590")
    page.wait_for_function("document.activeElement.name === 'taker'")
    page.keyboard.type("P")
    expect(page.locator("#preview-message")).to_contain_text("passe")
    page.keyboard.press("Enter")
    expect(page.locator("tr[data-number='3']")).to_contain_text("passe")
    page.wait_for_function("document.activeElement.name === 'taker'")
    type_row(page, "N", "120", "T", "S", "130")
    expect(page.locator("#preview-message")).to_contain_text(
        "fin de la partie : Nord-Sud gagne, 1300 – 590")
    shot(page, "game-entry")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Partie terminée")

    game = Game.objects.get(round__tournament=t)
    assert game.finished and game.winner == "NS" and game.played == 4
    result = assert_scores_recomputed(game)
    assert (game.score_ns, game.score_ew) == (result.ns, result.ew) == (1300, 590)
    expect(page.locator("#total-ns")).to_have_text("1300")
    expect(page.locator("#entry")).to_have_count(0)


def test_every_wrong_field_is_named_at_once_beside_it_and_the_cursor_goes_to_the_first(
        page, live_server, shot):
    t = open_game(page, live_server, "erreur", sa_ta=True)
    # Contract 85, points 170 and a belote at sans atout: three errors, one round trip.
    type_row(page, "N", "85", "S", "", "170")
    page.keyboard.press("Tab")  # coinche
    page.keyboard.press("Tab")  # capot
    page.keyboard.press("Tab")  # belote NS
    page.keyboard.type("1")
    expect(page.locator("#err-contract")).to_contain_text("multiple de 10")
    expect(page.locator("#err-taker_points")).to_contain_text("162 points au plus")
    expect(page.locator("#err-belote_ns")).to_contain_text("pas de belote à sans atout")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-errors")).not_to_contain_text("Enregistrement")
    for name in ("contract", "taker_points", "belote_ns"):
        expect(page.locator(f"#err-{name}")).to_be_visible()
        expect(page.locator(f"#entry [name={name}]")).to_have_attribute("aria-invalid", "true")
    # Red, beside its field, its label not repeated before it.
    color = page.eval_on_selector("#err-contract", "e => getComputedStyle(e).color")
    assert color == "rgb(160, 24, 24)"
    assert not page.inner_text("#err-contract").startswith("Contrat : Contrat")
    # What was typed stays; the cursor is in the first wrong field.
    assert page.input_value("#entry [name=taker_points]") == "170"
    page.wait_for_function("document.activeElement.name === 'contract'")
    shot(page, "game-entry-errors")
    assert not Game.objects.get(round__tournament=t).donnes.exists()


def test_modifier_puts_the_cursor_in_the_rows_first_field(page, live_server):
    t = open_game(page, live_server, "modifier")
    game = Game.objects.get(round__tournament=t)
    services.donne_record(game=game, number=None, donne=_made())
    page.reload()
    page.get_by_role("link", name="modifier").click()
    page.wait_for_url("**?edit=1*")
    page.wait_for_function("document.activeElement.name === 'taker'")
    assert page.input_value("#entry [name=taker_points]") == "100"
    # A correction: Tab to the points, 120, Enter; the row reads it and the address loses ?edit.
    for _ in range(3):
        page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("120")
    page.keyboard.press("Enter")
    expect(page.locator("tr[data-number='1']")).to_contain_text("120")
    expect(page.locator("#entry-status")).to_have_text("Donne 1 corrigée.")
    assert "edit" not in page.url
    assert game.donnes.get().taker_points == 120


def _made():
    from tests.builders import made
    return made()
