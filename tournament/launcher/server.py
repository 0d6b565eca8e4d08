"""The server: waitress (pure Python, one process, its requests on threads; it runs on
Windows, macOS and Linux, where gunicorn is Unix only), stopped cleanly.

A stop (Ctrl+C, SIGTERM, Ctrl+Break or a closed console on Windows) ends waitress's loop;
waitress then lets the requests in progress finish (5 s at most), so a donne being saved is
committed — every write is one transaction, so it is all there or not at all — and the
database's write-ahead log is folded back into it (a checkpoint): the data folder then holds
one whole database file, which a copy or a backup takes as it is."""

from __future__ import annotations

import signal
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

THREADS = 8  # requests at once: a full hall's phones post a donne now and then


def create(host: str, port: int) -> Any:
    """A waitress server for the Django app, listening on `host`:`port` (OSError if taken)."""
    from django.core.wsgi import get_wsgi_application
    from waitress import create_server

    return create_server(get_wsgi_application(), host=host, port=port, threads=THREADS,
                         ident="concours-belote")


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


_console_handlers: list[object] = []  # kept referenced: Windows calls them by address


def _stop_on_console_close(stopped: threading.Event) -> None:
    """Windows: closing the console window, logging off or shutting down sends an event the
    C runtime turns into no signal, and the process is ended soon after the handlers
    return. This handler asks the main thread to stop, as Ctrl+C does, and returns once the
    stop is done (or after 4.5 s: Windows allows about 5). Not run on this project's Linux
    machines: docs/packaging.md says what remains to check on Windows."""
    if sys.platform != "win32":
        return
    import _thread
    import ctypes
    from ctypes import wintypes

    closing = {2, 5, 6}  # CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT

    def handler(event: int) -> bool:
        if event not in closing:
            return False  # Ctrl+C and Ctrl+Break: Python's own SIGINT and SIGBREAK
        _thread.interrupt_main()
        stopped.wait(4.5)
        return True

    callback = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.DWORD)(handler)
    _console_handlers.append(callback)
    ctypes.windll.kernel32.SetConsoleCtrlHandler(callback, True)


def run_until_stopped(server: Any, database: Path,
                      at_stop: Callable[[], None] | None = None) -> None:
    """Serve until a stop is asked; then close the listening socket, run `at_stop` (the last
    backups), close the database and checkpoint it."""
    # SIGINT too: a process started in the background by a shell inherits it ignored, and
    # Python then leaves it so (Ctrl+C or `kill -INT` would do nothing).
    for name in ("SIGINT", "SIGTERM", "SIGBREAK", "SIGHUP"):  # SIGBREAK: Windows' Ctrl+Break
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop)
    stopped = threading.Event()
    _stop_on_console_close(stopped)
    try:
        server.run()  # its `finally` waits for the requests in progress
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        if at_stop is not None:
            at_stop()
        from django.db import connections

        connections.close_all()
        checkpoint(database)
        stopped.set()


def checkpoint(database: Path) -> bool:
    """Fold the write-ahead log into the database and empty it; False if a reader kept it."""
    if not database.exists():
        return False
    connection = sqlite3.connect(database, timeout=10)
    try:
        busy, _log, _moved = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        connection.close()
    if busy:
        print("Le journal de la base n'a pas pu être replié (lecteur actif).", file=sys.stderr)
    return not busy
