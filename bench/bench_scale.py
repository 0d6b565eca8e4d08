"""Benchmark (not a test): a federation's scale (issue 24), on concours made by
`simulate_concours` in a throwaway SQLite database, each figure printed beside its target
with "met" or "over":

- 1,000 teams × 10 parties (`--entrants 1000 --parties 10`, the draw by standings): the
  slowest partie's draw through `services.round_generate` (the history read, the draw, the
  partie written), the standings page and the last partie's page (median of a few requests
  through Django's test client, as the organiser; the queries counted, and compared with
  those of a concours of 16 teams: a constant number);
- on the same concours, each long document (the standings PDF, the last partie's pairings
  and score sheets, the final pack): its time, the CPU of this process and of the
  renderer's children (the parts laid out side by side), the largest process's peak memory,
  and whether the SQLite database was written while it was made (never: a read only);
- a mêlée of 2,000 players × 10 parties: the slowest partie's draw through the service, and
  the partners and opponents repeated over the concours (none: a draw without a repeat
  exists at every one of its parties).
The machine is shared: the figures vary from run to run (another job, the disk). Each is
the time on the clock (what the targets are about) with, beside it, the CPU time of this
process (SQLite runs in it): the clock's figure far above the CPU's says the machine was busy.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEAMS, PLAYERS, PARTIES, SEED = 1000, 2000, 10, 1
REQUESTS = 7  # per page: the median is printed
TARGETS = {  # seconds
    "draw": 1.0,  # by standings, slowest partie, 1,000 teams
    "melee": 2.0,  # mêlée, slowest partie, 2,000 players
    "standings": 0.200,  # the standings page, 1,000 teams × 10 parties
    "partie": 0.100,  # a partie's page, 500 tables
    "screen": 0.100,  # the projector's page, 1,000 teams
    "standings_pdf": 3.0,  # the standings PDF, 1,000 teams
    "pairings_pdf": 3.0,  # the pairings PDF of a partie, 500 tables
    "sheets_pdf": 10.0,  # the score sheets of a partie, 500 tables
    "final_pack": 20.0,  # the final pack PDF, 1,000 teams × 10 parties
    "workbook": 5.0,  # the standings workbook (every donne a row), 1,000 teams × 10 parties
}
RENDERER_MB = 300  # the largest process rendering a document


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def verdict(seconds: float, key: str) -> str:
    target = TARGETS[key]
    return (f"target ≤ {_shown(target)}: {'met' if seconds <= target else 'over'}")


def _shown(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:g} s"


def simulated(format: str, entrants: int, parties: int) -> tuple[Any, dict[str, Any]]:
    """A concours made (and kept) by the command's own function: (tournament, its JSON, with
    "draw_cpu": the CPU seconds of each partie's draw beside its "draw_seconds")."""
    from django.contrib.auth import get_user_model

    from tournament import services
    from tournament.management.commands.simulate_concours import checked, simulate
    from tournament.models import Tournament

    # An organiser (so a club, and its register of players) a concours: in one club, the
    # register the first concours filled makes the next one's names ambiguous namesakes.
    organiser = get_user_model().objects.get_or_create(
        username=f"bench-scale-{format}-{entrants}")[0]
    before = set(Tournament.objects.values_list("pk", flat=True))
    draw, cpu = services.round_generate, []

    def timed_draw(**options: Any) -> Any:
        started = time.process_time()
        try:
            return draw(**options)
        finally:
            cpu.append(time.process_time() - started)

    services.round_generate = timed_draw  # the command calls services.round_generate
    try:
        result = simulate(**checked(format, None, str(entrants), str(parties), "ffb-coinche",
                                    str(SEED)), keep=True, organiser=organiser.username)
    finally:
        services.round_generate = draw
    return Tournament.objects.exclude(pk__in=before).get(), {**result, "draw_cpu": cpu}


