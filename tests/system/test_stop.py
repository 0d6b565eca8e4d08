"""The command's stop: Ctrl+C (SIGINT) or SIGTERM ends it within seconds, the database
checkpointed — even when its parent started it with SIGINT ignored (a shell's background
job), which Python would otherwise leave ignored."""

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.system import launcher

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_signal_ends_it_with_the_database_checkpointed(tmp_path, stop_signal):
    port = launcher.free_port()
    data = tmp_path / "data"
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament.launcher", "--data", str(data), "--port",
         str(port), "--no-browser", "--local"], cwd=tmp_path, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=launcher.clean_environment(PYTHONPATH=str(launcher.ROOT)),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        launcher.wait_for_home(server, port)
        asked = time.monotonic()
        server.send_signal(stop_signal)
        out = launcher.stop(server)
        assert time.monotonic() - asked < 10
    finally:
        server.kill()
    assert server.returncode == 0 and "Concours arrêté" in out, out
    wal = data / "concours.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    # The whole database is in its file: read alone, without its log, it holds the demo.
    database = sqlite3.connect(f"file:{data / 'concours.sqlite3'}?mode=ro", uri=True)
    assert database.execute("SELECT slug FROM tournament_tournament").fetchall() == [("demo",)]
