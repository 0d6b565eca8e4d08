"""Restoring a backup in a real browser: the organiser opens the page from the dashboard,
sends the file, reads what will be replaced beside what the file holds, confirms; then copies
the concours under a new address."""

import json

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, play_to_the_end, register_players, tournament
from tournament import services
from tournament.models import Tournament
from tournament.services import backup

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_organiser_restores_a_backup_then_copies_the_concours(page, live_server, shot,
                                                                   tmp_path):
    t = tournament(owner=organiser("sauvegarde"), teams=8, slug="hiver",
                   name="Concours d'hiver du club")
    for game in services.round_generate(tournament=t, seed=4).games.filter(
            team_ew__isnull=False):
        play_to_the_end(game)
    saved = backup.export_data(register_players(t))
    file = tmp_path / "sauvegarde-hiver.json"
    file.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
    # After the backup: a team added and partie 2 drawn, which the restore will undo.
    services.team_create(tournament=t, name="Les Retardataires", player1="A", player2="B")
    services.round_generate(tournament=t, seed=5)

    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, live_server, "sauvegarde")
    page.goto(f"{live_server.url}/t/hiver/")
    page.get_by_role("link", name="Restaurer une sauvegarde ou copier le concours").click()
    expect(page.locator("h1")).to_have_text("Restaurer une sauvegarde ou copier le concours")
    shot(page, "restore")

    page.set_input_files("#id_file", str(file))
    page.get_by_label("Remplacer ce concours par la sauvegarde").check()
    page.get_by_role("button", name="Vérifier et restaurer").click()
    expect(page.locator("h1")).to_contain_text("Remplacer le concours « Concours d'hiver du "
                                               "club » par la sauvegarde ?")
    rows = page.locator("table.compare tbody tr")
    expect(rows.filter(has_text="Équipes inscrites").locator("td")).to_have_text(["9", "8"])
    expect(rows.filter(has_text="Parties tirées").locator("td")).to_have_text(["2", "1"])
    shot(page, "restore-confirm")
    assert Tournament.objects.get(slug="hiver").rounds.count() == 2  # not yet

    page.get_by_role("button", name="Remplacer le concours par la sauvegarde").click()
    expect(page.locator(".messages")).to_contain_text("Sauvegarde restaurée")
    restored = Tournament.objects.get(slug="hiver")
    assert backup.export_data(restored) == saved

    page.goto(f"{live_server.url}/t/hiver/backup/restore/")
    page.fill("#copy-name", "Concours d'hiver (copie)")
    page.fill("#copy-slug", "hiver-copie")
    page.get_by_role("button", name="Copier ce concours").click()
    expect(page.locator(".messages")).to_contain_text("Concours copié")
    assert page.url == f"{live_server.url}/t/hiver-copie/"
    assert Tournament.objects.get(slug="hiver-copie").rounds.count() == 1