def page(url: str, organiser: Any) -> tuple[float, float, int]:
    """(median seconds, median CPU seconds, queries) of GET `url` as the organiser, after
    one warm-up."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(organiser)
    if client.get(url).status_code != 200:
        raise AssertionError(f"{url}: not 200")
    times, cpu = [], []
    for _ in range(REQUESTS):
        started, started_cpu = time.perf_counter(), time.process_time()
        client.get(url)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(times), statistics.median(cpu), len(queries.captured_queries)


def pages(tournament: Any) -> dict[str, tuple[float, float, int]]:
    from django.urls import reverse

    last = tournament.rounds.order_by("-number").first()
    return {
        "standings": page(reverse("tournament:standings", args=[tournament.slug]),
                          tournament.organiser),
        "partie": page(reverse("tournament:round", args=[tournament.slug, last.number]),
                       tournament.organiser),
        "screen": page(reverse("tournament:screen", args=[tournament.slug]),
                       tournament.organiser),
    }


def document(make: Any) -> tuple[float, float, float, float, bool]:
    """(seconds, CPU seconds of this process, CPU seconds of the renderer's children, peak
    MB of the largest renderer child, whether the database was written) of `make()`, once:
    a document at this scale is made once an evening, warm or not."""
    from django.db import connection

    from tournament.exports import weasy

    renderer, rendered = weasy.renderer(), []
    render = renderer.render

    def counted(htmls: Any, done: Any = None) -> bytes:  # a document: one render or several
        try:
            return render(htmls, done)
        finally:
            if renderer.last is not None:
                rendered.append(renderer.last)

    renderer.render = counted  # type: ignore[method-assign]
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA data_version")  # changes when another connection writes
        before = cursor.fetchone()[0]
    changes = connection.connection.total_changes  # this connection's own writes
    started, started_cpu = time.perf_counter(), time.process_time()
    try:
        make()
    finally:
        renderer.render = render  # type: ignore[method-assign]
    seconds, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA data_version")
        wrote = cursor.fetchone()[0] != before or connection.connection.total_changes != changes
    children = sum(each.cpu for each in rendered)
    peak = max((each.peak_mb for each in rendered), default=0.0)
    return seconds, cpu, children, peak, wrote


def documents(tournament: Any) -> None:
    import resource

    from tournament.exports import final_pack, pdf

    last = tournament.rounds.order_by("-number").first()
    tables = last.games.filter(team_ew__isnull=False).count()
    made = {
        "standings_pdf": (f"standings PDF, {TEAMS} teams", lambda: pdf.standings_pdf(tournament)),
        "pairings_pdf": (f"pairings PDF of partie {last.number} ({tables} tables)",
                         lambda: pdf.pairings_pdf(last)),
        "sheets_pdf": (f"score sheets of partie {last.number} ({tables} tables, QR codes)",
                       lambda: pdf.score_sheets_pdf(last, "http://192.168.1.2:8000")),
        "final_pack": (f"final pack PDF, {TEAMS} teams × {PARTIES} parties",
                       lambda: final_pack.final_pack_pdf(tournament)),
    }
    largest = 0.0
    for key, (label, make) in made.items():
        seconds, cpu, children, peak, wrote = document(make)
        largest = max(largest, peak)
        print(f"{label}: {seconds:.2f} s (CPU {cpu:.2f} s here + {children:.2f} s in the "
              f"renderer's children; largest child {peak:.0f} MB), "
              f"database written: {'yes' if wrote else 'no'}, " + verdict(seconds, key),
              flush=True)
    here = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"largest process rendering: {max(largest, here):.0f} MB (renderer's children "
          f"{largest:.0f} MB, this process {here:.0f} MB with the whole concours read), "
          f"target ≤ {RENDERER_MB} MB: {'met' if max(largest, here) <= RENDERER_MB else 'over'}")


def with_cash_prizes(tournament: Any) -> None:
    """Every team paid 10 €, and a pool paying 500 places: 20 % to the 1st, 50 € each to the
    2nd to 10th, 10 € each to the 11th to 500th; measured last, the documents before it
    printed without the column, as in the runs before it."""
    from decimal import Decimal

    from tournament import services
    from tournament.amounts import PoolLine
    from tournament.models import Payment, Team

    services.fee_set(tournament=tournament, fee=1000, fee_per="team")
    Payment.objects.bulk_create(  # a payment each, written at once (the desk's are one by one)
        Payment(tournament=tournament, team=team, due=1000, amount=1000, method="especes")
        for team in Team.objects.filter(tournament=tournament, round__isnull=True))
    services.cash_pool_set(tournament=tournament, lines=[
        PoolLine(1, 1, percent=Decimal("20")), PoolLine(2, 10, amount=5000),
        PoolLine(11, 500, amount=1000)])


def main() -> None:
    setup_django()
    print(f"Python {platform.python_version()}, SQLite in a temporary file")

    print(f"Simulating {TEAMS} teams × {PARTIES} parties (simulate_concours)…", flush=True)
    started = time.perf_counter()
    big, result = simulated("doublettes", TEAMS, PARTIES)
    print(f"  made in {time.perf_counter() - started:.0f} s (no target): "
          f"{sum(result['tables'])} games, repeated opponents {result['repeated_opponents']}")
    # Partie 1 is drawn at random (no ranking yet): the standings draws are 2 to 10.
    draws, cpu = result["draw_seconds"][1:], result["draw_cpu"][1:]
    print(f"draw by standings, {TEAMS} teams, slowest partie (2-{PARTIES}, through the "
          f"service): {max(draws):.3f} s (CPU {max(cpu):.3f} s; fastest {min(draws):.3f} s), "
          + verdict(max(draws), "draw"))

    small, _ = simulated("doublettes", 16, 2)
    small_pages = pages(small)
    for key, (seconds, cpu_seconds, queries) in pages(big).items():
        label = {"standings": "standings page", "screen": "projector's page",
                 "partie": f"partie {PARTIES}'s page ({TEAMS // 2} tables)"}[key]
        print(f"{label}, {TEAMS} teams × {PARTIES} parties: {seconds * 1000:.0f} ms "
              f"(CPU {cpu_seconds * 1000:.0f} ms; median of {REQUESTS}), {queries} queries "
              f"({small_pages[key][2]} at 16 teams), " + verdict(seconds, key))

    documents(big)
    from tournament.exports import workbook

    started, started_cpu = time.perf_counter(), time.process_time()
    content = workbook.standings_workbook(big)
    seconds = time.perf_counter() - started
    print(f"standings workbook, {TEAMS} teams × {PARTIES} parties: {seconds:.2f} s (CPU "
          f"{time.process_time() - started_cpu:.2f} s, {len(content) // 1024} KiB), "
          + verdict(seconds, "workbook"), flush=True)

    # The same page once the desk has a cash prize pool: a « Prix » column, each line's
    # prize read in one query (the fees summed by the database, no entrant loaded).
    from django.urls import reverse

    with_cash_prizes(big)
    seconds, cpu_seconds, queries = page(
        reverse("tournament:standings", args=[big.slug]), big.organiser)
    print(f"standings page with cash prizes (500 places paid), {TEAMS} teams: "
          f"{seconds * 1000:.0f} ms (CPU {cpu_seconds * 1000:.0f} ms; median of {REQUESTS}), "
          f"{queries} queries, " + verdict(seconds, "standings"))

    print(f"Simulating a mêlée of {PLAYERS} players × {PARTIES} parties…", flush=True)
    started = time.perf_counter()
    _melee, result = simulated("melee", PLAYERS, PARTIES)
    print(f"  made in {time.perf_counter() - started:.0f} s (no target)")
    draws, cpu = result["draw_seconds"], result["draw_cpu"]
    print(f"mêlée draw, {PLAYERS} players, slowest partie (1-{PARTIES}, through the "
          f"service): {max(draws):.3f} s (CPU {max(cpu):.3f} s; fastest {min(draws):.3f} s), "
          + verdict(max(draws), "melee")
          + f"; repeated partners {result['repeated_partners']}, repeated opponents "
          f"{result['repeated_opponents']} (target 0 when possible: "
          + ("met" if result["repeated_partners"] == result["repeated_opponents"] == 0
             else "over") + ")")


if __name__ == "__main__":
    main()
