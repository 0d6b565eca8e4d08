"""A file of teams whose names the club's register finds ambiguous, in a real browser: the
second page lists the ambiguous name with its register players, at the keyboard (the first
choice has the focus, an arrow chooses, Enter imports), on the desk's screen and a phone's."""

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament.models import ClubPlayer, Player

from .test_game_entry import log_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.mark.parametrize("width", [1366, 360])
def test_the_ambiguous_names_of_a_file_are_chosen_at_the_keyboard(page, live_server, shot,
                                                                  tmp_path, width):
    t = tournament(owner=organiser("bureau"), slug="vendredi", name="Concours du vendredi")
    namesakes = [ClubPlayer.objects.create(club=t.club, name="Martin", first_name="Jean",
                                           licence="FFB 0042"),
                 ClubPlayer.objects.create(club=t.club, name="MARTIN", first_name="Jean",
                                           home_club="Amicale des joueurs de belote de "
                                                     "Villeurbanne-Croix-Luizet")]
    helene = ClubPlayer.objects.create(club=t.club, name="Lefèvre", first_name="Hélène")
    file = tmp_path / "equipes.csv"
    file.write_text("Les Amis;HELENE LEFEVRE;Jean Martin;\nLes Neufs;Paul Petit;Zoé Durand;\n",
                    encoding="utf-8")
    page.set_viewport_size({"width": width, "height": 768 if width > 400 else 740})
    log_in(page, live_server, "bureau")
    page.goto(f"{live_server.url}/t/vendredi/teams/")
    page.set_input_files("input[type=file]", str(file))
    page.get_by_role("button", name="Importer").click()
    expect(page.locator("h1")).to_have_text("Quels joueurs du registre ?")
    expect(page.locator("fieldset.register-choice legend")).to_contain_text("Jean Martin")
    expect(page.locator("fieldset.register-choice label")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"import-choose-{width}")
    assert not Player.objects.filter(tournament=t).exists()  # nothing written yet

    first = page.locator("fieldset.register-choice input[type=radio]").first
    expect(first).to_be_focused()
    page.keyboard.press("ArrowDown")  # the second Jean Martin
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("2 équipes inscrites")
    linked = {player.name: player.registered for player in Player.objects.filter(
        tournament=t)}
    # Under the register's spelling of her name (issue 32), not the file's capitals.
    assert linked[helene.full_name] == helene
    assert linked[namesakes[1].full_name] == namesakes[1]
