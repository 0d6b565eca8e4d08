"""The load test's own machinery, small: a real gunicorn, tables posting through their links,
every check of bench/load_test.py (it runs on the suite's database kind: SQLite, or a
temporary database on the PostgreSQL server DATABASE_URL names)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_small_load_run_stores_everything_and_agrees_with_a_recomputation():
    result = subprocess.run(
        [sys.executable, "bench/load_test.py", "--tables", "6", "--donnes", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "30 donnes posted" in result.stdout and ", 0 errors" in result.stdout
    assert "equal a full recomputation" in result.stdout
