"""The load test's own machinery, small: a real gunicorn, tables posting through their links,
every check of bench/load_test.py (it runs on the suite's database kind: SQLite, or a
temporary database on the PostgreSQL server DATABASE_URL names)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# A real gunicorn and the load test in a subprocess: slow.
pytestmark = [pytest.mark.slow, pytest.mark.database]


def load_run(*options: str) -> str:
    result = subprocess.run([sys.executable, "bench/load_test.py", *options], cwd=ROOT,
                            capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_a_small_burst_stores_everything_and_agrees_with_a_recomputation():
    output = load_run("--mode", "burst", "--tables", "6", "--donnes", "5")
    assert "30 donnes posted" in output and ", 0 errors (target 0: met)" in output
    assert re.search(r"\(\d+/s, target ≥ 100/s: (met|over)\)", output)
    assert "equal a full recomputation" in output and "paced" not in output


def test_a_paced_run_stops_at_its_duration_and_checks_what_was_posted():
    # 4 tables, a donne every 1 s ± 50 % for 4 s: some donnes, never all 16 of a table.
    output = load_run("--mode", "paced", "--tables", "4", "--donnes", "16", "--think", "1",
                      "--duration", "4", "--readers", "2")
    posted = int(re.search(r"(\d+) donnes posted", output).group(1))
    assert 4 <= posted < 4 * 16
    assert "a donne every 1 s ± 50 % each, for 4 s" in output
    assert re.search(r"p95 \d+ ms \(target ≤ 100 ms: (met|over)\)", output)
    assert "equal a full recomputation" in output and "burst" not in output
    # Two anonymous readers downloaded public documents meanwhile, from their own addresses.
    assert re.search(r"meanwhile 2 anonymous readers of the public documents: \d+ × HTTP 200",
                     output)


def test_an_unbounded_run_is_refused():
    result = subprocess.run([sys.executable, "bench/load_test.py", "--duration", "3600"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "bounded run" in result.stderr


def test_the_organiser_asks_the_score_sheets_while_the_tables_post():
    # 4 tables: the sheets come at once (a background job from 100 tables), 4 pages each.
    output = load_run("--mode", "paced", "--tables", "4", "--think", "1", "--duration", "4",
                      "--readers", "0", "--sheets")
    on_sqlite = not os.environ.get("DATABASE_URL")
    if on_sqlite:
        assert re.search(r"score sheets alone, before the tables: [\d.]+ s, 4 pages; its 1 "
                         r"request .* committed nothing: SQLite's data_version (\d+) → \1 "
                         r"\(target unchanged: met\)", output)
        assert re.search(r"SQLite write lock taken by a probe every 0.5 s during the score "
                         r"sheets: \d+ times", output)
    else:
        assert "score sheets alone, before the tables" in output and "SQLite" not in output
    made = re.search(r"the organiser made the score sheets of partie 1 (\d+) times "
                     r"\(4 pages each\)", output)
    assert made and int(made.group(1)) >= 1
    assert re.search(r"posts during the score sheets: \d+, p50 \d+ ms, p95 \d+ ms "
                     r"\(target ≤ 100 ms: (met|over)\)", output)
    assert "equal a full recomputation" in output
