"""Benchmark (not a test): a generated tournament of 256 teams × 10 rounds × 16 donnes.

Rounds are drawn by the real pairing service; each round's games are filled with realistic
donnes scored by `scoring.score_game` and written in bulk (entering 20,480 donnes one by one
would only slow the set-up). Then it prints the server time and query count of the standings
page and of recording one donne through the game page (targets: 200 ms and 50 ms), and the
time and peak memory of the exports: score sheets of a 128-table round (≤ 5 s) and the
workbook (≤ 5 s, ≤ 300 MB), the latter also for 512 teams, whose 40,960 donne rows are the
issue's figure (256 teams play 128 tables: 20,480 rows), with openpyxl's bare write of the
same rows beside it. Each figure is printed beside its target: "met", or "over" where it is
missed.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEAMS, ROUNDS, DONNES = 256, 10, 16


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(rng: random.Random, teams: int = TEAMS, slug: str = "bench",
          real_pairing: bool = True):
    import datetime

    from django.contrib.auth import get_user_model

    from scoring import score_game
    from tournament import services
    from tournament.demo import realistic_donne
    from tournament.models import DonneRecord, Game, Round

    organiser = get_user_model().objects.create_user(slug, password="bench-password")
    tournament = services.tournament_create(
        organiser=organiser, name=f"Bench {teams}", slug=slug,
        date=datetime.date(2026, 11, 22), target=None, max_donnes=DONNES,
        parties_planned=ROUNDS)
    services.teams_import(tournament=tournament, lines=[
        services.ImportLine(n, f"Équipe {n}", f"Joueur {n}a", f"Joueur {n}b", "Club")
        for n in range(1, teams + 1)])
    team_ids = list(tournament.teams.values_list("id", flat=True))
    rules = tournament.rules
    last_game = None
    for number in range(1, ROUNDS + 1):
        started = time.perf_counter()
        if real_pairing:
            round_ = services.round_generate(tournament=tournament, seed=number)
        else:  # only the workbook is measured on this one: a plain rotation will do
            round_ = Round.objects.create(tournament=tournament, number=number)
            shift = team_ids[number:] + team_ids[:number]
            Game.objects.bulk_create(
                Game(round=round_, table=i // 2 + 1, team_ns_id=shift[i], team_ew_id=shift[i + 1])
                for i in range(0, len(shift), 2))
        pairing_time = time.perf_counter() - started
        records, games = [], list(round_.games.filter(team_ew__isnull=False))
        for game in games:
            donnes = []
            while True:  # a game may need one more donne to break a tie
                donnes.append(realistic_donne(rng, rules))
                result = score_game(donnes, rules)
                if result.finished:
                    break
            keep = len(donnes) - (1 if number == ROUNDS and game.table == 1 else 0)
            for index, (donne, score) in enumerate(zip(donnes, result.donnes, strict=True)):
                if index == keep:
                    break
                record = DonneRecord(game=game, number=index + 1, score_ns=score.ns,
                                     score_ew=score.ew, outcome=score.outcome.value)
                record.set_donne(donne)
                records.append(record)
            if keep == len(donnes):
                game.score_ns, game.score_ew, game.finished = result.ns, result.ew, True
                game.winner, game.played = result.winner.value, result.played
            else:
                last_game = game
        DonneRecord.objects.bulk_create(records, batch_size=2000)
        Game.objects.bulk_update(games, ["score_ns", "score_ew", "finished", "winner", "played"])
        if last_game is not None:
            services.game_recompute(game=last_game)
        print(f"  round {number:2}: pairing {pairing_time * 1000:5.0f} ms, "
              f"{len(records):5} donnes", flush=True)
    return tournament, organiser, last_game


def verdict(value: float, target: float) -> str:
    """"met" when `value` is within its target (an upper bound), "over" when it is not."""
    return "met" if value <= target else "over"


def beside(value: float, target: float, unit: str, digits: int = 0) -> str:
    """A figure beside its target: "4.21 s (target ≤ 5 s: met)"."""
    return (f"{value:.{digits}f} {unit} (target ≤ {target:g} {unit}: "
            f"{verdict(value, target)})")


def export_figures(label: str, make, seconds: float, megabytes: float | None = None,
                   workers: bool = False) -> bytes:
    """Time one run; then a second run under tracemalloc for the peak of Python memory.
    Rendering (score sheets) is done by children of the PDF renderer, processes of their own:
    their CPU time and the largest one's peak resident size are what the renderer reports."""
    import resource
    import tracemalloc

    from tournament.exports import weasy

    def cpu() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        return own.ru_utime + own.ru_stime

    before = cpu()
    started = time.perf_counter()
    content = make()
    elapsed = time.perf_counter() - started
    used = cpu() - before
    rendered = weasy.renderer().last if workers else None
    tracemalloc.start()
    make()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    memory = (beside(peak, megabytes, "MB") if megabytes is not None
              else f"{peak:.0f} MB")
    # The CPU time beside the wall time: on a machine shared with other work (the load
    # average says how much), the wall time grows while the CPU time does not.
    cpu_text = f"CPU {used:.2f} s"
    workers_text = ""
    if rendered is not None:
        cpu_text += f" + renderer's children {rendered.cpu:.2f} s"
        workers_text = f", largest child {rendered.peak_mb:.0f} MB"
    print(f"{label}: {beside(elapsed, seconds, 's', 2)} ({cpu_text}, load average "
          f"{os.getloadavg()[0]:.1f}), peak Python memory {memory}{workers_text}, "
          f"{len(content) / 1024:.0f} KiB", flush=True)
    return content


