"""The register's type-ahead in a real browser: the organiser types a few letters of a
player's name without accents, picks the suggestion with ↓ and Enter, and the team saved is
linked to that register player with their licence; Enter with nothing highlighted still
registers the team at once. The register's page filters as one types, at 1366×768 and on a
360 px phone."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import ClubPlayer, Team

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1366, "height": 768}


def test_a_register_player_is_chosen_from_the_keyboard(browser, page, live_server, shot):
    owner = organiser("presidente")
    t = tournament(owner=owner, slug="vendredi", published=False)
    club = t.club
    helene = services.club_player_create(club=club, name="Dupré", first_name="Hélène",
                                         licence="AB12", home_club="Metz")
    services.club_player_create(club=club, name="Dupont", first_name="Marc")
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, "presidente")
    page.goto(f"{live_server.url}/t/{t.slug}/teams/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'name'")
    page.keyboard.type("Les As")
    page.keyboard.press("Tab")
    page.keyboard.type("helene")
    suggestion = page.locator("#suggest-player1 li[data-id]")
    expect(suggestion).to_have_count(1)
    expect(suggestion).to_contain_text("Hélène Dupré")
    shot(page, "register-type-ahead")
    page.keyboard.press("ArrowDown")
    expect(suggestion).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")  # chooses, does not register yet
    expect(page.locator("#id_player1")).to_have_value("Hélène Dupré")
    expect(page.locator("#id_club")).to_have_value("Metz")
    assert not Team.objects.exists()
    page.keyboard.press("Tab")
    page.keyboard.type("Paul Martin")
    page.keyboard.press("Enter")  # nothing highlighted: the team is registered
    expect(page.locator("#teams")).to_contain_text("Les As")
    team = Team.objects.get()
    assert team.first.registered == helene and team.first.licence == "AB12"
    assert team.second.registered.full_name == "Paul Martin"
    expect(page.locator("#id_name")).to_be_focused()

    page.goto(f"{live_server.url}/clubs/{club.slug}/joueurs/{helene.pk}/")
    expect(page.locator("#player-concours")).to_contain_text("Paul Martin")
    shot(page, "register-player")

    page.goto(f"{live_server.url}/clubs/{club.slug}/joueurs/")
    # autofocus may land after the load event: a letter typed before it is lost (CI, once)
    page.wait_for_function("document.activeElement && document.activeElement.name === 'q'")
    page.keyboard.type("DUPO")
    expect(page.locator("#register tbody tr")).to_have_count(1)
    expect(page.locator("#register")).to_contain_text("Dupont")
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "register-phone")


def test_a_refused_team_taken_back_keeps_the_register_players_chosen(browser, page,
                                                                     live_server):
    """Refused (its name taken), then taken back and saved: the player chosen in the
    type-ahead is still the one linked (a new fiche « Zoé Faure » was made instead)."""
    owner = organiser("presidente")
    t = tournament(owner=owner, slug="vendredi", published=False)
    zoe = services.club_player_create(club=t.club, name="Faure", first_name="Zoé",
                                      home_club="Marseille")
    services.team_create(tournament=t, name="Les As", player1="Ana Roux", player2="Bob Leroy")
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, "presidente")
    page.goto(f"{live_server.url}/t/{t.slug}/teams/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'name'")
    page.keyboard.type("Les As")  # taken: refused
    page.keyboard.press("Tab")
    page.keyboard.type("zoe")
    expect(page.locator("#suggest-player1 li[data-id]")).to_have_count(1)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.type("Paul Martin")
    # The team plays for another club than Zoé's: only the choice links her, not her name.
    page.fill("#id_club", "Aubagne")
    page.locator("#id_club").press("Enter")
    refused = page.locator("#team-refused .warning")
    expect(refused).to_contain_text("déjà inscrite")
    refused.get_by_role("button").click()
    expect(page.locator("#id_player1")).to_have_value("Zoé Faure")
    page.fill("#id_name", "Les Cigales")
    page.locator("#id_name").press("Enter")
    expect(page.locator("#teams")).to_contain_text("Les Cigales")
    team = Team.objects.get(name="Les Cigales")
    assert team.first.registered == zoe
    assert ClubPlayer.objects.filter(club=t.club, name__contains="Faure").count() == 1
