"""Load test (not a test of the suite): a real gunicorn server on loopback and 64 simulated
tables entering their donnes through their table links, as phones do (the page, then each
donne posted as the page's script posts it), in two modes, both by default:

- burst: every table posts its 16 donnes at once, no think time: the capacity (target
  ≥ 100 donnes/s, 0 errors);
- paced: each table posts its next donne after a think time (12 s ± 50 % by default, ten times
  an evening's pace of a donne a table every two minutes), the tables' first posts spread over
  one think time, for a bounded duration (90 s by default): what a player feels (target p95
  ≤ 100 ms). Meanwhile `--readers` anonymous visitors (6 by default, each from an address of
  its own on the loopback, 127.0.0.11 and on) download the concours' public documents in a
  loop (standings, pairings, palmarès, final pack: PDFs and workbooks), waiting only as long
  as the server's Retry-After asks: the phones' p95 must hold while they do.

Checks, after each mode: no error, every donne posted stored as sent, every cached score equal
to `score_game` over the stored donnes, and the standings equal to the standings after a full
recomputation. Prints p50 / p95 / max latency of the donne posts, each figure beside its
target, "met" or "over". Bounded: 64 × 16 requests a mode at most, a deadline for each mode,
loopback only, and the server is stopped whatever happens.

With `--sheets` (paced), the concours' organiser — logged in, as a browser is — asks the score
sheets of the partie being played again and again for the whole duration, as the desk does
(from 100 tables a background job: the progress page polled every second until the PDF is
offered, then downloaded and read: one page a table). Printed: each document's seconds, and
the p95 of the table posts made while a document was being made, beside the 100 ms target.
On SQLite, two checks that documents stay off the write lock: before the tables start, one
score-sheets document is made alone and the database's `PRAGMA data_version` must not move
(its requests committed nothing); and while the tables play, a probe takes the SQLite write
lock (BEGIN IMMEDIATE, then ROLLBACK) every half second: a document holding the lock for its
seconds would make the probe wait as long.

On SQLite by default (a temporary file); with DATABASE_URL set to a PostgreSQL server, in a
temporary database created there and dropped at the end:
    .venv/bin/python bench/load_test.py [--mode burst|paced|both] [--think 12] [--duration 90]
        [--tables 64] [--readers 6] [--sheets]
    scripts/with-postgres .venv/bin/python bench/load_test.py
The federation's figures (issue 24, `make load-test-federation`): 500 tables, a donne every
2 min ± 50 % a table for 3 min (--tables 500 --think 120 --duration 180), with --sheets.
"""

from __future__ import annotations

import argparse
import dataclasses
import http.client
import io
import os
import random
import re
import secrets
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 300  # seconds for a burst: it stops by itself (a paced run: its duration + 60 s)
BURST_RATE = 100  # donnes a second, at least
PACED_P95_MS = 100  # latency of a post at an evening's pace (x 10), at most
MAX_TABLES = 512  # a federation's 500 tables in a sports hall (issue 24)
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare_environment(work: Path) -> str | None:
    """Point this process and the server at a fresh database; return a database to drop."""
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_VAR_DIR": str(work),
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    })
    url = os.environ.get("DATABASE_URL")
    if not url:
        os.environ["DJANGO_SQLITE_PATH"] = str(work / "load.sqlite3")
        return None
    import psycopg

    name = f"load_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    os.environ["DATABASE_URL"] = urllib.parse.urlsplit(url)._replace(path=f"/{name}").geturl()
    return name


