"""config.sqlite: SQLite's write transactions wait for their turn on the database's writer
lock (threads, then processes by an flock), and every way out of a transaction gives the turn
back. Each test opens its own connections to a database file of its own (the suite's
database is in memory: the plain behaviour)."""

import os
import sqlite3
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from django.db.utils import OperationalError

from config.sqlite.base import DatabaseWrapper, writer_lock

ROOT = Path(__file__).resolve().parents[2]
# Files, threads, forks and child processes: slow.
pytestmark = pytest.mark.slow
HELD = 0.5  # seconds a first writer keeps its turn while a second one asks for it


def connect(path: Path, timeout: float = 30) -> DatabaseWrapper:
    """A connection as settings make one: WAL, IMMEDIATE transactions."""
    wrapper = DatabaseWrapper({
        "NAME": str(path), "ENGINE": "config.sqlite", "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True, "CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": False, "TIME_ZONE": None,
        "USER": "", "PASSWORD": "", "HOST": "", "PORT": "", "TEST": {},
        "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL;",
                    "transaction_mode": "IMMEDIATE", "timeout": timeout},
    }, alias=f"writers-{time.monotonic_ns()}")
    wrapper.ensure_connection()
    return wrapper


def begin(wrapper: DatabaseWrapper) -> None:
    """What `atomic` does to open a transaction on SQLite."""
    wrapper.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def end(wrapper: DatabaseWrapper, *, commit: bool = True) -> None:
    wrapper.commit() if commit else wrapper.rollback()
    wrapper.set_autocommit(True)


@pytest.fixture(autouse=True)
def _own_connections(django_db_blocker):
    """These connections are the test's own, to its own files (not the suite's database)."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "db.sqlite3"
    first = connect(path)
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE log (who TEXT)")
    first.close()
    return path


def second_writer(path: Path, started: list, timeout: float = 30) -> threading.Thread:
    """A thread that opens a transaction, notes when it got it, writes and commits."""

    def run():
        wrapper = connect(path, timeout)
        try:
            begin(wrapper)
            started.append(time.monotonic())
            with wrapper.cursor() as cursor:
                cursor.execute("INSERT INTO log VALUES ('second')")
            end(wrapper)
        except Exception as error:
            started.append(error)
        finally:
            wrapper.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("finish", ["commit", "rollback", "close"])
def test_a_second_writer_waits_for_the_first_to_finish_then_goes(database, finish):
    first = connect(database)
    begin(first)
    with first.cursor() as cursor:
        cursor.execute("INSERT INTO log VALUES ('first')")
    started: list = []
    thread = second_writer(database, started)
    time.sleep(HELD)
    assert started == []  # still waiting: the first has the turn
    released = time.monotonic()
    if finish == "close":
        first.close()
    else:
        end(first, commit=finish == "commit")
    thread.join(timeout=60)
    assert len(started) == 1 and not isinstance(started[0], Exception), started
    assert started[0] >= released
    rows = sqlite3.connect(database).execute("SELECT who FROM log").fetchall()
    assert rows == ([("first",), ("second",)] if finish == "commit" else [("second",)])


def test_a_writer_waits_on_the_turn_not_on_sqlites_busy_handler(database):
    # The turn held alone, SQLite's own lock free: a writer still waits (the plain backend
    # would go at once), and goes when the turn is given back.
    lock = writer_lock(str(database))
    assert lock.acquire(timeout=1)
    started: list = []
    thread = second_writer(database, started)
    time.sleep(HELD)
    assert started == []
    released = time.monotonic()
    lock.release()
    thread.join(timeout=60)
    assert len(started) == 1 and started[0] >= released


def test_a_turn_not_given_in_time_is_refused_and_nothing_is_kept(database):
    first = connect(database)
    begin(first)
    started: list = []
    second_writer(database, started, timeout=0.2).join(timeout=60)
    assert len(started) == 1 and isinstance(started[0], OperationalError)
    assert "locked" in str(started[0])
    end(first)
    # The refused writer kept no turn: the next one goes at once.
    again: list = []
    second_writer(database, again, timeout=0.2).join(timeout=60)
    assert len(again) == 1 and not isinstance(again[0], Exception), again


def writer_process(database: Path, timeout: float) -> subprocess.Popen:
    """Another process that says "waiting", opens a transaction (waiting for its turn at
    most `timeout` s), then prints when it got it, or "refused"."""
    return subprocess.Popen([sys.executable, "-c", (
        "import sys, time; sys.path.insert(0, sys.argv[1]); "
        "from tests.system.test_sqlite_writers import connect, begin, end; "
        "w = connect(sys.argv[2], float(sys.argv[3])); print('waiting', flush=True)\n"
        "try:\n    begin(w)\nexcept Exception as e:\n    print(type(e).__module__, e, flush=True)\n"
        "else:\n    print(time.monotonic(), flush=True); end(w)"),
        str(ROOT), str(database), str(timeout)], stdout=subprocess.PIPE, text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
             "DJANGO_SQLITE_PATH": str(database.parent / "settings.sqlite3")})


def finished(child: subprocess.Popen) -> str:
    try:
        return child.communicate(timeout=30)[0]
    finally:
        child.kill()


@pytest.mark.parametrize("timeout", [30, 0.3])
def test_a_writer_of_another_process_waits_for_the_turn_until_its_timeout(database, timeout):
    # The turn alone (no SQLite transaction): only the flock holds the other process.
    first = writer_lock(str(database))
    assert first.acquire(timeout=1)
    child = writer_process(database, timeout)
    assert child.stdout is not None and child.stdout.readline() == "waiting\n"
    if timeout < 1:  # not given in time: refused, with Django's error (the turn is held
        # until the child has answered: however slow the machine, it cannot get it)
        out = finished(child)
        first.release()
        assert out.strip() == "django.db.utils database is locked"
        return
    time.sleep(HELD)
    assert child.poll() is None  # still waiting
    released = time.monotonic()
    first.release()
    out = finished(child)
    assert child.returncode == 0 and float(out) >= released


def test_a_forked_child_takes_its_own_turn_not_its_parents(tmp_path):
    lock = writer_lock(str(tmp_path / "db.sqlite3"))
    assert lock.acquire(timeout=1)
    read, write = os.pipe()
    with warnings.catch_warnings():  # the suite's threads: the child touches none of them
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: the parent's lock held, it must wait for it
        try:
            child_lock = writer_lock(str(tmp_path / "db.sqlite3"))
            child_lock.acquire(timeout=60)
            os.write(write, str(time.monotonic()).encode())
            child_lock.release()
        finally:
            os._exit(0)
    os.close(write)
    time.sleep(HELD)
    released = time.monotonic()
    lock.release()
    os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        assert float(pipe.read()) >= released


def test_the_suites_database_in_memory_keeps_the_plain_behaviour(tmp_path):
    wrapper = DatabaseWrapper({**connect(tmp_path / "x.sqlite3").settings_dict,
                               "NAME": ":memory:"}, alias="memory")
    begin(wrapper)
    assert wrapper._holding is None
    end(wrapper)
    assert not (tmp_path / ":memory:-writer").exists()
