"""Backups and the club's register (version 5): a backup restored into a fresh database
(`import_tournament`) relinks every player to the register; versions 1–4 still import, their
players matched by licence, then name; ambiguous players chosen on the restore page before
anything is written, or by `--choose` on the command line (else new, and said)."""

from __future__ import annotations

import json
import re
import uuid
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.builders import organiser, register_players, tournament
from tournament.errors import UserError
from tournament.models import ClubPlayer, Player, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db

FILES = Path(__file__).parent / "files"
OWNER = "sauveur"


def version(n: int) -> dict:
    return json.loads((FILES / f"version-{n}.json").read_text(encoding="utf-8"))


def restore(*args: str) -> str:
    out = StringIO()
    call_command("import_tournament", str(FILES / "version-5.json"), *args, stdout=out)
    return out.getvalue()


@pytest.fixture(autouse=True)
def _var(settings, tmp_path):
    settings.VAR_DIR = tmp_path


def test_a_backup_v5_restored_into_a_fresh_database_relinks_every_player(owner):
    output = restore("--organiser", owner.username)
    restored = Tournament.objects.get()
    assert "10 joueur(s) relié(s) au registre du club" in output
    file = {row["number"]: row["registered"] for row in version(5)["players"]}
    players = list(restored.players.select_related("registered").order_by("number"))
    assert len(players) == 10 and all(player.registered is not None for player in players)
    for player in players:
        entry = player.registered
        assert entry.club == restored.club
        identity = file[player.number]
        if identity is None:  # linked to none in the file: registered by its name
            assert (entry.name, entry.first_name, entry.licence) == (player.name, "", "")
            continue
        assert {"uid": str(entry.uid), "licence": entry.licence, "name": entry.name,
                "first_name": entry.first_name, "home_club": entry.home_club} == identity
    # Restored again (a copy), every player finds the same entry: nobody new.
    count = ClubPlayer.objects.count()
    call_command("import_tournament", str(FILES / "version-5.json"), "--organiser",
                 owner.username, "--copy", "copie", "Copie", stdout=StringIO())
    copy = Tournament.objects.get(slug="copie")
    assert ClubPlayer.objects.count() == count
    assert ([p.registered_id for p in copy.players.order_by("number")]
            == [p.registered_id for p in players])
    # And its export carries the identities the file had (player 8's now its own).
    exported = backup.export_data(restored)["players"]
    assert [row["registered"] for row in exported if row["number"] != 8] == [
        identity for number, identity in file.items() if number != 8]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_older_files_still_import_their_players_linked_by_name(owner, n):
    club = tournament(owner=owner).club  # the organiser's club, with a register
    known = ClubPlayer.objects.create(club=club, name="joueur 1a")
    path = FILES / f"version-{n}.json"
    call_command("import_tournament", str(path), "--organiser", owner.username,
                 stdout=StringIO())
    restored = Tournament.objects.get(slug="fichier")
    assert restored.club == club
    players = list(restored.players.order_by("number"))
    assert len(players) == 10 and all(player.registered_id for player in players)
    assert players[0].registered == known
    assert ClubPlayer.objects.filter(club=club).count() == 10


def test_the_restoring_clubs_register_is_matched_by_uid_then_licence_then_name(owner):
    club = tournament(owner=owner).club
    by_licence = ClubPlayer.objects.create(club=club, name="Autre Nom", licence="ffb0001")
    by_name = ClubPlayer.objects.create(club=club, name="Joueur", first_name="1B")
    by_uid = ClubPlayer.objects.create(club=club, name="Renommé depuis")
    by_uid.uid = uuid.UUID(version(5)["players"][3]["registered"]["uid"])
    by_uid.save()
    restore("--organiser", owner.username)
    linked = {player.number: player.registered for player in Player.objects.filter(
        tournament__slug="fichier")}
    assert (linked[1], linked[2], linked[4]) == (by_licence, by_name, by_uid)


@pytest.fixture
def two_namesakes(owner):
    club = tournament(owner=owner).club
    return [ClubPlayer.objects.create(club=club, name="Joueur 1B"),
            ClubPlayer.objects.create(club=club, name="JOUEUR 1B", home_club="Amicale")]


def test_the_command_registers_an_ambiguous_player_as_new_and_says_so(owner, two_namesakes):
    output = restore("--organiser", owner.username)
    first, second = two_namesakes
    assert (f"Joueur n° 2 « Joueur 1B » : plusieurs joueurs du registre possibles "
            f"({first.pk} = Joueur 1B ; {second.pk} = JOUEUR 1B (Amicale))") in output
    assert "nouveau joueur du registre (--choose 2=ID pour un autre choix)" in output
    entry = Player.objects.get(number=2).registered
    assert entry not in two_namesakes and entry.name == "Joueur 1B"


def test_the_command_links_an_ambiguous_player_as_chosen(owner, two_namesakes):
    output = restore("--organiser", owner.username, "--choose", f"2={two_namesakes[1].pk}")
    assert f"relié au joueur {two_namesakes[1].pk} du registre" in output
    assert Player.objects.get(number=2).registered == two_namesakes[1]


@pytest.mark.parametrize(("choose", "message"), [
    ("2=x", "NUMÉRO=ID"), ("99=nouveau", "pas de joueur n° 99"),
    ("1=nouveau", "n'a pas à être choisi"), ("2=999999", "n'est pas un de ceux"),
])
def test_a_wrong_choice_on_the_command_line_restores_nothing(owner, two_namesakes, choose,
                                                             message):
    count = ClubPlayer.objects.count()
    with pytest.raises(CommandError, match=message):
        restore("--organiser", owner.username, "--choose", choose)
    assert not Tournament.objects.filter(slug="fichier").exists()
    assert ClubPlayer.objects.count() == count