def drop_database(name: str, url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def build(tables: int, donnes: int, rng: random.Random, slug: str = "charge",
          password: str = ""):
    """A tournament of 2 × `tables` teams, round 1 drawn, and each table's donnes to send;
    its organiser logs in with `password` (none: the organiser never logs in)."""
    import datetime

    from django.contrib.auth import get_user_model

    from scoring import Donne, ScoringError, score_game
    from tournament import services
    from tournament.demo import realistic_donne

    owner = get_user_model().objects.create_user(slug, password=password or None)
    tournament = services.tournament_create(
        organiser=owner, name=f"Charge {slug}", slug=slug, date=datetime.date(2026, 11, 22),
        target=None, max_donnes=donnes)
    services.teams_import(tournament=tournament, lines=[
        services.ImportLine(n, f"Équipe {n}", f"J{n}a", f"J{n}b", "")
        for n in range(1, 2 * tables + 1)])
    round_ = services.round_generate(tournament=tournament, seed=7)
    # Published: anonymous visitors read its documents while the tables play (paced mode).
    services.tournament_publish(tournament=tournament, published=True)
    plan = {}
    rules = tournament.rules
    for game in round_.games.filter(team_ew__isnull=False):
        while True:  # a sequence the rules accept to the last donne
            sequence = [realistic_donne(rng, rules) for _ in range(donnes)]
            # Every table passes its first donne: the way a passed donne is posted is always
            # exercised, whatever the random draw (a small run might otherwise have none).
            sequence[0] = Donne()
            try:
                if score_game(sequence, rules).played == donnes:
                    break
            except ScoringError:
                continue
        plan[game.token] = (game.pk, sequence)
    return tournament, plan


def form_data(donne) -> dict[str, str]:
    def text(value) -> str:
        return "" if value is None else str(value)

    return {  # a passed donne is typed « P » (the phone's Passe button): an empty row never saves
        "taker": text(donne.taker) or "P", "trump": text(donne.trump),
        "coinche": str(donne.coinche),
        "contract": "c" if donne.capot_bid else text(donne.contract),
        "taker_points": str(donne.taker_points) if donne.taker else "",
        "capot": text(donne.capot), "belote_ns": str(donne.belote_ns),
        "belote_ew": str(donne.belote_ew), "annonces_ns": str(donne.annonces_ns),
        "annonces_ew": str(donne.annonces_ew),
    }


@dataclasses.dataclass(frozen=True)
class Pace:
    """How a table posts: `think` seconds before each donne (0: a burst), give or take
    `jitter` of it, until `duration` seconds after the start."""

    think: float = 0.0
    jitter: float = 0.5
    duration: float = DEADLINE

    def delay(self, rng: random.Random) -> float:
        return self.think * (1 + self.jitter * rng.uniform(-1, 1))


class Table(threading.Thread):
    """One phone: opens its link, then posts its donnes one after the other (after a think
    time each, paced; at once, a burst), until its donnes or the duration run out."""

    def __init__(self, port: int, token: str, donnes: list, start_gate: threading.Barrier,
                 pace: Pace = Pace(), seed: int = 0):
        super().__init__(daemon=True)
        self.port, self.token, self.donnes, self.gate = port, token, donnes, start_gate
        self.pace, self.rng = pace, random.Random(seed)
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # time.monotonic() as each post was sent
        self.errors: list[str] = []
        self.posted = 0  # donnes the server accepted, in order

    def wait(self, seconds: float, end: float) -> bool:
        """Sleep `seconds`, or until `end`; False when the duration is over."""
        time.sleep(max(0.0, min(seconds, end - time.monotonic())))
        return time.monotonic() < end

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # reported, never hidden: any error fails the run
            self.errors.append(f"{type(error).__name__}: {error}")

    def play(self) -> None:
        path = f"/table/{self.token}/"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path)
        response = connection.getresponse()
        page = response.read().decode()
        cookie = response.getheader("Set-Cookie", "").split(";")[0]
        found = CSRF_FIELD.search(page)
        if found is None:
            raise RuntimeError(f"no CSRF token on the table page (HTTP {response.status})")
        csrf = found.group(1)
        self.gate.wait(timeout=120)  # every table starts together
        # Opening 500 tables' pages takes longer than the server keeps a connection idle
        # (2 s): each table posts on a connection of its own opened after the gate.
        connection.close()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        end = time.monotonic() + self.pace.duration
        # Paced, the first posts are spread over one think time, as tables sit down in turn.
        first = self.rng.uniform(0, self.pace.think) if self.pace.think else 0.0
        for position, donne in enumerate(self.donnes, start=1):
            delay = first if position == 1 else self.pace.delay(self.rng)
            if self.pace.think and not self.wait(delay, end):
                return
            if self.pace.think:
                # Idle for seconds, a phone's connection is closed (gunicorn keeps one alive
                # 2 s): each paced post opens its own, as the phone's next request would.
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, "position": position,
                                           **form_data(donne)})
            self.sent_at.append(time.monotonic())
            started = time.perf_counter()
            connection.request("POST", path, body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                "X-Fragment": "1"})
            response = connection.getresponse()
            response.read()
            self.latencies.append(time.perf_counter() - started)
            if response.status != 200:
                self.errors.append(f"HTTP {response.status}")
                return
            self.posted = position


