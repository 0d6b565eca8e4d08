"""Benchmark (not a test): the results server's push and circuit, in a throwaway SQLite
database (no server: Django's test client, so the figures are the application's own).

- the push of a concours of 500 teams (target ≤ 2 s, the issue's): a new concours, a newer
  version, the same version again (the idempotent answer), each the median of several;
- a circuit of 30 concours of 100 teams (6,000 results, 1,800 players): its standings
  (the selector) and its public page uncached (the cache serves it 30 s after that).
Each figure is printed beside its target: "met" or "over".
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEAMS, CONCOURS, CIRCUIT_TEAMS, RUNS = 500, 30, 100, 5
PUSH_TARGET = 2.0  # seconds (issue 36)
PAGE_TARGET = 0.200  # seconds


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


def content(club: str, circuit: str, identity: str, teams: int, version: int,
            offset: int = 0) -> bytes:
    """A push of `teams` teams; players numbered from `offset` (900 people in all, half
    with a licence) so that the circuit's concours share players."""
    def player(number: int) -> dict[str, object]:
        number %= 900
        return {"name": f"Nom{number}", "first_name": "Prénom", "club": "Club",
                "licence": f"L{number}" if number % 2 else None}

    return json.dumps({
        "club": club, "concours": identity, "version": version, "name": "Concours",
        "date": "2026-06-01", "format": "doublettes", "finished": True,
        "circuits": [circuit],
        "standings": [{"place": index + 1, "wins": 3, "score": 9000 - index,
                       "ranking_points": 0,
                       "players": [player(offset + 2 * index), player(offset + 2 * index + 1)]}
                      for index in range(teams)]}).encode()


def main() -> None:
    setup_django()
    from django.test import Client

    from circuit import selectors, services

    print(f"Python {platform.python_version()}, SQLite in a temporary file")
    member = services.member_club_create(name="Club du banc")
    club, token = services.club_join(code=services.join_code_create(club=member))
    circuit = services.circuit_create(
        name="Circuit du banc", start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31), kind="table", points_table=list(range(100, 0, -1)),
        beyond="zero", participation=5, best=10, min_ranked=0, tie_breaks=["best", "played"],
        qualify={"kind": "steps", "steps": [[0, 4], [9, 6]]})
    services.circuit_club_add(circuit=circuit, club=club)
    client = Client()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def push(body: bytes, status: int) -> float:
        started = time.perf_counter()
        response = client.post("/circuit/api/push/", body, content_type="application/json",
                               **headers)
        took = time.perf_counter() - started
        assert response.status_code == status, response.content
        return took

    push(content(club.slug, circuit.slug, "chauffe", 10, 1), 201)  # imports, first query
    size = len(content(club.slug, circuit.slug, "x", TEAMS, 1))
    new = [push(content(club.slug, circuit.slug, f"gros{run}", TEAMS, 1), 201)
           for run in range(RUNS)]
    newer = [push(content(club.slug, circuit.slug, "gros0", TEAMS, version), 200)
             for version in range(2, RUNS + 2)]
    again = [push(content(club.slug, circuit.slug, "gros0", TEAMS, RUNS + 1), 200)
             for _run in range(RUNS)]
    for label, figures in (("new concours", new), ("newer version", newer),
                           ("same version again", again)):
        median = statistics.median(figures)
        print(f"push of {TEAMS} teams ({size // 1024} kB), {label}: {median * 1000:.0f} ms "
              f"(target ≤ {PUSH_TARGET:.0f} s: {verdict(median, PUSH_TARGET)})")

    circuit.concours.clear()
    for number in range(CONCOURS):
        services.concours_push(club=club, body=content(
            club.slug, circuit.slug, f"c{number}", CIRCUIT_TEAMS, 1, offset=37 * number))
    timings = []
    for _run in range(RUNS):
        started = time.perf_counter()
        standings = selectors.circuit_standings(circuit)
        timings.append(time.perf_counter() - started)
    print(f"circuit standings, {CONCOURS} concours × {CIRCUIT_TEAMS} teams "
          f"({len(standings.rows)} players): {statistics.median(timings) * 1000:.0f} ms")
    timings = []
    for _run in range(RUNS):
        from django.core.cache import cache

        cache.clear()
        started = time.perf_counter()
        assert client.get(f"/circuit/circuits/{circuit.slug}/").status_code == 200
        timings.append(time.perf_counter() - started)
    median = statistics.median(timings)
    print(f"circuit page uncached ({len(standings.rows)} lines): {median * 1000:.0f} ms "
          f"(target ≤ {PAGE_TARGET * 1000:.0f} ms: {verdict(median, PAGE_TARGET)}; "
          "cached 30 s after)")
    started = time.perf_counter()
    client.get(f"/circuit/circuits/{circuit.slug}/")
    print(f"circuit page cached: {(time.perf_counter() - started) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
