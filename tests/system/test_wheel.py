"""The issue's "done when", as an organiser gets it: the wheel `make dist` builds, installed
into a new virtual environment outside the checkout (tests/system/conftest.py, `installed`),
started with `concours-belote`."""

import signal
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from tests.system import launcher
from tests.system.launcher import fetch

# With the evening's test on one worker: the installed wheel (conftest) is built once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("installed-wheel")]


def files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if "__pycache__" not in path.parts}


def test_the_installed_command_serves_the_data_folder_and_stops_on_ctrl_c(tmp_path,
                                                                          installed):
    with zipfile.ZipFile(installed.wheel) as archive:  # scoring is typed (PEP 561)
        assert "scoring/py.typed" in archive.namelist()
    venv = installed.venv
    before = files_under(venv)
    work, data = tmp_path / "work", tmp_path / "données"
    work.mkdir()
    port = launcher.free_port()
    command = [str(installed.command), "--data", str(data), "--port",
               str(port), "--no-browser"]
    env = launcher.clean_environment(HOME=str(tmp_path / "home"))
    server = launcher.start(command, cwd=work, env=env)
    try:
        launcher.wait_for_home(server, port)
        launcher.publish_demo(data)
        status, kind, body = fetch(f"http://127.0.0.1:{port}/aide/")
        assert status == 200 and "Aide" in body.decode()
        status, kind, body = fetch(f"http://127.0.0.1:{port}/t/demo/standings.pdf")
        assert status == 200 and kind == "application/pdf" and body.startswith(b"%PDF")
        status, kind, body = fetch(f"http://127.0.0.1:{port}/static/tournament/site.css")
        assert status == 200

        # Started again on the same port: it says so in French and offers another.
        second = subprocess.run([*command[:2], str(tmp_path / "autre"), *command[3:]],
                                cwd=work, env=env, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert f"Le port {port} est déjà utilisé" in second.stdout
        assert "concours-belote --port " in second.stdout

        asked = time.monotonic()
        server.send_signal(signal.SIGINT)
        out = launcher.stop(server)
        assert time.monotonic() - asked < 10
    finally:
        server.kill()
    assert server.returncode == 0, out
    assert "Concours arrêté" in out
    assert list(work.iterdir()) == []  # the working folder untouched
    assert files_under(venv) == before  # nor site-packages
    assert (data / "concours.sqlite3").stat().st_size > 100_000
    assert {"concours.sqlite3", "secret_key", "log"} <= {path.name for path in data.iterdir()}
    # Checkpointed at the stop: the whole database is in its file, no write-ahead log left.
    assert not (data / "concours.sqlite3-wal").exists() or \
        (data / "concours.sqlite3-wal").stat().st_size == 0
