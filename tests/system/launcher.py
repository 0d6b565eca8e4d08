"""Starting `concours-belote` for the tests: a free port, the command in a subprocess with an
environment of its own (no DJANGO_* variable of the suite), and waiting for its first page."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def clean_environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "PYTHONPATH"}}
    env.update(extra)
    return env


def start(command: list[str], *, cwd: Path, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def fetch(url: str, timeout: float = 30) -> tuple[int, str, bytes]:
    """Status, content type and body of a GET (an HTTP error's too)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


def publish_demo(data: Path) -> None:
    """The demo concours published, as its organiser would (it is loaded unpublished): the
    installed command's public PDF is then fetched without signing in."""
    with sqlite3.connect(data / "concours.sqlite3") as database:
        database.execute("UPDATE tournament_tournament SET published = 1 WHERE slug = 'demo'")


def wait_for_home(server: subprocess.Popen, port: int, timeout: float = 120) -> float:
    """Seconds until the home page answered; fails if the server died first."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if server.poll() is not None:
            raise AssertionError(f"the command stopped: {server.stdout.read()}")  # type: ignore
        try:
            if fetch(f"http://127.0.0.1:{port}/", timeout=5)[0] == 200:
                return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"no answer on port {port} after {timeout} s")


def stop(server: subprocess.Popen) -> str:
    """Its output, once it is gone (killed if it still runs: a test never leaves it)."""
    try:
        return server.communicate(timeout=30)[0]
    finally:
        server.kill()
