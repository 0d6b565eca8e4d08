"""The load test's arithmetic (bench/load_test.py), without a server: which posts fell
during a document, the percentile, the refusals of its arguments."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("load_test", ROOT / "bench" / "load_test.py")
assert _spec is not None and _spec.loader is not None
load_test = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("load_test", load_test)  # its dataclasses look it up
_spec.loader.exec_module(load_test)


def test_only_the_posts_sent_while_a_document_was_made_count_as_during_it():
    times = [0.5, 1.0, 2.5, 3.0, 4.0, 6.1]
    latencies = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
    spans = [(1.0, 3.0), (5.0, 6.0)]
    # Both ends of a span are in it; between and after the spans, nothing.
    assert load_test.during(times, latencies, spans) == [20.0, 30.0, 40.0]
    assert load_test.during(times, latencies, []) == []


def test_the_percentile_is_the_nearest_rank_and_never_past_the_last_value():
    values = [float(n) for n in range(1, 101)]
    assert load_test.percentile(values, 0.95) == 96.0
    assert load_test.percentile(values, 0.5) == 51.0
    assert load_test.percentile([7.0], 0.95) == 7.0
    assert load_test.percentile([1.0, 2.0], 1.0) == 2.0


def test_a_document_lasts_from_its_request_to_its_download():
    made = load_test.Made(start=10.0, end=22.5, pages=500, requests=14)
    assert made.seconds == pytest.approx(12.5)


def test_the_score_sheets_go_with_a_paced_run_only():
    result = subprocess.run([sys.executable, "bench/load_test.py", "--mode", "burst",
                             "--sheets"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--sheets goes with a paced run" in result.stderr
