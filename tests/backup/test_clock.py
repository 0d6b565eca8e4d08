"""A partie's countdown in its backup (version 9): restored mid-evening, the screens and phones
count down to the same end; a file before version 9 restores with no chrono; a bad value is
refused in French and writes nothing; a copy (of a file, or « Copier ce concours ») starts
with no chrono running, its length kept."""

import datetime
import json

import pytest

from tests.backup.test_upgrade import version
from tests.builders import tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import Round, Tournament
from tournament.services import backup
from tournament.services.countdown import round_clock_start

pytestmark = pytest.mark.django_db
STARTED = datetime.datetime(2026, 11, 21, 20, 15, 30, tzinfo=datetime.UTC)


@pytest.fixture
def ticking(owner) -> Tournament:
    """Four teams, partie 1 drawn, its 35 minutes' chrono started at 21:15:30 (Paris)."""
    t = tournament(owner=owner, teams=4, slug="chrono")
    round_ = services.round_generate(tournament=t, seed=3, by=Actor.of_user(owner))
    round_clock_start(round_=round_, minutes=35, now=STARTED)
    return t


def clocks(t: Tournament) -> list[tuple[int | None, datetime.datetime | None]]:
    return list(Round.objects.filter(tournament=t).order_by("number")
                .values_list("clock_minutes", "clock_ends"))


def test_a_restore_counts_down_to_the_same_end(owner, ticking):
    saved = json.loads(backup.export_json(ticking))
    assert saved["version"] == 9
    assert saved["rounds"][0]["clock_minutes"] == 35
    services.tournament_delete(tournament=ticking)
    restored = backup.import_data(saved, organiser=owner)
    assert clocks(restored) == [(35, STARTED + datetime.timedelta(minutes=35))]


def test_a_file_before_the_countdown_restores_with_no_chrono(owner):
    restored = backup.import_data(version(8), organiser=owner)
    assert clocks(restored) == [(None, None), (None, None)]


@pytest.mark.parametrize(("minutes", "ends", "message"), [
    (0, None, "Partie 1, durée du chrono (minutes) : un nombre entier de 1 à 600 est attendu."),
    (601, None, "de 1 à 600"),
    ("35", None, "de 1 à 600"),
    (35, "ce soir", "Partie 1, fin du chrono : une date et une heure ISO sont attendues."),
    (35, "0001-01-01T00:00:00+00:00", "une date entre 2000 et 2100 est attendue"),
    (None, "2026-11-21T21:50:30+01:00", "Partie 1 : un chrono lancé a sa durée en minutes."),
])
def test_a_bad_countdown_is_refused_in_french_and_writes_nothing(owner, ticking, minutes,
                                                                  ends, message):
    saved = backup.export_data(ticking)
    saved["rounds"][0].update(clock_minutes=minutes, clock_ends=ends)
    before = (Tournament.objects.count(), Round.objects.count(), clocks(ticking))
    with pytest.raises(UserError) as error:
        backup.import_data(saved, organiser=owner, replace=True)
    assert message in error.value.message
    assert (Tournament.objects.count(), Round.objects.count(), clocks(ticking)) == before


def test_a_version_9_file_without_the_countdown_is_refused(owner, ticking):
    saved = backup.export_data(ticking)
    del saved["rounds"][0]["clock_ends"]
    with pytest.raises(UserError, match="Partie 1 : champ manquant : clock_ends"):
        backup.read(saved)


def test_a_copy_keeps_the_length_but_no_running_chrono(owner, ticking):
    copy = backup.tournament_copy(tournament=ticking, organiser=owner, slug="chrono-2",
                                  name="Chrono 2")
    assert clocks(copy) == [(35, None)]
    assert Round.objects.get(tournament=copy).clock_offered == 35
    assert clocks(ticking) == [(35, STARTED + datetime.timedelta(minutes=35))]
    from_file = backup.backup_restore(organiser=owner, data=backup.export_data(ticking),
                                      mode="copy", slug="chrono-3", name="Chrono 3")
    assert clocks(from_file) == [(35, None)]
