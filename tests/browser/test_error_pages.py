"""The error pages in a browser: a dead table link on a phone (404) and a full disk on a
laptop (503), in French, readable, with the way back (screenshots)."""

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from tests.builders import tournament
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_dead_table_link_on_a_phone_says_so_in_french(browser, live_server, shot):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, locale="fr-FR")
    try:
        phone = context.new_page()
        response = phone.goto(f"{live_server.url}/table/ce-lien-n-existe-plus/")
        assert response is not None and response.status == 404
        expect(phone.locator("h1")).to_have_text("Page introuvable")
        expect(phone.locator("main")).to_contain_text("demandez le nouveau lien")
        assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
        shot(phone, "error-404-phone-360")
    finally:
        context.close()


def test_a_full_disk_answers_a_french_503_page(browser, live_server, shot, monkeypatch):
    t = tournament(teams=2, slug="disque")
    game = services.round_generate(tournament=t, seed=1).games.get(table=1)

    def full(**kwargs):
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(services, "donne_record", full)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/table/{game.token}/")
        # A plain form post (no htmx): what a phone without JavaScript would get.
        with page.expect_navigation():
            page.evaluate("""() => {
                const form = document.getElementById("donne-form");
                form.querySelector("input[name=taker][value=NS]").checked = true;
                form.querySelector("input[name=trump][value=H]").checked = true;
                form.querySelector("[name=contract]").value = "80";
                form.querySelector("[name=taker_points]").value = "95";
                form.removeAttribute("hx-post");
                HTMLFormElement.prototype.submit.call(form);
            }""")
        expect(page.locator("h1")).to_have_text("Service momentanément indisponible")
        expect(page.locator("main")).to_contain_text("Rien n'a été enregistré")
        shot(page, "error-503-1366")
    finally:
        context.close()


def test_a_phone_s_save_on_a_full_disk_says_why_and_keeps_the_row(browser, live_server,
                                                                  monkeypatch):
    t = tournament(teams=2, slug="disque-htmx")
    game = services.round_generate(tournament=t, seed=1).games.get(table=1)

    def full(**kwargs):
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(services, "donne_record", full)
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, locale="fr-FR")
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/table/{game.token}/")
        phone.locator(".choices-taker .segment", has_text="Nord-Sud").tap()
        phone.locator("#id_contract").fill("80")
        phone.locator(".choices-trump .segment", has_text="♥").tap()
        phone.locator("#id_taker_points").fill("95")
        phone.get_by_role("button", name="Enregistrer la donne").tap()
        status = phone.locator("#entry-status")
        expect(status).to_contain_text("Donne non enregistrée")
        expect(status).to_contain_text("disque plein")
        expect(phone.locator("#id_taker_points")).to_have_value("95")
    finally:
        context.close()
