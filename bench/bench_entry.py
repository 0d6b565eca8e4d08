"""Benchmark (not a test): the CPU cost of recording one donne from a table link, as a phone
does it (bench/load_test.py's client: the table's page once for its CSRF token, then each
donne POSTed with `X-Fragment: 1`, answered with the sheet's fragment), through Django's test
client in this process, on a throwaway SQLite file.

It prints the CPU time per post (this process's: the request, the ORM, SQLite and the
template, no network, no other process) and the queries per post, beside the figures measured
before this work and the issue's target (half of the 26 ms measured under load: ≤ 13 ms).
Two passes on separate tables: one timed without anything listening to the queries, one
counting them (CaptureQueriesContext), so that counting does not inflate the time.

    .venv/bin/python bench/bench_entry.py [--tables 16] [--donnes 16] [--profile]

--profile prints pyinstrument's tree of the timed pass (where the time goes).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 13.0  # CPU per post: half of the 26 ms the issue measured under load
# Measured with this script on commit 8dde4a6 (before the entry's diet), on this machine:
# the figures the "before → after" line quotes.
BEFORE_MS = 13.9
BEFORE_QUERIES = 12.0
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_DEBUG"] = "0"  # as served: cached templates, no query log
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def tables_of(tables: int, donnes: int, slug: str) -> list[tuple[str, list]]:
    """`tables` tables of a new concours, each with the `donnes` it will post (the load
    test's own builder: realistic donnes, the first one passed)."""
    from load_test import build

    _tournament, plan = build(tables, donnes, random.Random(2026), slug=slug)
    return [(token, sequence) for token, (_pk, sequence) in plan.items()]


def open_tables(plan: list[tuple[str, list]]) -> list:
    """A client per table, its page read once (the CSRF cookie and token), as a phone."""
    from django.test import Client

    clients = []
    for token, _sequence in plan:
        client = Client(enforce_csrf_checks=True)
        page = client.get(f"/table/{token}/").content.decode()
        found = CSRF_FIELD.search(page)
        if found is None:
            raise RuntimeError("no CSRF token on the table page")
        clients.append((client, found.group(1)))
    return clients


def post_all(plan: list[tuple[str, list]], clients: list, each=None) -> int:
    """Post every table's donnes, table after table, donne after donne (interleaved as an
    evening is: donne 1 of every table, then donne 2…). `each(post)` wraps a post when given.
    Returns the number of posts; any answer but 200 is an error."""
    from load_test import form_data

    posts = 0
    for position in range(1, max(len(sequence) for _token, sequence in plan) + 1):
        for (token, sequence), (client, csrf) in zip(plan, clients, strict=True):
            if position > len(sequence):
                continue
            data = {"csrfmiddlewaretoken": csrf, "position": str(position),
                    **form_data(sequence[position - 1])}

            def post(client=client, token=token, data=data):
                return client.post(f"/table/{token}/", data, headers={"X-Fragment": "1"})

            response = each(post) if each else post()
            if response.status_code != 200:
                raise RuntimeError(f"table {token}: HTTP {response.status_code}")
            posts += 1
    return posts


def verify(plan: list[tuple[str, list]]) -> None:
    """Every donne posted is stored as sent, and every game's cache equals score_game."""
    from tournament import services
    from tournament.models import Game

    for token, sequence in plan:
        game = Game.objects.select_related("round__tournament").get(token=token)
        if [r.to_donne() for r in game.donnes.order_by("number")] != sequence:
            raise RuntimeError(f"table {game.table}: stored donnes differ from those sent")
        cached = (game.score_ns, game.score_ew, game.finished, game.played)
        services.game_recompute(game=game)
        game.refresh_from_db()
        if cached != (game.score_ns, game.score_ew, game.finished, game.played):
            raise RuntimeError(f"table {game.table}: cached score differs from score_game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--donnes", type=int, default=16)
    parser.add_argument("--profile", action="store_true", help="pyinstrument's tree")
    args = parser.parse_args()
    if not (1 <= args.tables <= 128 and 1 <= args.donnes <= 32):
        parser.error("--tables from 1 to 128, --donnes from 1 to 32 (a bounded run)")
    setup_django()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    print(f"Python {platform.python_version()}, SQLite in a temporary file, Django test "
          f"client in this process, {args.tables} tables × {args.donnes} donnes a pass")
    warm = tables_of(2, 2, "echauffement")  # imports, templates compiled, caches filled
    post_all(warm, open_tables(warm))

    timed = tables_of(args.tables, args.donnes, "chrono")
    clients = open_tables(timed)
    profiler = None
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.001)
        profiler.start()
    cpu, wall = time.process_time(), time.perf_counter()
    posts = post_all(timed, clients)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if profiler is not None:
        profiler.stop()
    verify(timed)

    counted = tables_of(args.tables, args.donnes, "requetes")
    clients = open_tables(counted)
    queries: list[int] = []

    def count(post):
        with CaptureQueriesContext(connection) as captured:
            response = post()
        queries.append(len(captured))
        return response

    post_all(counted, clients, each=count)
    verify(counted)

    ms = cpu / posts * 1000
    per_post = sum(queries) / len(queries)
    verdict = "met" if ms <= TARGET_MS else "over"
    print(f"recording a donne from a table link: {posts} posts, {ms:.1f} ms of CPU a post "
          f"({wall / posts * 1000:.1f} ms wall), {per_post:.1f} queries a post "
          f"(from {min(queries)} to {max(queries)})")
    print(f"  before → after: {BEFORE_MS:.1f} → {ms:.1f} ms of CPU a post, "
          f"{BEFORE_QUERIES:.1f} → {per_post:.1f} queries a post "
          f"(target ≤ {TARGET_MS:g} ms: {verdict})")
    print("  every donne posted is stored as sent, every cached score equals score_game")
    if profiler is not None:
        print(profiler.output_text(unicode=True, color=False, show_all=os.environ.get("PROFILE_ALL") == "1"))


if __name__ == "__main__":
    main()
