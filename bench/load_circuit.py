"""Load benchmark (not a test) of the results server (issue 36): 200 clubs each pushing its
concours every minute while 2,000 anonymous readers open the public pages (a club, a concours,
the circuit), against two server instances (gunicorn, config/gunicorn_conf.py) on one
database — a throwaway PostgreSQL database on the server DATABASE_URL names, else SQLite —
sharing their caches through it (DJANGO_SHARED_CACHE=database) and their background jobs
(DJANGO_TASKS=database: one `manage.py db_worker` computes the circuit's standings once per
version, never a reader), over loopback only.

Every request is bounded (10 s) and the run stops by itself after --duration seconds. At the
end each club's stored concours is read back: its version and digest must be the last ones
the club was answered (nothing lost, nothing doubled). Printed: the pushes' and the pages'
p50, p95 and max beside the target (p95 ≤ 200 ms), and the count of lost pushes.

    python bench/load_circuit.py [--clubs 200] [--readers 2000] [--duration 120]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.200  # seconds, p95 of the pushes and of the pages (issue 36)
TIMEOUT = 10.0
TEAMS = 24  # a club's concours: 24 doublettes (48 players)
LABELS = {"push": "pushes", "page": "pages"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare(work: Path) -> tuple[dict[str, str], str | None]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "0",
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_VAR_DIR": str(work),
                "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
                "DJANGO_SHARED_CACHE": "database", "DJANGO_TASKS": "database",
                "PYTHONPATH": str(ROOT),
                "WEB_CONCURRENCY": "2"})
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        env.pop("DATABASE_URL", None)
        env["DJANGO_SQLITE_PATH"] = str(work / "resultats.sqlite3")
        return env, None
    import psycopg

    name = f"circuit_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    env["DATABASE_URL"] = urllib.parse.urlsplit(url)._replace(path=f"/{name}").geturl()
    return env, name


def python(env: dict[str, str], code: str) -> str:
    done = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + code],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(done.stderr)
    return done.stdout


SETUP = """
import datetime, json
from circuit import services
clubs = []
for index in range({clubs}):
    club = services.member_club_create(name=f"Club {{index + 1}}")
    _club, token = services.club_join(code=services.join_code_create(club=club))
    clubs.append([club.slug, token])
circuit = services.circuit_create(
    name="Circuit de charge", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30),
    kind="table", points_table=[100, 90, 80, 70, 60, 50, 40, 30, 20, 10], beyond="zero",
    participation=5, best=5, min_ranked=0, tie_breaks=["wins", "score"],
    qualify={{"kind": "top", "count": 12}})
