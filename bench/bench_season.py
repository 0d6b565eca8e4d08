"""Benchmark (not a test): a club's season at the issue's scale, in a throwaway SQLite
database.

- `simulate_season --concours 30 --format doublettes --players 200` (target: under a
  minute): the register, 30 concours of four parties played, the season;
- the season's standings page for it (target ≤ 200 ms, the median of several loads by a
  member of the club), and its queries: the same number for 10 and for 30 concours (the
  season is narrowed to its first 10 concours, then widened again).
Each figure is printed beside its target: "met" or "over".
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONCOURS, PLAYERS, SEED = 30, 200, 1
SIMULATION_TARGET = 60.0  # seconds
PAGE_TARGET = 0.200  # seconds
LOADS = 7


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "over"


def main() -> None:
    setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournament import services
    from tournament.management.commands.simulate_season import checked, simulate
    from tournament.models import Season

    print(f"Python {platform.python_version()}, SQLite in a temporary file")
    print(f"Simulating a season of {CONCOURS} concours × {PLAYERS} players (doublettes)…",
          flush=True)
    started, started_cpu = time.perf_counter(), time.process_time()
    simulate(**checked(concours=str(CONCOURS), format="doublettes", players=str(PLAYERS),
                       points_table="100,90,80,70,60,50,40,30,20,10", participation="5",
                       best="10", seed=str(SEED)), keep=True)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    # The wall clock counts whatever else the machine runs; the CPU time this process's work.
    print(f"simulate_season {CONCOURS} × {PLAYERS}: {elapsed:.1f} s "
          f"(target < {SIMULATION_TARGET:g} s: {verdict(elapsed, SIMULATION_TARGET)}); "
          f"{cpu:.1f} s CPU ({verdict(cpu, SIMULATION_TARGET)})")

    season = Season.objects.select_related("club").get()
    member = season.club.memberships.get().user
    client = Client()
    client.force_login(member)
    address = reverse("tournament:season", args=[season.club.slug, season.pk])
    concours = list(season.tournaments.order_by("date", "pk").values_list("pk", flat=True))

    def measure() -> tuple[float, float, int]:
        """The page's median time (wall clock, and this process's CPU: on a machine shared
        with other work the wall clock measures the others too) and its queries."""
        client.get(address)  # warm: templates, translations
        times, cpu = [], []
        for _load in range(LOADS):
            began, began_cpu = time.perf_counter(), time.process_time()
            response = client.get(address)
            times.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
            assert response.status_code == 200
        with CaptureQueriesContext(connection) as queries:
            client.get(address)
        return statistics.median(times), statistics.median(cpu), len(queries)

    def narrowed(ids: list[int]) -> None:
        services.season_update(
            season=season, name=season.name, start=season.start, end=season.end,
            kind=season.kind, points_table=",".join(map(str, season.points_table)),
            beyond=season.beyond, participation=season.participation, best=season.best,
            min_ranked=season.min_ranked, min_lot=season.min_lot,
            tie_breaks=season.tie_breaks, published=season.published, concours=ids)

    narrowed(concours[:10])
    ten_time, ten_cpu, ten_queries = measure()
    narrowed(concours)
    all_time, all_cpu, all_queries = measure()
    print(f"season standings page, 10 concours: {ten_time * 1000:.0f} ms "
          f"({ten_cpu * 1000:.0f} ms CPU), {ten_queries} queries")
    print(f"season standings page, {len(concours)} concours: {all_time * 1000:.0f} ms "
          f"(target ≤ {PAGE_TARGET * 1000:.0f} ms: {verdict(all_time, PAGE_TARGET)}); "
          f"{all_cpu * 1000:.0f} ms CPU ({verdict(all_cpu, PAGE_TARGET)}); "
          f"{all_queries} queries (constant, as for 10: "
          f"{'met' if all_queries == ten_queries else 'over'})")


if __name__ == "__main__":
    main()
