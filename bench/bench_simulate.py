"""Benchmark (not a test): the whole simulation of a mêlée of 512 players × 6 parties
(`manage.py simulate_concours --format melee --entrants 512 --parties 6`), in a throwaway
SQLite database: registration, six draws through `services.round_generate`, realistic donnes
at all 128 tables of each partie, the standings. It prints the total time (the issue sets
no target for it) and the time of each partie's draw (the draw of one partie of 512 players
has its own target, 1 s: bench_draw.py measures the pure draw, this one the service
around it, reading the history from the database and writing the partie's teams and games).
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS, PARTIES, SEED = 512, 6, 1
DRAW_TARGET = 1.0  # seconds, one partie's draw (the figure for the pure draw)


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    setup_django()
    from tournament.management.commands.simulate_concours import checked, simulate

    print(f"Python {platform.python_version()}, SQLite in a temporary file")
    print(f"Simulating a mêlée of {PLAYERS} players × {PARTIES} parties…", flush=True)
    started = time.perf_counter()
    result = simulate(**checked("melee", "melee", str(PLAYERS), str(PARTIES), "ffb-coinche",
                                str(SEED)))
    elapsed = time.perf_counter() - started
    print(f"whole simulation: {elapsed:.1f} s (no target), {sum(result['tables'])} tables, "
          f"repeated partners {result['repeated_partners']}, repeated opponents "
          f"{result['repeated_opponents']}")
    for number, seconds in enumerate(result["draw_seconds"], start=1):
        verdict = "met" if seconds <= DRAW_TARGET else "over"
        print(f"  partie {number}: draw {seconds:.3f} s through the service "
              f"(target ≤ {DRAW_TARGET:g} s: {verdict})")


if __name__ == "__main__":
    main()
