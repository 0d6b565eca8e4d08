"""Restoring a backup from the browser (into the same concours after a confirmation, or as a
copy with new table links and address), and « Copier ce concours »: the checks of
`import_tournament`, all or nothing, French refusals, nothing changed on refusal."""

from __future__ import annotations

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring import Side
from tests.builders import made, organiser, play_to_the_end, register_players, tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import AuditEntry, DonneRecord, Game, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _var_dir(settings, tmp_path):
    """The files a restore keeps (aside for its confirmation, the concours before it) in a
    folder of the test's own, not the project's var/."""
    settings.VAR_DIR = tmp_path


@pytest.fixture
def concours(owner):
    """Five teams, partie 1 played (a forfeit, a finished game), partie 2 drawn, a donne in."""
    t = tournament(owner=owner, teams=5, slug="original", name="Concours d'hiver",
                   max_donnes=6, target=None)
    by = Actor.of_user(owner)
    first = services.round_generate(tournament=t, seed=8, by=by)
    games = list(first.games.filter(team_ew__isnull=False).order_by("table"))
    services.game_forfeit(game=games[0], side=Side.EW.value, by=by)
    play_to_the_end(games[1])
    second = services.round_generate(tournament=t, by=by)
    game = second.games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(points=95), by=by)
    return register_players(Tournament.objects.get(pk=t.pk))


def snapshot(t: Tournament) -> dict:
    """Everything of a concours but its links and keys (they differ in a copy)."""
    data = backup.export_data(t)
    for round_ in data["rounds"]:
        for game in round_["games"]:
            game.pop("token"), game.pop("token_ew")
            for donne in game["donnes"]:
                donne.pop("key")
    for entry in data["audit"]:
        entry.pop("donne_key")
    for name in ("slug", "name", "published"):
        data["tournament"].pop(name)
    return data


def everything() -> tuple:
    return (Tournament.objects.count(), Game.objects.count(), DonneRecord.objects.count(),
            AuditEntry.objects.count(),
            list(Tournament.objects.values_list("pk", "slug", "name").order_by("pk")),
            list(Game.objects.values_list("token", "score_ns", "score_ew").order_by("pk")))


# --- The service -------------------------------------------------------------------------


def test_a_backup_restored_into_its_concours_brings_back_what_it_held(owner, concours):
    saved = backup.export_data(concours)
    services.donne_record(game=concours.rounds.get(number=2).games.get(table=1), number=None,
                          donne=made(points=120), by=Actor.of_user(owner))
    services.team_update(team=concours.teams.get(number=1), name="Changée",
                         by=Actor.of_user(owner))
    restored = backup.backup_restore(organiser=owner, data=saved, mode="replace",
                                     tournament=concours)
    assert restored.slug == "original" and Tournament.objects.count() == 1
    assert backup.export_data(restored) == saved


def test_a_backup_restored_into_another_concours_keeps_that_concours_address(owner, concours):
    saved = backup.export_data(concours)
    other = tournament(owner=owner, teams=2, slug="autre", name="Autre")
    services.tournament_delete(tournament=concours)  # its links are free again
    restored = backup.backup_restore(organiser=owner, data=saved, mode="replace",
                                     tournament=other)
    assert restored.slug == "autre" and restored.name == "Concours d'hiver"
    assert not Tournament.objects.filter(slug="original").exists()


def test_a_copy_has_a_new_address_name_and_links_and_the_same_concours(owner, concours):
    copy = backup.backup_restore(organiser=owner, data=backup.export_data(concours),
                                 mode="copy", slug="copie", name="Concours d'hiver (copie)")
    original = Tournament.objects.get(slug="original")
    assert (copy.slug, copy.name, copy.published) == ("copie", "Concours d'hiver (copie)",
                                                      False)
    assert snapshot(copy) == snapshot(original)
    links = set(Game.objects.filter(round__tournament=original).values_list("token", "token_ew"))
    copied = set(Game.objects.filter(round__tournament=copy).values_list("token", "token_ew"))
    assert len(copied) == len(links) and not {*sum(links, ())} & {*sum(copied, ())}
    # The copy's journal names its own donnes (the keys followed the donnes'), none of the
    # original's.
    keys = set(DonneRecord.objects.filter(game__round__tournament=copy)
               .values_list("key", flat=True))
    named = set(copy.audit.exclude(donne_key="").values_list("donne_key", flat=True))
    original_keys = set(DonneRecord.objects.filter(game__round__tournament=original)
                        .values_list("key", flat=True))
    assert keys and keys <= named and not named & original_keys


def test_copier_ce_concours_makes_the_copy_from_its_backup(owner, concours):
    copy = backup.tournament_copy(tournament=concours, organiser=owner, slug="hiver-2",
                                  name="Hiver 2")
    assert snapshot(copy) == snapshot(concours)
    assert copy.organiser == owner and Tournament.objects.count() == 2


