"""Benchmark (not a test): the installed command's start and memory, run as
`python -m tournament.launcher` from this checkout (the code the wheel installs) on loopback.

It prints
- the first start on a new data folder (migrations, the first account, the demo) to the first
  answered page;
- the start on that folder again (the evening's start: the database up to date), three times,
  to the first answered page — the issue's cold start, target ≤ 3 s;
- the memory at rest, all its processes (resident, from /proc): once started, and after the
  demo's standings PDF (WeasyPrint loaded) — target ≤ 200 MB.

    .venv/bin/python bench/bench_launcher.py [--port 8130]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_TARGET_S = 3.0
MEMORY_TARGET_MB = 200.0


def verdict(ok: bool) -> str:
    return "met" if ok else "over"


def resident_mb(pid: int) -> float:
    """Resident memory of `pid` and all its descendants, in MB (Linux's /proc)."""
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(int(line.split()[1]) for line in status.splitlines()
                          if line.startswith("VmRSS:"))
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1024


def answered(port: int, path: str = "/") -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            response.read()
            return response.status == 200
    except OSError:
        return False


def start(data: Path, port: int) -> tuple[subprocess.Popen, float]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("DJANGO_") and key != "DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT)
    began = time.monotonic()
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament.launcher", "--data", str(data), "--port",
         str(port), "--no-browser", "--local"], cwd=data.parent, env=env,
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not answered(port):
        if server.poll() is not None or time.monotonic() - began > 120:
            server.kill()
            raise SystemExit(f"the command did not answer on port {port}")
        time.sleep(0.02)
    return server, time.monotonic() - began


def stop(server: subprocess.Popen) -> float:
    asked = time.monotonic()
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=30)
    finally:
        server.kill()
    return time.monotonic() - asked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8130)
    port = parser.parse_args().port
    with tempfile.TemporaryDirectory(prefix="bench-launcher-") as folder:
        data = Path(folder) / "data"
        server, first = start(data, port)
        stop(server)
        print(f"concours-belote, first start (new data folder: migrations, account, demo): "
              f"{first:.2f} s to the first page")
        starts, stops = [], []
        for attempt in range(3):
            server, seconds = start(data, port)
            starts.append(seconds)
            if attempt < 2:
                stops.append(stop(server))
        median = statistics.median(starts)
        print(f"concours-belote, start on its data folder: {median:.2f} s to the first page "
              f"(median of {', '.join(f'{s:.2f}' for s in starts)}); target ≤ "
              f"{START_TARGET_S:g} s: {verdict(median <= START_TARGET_S)}")
        time.sleep(2)
        rest = resident_mb(server.pid)
        print(f"memory at rest, all its processes: {rest:.0f} MB; target ≤ "
              f"{MEMORY_TARGET_MB:g} MB: {verdict(rest <= MEMORY_TARGET_MB)}")
        answered(port, "/t/demo/standings.pdf")
        time.sleep(2)
        printed = resident_mb(server.pid)
        print(f"memory at rest after the demo's standings PDF: {printed:.0f} MB; target ≤ "
              f"{MEMORY_TARGET_MB:g} MB: {verdict(printed <= MEMORY_TARGET_MB)}")
        stops.append(stop(server))
        print(f"stop on SIGINT (Ctrl+C): {max(stops):.2f} s at most")


if __name__ == "__main__":
    main()
