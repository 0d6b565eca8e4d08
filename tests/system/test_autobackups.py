"""Automatic backups into the data folder: at every partie closed and when the 10-minute look
finds changes; the last 30 kept; listed on the concours page for its organiser, downloaded,
and each one the file the import restores."""

import datetime
import json
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.builders import tournament
from tournament import services
from tournament.launcher.backups import BackupThread
from tournament.models import Tournament
from tournament.services import autobackups
from tournament.services.backup import export_json
from tournament.services.countdown import round_clock_start, round_clock_stop

pytestmark = pytest.mark.django_db


@pytest.fixture
def backups_on(settings, tmp_path):
    settings.AUTO_BACKUP_DIR = str(tmp_path / "sauvegardes")
    return tmp_path / "sauvegardes"


@pytest.fixture
def demo(django_user_model):
    owner = django_user_model.objects.create_user("orga", password="x", is_staff=True)
    from django.conf import settings

    return services.demo_load(organiser=owner,
                              path=settings.SHARE_DIR / "fixtures" / "demo.json")


def test_a_partie_closed_writes_a_backup_of_the_concours_as_it_is_then(
        backups_on, demo, django_capture_on_commit_callbacks):
    round_ = demo.rounds.order_by("-number").first()
    services.round_close(round_=round_, closed=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_close(round_=round_)
    [backup] = autobackups.autobackup_list(demo)
    assert backup.reason == f"partie-{round_.number}"
    text = autobackups.autobackup_file(tournament=demo, name=backup.name).read_text("utf-8")
    assert json.loads(text) == json.loads(export_json(Tournament.objects.get(pk=demo.pk)))
    closed = [r for r in json.loads(text)["rounds"] if r["number"] == round_.number]
    assert closed[0]["closed"] is True


def test_without_a_folder_nothing_is_written(settings, demo, tmp_path,
                                             django_capture_on_commit_callbacks):
    settings.AUTO_BACKUP_DIR = ""
    round_ = demo.rounds.order_by("-number").first()
    services.round_close(round_=round_, closed=False)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.round_close(round_=round_)
    assert callbacks == [] and autobackups.autobackup_list(demo) == []
    assert autobackups.autobackup_changed() == []


def test_the_look_backs_up_only_what_changed_since_its_last_backup(backups_on, demo):
    round_ = demo.rounds.filter(closed=True).first()
    services.round_close(round_=round_, closed=False)  # journaled (reopening writes none)
    assert len(autobackups.autobackup_changed()) == 1
    assert autobackups.autobackup_changed() == []  # nothing new since
    services.round_close(round_=round_, closed=False)  # unchanged: no journal entry
    assert autobackups.autobackup_changed() == []
    services.round_close(round_=round_)  # its own backup waits for a commit: the look's
    BackupThread().once()
    assert [b.reason for b in autobackups.autobackup_list(demo)] == ["auto", "auto"]


def test_a_chrono_started_since_the_last_backup_is_backed_up_once(backups_on):
    t = tournament(teams=4)
    round_ = services.round_generate(tournament=t, seed=3)  # journaled
    assert len(autobackups.autobackup_changed()) == 1
    round_clock_start(round_=round_, minutes=30)  # the countdown writes no journal entry
    [path] = autobackups.autobackup_changed()
    assert json.loads(path.read_text("utf-8"))["rounds"][0]["clock_minutes"] == 30
    assert autobackups.autobackup_changed() == []  # a chrono running is no new change


def test_a_chrono_started_or_stopped_is_backed_up_at_its_commit(
        backups_on, django_capture_on_commit_callbacks):
    t = tournament(teams=4)
    round_ = services.round_generate(tournament=t, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        round_clock_start(round_=round_, minutes=30)
    [started] = autobackups.autobackup_list(t)
    assert started.reason == "chrono-1" and started.words == "chrono de la partie 1"
    path = backups_on / f"{t.date.isoformat()}-{t.slug}" / started.name
    assert json.loads(path.read_text("utf-8"))["rounds"][0]["clock_minutes"] == 30
    # Stopped: the newest backup has no chrono (a restore shows none the desk had stopped).
    with django_capture_on_commit_callbacks(execute=True):
        round_clock_stop(round_=round_)
    newest = autobackups.autobackup_list(t)[0]
    path = backups_on / f"{t.date.isoformat()}-{t.slug}" / newest.name
    assert newest.name != started.name
    assert json.loads(path.read_text("utf-8"))["rounds"][0]["clock_minutes"] is None


def test_a_chrono_whose_start_is_still_to_come_is_no_change_at_each_look(backups_on):
    """A restored file's start in the future (or a laptop's clock set back) would otherwise
    write a backup at every look, and replace the evening's 30 within five hours."""
    t = tournament(teams=4)
    round_ = services.round_generate(tournament=t, seed=3)
    assert len(autobackups.autobackup_changed()) == 1
    ends = timezone.now() + datetime.timedelta(days=3)
    type(round_).objects.filter(pk=round_.pk).update(clock_minutes=1, clock_ends=ends)
    assert [autobackups.autobackup_changed() for _ in range(3)] == [[], [], []]


def test_the_last_thirty_are_kept(backups_on, demo):
    start = timezone.now() - datetime.timedelta(hours=2)
    for minute in range(33):
        autobackups.autobackup_write(tournament=demo, reason="auto",
                                     now=start + datetime.timedelta(minutes=minute))
    kept = autobackups.autobackup_list(demo)
    folder = backups_on / f"{demo.date.isoformat()}-{demo.slug}"
    assert len(kept) == 30 and len(list(folder.glob("*.json"))) == 30
    assert kept[0].at == start + datetime.timedelta(minutes=32)
    assert kept[-1].at == start + datetime.timedelta(minutes=3)


def test_the_concours_page_lists_them_for_its_organiser_who_downloads_one(
        backups_on, demo, client, django_user_model):
    earlier = timezone.now() - datetime.timedelta(minutes=5)
    for minute, reason in enumerate(("avant-restauration", "chrono-3", "auto")):
        autobackups.autobackup_write(tournament=demo, reason=reason,
                                     now=earlier + datetime.timedelta(minutes=minute))
    path = autobackups.autobackup_write(tournament=demo, reason="partie-2")
    url = reverse("autobackup", args=[demo.slug, path.name])
    client.force_login(demo.organiser)
    page = client.get(reverse("tournament:detail", args=[demo.slug])).content.decode()
    assert "4 sauvegardes automatiques" in page and "partie 2 close" in page and url in page
    # Each reason in words, never a file name's key (« partie avant-restauration close »).
    for words in ("avant une restauration", "chrono de la partie 3", "changements"):
        assert words in page
    assert "avant-restauration close" not in page
    response = client.get(url)
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == path.read_bytes()
    assert "attachment" in response["Content-Disposition"]
    # Another organiser, or nobody logged in, gets neither the list nor the file.
    client.force_login(django_user_model.objects.create_user("autre", is_staff=True))
    assert client.get(url).status_code in (403, 404)
    client.logout()
    assert url not in client.get(reverse("tournament:detail", args=[demo.slug])).content.decode()
    assert client.get(url).status_code in (302, 403, 404)


@pytest.mark.parametrize("name", ["../../secret_key", "x.json", "concours.sqlite3",
                                  "2026-11-25T15-50-12-000000Z-auto.json"])
def test_a_name_not_of_its_backups_is_not_found(backups_on, demo, client, name):
    autobackups.autobackup_write(tournament=demo, reason="auto")
    client.force_login(demo.organiser)
    assert client.get(f"/t/{demo.slug}/sauvegardes/{name}").status_code == 404
    with pytest.raises(LookupError):
        autobackups.autobackup_file(tournament=demo, name=name)


@given(minutes=st.lists(st.integers(min_value=0, max_value=10_000), min_size=25, max_size=40,
                        unique=True))
@hypothesis_settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_whatever_the_order_of_writes_the_newest_thirty_are_kept(settings, tmp_path,
                                                                 monkeypatch, minutes):
    # The file's content does not matter here: a stand-in concours, exported as "{}".
    folder = tmp_path / f"run-{uuid.uuid4().hex}"
    settings.AUTO_BACKUP_DIR = str(folder)
    monkeypatch.setattr(autobackups, "export_json", lambda tournament: "{}")
    concours = Tournament(pk=1, slug="x", date=datetime.date(2026, 11, 25))
    start = datetime.datetime(2026, 11, 25, tzinfo=datetime.UTC)
    for minute in minutes:
        autobackups.autobackup_write(tournament=concours, reason="auto",
                                     now=start + datetime.timedelta(minutes=minute))
    kept = [backup.at for backup in autobackups.autobackup_list(concours)]
    assert kept == [start + datetime.timedelta(minutes=minute)
                    for minute in sorted(minutes, reverse=True)[:autobackups.KEEP]]


def test_an_automatic_backup_is_restored_into_its_concours_after_the_confirmation(
        backups_on, demo, client, django_user_model):
    path = autobackups.autobackup_write(tournament=demo, reason="partie-1")
    name_then = demo.name
    services.tournament_details_update(tournament=demo, name="Renommé après la sauvegarde")
    url = reverse("autobackup_restore", args=[demo.slug, path.name])
    client.force_login(demo.organiser)
    assert f'action="{url}"' in client.get(
        reverse("tournament:detail", args=[demo.slug])).content.decode()
    # Asked first: the confirmation lists both sides, and nothing has changed yet.
    page = client.post(url)
    assert page.status_code == 200 and "Renommé après la sauvegarde" in page.content.decode()
    assert Tournament.objects.get(slug=demo.slug).name == "Renommé après la sauvegarde"
    confirm = {"pending": page.context["pending"], "seen": page.context["seen"]}
    response = client.post(reverse("tournament:backup_restore_confirm", args=[demo.slug]),
                           confirm)
    assert response.status_code == 302
    assert Tournament.objects.get(slug=demo.slug).name == name_then
    # Nobody else restores it, and a name that is none of its backups is not found.
    assert client.post(reverse("autobackup_restore",
                               args=[demo.slug, "secret_key"])).status_code == 404
    assert client.get(url).status_code == 405
    client.force_login(django_user_model.objects.create_user("autre", is_staff=True))
    assert client.post(url).status_code in (403, 404)
    client.logout()
    assert client.post(url).status_code == 302  # to the login page
    assert Tournament.objects.get(slug=demo.slug).name == name_then


def test_a_damaged_automatic_backup_is_refused_in_french_and_changes_nothing(
        backups_on, demo, client):
    path = autobackups.autobackup_write(tournament=demo, reason="auto")
    path.write_text('{"format": "concours-belote", "version": 4, "tournament": {}}',
                    encoding="utf-8")
    client.force_login(demo.organiser)
    response = client.post(reverse("autobackup_restore", args=[demo.slug, path.name]),
                           follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:backup_restore",
                                                     args=[demo.slug])
    words = " ".join(str(message) for message in response.context["messages"])
    assert "champ" in words or "manquant" in words or "inconnu" in words, words
    assert Tournament.objects.filter(slug=demo.slug).count() == 1


def test_restoring_one_backup_keeps_the_concours_others_listed_and_pruned(
        backups_on, demo, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(autobackups, "KEEP", 4)
    start = timezone.now() - datetime.timedelta(hours=1)
    for minutes in (0, 10, 20):
        autobackups.autobackup_write(tournament=demo, reason="auto",
                                     now=start + datetime.timedelta(minutes=minutes))
    first = autobackups.autobackup_list(demo)[-1]
    data = json.loads(autobackups.autobackup_file(tournament=demo, name=first.name)
                      .read_text("utf-8"))
    with django_capture_on_commit_callbacks(execute=True):
        restored = services.backup.backup_restore(organiser=demo.organiser, data=data,
                                                  mode="replace", tournament=demo)
    assert restored.pk != demo.pk  # the restore writes the concours anew
    assert len(autobackups.autobackup_list(restored)) == 3
    # Still its own: pruned with the next ones (the oldest goes).
    for seconds in (1, 2):
        autobackups.autobackup_write(tournament=restored, reason="auto",
                                     now=timezone.now() + datetime.timedelta(seconds=seconds))
    kept = autobackups.autobackup_list(restored)
    assert len(kept) == 4 and first.name not in {backup.name for backup in kept}
    assert len(list(backups_on.glob("*/*.json"))) == 4


def test_folders_and_files_are_named_by_the_concours_date_address_and_local_time(
        backups_on, demo, client):
    """Issue 32: « concours-7/2026-11-21T20-15-03-…Z-partie-3.json » (the internal key, UTC)
    became « <date>-<address>/2026-11-21_21h15-03-…+0100-partie-3.json » (Europe/Paris)."""
    moment = datetime.datetime(2026, 11, 21, 20, 15, 3, tzinfo=datetime.UTC)
    path = autobackups.autobackup_write(tournament=demo, reason="partie-3", now=moment)
    assert path.parent == backups_on / f"{demo.date.isoformat()}-{demo.slug}"
    assert path.name == "2026-11-21_21h15-03-000000+0100-partie-3.json"
    [backup] = autobackups.autobackup_list(demo)
    assert backup.at == moment and backup.reason == "partie-3"
    client.force_login(demo.organiser)
    assert client.get(reverse("autobackup", args=[demo.slug, path.name])).status_code == 200


def test_an_earlier_versions_folder_is_still_listed_pruned_then_gathered(
        backups_on, demo, monkeypatch):
    """The folders written before (« concours-<key> », UTC names) stay readable and
    restorable; the next backup moves them into the named folder, oldest pruned as ever."""
    monkeypatch.setattr(autobackups, "KEEP", 3)
    old = backups_on / f"concours-{demo.pk}"
    old.mkdir(parents=True)
    for minute in (0, 1):
        (old / f"2026-11-21T19-0{minute}-00-000000Z-auto.json").write_text(
            export_json(demo), encoding="utf-8")
    listed = autobackups.autobackup_list(demo)
    assert [b.name for b in listed] == ["2026-11-21T19-01-00-000000Z-auto.json",
                                        "2026-11-21T19-00-00-000000Z-auto.json"]
    assert autobackups.autobackup_file(tournament=demo, name=listed[0].name).parent == old
    # Written at 20:30 local (19:30 UTC) and at 19:10 UTC: ordered by moment, not by name.
    for at in (datetime.datetime(2026, 11, 21, 19, 30, tzinfo=datetime.UTC),
               datetime.datetime(2026, 11, 21, 19, 10, tzinfo=datetime.UTC)):
        autobackups.autobackup_write(tournament=demo, reason="auto", now=at)
    kept = autobackups.autobackup_list(demo)
    assert [b.at.astimezone(datetime.UTC).strftime("%H:%M") for b in kept] == [
        "19:30", "19:10", "19:01"]
    assert not old.exists()
    folder = backups_on / f"{demo.date.isoformat()}-{demo.slug}"
    assert sorted(path.name for path in folder.glob("*.json")) == sorted(b.name for b in kept)
