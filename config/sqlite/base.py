"""SQLite whose write transactions queue for their turn instead of polling for it.

SQLite lets one writer at a time; a BEGIN IMMEDIATE that finds the database locked waits in
SQLite's busy handler, which sleeps and tries again (1, 2, 5, … up to 100 ms between tries):
under a burst of table posts a writer often slept on after the lock was free, and the
slowest post waited 1.5 s (bench/load_test.py). Here a write transaction first takes the
database's writer lock — a lock between the threads of a process, then an flock on a file
beside the database between the server's processes — and the next writer starts the moment
the last one commits (slowest post 0.4 s). The busy handler stays for the writes made outside
a transaction (one statement in autocommit mode), which are short.

The wait is bounded by the database's `timeout` option, as SQLite's is (between processes the
flock is tried again every millisecond, by one waiting thread a process); the flock is
released by the kernel if its process dies.
An in-memory database (the tests') belongs to one process and keeps the plain behaviour.

Portable: where `fcntl` does not exist (Windows) the lock between processes is msvcrt's
byte-range lock on the same file, which Windows also releases when its process dies; where
neither exists the queue is this process's only, which is enough for the installed command
(`concours-belote`: one server process, its requests on threads)."""

from __future__ import annotations

import os
import sys
import threading
import time
from types import ModuleType

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

__all__ = ["BETWEEN_PROCESSES", "DatabaseWrapper", "WriterLock"]

fcntl: ModuleType | None
try:  # Unix; imported here, never at the top, so that the module imports on Windows
    import fcntl
except ImportError:
    fcntl = None

# How the turn is kept between processes: "flock", "msvcrt" or "none" (one process).
BETWEEN_PROCESSES = ("flock" if fcntl is not None
                     else "msvcrt" if sys.platform == "win32" else "none")


def _try_lock(fd: int) -> bool:
    """Take the lock between processes on the open file `fd` without waiting; False if
    another process holds it."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    if sys.platform == "win32":
        import msvcrt

        # msvcrt locks bytes from the current position: always the first byte (a lock may
        # lie past the end of the file, so the file stays empty).
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    return True  # no lock between processes: this process's threads' lock is the queue


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class WriterLock:
    """The turn to write to one database file, for this process's threads and between
    processes (an flock on `path`, opened once a process: a forked child opens its own)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.threads = threading.Lock()
        self.fd: int | None = None
        self.pid = 0

    def acquire(self, timeout: float) -> bool:
        """Wait for the turn; False if another thread of this process kept it `timeout` s."""
        if not self.threads.acquire(timeout=timeout):
            return False
        try:
            if self.fd is None or self.pid != os.getpid():
                # A descriptor inherited through fork shares its flock with the parent: a
                # child opens the file again, so that the lock separates the two.
                # (O_CLOEXEC: Unix; Windows' descriptors are not inherited by default.)
                self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT
                                  | getattr(os, "O_CLOEXEC", 0), 0o600)
                self.pid = os.getpid()
            if not self._flock(time.monotonic() + timeout):
                self.threads.release()
                return False
        except BaseException:
            self.threads.release()
            raise
        return True

    def _flock(self, deadline: float) -> bool:
        """The lock between processes, waited for until `deadline` (False then): tried again
        every millisecond by the one thread of this process that waits for it (a blocking
        flock would wait for ever on a process that never lets go)."""
        assert self.fd is not None
        while not _try_lock(self.fd):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.001)
        return True

    def release(self) -> None:
        try:
            if self.fd is not None and self.pid == os.getpid():
                _unlock(self.fd)
        finally:
            self.threads.release()


_writer_locks: dict[str, WriterLock] = {}
_writer_locks_guard = threading.Lock()


def writer_lock(database: str) -> WriterLock:
    """This process's writer lock of the database file `database` (its file: `…-writer`)."""
    path = f"{os.path.abspath(database)}-writer"
    with _writer_locks_guard:
        return _writer_locks.setdefault(path, WriterLock(path))


def _reset_after_fork() -> None:
    """A child starts with no thread holding a turn (a lock held by a thread of the parent
    at fork would stay held forever in the child)."""
    global _writer_locks_guard
    _writer_locks_guard = threading.Lock()
    _writer_locks.clear()


if hasattr(os, "register_at_fork"):  # no fork on Windows
    os.register_at_fork(after_in_child=_reset_after_fork)


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's SQLite backend, each transaction between the writer lock's acquire (before
    its BEGIN: `atomic` turns autocommit off with an explicit BEGIN) and its release (after
    COMMIT or ROLLBACK, or when the connection closes)."""

    _holding: WriterLock | None = None

    def set_autocommit(self, autocommit: bool,
                       force_begin_transaction_with_broken_autocommit: bool = False) -> None:
        if autocommit or not force_begin_transaction_with_broken_autocommit \
                or self.is_in_memory_db():
            super().set_autocommit(autocommit, force_begin_transaction_with_broken_autocommit)
            return
        lock = writer_lock(self.settings_dict["NAME"])
        if not lock.acquire(float(self.settings_dict["OPTIONS"].get("timeout", 5))):
            raise OperationalError("database is locked")
        self._holding = lock
        try:
            super().set_autocommit(autocommit, force_begin_transaction_with_broken_autocommit)
        except BaseException:
            self._release_turn()
            raise

    def _release_turn(self) -> None:
        lock, self._holding = self._holding, None
        if lock is not None:
            lock.release()

    # The turn is given back once the transaction has ended: a COMMIT or a ROLLBACK that
    # failed leaves it open (`atomic` then rolls back, or closes the connection).
    def commit(self) -> None:
        super().commit()
        self._release_turn()

    def rollback(self) -> None:
        super().rollback()
        self._release_turn()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._release_turn()
