"""Formats and ranking in a real browser: the new concours page offers only the draw methods
of the format chosen; the rules page hides the fixed exempt score under another rule and
offers ranking points; a mêlée's standings rank players, on a laptop and on a phone."""

import pytest
from playwright.sync_api import expect

from tests.builders import melee_bulk, melee_partie, organiser, play_partie
from tournament import services

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}


def _offered(page) -> list[str]:
    """The draw methods the page offers (the others hidden and disabled by its script)."""
    return page.eval_on_selector_all(
        "select[name=draw_method] option",
        "options => options.filter(o => !o.disabled && !o.hidden).map(o => o.value)")


def test_the_draw_methods_follow_the_format_and_the_rules_offer_ranking_points(
        page, live_server, shot):
    organiser("formules")
    log_in(page, live_server, "formules")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/t/new/")
    assert _offered(page) == ["standings", "random", "rotation"]
    page.get_by_label("Mêlée").check()
    assert _offered(page) == ["melee"]
    expect(page.locator("select[name=draw_method]")).to_have_value("melee")
    page.get_by_label("Doublettes formées").check()
    expect(page.locator("select[name=draw_method]")).to_have_value("standings")
    page.get_by_label("Mêlée").check()
    page.get_by_label("Nom du concours").fill("Mêlée du jeudi")
    page.get_by_label("Date").fill("2026-11-26")
    page.get_by_role("button", name="Créer le concours").click()
    expect(page.locator(".messages")).to_contain_text("Concours créé")

    # The rules page: nobody registered, the format may still change.
    assert _offered(page) == ["melee"]
    bye_points = page.locator("[data-option=bye_points]")
    expect(bye_points).to_be_visible()
    page.get_by_label("Score d'une exemption").select_option("half")
    expect(bye_points).to_be_hidden()
    page.get_by_label("Points de classement d'une victoire").fill("4")
    page.get_by_label("Points de classement d'une défaite").fill("2")
    page.get_by_label("Points de classement d'une exemption").fill("3")
    page.get_by_label("Critère 1").select_option("ranking_points")
    page.get_by_label("Critère 2").select_option("points")
    page.get_by_label("Critère 3").select_option("")
    page.get_by_label("Points de classement d'une victoire").scroll_into_view_if_needed()
    shot(page, "rules-ranking-points")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "rules-ranking-points-phone")
    # Enter in a field saves, as the organiser does (a click right after a full-page
    # screenshot can land while Chromium restores the scroll position).
    page.get_by_label("Points de classement d'une exemption").press("Enter")
    expect(page.locator(".rules-summary")).to_contain_text(
        "points de classement : victoire 4, défaite 2, exemption 3")
    expect(page.locator(".rules-summary")).to_contain_text("la moitié d'une partie")


def test_a_melee_standings_page_ranks_players(page, browser, live_server, shot):
    t = melee_bulk(players=13, slug="melee-classement", owner=organiser("melee"))
    services.tournament_format_update(tournament=t, points_win=4, points_loss=2, points_exempt=3)
    services.tournament_rules_update(tournament=t, criteria=["ranking_points", "points", "diff"])
    for seed in (1, 2, 3):
        play_partie(melee_partie(t, seed))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    table = page.locator("#standings")
    expect(table.locator("thead")).to_contain_text("Joueur")
    expect(table.locator("thead")).to_contain_text("Points de classement")
    expect(table.locator("tbody tr")).to_have_count(13)
    points = [int(text) for text in table.locator("tbody td:nth-child(3)").all_inner_texts()]
    assert points == sorted(points, reverse=True)  # ranked by ranking points first
    shot(page, "standings-melee")
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{t.slug}/standings/")
    expect(phone.locator("#standings tbody tr")).to_have_count(13)
    shot(phone, "standings-melee-phone")
    context.close()
