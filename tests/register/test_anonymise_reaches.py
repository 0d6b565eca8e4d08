"""An anonymisation (RGPD) reaches everything the app keeps: a backup written before it and
restored after leaves the player anonymised; the register's merges and log keep no
duplicate's spelling or home club; the automatic backups are rewritten; the page says what
it cannot reach."""

import json

import pytest
from django.urls import reverse

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import AuditEntry, ClubPlayer, Player, RegisterEntry, Team
from tournament.services import autobackups
from tournament.services.backup import export_data

pytestmark = pytest.mark.django_db


def everything(t) -> str:
    """The concours' entrants, teams and journal, and the club's register and its log."""
    return repr([list(Player.objects.filter(tournament=t).values_list("name", "licence")),
                 list(Team.objects.filter(tournament=t).values_list("name")),
                 list(AuditEntry.objects.filter(tournament=t).values_list("before", "after")),
                 list(ClubPlayer.objects.values_list("name", "first_name", "licence",
                                                     "home_club")),
                 list(RegisterEntry.objects.values_list("before", "after"))])


@pytest.fixture
def played(owner):
    t = tournament(owner=owner, teams=2, slug="vendredi")
    services.team_create(tournament=t, name="Dupré et Martin", player1="Hélène Dupré",
                         player2="Paul Martin", club="Saint-Avold", licence1="AB12")
    return t


def test_a_backup_written_before_the_anonymisation_restores_it_anonymised(owner, played):
    data = export_data(played)
    player = Player.objects.get(tournament=played, name="Hélène Dupré").registered
    services.club_player_anonymise(player=player)
    restored = services.backup.backup_restore(organiser=owner, data=data, mode="replace",
                                              tournament=played)
    text = everything(restored)
    assert "Dupré" not in text and "AB12" not in text and "Hélène" not in text
    entrant = Player.objects.get(tournament=restored, registered=player)
    assert (entrant.name, entrant.licence) == (f"Joueur n° {player.pk}", "")
    assert Player.objects.filter(tournament=restored, name="Paul Martin").exists()


def test_a_merged_duplicates_spelling_and_home_club_go_with_the_anonymisation(client, owner):
    first, second = tournament(owner=owner), tournament(owner=owner)
    a = services.team_create(tournament=first, name="Les As", player1="Hélène Dupré",
                             player2="Paul Martin", licence1="AB12")
    b = services.team_create(tournament=second, name="Les Rois", player1="Dupré Hélèn",
                             player2="Anne Roy", club="Saint-Avold")
    kept, duplicate = a.first.registered, b.first.registered
    services.club_player_merge(kept=kept, duplicate=duplicate)
    client.force_login(owner)
    page = reverse("tournament:club_register", args=[kept.club.slug])
    assert "Dupré Hélèn" in client.get(page).content.decode()  # « Dernières fusions »
    services.club_player_anonymise(player=ClubPlayer.objects.get(pk=kept.pk))
    # Her entries, the duplicate's (no longer linked) and the merge's; her partner Anne
    # Roy's keep their home club.
    others = ClubPlayer.objects.exclude(pk=kept.pk)
    log = repr(list(RegisterEntry.objects.exclude(player__in=others)
                    .values_list("before", "after")))
    assert "Hélèn" not in log and "Saint-Avold" not in log and "AB12" not in log
    assert "Hélèn" not in client.get(page).content.decode()


def test_the_automatic_backups_written_before_are_rewritten(
        owner, played, settings, tmp_path, django_capture_on_commit_callbacks):
    settings.AUTO_BACKUP_DIR = str(tmp_path / "sauvegardes")
    path = autobackups.autobackup_write(tournament=played, reason="auto")
    assert "AB12" in path.read_text("utf-8")
    player = Player.objects.get(tournament=played, name="Hélène Dupré").registered
    with django_capture_on_commit_callbacks(execute=True):
        services.club_player_anonymise(player=player)
    text = path.read_text("utf-8")
    assert "Dupré" not in text and "Hélène" not in text and "AB12" not in text
    assert f"Joueur n° {player.pk}" in text and "Paul Martin" in text
    # Still a backup the restore reads.
    restored = services.backup.backup_restore(organiser=owner, data=json.loads(text),
                                              mode="replace", tournament=played)
    assert Player.objects.filter(tournament=restored, name="Paul Martin").exists()


def test_the_anonymise_page_says_what_it_cannot_reach(client, owner, played):
    player = Player.objects.get(tournament=played, name="Hélène Dupré").registered
    client.force_login(owner)
    page = client.get(reverse("tournament:club_player_anonymise",
                              args=[player.club.slug, player.pk])).content.decode()
    assert "déjà téléchargés" in page and "sauvegardes automatiques" in page


@pytest.fixture
def owner():
    return organiser("presidente")