@pytest.mark.parametrize(("slug", "name", "message"), [
    ("original", "Copie", "adresse est déjà prise"),
    ("Pas Une Adresse", "Copie", "Adresse : des lettres minuscules"),
    ("copie", "", "Nom du concours"),
    ("copie", "x" * 500, "Nom du concours"),
])
def test_a_copy_with_a_bad_address_or_name_is_refused_and_changes_nothing(
        owner, concours, slug, name, message):
    before = everything()
    with pytest.raises(UserError, match=message):
        backup.backup_restore(organiser=owner, data=backup.export_data(concours), mode="copy",
                              slug=slug, name=name)
    assert everything() == before


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="autre chose"),
    lambda d: d["teams"].pop(),
    lambda d: d["rounds"][1]["games"][0]["donnes"][0].update(contract=85),
    lambda d: d["tournament"].pop("name"),
])
@pytest.mark.parametrize("mode", ["replace", "copy"])
def test_a_damaged_backup_is_refused_and_changes_nothing(owner, concours, damage, mode):
    data = backup.export_data(concours)
    damage(data)
    before = everything()
    with pytest.raises(UserError):
        backup.backup_restore(organiser=owner, data=data, mode=mode, tournament=concours,
                              slug="copie", name="Copie")
    assert everything() == before


@pytest.mark.parametrize("how", ["copy", "import"])
def test_a_restore_that_fails_half_way_leaves_nothing_written(owner, concours, monkeypatch,
                                                               how):
    """All or nothing: a write that fails after its first partie is in (here the byes of
    its second) leaves neither the new concours nor any of its games behind."""
    from tournament.services.backup import write

    rescored = []

    def failing(*, round_):
        rescored.append(round_.number)
        if len(rescored) == 2:
            raise RuntimeError("disque plein")

    monkeypatch.setattr(write, "byes_rescore", failing)
    data = backup.export_data(concours)
    if how == "import":  # the file of a concours since deleted, imported back
        services.tournament_delete(tournament=concours)
    before = everything()
    with pytest.raises(RuntimeError, match="disque plein"):
        if how == "copy":
            backup.backup_restore(organiser=owner, data=data, mode="copy", slug="copie",
                                  name="Copie")
        else:
            backup.import_data(data, organiser=owner)
    assert rescored == [1, 2]
    assert everything() == before


def test_only_its_organiser_replaces_a_concours(owner, concours):
    before = everything()
    with pytest.raises(UserError, match="organisateur"):
        backup.backup_restore(organiser=organiser("intrus"), data=backup.export_data(concours),
                              mode="replace", tournament=concours)
    with pytest.raises(UserError, match="organisateur"):
        backup.tournament_copy(tournament=concours, organiser=organiser("autre"), slug="x",
                               name="X")
    assert everything() == before


def test_a_concours_changed_since_the_confirmation_is_not_replaced(owner, concours):
    saved = backup.export_data(concours)
    seen = backup.last_entry(concours)
    services.team_update(team=concours.teams.get(number=2), name="Renommée entre-temps",
                         by=Actor.of_user(owner))
    before = everything()
    with pytest.raises(UserError, match="a changé depuis la confirmation"):
        backup.backup_restore(organiser=owner, data=saved, mode="replace", tournament=concours,
                              seen=seen)
    assert everything() == before


def test_a_copy_of_a_file_whose_concours_still_exists_does_not_take_its_links(owner, concours):
    """The command line refuses this file (its links are the original's): a copy renews them."""
    with pytest.raises(UserError, match="lien de table"):
        backup.import_data({**backup.export_data(concours),
                            "tournament": {**backup.export_data(concours)["tournament"],
                                           "slug": "ailleurs"}}, organiser=owner)
    copy = backup.backup_restore(organiser=owner, data=backup.export_data(concours),
                                 mode="copy", slug="ailleurs", name="Ailleurs")
    assert copy.rounds.count() == 2


@pytest.mark.parametrize(("raw", "message"), [
    (b"\xff\xfe pas du texte", "UTF-8"),
    (b"{pas du json", "JSON valide"),
    (b"[" * 100_000, "imbriquées|JSON valide"),
])
def test_a_file_that_is_not_json_is_refused_in_french(raw, message):
    with pytest.raises(UserError, match=message):
        backup.parse_document(raw)


def test_a_file_beyond_50_mb_is_refused_before_it_is_parsed():
    with pytest.raises(UserError, match="50 Mo au plus"):
        backup.parse_document(b" " * (50 * 1024 * 1024 + 1))


# --- The pages ---------------------------------------------------------------------------