from circuit.models import MemberClub
circuit.clubs.set(MemberClub.objects.all())
print(json.dumps({{"clubs": clubs, "circuit": circuit.slug}}))
"""


def body(club: str, circuit: str, version: int, rng: random.Random) -> bytes:
    def player(number: int) -> dict[str, object]:
        return {"name": f"Nom{number}", "first_name": "Prénom", "club": club,
                "licence": f"{club}-{number}" if number % 3 else None}

    scores = sorted((rng.randint(2000, 9000) for _ in range(TEAMS)), reverse=True)
    return json.dumps({
        "club": club, "concours": "vendredi", "version": version, "name": "Concours du vendredi",
        "date": "2026-12-04", "format": "doublettes", "finished": False, "circuits": [circuit],
        "standings": [{"place": index + 1, "wins": 4 - index * 4 // TEAMS, "score": score,
                       "ranking_points": 0, "players": [player(2 * index), player(2 * index + 1)]}
                      for index, score in enumerate(scores)],
    }, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {"push": [], "page": []}
        self.errors: dict[str, int] = {"push": 0, "page": 0}
        self.answered: dict[str, tuple[int, str]] = {}

    def record(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if not ok:
                self.errors[kind] += 1


def request(url: str, data: bytes | None = None, token: str = "") -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers),
                                    timeout=TIMEOUT) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return 0, b""


def run(arguments: argparse.Namespace) -> int:
    rng = random.Random(arguments.seed)
    work = Path(tempfile.mkdtemp(prefix="belote-circuit-"))
    env, database = prepare(work)
    servers: list[subprocess.Popen] = []
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                       cwd=ROOT, env=env, check=True, timeout=600)
        subprocess.run([sys.executable, "manage.py", "createcachetable"], cwd=ROOT, env=env,
                       check=True, timeout=120)
        world = json.loads(python(env, SETUP.format(clubs=arguments.clubs)))
        ports = [free_port(), free_port()]
        for port in ports:  # two server instances on one database
            servers.append(subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "config.wsgi", "-c",
                 "config/gunicorn_conf.py", "--bind", f"127.0.0.1:{port}"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        # The background jobs' worker, as `make results-server` starts it.
        servers.append(subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--interval", "0.5"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for port in ports:
            deadline = time.monotonic() + 120
            while request(f"http://127.0.0.1:{port}/circuit/")[0] != 200:
                if time.monotonic() > deadline:
                    raise SystemExit(f"no answer on port {port}")
                time.sleep(0.2)
        recorder = Recorder()
        start = time.monotonic() + 1
        end = start + arguments.duration
        clubs, circuit = world["clubs"], world["circuit"]

        def push(index: int, version: int) -> None:
            slug, token = clubs[index]
            data = body(slug, circuit, version, random.Random(index * 1000 + version))
            url = f"http://127.0.0.1:{ports[(index + version) % 2]}/circuit/api/push/"
            began = time.monotonic()
            status, answer = request(url, data, token)
            ok = status in (200, 201)
            recorder.record("push", time.monotonic() - began, ok)
            if ok:
                reply = json.loads(answer)
                if reply.get("digest") == hashlib.sha256(data).hexdigest():
                    with recorder.lock:
                        recorder.answered[slug] = max(recorder.answered.get(slug, (0, "")),
                                                      (version, reply["digest"]))

        pages = [f"/circuit/circuits/{circuit}/", "/circuit/"] + [
            f"/circuit/clubs/{slug}/" for slug, _token in clubs]

        def read(number: int) -> None:
            # A quarter of the readers open the circuit: its first page, or (one in three of
            # them) a page further down or a search for a name.
            path = pages[0] if number % 4 == 0 else rng.choice(pages)
            if number % 12 == 4:
                path += rng.choice([f"?page={rng.randint(2, 90)}", f"?q=Nom{rng.randint(0, 47)}"])
            began = time.monotonic()
            status, _page = request(f"http://127.0.0.1:{ports[number % 2]}{path}")
            recorder.record("page", time.monotonic() - began, status == 200)

        # Each club pushes every minute at its own offset; the readers come evenly.
        events: list[tuple[float, str, int, int]] = []
        for index in range(len(clubs)):
            offset = rng.uniform(0, 60)
            version = 1
            while offset < arguments.duration:
                events.append((offset, "push", index, version))
                offset += 60
                version += 1
        for number in range(arguments.readers):
            events.append((rng.uniform(0, arguments.duration), "page", number, 0))
        events.sort()
        with ThreadPoolExecutor(max_workers=48) as pool:
            for at, kind, first, second in events:
                pause = start + at - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
                if time.monotonic() > end + 30:
                    break
                if kind == "push":
                    pool.submit(push, first, second)
                else:
                    pool.submit(read, first)
        stored = json.loads(python(env, (
            "import json\nfrom circuit.models import ReceivedConcours\n"
            "print(json.dumps({r.club.slug: [r.version, r.digest] for r in "
            "ReceivedConcours.objects.select_related('club')}))")))
        lost = sum(1 for slug, last in recorder.answered.items()
                   if tuple(stored.get(slug, (0, ""))) != last)
        doubled = python(env, "from circuit.models import ReceivedConcours as R\n"
                              "print(R.objects.count())").strip()
        print(f"load_circuit: {len(clubs)} clubs, {arguments.readers} readers, "
              f"{arguments.duration:g} s, 2 server instances, "
              f"{'PostgreSQL' if database else 'SQLite'}")
        worst = 0.0
        for kind in ("push", "page"):
            times = sorted(recorder.times[kind])
            if not times:
                continue
            p95 = times[max(0, int(len(times) * 0.95) - 1)]
            worst = max(worst, p95)
            print(f"  {LABELS[kind]}: {len(times)}, errors {recorder.errors[kind]}, "
                  f"p50 {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                  f"max {times[-1] * 1000:.0f} ms (target p95 ≤ {TARGET * 1000:.0f} ms): "
                  f"{'met' if p95 <= TARGET else 'over'}")
        print(f"  pushes lost: {lost} (target 0): {'met' if lost == 0 else 'over'}; "
              f"concours stored {doubled} for {len(recorder.answered)} clubs answered")
        return 0 if lost == 0 and not recorder.errors["push"] else 1
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        if database:
            import psycopg

            with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as connection:
                connection.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=200, choices=range(1, 1001),
                        metavar="1-1000")
    parser.add_argument("--readers", type=int, default=2000, choices=range(0, 20001),
                        metavar="0-20000")
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if not 10 <= arguments.duration <= 900:
        parser.error("--duration: from 10 to 900 seconds")
    return run(arguments)


if __name__ == "__main__":
    sys.exit(main())