def bare_write(content: bytes) -> None:
    """openpyxl's floor, for comparison: the Donnes sheet's rows read back from the workbook
    and written again by a bare write-only `append`, no style, no text check."""
    import io

    from openpyxl import Workbook, load_workbook

    rows = list(load_workbook(io.BytesIO(content), read_only=True)["Donnes"].iter_rows(
        min_row=3, values_only=True))
    started = time.perf_counter()
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Donnes")
    for row in rows:
        sheet.append(row)
    book.save(io.BytesIO())
    print(f"  for comparison, openpyxl's floor: a bare write-only append of the same "
          f"{len(rows):,} donne rows takes {time.perf_counter() - started:.2f} s")


def measure(client, method, url, data=None, runs=7):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [], 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as context:
            started = time.perf_counter()
            response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code in (200, 302), response.status_code
        queries = len(context.captured_queries)
    return statistics.median(times), max(times), queries


def main() -> None:
    setup_django()
    from django.test import Client
    from django.urls import reverse

    from tournament.models import DonneRecord, Game

    print(f"Generating {TEAMS} teams × {ROUNDS} rounds × {DONNES} donnes…", flush=True)
    tournament, organiser, game = build(random.Random(2026))
    print(f"  {Game.objects.count()} games, {DonneRecord.objects.count()} donnes stored")
    client = Client()
    client.force_login(organiser)
    median, worst, queries = measure(client, "get",
                                     reverse("tournament:standings", args=[tournament.slug]))
    print(f"standings page: median {beside(median, 200, 'ms')}, max {worst:.0f} ms, "
          f"{queries} queries")
    url = reverse("tournament:game", args=[tournament.slug, ROUNDS, game.table])
    # Correct donne 5 again and again (each a real write, then every later donne rescored).
    times, queries = [], 0
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    # A correction names its donne by its stable key (the page's hidden field).
    key = DonneRecord.objects.get(game=game, number=5).key
    for version in range(1, 8):
        data = {"number": "5", "version": str(version), "key": str(key), "taker": "NS",
                "contract": "80", "trump": "H", "coinche": "none",
                "taker_points": str(90 + version)}
        with CaptureQueriesContext(connection) as context:
            started = time.perf_counter()
            response = client.post(url, data)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 302, [  # the form's refusal, if any
            line for line in response.content.decode().splitlines() if "errorlist" in line]
        queries = len(context.captured_queries)
    print(f"record a donne (correct donne 5 of 15, game page POST): median "
          f"{beside(statistics.median(times), 50, 'ms')}, max {max(times):.0f} ms, "
          f"{queries} queries")
    times = []
    for _ in range(3):
        with CaptureQueriesContext(connection) as context:
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
    print(f"game page: median {statistics.median(times):.0f} ms, "
          f"{len(context.captured_queries)} queries")

    import io

    from pypdf import PdfReader

    from tournament.exports import pdf, weasy, workbook

    rows = DonneRecord.objects.filter(game__round__tournament=tournament).count()
    export_figures(f"workbook, {TEAMS} teams, {rows:,} donne rows",
                   lambda: workbook.standings_workbook(tournament), 5, 300)
    last_round = tournament.rounds.get(number=ROUNDS)
    # The first long document of this process, the PDF renderer starting with it; then the
    # next one, the renderer running (weasy.Renderer).
    weasy.renderer().stop()
    content = export_figures(
        f"score sheets PDF with QR codes, round {ROUNDS}, 128 tables, renderer starting",
        lambda: pdf.score_sheets_pdf(last_round, link_base="http://192.168.1.20:8000"), 5,
        workers=True)
    export_figures(
        f"score sheets PDF with QR codes, round {ROUNDS}, 128 tables, renderer running",
        lambda: pdf.score_sheets_pdf(last_round, link_base="http://192.168.1.20:8000"), 5,
        workers=True)
    print(f"  {len(PdfReader(io.BytesIO(content)).pages)} pages")
    print(f"Generating {2 * TEAMS} teams × {ROUNDS} rounds × {DONNES} donnes…", flush=True)
    big, _, _ = build(random.Random(2027), teams=2 * TEAMS, slug="bench512",
                      real_pairing=False)
    rows = DonneRecord.objects.filter(game__round__tournament=big).count()
    content = export_figures(f"workbook, {2 * TEAMS} teams, {rows:,} donne rows",
                             lambda: workbook.standings_workbook(big), 5, 300)
    bare_write(content)


if __name__ == "__main__":
    main()