class Reader(threading.Thread):
    """An anonymous visitor downloading the public documents one after the other, from an
    address of its own, until `end`; it waits only when the server says so (Retry-After of a
    429 or a 503)."""

    def __init__(self, port: int, paths: list[str], address: str, end: float):
        super().__init__(daemon=True)
        self.port, self.paths, self.address, self.end = port, paths, address, end
        self.statuses: dict[int, int] = {}
        self.latencies: list[float] = []  # of the documents served (200)
        self.errors: list[str] = []

    def run(self) -> None:
        try:
            self.read()
        except Exception as error:  # reported, never hidden
            self.errors.append(f"reader {self.address}: {type(error).__name__}: {error}")

    def read(self) -> None:
        index = 0
        while time.monotonic() < self.end:
            path = self.paths[index % len(self.paths)]
            index += 1
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120,
                                                    source_address=(self.address, 0))
            started = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
            if response.status == 200:
                self.latencies.append(time.perf_counter() - started)
            elif response.status in (429, 503):
                wait = float(response.getheader("Retry-After") or 1)
                time.sleep(max(0.0, min(wait, self.end - time.monotonic())))
            else:
                self.errors.append(f"reader {self.address}: HTTP {response.status} on {path}")
                return


READY_LINK = re.compile(r'id="document-ready" href="([^"]+)"')
SHEETS_DEADLINE = 300  # seconds one score-sheets document may take, at most
ORGANISER_ADDRESS = "127.0.0.2"  # the desk's laptop, an address of its own on the loopback


@dataclasses.dataclass(frozen=True)
class Made:
    """One document the organiser asked for: from its request to its download
    (time.monotonic()), its pages, and the requests it took (its start, the progress page
    and its polls, the download)."""

    start: float
    end: float
    pages: int
    requests: int

    @property
    def seconds(self) -> float:
        return self.end - self.start


