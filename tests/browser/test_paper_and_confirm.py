"""Issue 13 in a real browser: the organiser types paper sheets' totals with the keyboard
alone, table after table, on a 1366×768 laptop; a score finished on North-South's phone is
confirmed on East-West's (390×844), through East-West's own link."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import AuditEntry, Game, Tournament

from .test_entry_evening import phone_options
from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def type_sheet(page, *figures: str) -> int:
    """Type a sheet's figures from the focused field, Tab between them, Enter to save.
    Returns the keys pressed."""
    keys = 0
    for index, text in enumerate(figures):
        if index:
            page.keyboard.press("Tab")
            keys += 1
        page.keyboard.type(text)
        keys += len(text)
    page.keyboard.press("Enter")
    return keys + 1


def test_the_organiser_types_the_paper_sheets_one_after_the_other(browser, live_server, shot):
    t = tournament(owner=organiser("feuilles"), teams=4, slug="feuilles",
                   preset="classique-sans-annonces")
    services.round_generate(tournament=t, seed=2)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server, "feuilles")
        page.goto(f"{live_server.url}/t/feuilles/rounds/1/tables/1/")
        page.get_by_role("link", name="Saisir les totaux de la feuille").click()
        expect(page.locator("#paper-check")).to_contain_text("Contrôle exact")
        page.wait_for_function("document.activeElement.name === 'score_ns'")

        # One figure off: the sum cannot be, the sheet comes back with the reason.
        type_sheet(page, "1100", "975", "12", "2", "1")
        expect(page.locator("#totals-errors")).to_contain_text("2075 au lieu de 2074")
        expect(page.locator("#id_score_ew")).to_have_value("975")
        assert not Game.objects.get(round__tournament=t, table=1).by_totals
        shot(page, "paper-totals-refused-1366")

        page.fill("#id_score_ew", "974")
        page.focus("#id_score_ew")
        page.keyboard.press("Enter")
        # Saved: table 2's sheet opens, the cursor on its first total.
        page.wait_for_url(f"{live_server.url}/t/feuilles/rounds/1/tables/2/totals/")
        expect(page.locator(".messages")).to_contain_text(
            "Table 1 : totaux enregistrés, 1100 – 974, Nord-Sud gagne (")
        page.wait_for_function("document.activeElement.name === 'score_ns'")
        expect(page.locator("#totals-save")).to_be_in_viewport()
        shot(page, "paper-totals-1366")
        keys = type_sheet(page, "974", "1100", "12", "2", "1")
        print(f"\nfeuille papier : {keys} touches pour une table")
        page.wait_for_url(f"{live_server.url}/t/feuilles/rounds/1/tables/2/")
        expect(page.locator("#paper-totals")).to_contain_text("974")
        expect(page.locator("#result")).to_contain_text("saisie des totaux")
        shot(page, "paper-game-1366")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    finally:
        context.close()
    games = Game.objects.filter(round__tournament=t).order_by("table")
    assert [(g.by_totals, g.finished, g.score_ns, g.score_ew, g.winner) for g in games] == [
        (True, True, 1100, 974, "NS"), (True, True, 974, 1100, "EW")]


def test_a_phone_entered_score_is_confirmed_from_the_other_sides_link(browser, live_server,
                                                                      shot):
    t = tournament(teams=2, slug="signatures", target=1000)
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True)
    services.round_generate(tournament=Tournament.objects.get(pk=t.pk), seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    north, east = (browser.new_context(**phone_options(390, 844)) for _ in range(2))
    try:
        ns = north.new_page()
        ns.set_default_timeout(10_000)
        ns.goto(f"{live_server.url}/table/{game.token}/")
        expect(ns.locator("#link-side")).to_have_text("Lien de l'équipe Nord-Sud : Équipe 2")
        ns.locator(".choices-taker .segment", has_text="Nord-Sud").tap()
        ns.locator("#id_contract").tap()
        ns.keyboard.type("160")
        ns.locator(".choices-trump .segment", has_text="♥").tap()
        ns.locator("#id_taker_points").tap()
        ns.keyboard.type("162")
        ns.locator(".choices-coinche .segment", has_text="Surcoinché").tap()
        expect(ns.locator("#preview-message")).to_contain_text("fin de la partie")
        ns.get_by_role("button", name="Enregistrer la donne").tap()
        expect(ns.locator("#result")).to_contain_text("Partie terminée")
        expect(ns.locator("#awaiting-other")).to_contain_text(
            "En attente de la confirmation de l'équipe Est-Ouest")
        expect(ns.locator("#confirm-score")).to_have_count(0)
        shot(ns, "confirm-awaiting-390")
        assert Game.objects.get(pk=game.pk).awaiting == "EW"

        ew = east.new_page()
        ew.set_default_timeout(10_000)
        ew.goto(f"{live_server.url}/table/{game.token_ew}/")
        expect(ew.locator("#link-side")).to_have_text("Lien de l'équipe Est-Ouest : Équipe 1")
        expect(ew.locator("#to-confirm")).to_contain_text("Score final à confirmer")
        expect(ew.locator("#confirm-score")).to_be_in_viewport()
        assert ew.evaluate("document.documentElement.scrollWidth") <= 390
        shot(ew, "confirm-390")
        ew.locator("#confirm-score").tap()
        expect(ew.locator("#messages")).to_contain_text("Score confirmé.")
        expect(ew.locator("#to-confirm")).to_have_count(0)
        assert Game.objects.get(pk=game.pk).awaiting == ""
        entry = AuditEntry.objects.get(kind="game", action="confirm")
        assert entry.actor == "Table 1 (lien EO)"
        ns.reload()
        expect(ns.locator("#awaiting-other")).to_have_count(0)
    finally:
        north.close()
        east.close()


def test_a_phone_enters_its_totals_the_other_side_disputes_the_organiser_confirms(
        browser, live_server, shot):
    t = tournament(owner=organiser("litiges"), teams=2, slug="litiges",
                   preset="classique-sans-annonces")
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True, paper_by_tables=True)
    services.round_generate(tournament=Tournament.objects.get(pk=t.pk), seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    phones = [browser.new_context(**phone_options(390, 844)) for _ in range(2)]
    desk = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    try:
        ew = phones[0].new_page()
        ew.set_default_timeout(10_000)
        ew.goto(f"{live_server.url}/table/{game.token_ew}/")
        ew.locator("#phone-totals > summary").tap()
        expect(ew.locator("#paper-check")).to_contain_text("Contrôle exact")
        for field, value in [("score_ns", "974"), ("score_ew", "1100"), ("donnes", "12"),
                             ("belotes", "2"), ("capots", "0")]:
            ew.locator(f"#id_{field}").tap()
            ew.keyboard.type(value)
        assert ew.evaluate("document.documentElement.scrollWidth") <= 390
        shot(ew, "phone-totals-390")
        ew.locator("#totals-save").tap()
        # 974 + 1100 = 2074 asks for a capot: the check says so beside the form.
        expect(ew.locator("#totals-errors")).to_contain_text("au lieu de 1984")
        ew.locator("#id_capots").fill("1")
        ew.locator("#totals-save").tap()
        expect(ew.locator("#messages")).to_contain_text("Totaux enregistrés : 974 – 1100.")
        expect(ew.locator("#paper-totals")).to_contain_text("NS 974 – EO 1100 en 12 donnes")
        expect(ew.locator("#awaiting-other")).to_contain_text("Nord-Sud")

        ns = phones[1].new_page()
        ns.set_default_timeout(10_000)
        ns.goto(f"{live_server.url}/table/{game.token}/")
        ns.locator("#dispute-score").tap()
        expect(ns.locator("#messages")).to_contain_text("l'organisateur est prévenu")
        expect(ns.locator("#disputed")).to_be_visible()

        page = desk.new_page()
        page.set_default_timeout(10_000)
        log_in(page, live_server, "litiges")
        page.goto(f"{live_server.url}/t/litiges/rounds/1/tables/1/")
        expect(page.locator("#awaiting")).to_contain_text("À confirmer par Nord-Sud")
        expect(page.locator("#disputed")).to_contain_text("Contesté")
        shot(page, "confirm-disputed-1366")
        page.locator("#confirm-score").click()
        expect(page.locator(".messages")).to_contain_text("Score confirmé.")
        expect(page.locator("#awaiting")).to_have_count(0)
    finally:
        for context in (*phones, desk):
            context.close()
    game.refresh_from_db()
    assert (game.by_totals, game.winner, game.awaiting, game.disputed) == (
        True, "EW", "", False)
    assert [e.action for e in AuditEntry.objects.filter(kind="game").order_by("id")] == [
        "totals", "dispute", "confirm"]