def upload(data: object, name: str = "sauvegarde.json") -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


def test_the_organiser_restores_after_a_confirmation_listing_what_is_replaced(
        client, owner, concours):
    saved = backup.export_data(concours)
    services.team_create(tournament=concours, name="Arrivée après", player1="A", player2="B",
                         by=Actor.of_user(owner))
    client.force_login(owner)
    url = reverse("tournament:backup_restore", args=["original"])
    assert "Restaurer une sauvegarde" in client.get(url).content.decode()
    page = client.post(url, {"file": upload(saved), "mode": "replace"})
    text = page.content.decode()
    assert page.status_code == 200 and "Remplacer le concours" in text
    assert "Équipes inscrites</th><td class=\"num\">6</td><td class=\"num\">5</td>" in text
    assert Tournament.objects.get().teams.count() == 6  # nothing replaced yet
    pending = page.context["pending"]
    done = client.post(reverse("tournament:backup_restore_confirm", args=["original"]),
                       {"pending": pending, "seen": page.context["seen"]})
    assert done.status_code == 302 and done["Location"] == reverse("tournament:detail",
                                                                   args=["original"])
    assert backup.export_data(Tournament.objects.get()) == saved
    # The file kept aside for the confirmation is gone.
    again = client.post(reverse("tournament:backup_restore_confirm", args=["original"]),
                        {"pending": pending, "seen": page.context["seen"]}, follow=True)
    assert "n'est plus en attente" in html.unescape(again.content.decode())


def test_the_confirmation_says_the_publication_changes_and_a_backup_is_kept_first(
        client, owner, concours, settings, tmp_path, django_capture_on_commit_callbacks):
    """Issue 32: the page did not say that a concours published since the backup goes back
    to unpublished, and nothing kept the concours as it was: a wrong restore was final."""
    saved = backup.export_data(concours)
    saved["tournament"]["published"] = False
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=["original"]),
                       {"file": upload(saved), "mode": "replace"})
    text = html.unescape(page.content.decode())
    assert 'id="restore-publication"' in text and "il n'est plus publié" in text
    assert "Publié</th><td>oui</td><td>non</td>" in text
    assert "sauvegardé automatiquement" in text
    before = backup.export_data(concours)
    for automatic in (False, True):  # the installed command's automatic backups, or not
        settings.AUTO_BACKUP_DIR = str(tmp_path / "auto") if automatic else ""
        page = client.post(reverse("tournament:backup_restore", args=["original"]),
                           {"file": upload(saved), "mode": "replace"})
        with django_capture_on_commit_callbacks(execute=True):  # its folder follows it
            done = client.post(reverse("tournament:backup_restore_confirm",
                                       args=["original"]),
                               {"pending": page.context["pending"],
                                "seen": page.context["seen"]}, follow=True)
        said = html.unescape(done.content.decode())
        kept = [path for path in tmp_path.rglob("*-avant-restauration.json")
                if automatic == ("auto" in path.parts)]
        assert len(kept) == 1 and str(kept[0]) in said
        assert ("sauvegardes automatiques" in said) == automatic
        assert not Tournament.objects.get().published
        if not automatic:
            assert backup.parse_document(kept[0].read_bytes()) == backup.parse_document(
                json.dumps(before).encode())
    listed = services.autobackups.autobackup_list(Tournament.objects.get())
    assert any(item.name.endswith("-avant-restauration.json") for item in listed)


def test_a_refused_restore_keeps_no_backup_before_it_and_prunes_nothing(
        client, owner, concours, settings, tmp_path):
    """The backup written before a restore goes with a refusal (here: the concours changed
    since the preview), and nothing older was pruned for it: 30 attempts refused do not push
    the concours' real backups out."""
    settings.AUTO_BACKUP_DIR = str(tmp_path / "auto")
    saved = backup.export_data(concours)
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=["original"]),
                       {"file": upload(saved), "mode": "replace"})
    services.autobackups.autobackup_write(tournament=concours, reason="partie-1")
    real = sorted(path.name for path in tmp_path.rglob("*.json"))
    team = concours.teams.filter(round__isnull=True).first()
    services.team_update(team=team, name="Changée depuis")  # journaled: `seen` is stale
    refused = client.post(reverse("tournament:backup_restore_confirm", args=["original"]),
                          {"pending": page.context["pending"],
                           "seen": page.context["seen"]}, follow=True)
    assert "avant-restauration" not in html.unescape(refused.content.decode())
    assert sorted(path.name for path in tmp_path.rglob("*.json")) == real


