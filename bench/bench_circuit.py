"""Benchmark (not a test): the results server's push and circuit, in a throwaway SQLite
database (no server: Django's test client, so the figures are the application's own).

- the push of a concours of 500 teams (target ≤ 2 s, the issue's): a new concours, a newer
  version, the same version again (the idempotent answer), each the median of several;
- a circuit of 30 concours of 100 teams (6,000 results, 1,800 players): its standings
  (the selector) and its public page uncached (the cache serves it 30 s after that);
- a circuit of 9,600 players (96 concours of 100 teams, each player in two): its standings,
  and its PDF and workbook as the background job makes them (tasks.document_store; the
  worker's job must stay well under tasks.LOST_AFTER, past which it is taken for lost).
Each figure is printed beside its target: "met" or "over".
"""

from __future__ import annotations

import datetime
import io
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from circuit.models import MemberClub

ROOT = Path(__file__).resolve().parent.parent
TEAMS, CONCOURS, CIRCUIT_TEAMS, RUNS = 500, 30, 100, 5
BIG_PEOPLE, BIG_CONCOURS = 9_600, 96  # each player in two concours of 100 teams
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
            offset: int = 0, people: int = 900) -> bytes:
    """A push of `teams` teams; players numbered from `offset` (`people` in all, half
    with a licence) so that the circuit's concours share players."""
    def player(number: int) -> dict[str, object]:
        number %= people
        return {"name": f"Nom{number}", "first_name": "Prénom", "club": "Club",
                "licence": f"L{number}" if number % 2 else None}

    return json.dumps({
        "club": club, "concours": identity, "version": version, "name": "Concours",
        "date": "2026-06-01", "format": "doublettes", "finished": True,
        "circuits": [circuit] if circuit else [],
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

    if "--big-only" in sys.argv:
        big_circuit(club)
        return
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
    big_circuit(club)


def big_circuit(club: MemberClub) -> None:
    """The standings, PDF and workbook of a circuit of BIG_PEOPLE players."""
    from circuit import selectors, services, tasks
    from circuit.models import Circuit, CircuitDocument, ReceivedConcours

    big = services.circuit_create(
        name="Grand circuit du banc", start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31), kind="table", points_table=list(range(100, 0, -1)),
        beyond="zero", participation=5, best=10, min_ranked=0, tie_breaks=["best", "played"],
        qualify={"kind": "top", "count": 12})
    services.circuit_club_add(circuit=big, club=club)
    slug = club.slug
    # Pushed outside the circuit, then counted in it at once: the figures are the
    # documents', not those of 96 computations of a growing circuit's standings.
    for number in range(BIG_CONCOURS):
        # Concours n and n + 48 have the same 200 players, in another order.
        half = BIG_CONCOURS // 2
        offset = 2 * CIRCUIT_TEAMS * (number % half) + (number >= half)
        services.concours_push(club=club, body=content(
            slug, "", f"grand{number}", CIRCUIT_TEAMS, 1, offset=offset, people=BIG_PEOPLE))
    big.concours.add(*ReceivedConcours.objects.filter(identity__startswith="grand"))
    Circuit.objects.filter(pk=big.pk).update(version=1)
    big.refresh_from_db()
    started, cpu = time.perf_counter(), time.process_time()
    standings = selectors.circuit_standings(big)
    print(f"big circuit standings ({len(standings.rows)} players): "
          f"{(time.perf_counter() - started) * 1000:.0f} ms "
          f"({(time.process_time() - cpu) * 1000:.0f} ms of CPU)")
    for extension in tasks.DOCUMENTS:
        CircuitDocument.objects.get_or_create(circuit=big, extension=extension)
        started, cpu = time.perf_counter(), time.process_time()
        tasks.document_store(circuit_pk=big.pk, extension=extension)
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
        size = len(bytes(CircuitDocument.objects.get(circuit=big, extension=extension)
                         .content))
        pages, lost = "", tasks.LOST_AFTER["document_make"].total_seconds()
        if extension == "pdf":
            import pypdf

            made = CircuitDocument.objects.get(circuit=big, extension="pdf").content
            pages = f", {len(pypdf.PdfReader(io.BytesIO(bytes(made))).pages)} pages"
        print(f"big circuit {extension.upper()} as the worker makes it "
              f"({len(standings.rows)} players{pages}, {size // 1024} kB): {took:.1f} s, "
              f"{cpu:.1f} s of CPU (taken for lost after {lost:.0f} s: "
              f"{verdict(took, lost / 3)} a third of it)")


if __name__ == "__main__":
    main()
