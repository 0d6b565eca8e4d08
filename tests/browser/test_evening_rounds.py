"""The real evening in a browser: a draw undone after its confirmation (and one more partie
than planned asked first), a late team seated against the exempt team and playing in the
current partie, and the team form keeping every keystroke typed right after a save."""

import pytest
from playwright.sync_api import expect

from tests.builders import made, organiser, play_to_the_end, tournament
from tournament import selectors, services
from tournament.models import AuditEntry, Game

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def finish(round_) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)


def test_a_draw_is_undone_after_its_confirmation(page, live_server, shot):
    t = tournament(owner=organiser("tirage"), teams=5, slug="tirage", parties_planned=1)
    finish(services.round_generate(tournament=t, seed=5))
    log_in(page, live_server, "tirage")
    url = f"{live_server.url}/t/tirage"

    # Partie 1 is finished: its page offers the next draw, which asks first (1 planned).
    page.goto(f"{url}/rounds/1/")
    page.click("#draw-next button")
    expect(page.locator("h1")).to_have_text("Tirer une partie 2 alors que 1 est prévue ?")
    shot(page, "draw-beyond-planned")
    assert t.rounds.count() == 1
    page.click("button:text-is('Oui, tirer la partie 2')")
    page.wait_for_url(f"{url}/rounds/2/")
    assert t.rounds.get(number=1).closed

    # The slip is undone: a confirmation lists the tables, then partie 2 is gone.
    page.click("#undo-draw")
    page.wait_for_url(f"{url}/rounds/2/undo/")
    expect(page.locator("h1")).to_have_text("Annuler le tirage de la partie 2 ?")
    expect(page.locator("#undone-tables tbody tr")).to_have_count(3)
    shot(page, "draw-undo")
    page.click("button:text-is('Annuler le tirage de la partie 2')")
    page.wait_for_url(f"{url}/rounds/1/")
    expect(page.locator(".messages")).to_contain_text("Tirage de la partie 2 annulé.")
    expect(page.locator(".round-state")).to_contain_text("Partie ouverte")  # reopened
    expect(page.locator(".tournament-nav")).not_to_contain_text("Partie 2")
    assert list(t.rounds.values_list("number", "closed")) == [(1, False)]
    assert not Game.objects.filter(round__tournament=t, round__number=2).exists()
    deleted = AuditEntry.objects.filter(tournament=t, kind="pairing", action="delete",
                                        round_number=2)
    assert deleted.count() == 3

    # The journal shows the tables cancelled.
    page.goto(f"{url}/journal/")
    expect(page.locator("body")).to_contain_text("suppression")


def test_a_late_team_plays_in_the_current_partie(page, live_server, shot):
    t = tournament(owner=organiser("retard"), teams=5, slug="retard")
    round_ = services.round_generate(tournament=t, seed=5)
    exempt = round_.games.get(team_ew__isnull=True).team_ns
    log_in(page, live_server, "retard")
    url = f"{live_server.url}/t/retard"

    # Registered after the draw, through the team form.
    page.goto(f"{url}/teams/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'name'")
    for text in ("Les Retardataires", "Paul Lent", "Lise Tard"):
        page.keyboard.type(text)
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#teams")).to_contain_text("Les Retardataires")

    # The partie's page offers it a seat against the exempt team.
    page.goto(f"{url}/rounds/1/")
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text("6. Les Retardataires")
    shot(page, "late-team-waiting")
    waiting.locator(f"button:text-is(\"Placer contre l'exempte ({exempt.name})\")").click()
    expect(page.locator(".messages")).to_contain_text("joue contre")
    expect(page.locator("#waiting")).to_have_count(0)
    row = page.locator("#pairings tbody tr", has_text="Les Retardataires")
    expect(row).to_contain_text(exempt.name)
    expect(row).to_contain_text("à jouer")
    expect(page.locator("#pairings tr.bye")).to_have_count(0)
    shot(page, "late-team-seated")

    # Its table takes donnes like any other (the keyboard entry itself is test_game_entry's:
    # here the donne goes through the same service), and its page shows them.
    game = Game.objects.get(round__tournament=t, table=3)
    assert game.team_ew.name == "Les Retardataires"
    services.donne_record(game=game, number=None, donne=made())
    row.locator("td a").first.click()
    page.wait_for_url(f"{url}/rounds/1/tables/3/")
    expect(page.locator("h1")).to_contain_text("3")
    expect(page.locator("tr[data-number='1']")).to_be_visible()
    expect(page.locator("body")).to_contain_text("Les Retardataires")

    # Finished, the game counts for the late team in the standings.
    play_to_the_end(game)
    late = t.teams.get(name="Les Retardataires")
    assert {row.team: row for row in selectors.standings(t)}[late.pk].played == 1
    page.goto(f"{url}/standings/")
    line = page.locator("tr", has_text="Les Retardataires")
    expect(line).to_be_visible()
    shot(page, "late-team-standings")


def test_the_team_form_keeps_every_keystroke_typed_right_after_a_save(page, live_server, shot):
    t = tournament(owner=organiser("saisie"), slug="saisie")
    log_in(page, live_server, "saisie")
    page.goto(f"{live_server.url}/t/saisie/teams/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'name'")
    teams = [("Cœur d'Atout", "Jean Cœur", "Marie Atout", "Gémenos"),
             ("Les Ânes", "Émile Âne", "Zoé Bœuf", "")]
    # No wait between the two teams: the second is typed right after Enter.
    for team in teams:
        for index, text in enumerate(team):
            if text:
                page.keyboard.type(text)
            if index < len(team) - 1:
                page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    expect(page.locator("#teams tbody tr")).to_have_count(2)
    expect(page.locator("#team-count")).to_have_text("2 équipes inscrites.")
    assert page.evaluate("document.activeElement.name") == "name"
    assert page.input_value("#id_name") == ""
    shot(page, "team-form-after-save")
    stored = list(t.teams.order_by("number").values_list("name", "first__name", "second__name",
                                                          "club"))
    assert stored == teams

    # A refused team (registered twice) is shown apart with its reason, while the next team
    # is typed into the empty form at once: nothing of it lands in the refused one.
    for index, text in enumerate(teams[0]):
        page.keyboard.type(text)
        if index < 3:
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.type("Les Suivants")
    refused = page.locator("#team-refused .warning")
    expect(refused).to_contain_text("déjà inscrite")
    expect(refused).to_contain_text("Cœur d'Atout")
    assert page.input_value("#id_name") == "Les Suivants"
    # Taken back: into the form, the reason beside its field.
    page.fill("#id_name", "")
    refused.get_by_role("button").click()
    expect(page.locator("#team-form .errorlist")).to_contain_text("déjà inscrite")
    assert page.input_value("#id_name") == "Cœur d'Atout"
    expect(refused).to_have_count(0)
    assert t.teams.count() == 2


def test_a_team_s_page_fits_a_phone_its_parties_scrolling_within(page, live_server, shot):
    t = tournament(owner=organiser("fiche"), teams=4, slug="fiche")
    finish(services.round_generate(tournament=t, seed=5))
    services.round_generate(tournament=t, seed=6)
    team = Game.objects.get(round__tournament=t, round__number=1, table=1).team_ns
    log_in(page, live_server, "fiche")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/fiche/teams/{team.number}/")
    expect(page.locator("#team-games tbody tr")).to_have_count(2)
    expect(page.locator("#team-games")).to_contain_text("(Nord-Sud)")
    shot(page, "team-page-phone")
    # The page does not scroll sideways; the parties' table may, inside its box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