def test_an_ambiguous_player_without_a_choice_is_refused_by_the_service(owner, two_namesakes):
    count = ClubPlayer.objects.count()
    with pytest.raises(UserError, match="choisissez lequel"):
        backup.import_data(version(5), organiser=owner)
    assert not Tournament.objects.filter(slug="fichier").exists()
    assert ClubPlayer.objects.count() == count


@pytest.mark.parametrize(("field", "value", "message"), [
    ("uid", "pas-un-uuid", "identifiant : un UUID est attendu"),
    ("uid", 12, "identifiant : un UUID est attendu"),
    ("name", "Jean\u200bMartin", "caractère invisible"),
    ("licence", "x" * 31, "30 caractères au plus"),
    ("first_name", None, "du texte est attendu"),
])
def test_a_bad_register_identity_is_refused_in_french(owner, field, value, message):
    data = version(5)
    data["players"][0]["registered"][field] = value
    with pytest.raises(UserError, match=message) as refused:
        backup.import_data(data, organiser=owner)
    assert refused.value.message.startswith("Joueur 1, registre")
    assert not ClubPlayer.objects.exists()


def test_an_identity_missing_a_field_is_refused(owner):
    data = version(5)
    del data["players"][0]["registered"]["home_club"]
    with pytest.raises(UserError, match="home_club"):
        backup.read(data)


# --- The restore page ----------------------------------------------------------------------


def upload(data: object) -> SimpleUploadedFile:
    return SimpleUploadedFile("sauvegarde.json", json.dumps(data).encode(),
                              content_type="application/json")


@pytest.fixture
def concours(owner):
    t = tournament(owner=owner, slug="vendredi", teams=2)
    return register_players(t)


def test_the_restore_page_asks_which_register_player_before_replacing(client, owner,
                                                                      concours):
    club = concours.club
    namesakes = [ClubPlayer.objects.create(club=club, name="Joueur 1B", licence="A1"),
                 ClubPlayer.objects.create(club=club, name="Joueur 1B", licence="A2")]
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=[concours.slug]),
                       {"file": upload(version(4)), "mode": "replace"})
    text = page.content.decode()
    assert page.status_code == 200 and "Quels joueurs du registre ?" in text
    assert "joueur n° 2" in text and "licence A1" in text and "licence A2" in text
    # The concours' own Joueur 1B, the two namesakes, and « nouveau joueur ».
    assert text.count('type="radio"') == 4
    url = reverse("tournament:backup_restore_confirm", args=[concours.slug])
    posted = {"pending": page.context["pending"], "seen": page.context["seen"]}
    before = (Player.objects.count(), ClubPlayer.objects.count(),
              Tournament.objects.get().name)
    refused = client.post(url, posted)
    assert refused.status_code == 400
    assert "Choisissez le joueur du registre" in refused.content.decode()
    assert (Player.objects.count(), ClubPlayer.objects.count(),
            Tournament.objects.get().name) == before
    done = client.post(url, {**posted, "choice-1": str(namesakes[1].pk)})
    assert done.status_code == 302
    restored = Tournament.objects.get()
    assert restored.slug == "vendredi" and restored.club == club
    assert restored.players.get(number=2).registered == namesakes[1]
    assert all(player.registered_id for player in restored.players.all())


def test_a_copy_of_a_file_with_ambiguous_players_is_confirmed_first(client, owner, concours):
    club = concours.club
    namesakes = [ClubPlayer.objects.create(club=club, name="Joueur 2A", home_club=name)
                 for name in ("Nord", "Sud")]
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=[concours.slug]), {
        "file": upload(version(4)), "mode": "copy", "name": "Copie", "slug": "copie"})
    text = page.content.decode()
    assert page.status_code == 200 and "comme nouveau concours « Copie »" in text
    assert not Tournament.objects.filter(slug="copie").exists()
    pending = re.search(r'name="pending" value="([^"]+)"', text).group(1)
    done = client.post(reverse("tournament:backup_restore_confirm", args=[concours.slug]), {
        "pending": pending, "seen": page.context["seen"], "choice-2": "new"})
    assert done["Location"] == reverse("tournament:detail", args=["copie"])
    entry = Tournament.objects.get(slug="copie").players.get(number=3).registered
    assert entry not in namesakes and entry.name == "Joueur 2A"
    assert Tournament.objects.get(slug="vendredi").teams.count() == 2  # untouched


def test_the_restore_page_without_ambiguity_asks_nothing_more(client, owner, concours):
    saved = backup.export_data(concours)
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=[concours.slug]),
                       {"file": upload(saved), "mode": "replace"})
    assert "Quels joueurs du registre" not in page.content.decode()
    client.post(reverse("tournament:backup_restore_confirm", args=[concours.slug]),
                {"pending": page.context["pending"], "seen": page.context["seen"]})
    assert backup.export_data(Tournament.objects.get()) == saved


def test_another_organisers_club_register_is_not_this_ones(owner):
    other = organiser("autre")
    theirs = tournament(owner=other).club
    ClubPlayer.objects.create(club=theirs, name="Joueur 1A", licence="FFB 0001")
    restore("--organiser", owner.username)
    restored = Tournament.objects.get(slug="fichier")
    assert restored.club != theirs
    # The file's uid is free in this database, its licence another club's: a new entry.
    assert restored.players.get(number=1).registered.club == restored.club
