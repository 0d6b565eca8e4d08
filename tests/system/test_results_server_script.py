"""`make results-server` starts only on PostgreSQL with the server's name (docs/results-server.md):
anything else is refused in French before anything is written."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow  # a script in a process of its own


def run(**env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items()
            if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    return subprocess.run(["scripts/results-server"], cwd=ROOT, env={**base, **env},
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_without_postgresql_the_results_server_does_not_start():
    refused = run(DJANGO_ALLOWED_HOSTS="resultats.example.org")
    assert refused.returncode == 2 and "PostgreSQL" in refused.stderr
    sqlite = run(DATABASE_URL="sqlite:///x.sqlite3", DJANGO_ALLOWED_HOSTS="r.example.org")
    assert sqlite.returncode == 2 and not (ROOT / "x.sqlite3").exists()


def test_without_its_name_the_results_server_does_not_start():
    refused = run(DATABASE_URL="postgres://belote@127.0.0.1:1/resultats")
    assert refused.returncode == 2 and "DJANGO_ALLOWED_HOSTS" in refused.stderr