def test_cancelling_the_confirmation_changes_nothing(client, owner, concours):
    client.force_login(owner)
    before = everything()
    page = client.post(reverse("tournament:backup_restore", args=["original"]),
                       {"file": upload(backup.export_data(concours)), "mode": "replace"})
    client.post(reverse("tournament:backup_restore_confirm", args=["original"]),
                {"pending": page.context["pending"], "seen": page.context["seen"],
                 "cancel": "1"})
    assert everything() == before


def test_a_bad_file_is_refused_on_the_page_in_french_and_changes_nothing(
        client, owner, concours):
    client.force_login(owner)
    before = everything()
    url = reverse("tournament:backup_restore", args=["original"])
    damaged = backup.export_data(concours)
    damaged["rounds"][1]["games"][0]["donnes"][0]["contract"] = 85
    for data, message in ((b"\x00\xff", "UTF-8"), (b"{", "JSON valide"),
                          ({"format": "autre"}, "pas une sauvegarde de concours"),
                          (damaged, "Partie 2")):
        page = client.post(url, {"file": upload(data), "mode": "replace"})
        assert page.status_code == 400 and message in page.content.decode()
    page = client.post(url, {"mode": "replace"})
    assert page.status_code == 400 and "Ce champ est obligatoire" in page.content.decode()
    assert everything() == before


def test_a_file_beyond_50_mb_is_refused_by_the_page(client, owner, concours, monkeypatch):
    monkeypatch.setattr(backup, "MAX_BYTES", 1000)
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=["original"]),
                       {"file": upload(b" " * 1001), "mode": "replace"})
    assert page.status_code == 400 and "Fichier trop gros" in page.content.decode()


def test_the_page_restores_a_file_as_a_copy_at_once(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:backup_restore", args=["original"])
    missing = client.post(url, {"file": upload(backup.export_data(concours)), "mode": "copy"})
    assert missing.status_code == 400
    assert "Indiquez le nom du nouveau concours" in missing.content.decode()
    done = client.post(url, {"file": upload(backup.export_data(concours)), "mode": "copy",
                             "name": "Copie d'hiver", "slug": "copie-hiver"})
    assert done["Location"] == reverse("tournament:detail", args=["copie-hiver"])
    assert snapshot(Tournament.objects.get(slug="copie-hiver")) == snapshot(concours)


def test_copier_ce_concours_from_the_page(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:tournament_copy", args=["original"])
    taken = client.post(url, {"name": "Doublon", "slug": "original"})
    assert taken.status_code == 400 and "déjà prise" in taken.content.decode()
    done = client.post(url, {"name": "Hiver bis", "slug": "hiver-bis"})
    assert done["Location"] == reverse("tournament:detail", args=["hiver-bis"])
    detail = client.get(done["Location"]).content.decode()
    assert "Concours copié" in detail and "Hiver bis" in detail


def test_copier_ce_concours_proposes_a_name_and_an_address(client, owner, concours):
    """Issue 32: the copy's address was asked for; the page now proposes one from the name
    and the date (free: « -2 » when taken), so the organiser only confirms."""
    client.force_login(owner)
    taken = f"concours-d-hiver-{concours.date.isoformat()}"
    tournament(owner=owner, name="Autre", slug=taken)
    page = client.get(reverse("tournament:backup_restore", args=["original"])).content.decode()
    assert 'id="copy-name" name="name" value="Concours d&#x27;hiver (copie)"' in page
    assert f'id="copy-slug" name="slug" value="{taken}-2"' in page
    done = client.post(reverse("tournament:tournament_copy", args=["original"]),
                       {"name": "Hiver (copie)", "slug": ""})  # an address left empty too
    assert done["Location"] == reverse("tournament:detail", args=["hiver-copie"])


def test_copier_ce_concours_address_follows_a_name_changed_until_typed_by_hand(
        client, owner, concours):
    """Issue 32: the name changed, the copy still took the address made from the first
    one. An address left as proposed follows the name; one typed by hand is kept."""
    client.force_login(owner)
    page = client.get(reverse("tournament:backup_restore", args=["original"])).content.decode()
    proposed = f"concours-d-hiver-{concours.date.isoformat()}"
    assert f'name="proposed_slug" value="{proposed}"' in page
    url = reverse("tournament:tournament_copy", args=["original"])
    sent = {"proposed_name": "Concours d'hiver (copie)", "proposed_slug": proposed,
            "slug": proposed}
    done = client.post(url, {**sent, "name": "Finale de mars"})
    assert done["Location"] == reverse(
        "tournament:detail", args=[f"finale-de-mars-{concours.date.isoformat()}"])
    done = client.post(url, {**sent, "name": "Finale d'avril", "slug": "avril"})
    assert done["Location"] == reverse("tournament:detail", args=["avril"])


def test_the_dashboard_links_to_the_restore_page(client, owner, concours):
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=["original"])).content.decode()
    assert reverse("tournament:backup_restore", args=["original"]) in page