class Organiser(threading.Thread):
    """The concours' organiser at the desk: logs in through the login page, then asks the
    score sheets of partie `number` again and again until `end` (a background job from 100
    tables: its progress polled every second as the page's htmx does, then the PDF
    downloaded); each document must be a PDF of `pages` pages."""

    def __init__(self, port: int, slug: str, number: int, password: str, pages: int,
                 end: float):
        super().__init__(daemon=True)
        self.port, self.slug, self.number, self.password = port, slug, number, password
        self.pages, self.end = pages, end
        self.cookies: dict[str, str] = {}
        self.made: list[Made] = []
        self.errors: list[str] = []

    def request(self, method: str, path: str, body: str = "",
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """One request on a connection of its own, with the session's cookies."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120,
                                                source_address=(ORGANISER_ADDRESS, 0))
        try:
            sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                    **(headers or {})}
            connection.request(method, path, body=body or None, headers=sent)
            response = connection.getresponse()
            content = response.read()
            for cookie in response.headers.get_all("Set-Cookie") or []:
                name, _equal, value = cookie.split(";")[0].partition("=")
                self.cookies[name.strip()] = value
            return response.status, dict(response.headers.items()), content
        finally:
            connection.close()

    def log_in(self) -> None:
        status, _headers, page = self.request("GET", "/login/")
        found = CSRF_FIELD.search(page.decode())
        if status != 200 or found is None:
            raise RuntimeError(f"login page: HTTP {status}, no CSRF token")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": found.group(1),
                                       "username": self.slug, "password": self.password})
        status, _headers, _page = self.request(
            "POST", "/login/", body,
            {"Content-Type": "application/x-www-form-urlencoded"})
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login refused (HTTP {status})")

    def sheets(self) -> Made:
        """The score sheets, asked as the partie's page asks them, until downloaded."""
        start = time.monotonic()
        path = f"/t/{self.slug}/rounds/{self.number}/sheets.pdf"
        status, headers, content = self.request("GET", path)
        requests = 1
        if status == 302:  # a background job: its progress page, polled every second
            job = headers.get("Location", "")
            if "/documents/" not in job:
                raise RuntimeError(f"score sheets refused (sent to {job})")
            status, _headers, page = self.request("GET", job)
            requests += 1
            while (found := READY_LINK.search(page.decode())) is None:
                if status != 200 or 'class="error"' in page.decode():
                    raise RuntimeError(f"score sheets failed (HTTP {status}): {page[:300]!r}")
                if time.monotonic() - start > SHEETS_DEADLINE:
                    raise RuntimeError(f"score sheets not made in {SHEETS_DEADLINE} s")
                time.sleep(1)
                status, _headers, page = self.request("GET", job, headers={"HX-Request": "true"})
                requests += 1
            status, headers, content = self.request("GET", found.group(1))
            requests += 1
        if status != 200 or headers.get("Content-Type") != "application/pdf":
            raise RuntimeError(f"score sheets: HTTP {status}, {headers.get('Content-Type')}")
        from pypdf import PdfReader

        pages = len(PdfReader(io.BytesIO(content)).pages)
        if pages != self.pages:
            raise RuntimeError(f"score sheets of {pages} pages, {self.pages} expected")
        return Made(start, time.monotonic(), pages, requests)

    def run(self) -> None:
        try:
            while time.monotonic() < self.end:
                self.made.append(self.sheets())
        except Exception as error:  # reported, never hidden
            self.errors.append(f"organiser: {type(error).__name__}: {error}")


class LockProbe(threading.Thread):
    """Takes the SQLite write lock (BEGIN IMMEDIATE, then ROLLBACK at once) every `every`
    seconds until `end`: how long it waited each time. A document holding the write lock
    while it is made would make the probe wait for seconds."""

    def __init__(self, path: str, end: float, every: float = 0.5):
        super().__init__(daemon=True)
        self.path, self.end, self.every = path, end, every
        self.waits: list[tuple[float, float]] = []  # (time.monotonic(), seconds waited)
        self.errors: list[str] = []

    def run(self) -> None:
        try:
            database = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            try:
                while time.monotonic() < self.end:
                    at, started = time.monotonic(), time.perf_counter()
                    database.execute("BEGIN IMMEDIATE")
                    self.waits.append((at, time.perf_counter() - started))
                    database.execute("ROLLBACK")
                    time.sleep(self.every)
            finally:
                database.close()
        except Exception as error:  # reported, never hidden
            self.errors.append(f"write-lock probe: {type(error).__name__}: {error}")


def data_version(database: sqlite3.Connection) -> int:
    """SQLite's count of the commits other connections made to the file (as this one sees)."""
    return database.execute("PRAGMA data_version").fetchone()[0]


def during(times: list[float], values: list[float],
           spans: list[tuple[float, float]]) -> list[float]:
    """The `values` whose time (the same place in `times`) lies within one of `spans`."""
    return [value for at, value in zip(times, values, strict=True)
            if any(start <= at <= end for start, end in spans)]

def document_paths(tournament) -> list[str]:
    from django.urls import reverse

    slug = tournament.slug
    return [reverse("tournament:standings_pdf", args=[slug]),
            reverse("tournament:pairings_pdf", args=[slug, 1]),
            reverse("tournament:final_pdf", args=[slug]),
            reverse("tournament:palmares_pdf", args=[slug]),
            reverse("tournament:standings_xlsx", args=[slug]),
            reverse("tournament:final_xlsx", args=[slug])]


def start_server(port: int, work: Path) -> subprocess.Popen:
    log = open(work / "server.log", "wb")  # noqa: SIM115 - closed with the process
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-c", "config/gunicorn_conf.py",
         "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    from config import gunicorn_conf

    # Each worker listens on a socket of its own (reuse_port): the tables connect once every
    # worker listens, or the first one up would get every table's connection.
    limit = time.monotonic() + 30
    while time.monotonic() < limit:
        if listening(port) >= gunicorn_conf.workers:
            return server
        if server.poll() is not None:
            raise RuntimeError((work / "server.log").read_text())
        time.sleep(0.1)
    stop_server(server)
    raise RuntimeError("the server did not start within 30 s")


def listening(port: int) -> int:
    """How many sockets listen on `port` of the loopback (Linux: /proc/net/tcp)."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for row in rows
               if row.split()[1] == f"0100007F:{port:04X}" and row.split()[3] == "0A")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def verify(tournament, plan) -> list[str]:
    from scoring import score_game
    from tournament import selectors, services
    from tournament.models import DonneRecord, Game

    problems = []
    expected = sum(len(donnes) for _pk, donnes in plan.values())
    stored = DonneRecord.objects.filter(game__round__tournament=tournament).count()
    if stored != expected:
        problems.append(f"{stored} donnes stored, {expected} sent")
    # `plan`: each table's donnes as posted (a paced run may end before the last ones).
    for _token, (pk, sent) in plan.items():
        game = Game.objects.get(pk=pk)
        records = list(game.donnes.order_by("number"))
        if [r.to_donne() for r in records] != sent:
            problems.append(f"table {game.table}: stored donnes differ from those sent")
        result = score_game([r.to_donne() for r in records], tournament.rules)
        if (game.score_ns, game.score_ew, game.finished) != (result.ns, result.ew,
                                                             result.finished):
            problems.append(f"table {game.table}: cached score differs from score_game")
    before = [(r.rank, r.team, r.played, r.wins, r.points, r.conceded)
              for r in selectors.standings(tournament)]
    for game in Game.objects.filter(round__tournament=tournament):
        services.game_recompute(game=game)
    after = [(r.rank, r.team, r.played, r.wins, r.points, r.conceded)
             for r in selectors.standings(tournament)]
    if before != after:
        problems.append("standings differ from a full recomputation")
    return problems


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted `values` fall (nearest rank)."""
    return values[min(len(values) - 1, int(len(values) * share))]


@dataclasses.dataclass(frozen=True)
class Sheets:
    """The organiser asks the score sheets meanwhile (--sheets): logs in with `password`;
    `sqlite`: the database's file, for the checks of the write lock (None: PostgreSQL)."""

    password: str
    sqlite: str | None


def sheets_alone(organiser: Organiser, sqlite: str | None) -> list[str]:
    """One score-sheets document made before the tables start, nothing else running: on
    SQLite, the database's data_version must not move. Prints it; the problems found."""
    if sqlite is None:
        made = organiser.sheets()
        print(f"  score sheets alone, before the tables: {made.seconds:.1f} s, {made.pages} "
              f"pages (PostgreSQL: whether they write is not checked)", flush=True)
        return []
    database = sqlite3.connect(sqlite, isolation_level=None)
    try:
        before = data_version(database)
        made = organiser.sheets()
        after = data_version(database)
    finally:
        database.close()
    unchanged = after == before
    print(f"  score sheets alone, before the tables: {made.seconds:.1f} s, {made.pages} pages; "
          f"its {made.requests} request{'s' if made.requests > 1 else ''} (the start, the "
          f"progress page and its polls, the download) committed "
          f"{'nothing' if unchanged else 'to the database'}: SQLite's data_version {before} → "
          f"{after} (target unchanged: {'met' if unchanged else 'over'})", flush=True)
    return [] if unchanged else ["a score-sheets document wrote to the database"]


def print_sheets(organiser: Organiser, probe: LockProbe | None, tables: list[Table]) -> None:
    """The documents made while the tables played, the posts made meanwhile, the probe's
    waits for the write lock."""
    made = organiser.made
    spans = [(one.start, one.end) for one in made]
    seconds = [one.seconds for one in made]
    print(f"  meanwhile the organiser made the score sheets of partie {organiser.number} "
          f"{len(made)} times ({made[0].pages if made else 0} pages each), in "
          + (", ".join(f"{one:.1f}" for one in seconds) + " s" if len(seconds) <= 12
             else f"{statistics.median(seconds):.1f} s (median), {min(seconds):.1f} to "
                  f"{max(seconds):.1f} s"))
    posts = sorted(during([at for table in tables for at in table.sent_at],
                          [s * 1000 for table in tables for s in table.latencies], spans))
    if posts:
        p95 = percentile(posts, 0.95)
        print(f"  posts during the score sheets: {len(posts)}, p50 "
              f"{statistics.median(posts):.0f} ms, p95 {p95:.0f} ms (target ≤ {PACED_P95_MS} "
              f"ms: {'met' if p95 <= PACED_P95_MS else 'over'}), max {posts[-1]:.0f} ms")
    else:
        print("  posts during the score sheets: none")
    if probe is not None:
        waits = sorted(during([at for at, _wait in probe.waits],
                              [wait * 1000 for _at, wait in probe.waits], spans))
        print(f"  SQLite write lock taken by a probe every {probe.every:g} s during the score "
              f"sheets: {len(waits)} times, waited "
              + (f"{statistics.median(waits):.0f} ms (median), {waits[-1]:.0f} ms at most"
                 if waits else "—")
              + " (a document holding the lock would keep it for its seconds)", flush=True)


def run_mode(name: str, port: int, tournament, plan, pace: Pace, donnes: int,
             readers: int = 0, sheets: Sheets | None = None) -> bool:
    """The tables of `plan` posting at `pace`, `readers` anonymous visitors downloading the
    public documents and, with `sheets`, the organiser asking the score sheets meanwhile;
    prints the figures and the checks."""
    problems: list[str] = []
    organiser = probe = None
    if sheets is not None:
        organiser = Organiser(port, tournament.slug, 1, sheets.password, pages=len(plan),
                              end=0.0)
        organiser.log_in()
        problems += sheets_alone(organiser, sheets.sqlite)
    gate = threading.Barrier(len(plan))
    tables = [Table(port, token, sequence, gate, pace, seed=index)
              for index, (token, (_pk, sequence)) in enumerate(plan.items())]
    started = time.perf_counter()
    for table in tables:
        table.start()
    visitors = [Reader(port, document_paths(tournament), f"127.0.0.{11 + index}",
                       time.monotonic() + pace.duration) for index in range(readers)]
    for visitor in visitors:
        visitor.start()
    others: list[Organiser | LockProbe] = []
    if organiser is not None and sheets is not None:
        organiser.end = time.monotonic() + pace.duration
        others.append(organiser)
        if sheets.sqlite:
            probe = LockProbe(sheets.sqlite, organiser.end)
            others.append(probe)
    for other in others:
        other.start()
    limit = pace.duration + 60 if pace.think else DEADLINE
    for table in tables:
        table.join(timeout=max(0.0, limit - (time.perf_counter() - started)))
    elapsed = time.perf_counter() - started
    for thread in [*visitors, *others]:
        thread.join(timeout=max(0.0, limit + SHEETS_DEADLINE - (time.perf_counter() - started)))
    unfinished = sum(table.is_alive() for table in tables)
    unfinished += sum(thread.is_alive() for thread in [*visitors, *others])
    errors = [error for table in tables for error in table.errors]
    errors += [error for thread in [*visitors, *others] for error in thread.errors]
    latencies = sorted(s * 1000 for table in tables for s in table.latencies)
    posted = {token: (pk, sequence[:table.posted])
              for table, (token, (pk, sequence)) in zip(tables, plan.items(), strict=True)}
    problems += verify(tournament, posted)
    if unfinished:
        problems.append(f"{unfinished} tables still running at the deadline")
    rate = len(latencies) / elapsed
    if pace.think:
        print(f"  paced: {len(tables)} tables, a donne every {pace.think:g} s ± "
              f"{pace.jitter * 100:.0f} % each, for {pace.duration:g} s: {len(latencies)} donnes "
              f"posted in {elapsed:.1f} s ({rate:.1f}/s), {len(errors)} errors "
              f"(target 0: {'met' if not errors else 'over'})")
    else:
        print(f"  burst: {len(tables)} tables × {donnes} donnes, no think time: "
              f"{len(latencies)} donnes posted in {elapsed:.1f} s ({rate:.0f}/s, target "
              f"≥ {BURST_RATE}/s: {'met' if rate >= BURST_RATE else 'over'}), {len(errors)} "
              f"errors (target 0: {'met' if not errors else 'over'})")
    if latencies:
        p95 = percentile(latencies, 0.95)
        target = (f" (target ≤ {PACED_P95_MS} ms: {'met' if p95 <= PACED_P95_MS else 'over'})"
                  if pace.think else "")
        print(f"  {name} latency p50 {statistics.median(latencies):.0f} ms, p95 {p95:.0f} ms"
              f"{target}, max {latencies[-1]:.0f} ms")
    if visitors:
        statuses: dict[int, int] = {}
        for visitor in visitors:
            for status, count in visitor.statuses.items():
                statuses[status] = statuses.get(status, 0) + count
        served = sorted(s * 1000 for visitor in visitors for s in visitor.latencies)
        said = ", ".join(f"{count} × HTTP {status}" for status, count in sorted(statuses.items()))
        print(f"  meanwhile {len(visitors)} anonymous readers of the public documents: "
              f"{said or 'nothing'}"
              + (f"; a document served in {statistics.median(served):.0f} ms (median), "
                 f"{served[-1]:.0f} ms at most" if served else ""))
    if organiser is not None:
        print_sheets(organiser, probe, tables)
    # Clock figures on a shared machine: read them beside what else it was doing.
    print(f"  this machine's load average at the end: {os.getloadavg()[0]:.1f} (1 min), "
          f"{os.getloadavg()[1]:.1f} (5 min) on {os.cpu_count()} cores")
    for problem in errors[:10] + problems:
        print(f"  PROBLEM: {problem}")
    ok = not errors and not problems
    print("  every donne posted is stored, scores and standings equal a full recomputation"
          if ok else "  FAILED", flush=True)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64,
                        help=f"tables posting at once (default 64, at most {MAX_TABLES})")
    parser.add_argument("--donnes", type=int, default=16)
    parser.add_argument("--mode", choices=["burst", "paced", "both"], default="both")
    parser.add_argument("--think", type=float, default=12.0,
                        help="paced: seconds between a table's donnes (default 12)")
    parser.add_argument("--jitter", type=float, default=0.5,
                        help="paced: the think time varies by this share of it (default 0.5)")
    parser.add_argument("--duration", type=float, default=90.0,
                        help="paced: seconds the tables post for (default 90)")
    parser.add_argument("--readers", type=int, default=6,
                        help="paced: anonymous visitors downloading the public documents "
                             "meanwhile (default 6)")
    parser.add_argument("--sheets", action="store_true",
                        help="paced: the organiser asks the score sheets of the partie "
                             "again and again meanwhile")
    args = parser.parse_args()
    if not (1 <= args.tables <= MAX_TABLES and 1 <= args.donnes <= 32):
        parser.error(f"--tables from 1 to {MAX_TABLES}, --donnes from 1 to 32 (a bounded run)")
    if not (0.1 <= args.think <= 120 and 0 <= args.jitter <= 1
            and 1 <= args.duration <= 600 and 0 <= args.readers <= 16):
        parser.error("--think from 0.1 to 120 s, --jitter from 0 to 1, --duration from 1 to "
                     "600 s, --readers from 0 to 16 (a bounded run)")
    if args.sheets and args.mode == "burst":
        parser.error("--sheets goes with a paced run (--mode paced or both)")
    modes = ["burst", "paced"] if args.mode == "both" else [args.mode]
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="belote-load-"))
    base_url = os.environ.get("DATABASE_URL", "")
    database = prepare_environment(work)
    server = None
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        vendor = connection.vendor
        password = secrets.token_urlsafe(16)
        plans = {mode: build(args.tables, args.donnes, random.Random(2026), slug=mode,
                             password=password if mode == "paced" and args.sheets else "")
                 for mode in modes}
        connection.close()  # the server writes now; this process only reads at the end
        port = free_port()
        server = start_server(port, work)
        from config import gunicorn_conf

        print(f"load test on {vendor}: {args.tables} tables through table links, gunicorn "
              f"{gunicorn_conf.workers} workers × {gunicorn_conf.threads} threads, loopback",
              flush=True)
        ok = True
        for mode in modes:
            pace = (Pace(args.think, args.jitter, args.duration) if mode == "paced"
                    else Pace())
            tournament, plan = plans[mode]
            sheets = (Sheets(password, os.environ.get("DJANGO_SQLITE_PATH")
                             if vendor == "sqlite" else None)
                      if mode == "paced" and args.sheets else None)
            ok = run_mode(mode, port, tournament, plan, pace, args.donnes,
                          readers=args.readers if mode == "paced" else 0,
                          sheets=sheets) and ok
            connection.close()
        return 0 if ok else 1
    finally:
        if server is not None:
            stop_server(server)
        if database:
            from django.db import connections

            connections.close_all()
            drop_database(database, base_url)


if __name__ == "__main__":
    sys.exit(main())
