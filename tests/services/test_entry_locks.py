"""What an entry locks on PostgreSQL (services.game_locked): its game's row for update, its
round's and tournament's for share. Entries of two games of a concours then run side by
side, while a change of the partie or the concours waits for them.

PostgreSQL only: SQLite has one writer at a time (its locks are tested in
tests/system/test_sqlite_writers.py); `make test-postgres`, which CI runs, runs these."""

import threading
import time

import pytest
from django.db import connection, connections, transaction

from scoring import Coinche, Side
from tests.builders import made, tournament
from tournament import services
from tournament.models import Game, Round, Tournament
from tournament.services.donnes import exempt_points

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks: PostgreSQL's (SQLite locks the whole database)"),
]


def in_other_connection(work):
    """Run `work()` in a thread of its own (its own connection), under a 2 s lock timeout;
    return what it returned, or the exception it raised."""
    outcome: list = []

    def run():
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '2s'")
                outcome.append(work())
        except Exception as error:
            outcome.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    return outcome[0]


def two_games(teams: int = 4, **options):
    concours = tournament(teams=teams, **options)
    round_ = services.round_generate(tournament=concours, seed=1)
    return list(round_.games.filter(team_ew__isnull=False).order_by("table"))


def test_entries_of_two_games_do_not_wait_for_each_other():
    first, second = two_games()
    with transaction.atomic():
        services.donne_record(game=first, side="NS", number=None, donne=made())
        # The first entry's transaction is open: an entry at the other table goes on.
        written = in_other_connection(lambda: services.donne_record(
            game=second, side="NS", number=None, donne=made()))
        assert not isinstance(written, Exception), written
        # The same game, though, waits for it (and gives up at the lock timeout here).
        again = in_other_connection(lambda: services.donne_record(
            game=first, side="NS", number=None, donne=made()))
        assert "lock timeout" in str(again)
    assert first.donnes.count() == 1 and second.donnes.count() == 1


@pytest.mark.parametrize("model", [Round, Tournament])
def test_a_change_of_the_partie_or_the_concours_waits_for_an_entry(model):
    game, _other = two_games()
    pk = game.round_id if model is Round else game.round.tournament_id
    with transaction.atomic():
        services.donne_record(game=game, side="NS", number=None, donne=made())
        # What a rules change, a close or an undo of the draw takes first: refused meanwhile.
        locked = in_other_connection(
            lambda: model.objects.select_for_update().filter(pk=pk).exists())
        assert "lock timeout" in str(locked)


def test_an_entry_waiting_for_a_close_of_its_partie_reads_it_closed():
    game, _other = two_games()
    outcome: list = []

    def enter():  # a table's phone, while the organiser closes the partie
        try:
            services.donne_record(game=game, side="NS", number=None, donne=made(),
                                 open_only=True)
        except Exception as error:
            outcome.append(error)
        finally:
            connections.close_all()

    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=game.round_id)
        round_.closed = True
        round_.save(update_fields=["closed"])
        phone = threading.Thread(target=enter)
        phone.start()
        phone.join(timeout=0.5)
        assert phone.is_alive()  # waiting for the close to commit
    phone.join(timeout=30)
    # It read the partie as the close left it, not as it stood when it began waiting.
    assert len(outcome) == 1 and "close" in str(outcome[0]), outcome
    assert not Game.objects.get(pk=game.pk).donnes.exists()


def blocked_backends() -> int:
    """How many other connections wait for a lock now (pg_stat_activity, read afresh)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND datname = current_database()")
        return cursor.fetchone()[0]


def test_two_tables_of_a_partie_with_a_bye_rescore_it_one_after_the_other():
    # Under the "average" rule a bye scores the mean of the partie's finished games. The
    # second table's entry waits for the first one's; it then reads the first's result, and
    # the bye ends with the mean of both games, not of the second alone.
    first, second = two_games(teams=5, exempt_rule="average", target=1000)
    winning = made(Side.NS, 160, 162, coinche=Coinche.SURCOINCHE)  # ends a game to 1000
    other = made(Side.NS, 160, 162, coinche=Coinche.SURCOINCHE, belote_ns=1)  # another score
    outcome: list = []

    def enter_second():
        try:
            outcome.append(services.donne_record(game=second, side="NS", number=None,
                                                donne=other))
        except Exception as error:
            outcome.append(error)
        finally:
            connections.close_all()

    with transaction.atomic():
        services.donne_record(game=first, side="NS", number=None, donne=winning)
        phone = threading.Thread(target=enter_second)
        phone.start()
        for _ in range(1200):  # until the second entry waits for a lock (60 s at most)
            if blocked_backends():
                break
            time.sleep(0.05)
        else:
            pytest.fail("the second entry never waited")
    phone.join(timeout=30)
    assert len(outcome) == 1 and not isinstance(outcome[0], Exception), outcome
    bye = Game.objects.get(round_id=first.round_id, team_ew__isnull=True)
    scores = Game.objects.filter(round_id=first.round_id, team_ew__isnull=False)
    assert all(game.finished for game in scores)
    assert bye.score_ns == exempt_points(round_=bye.round)
