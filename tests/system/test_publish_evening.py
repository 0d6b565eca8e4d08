"""An evening published online (issue 36), with two real servers on this computer: the club's
laptop (the installed command, from the wheel `make dist` builds: tests/system/conftest.py,
on SQLite) and the results server (gunicorn, on the database DATABASE_URL names — PostgreSQL
in `make test-postgres` — else SQLite). Donnes are entered
while the laptop pushes; the results server is stopped and started again as a hall's
connection drops; then the club's token is revoked. At each step the laptop's state (what the
desk shows) and what the server stored agree: nothing lost, nothing doubled, never older.

The publishing pace is hurried (DJANGO_PUBLISH_PACE): a look every 0.3 s, a concours at most
every 1.2 s, pauses of 0.6 s to 12 s after failures."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.system.launcher import ROOT, clean_environment, free_port, stop, wait_for_home

pytestmark = [pytest.mark.slow, pytest.mark.database]
PACE = "0.02"
PATIENCE = 60.0  # seconds a step may take at most before the test fails


def run_python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + code],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def manage(env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *arguments], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def until(check: Callable[[], object], what: str) -> object:
    """The first true answer of `check`, asked every 0.2 s for PATIENCE seconds."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(0.2)
    raise AssertionError(f"{what}: not after {PATIENCE} s (last: {check()!r})")


class ResultsServer:
    """gunicorn serving the app as the results server, on its own database."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        self.port = free_port()
        self.env = clean_environment(
            PYTHONPATH=str(ROOT), DJANGO_SETTINGS_MODULE="config.settings",
            DJANGO_VAR_DIR=str(folder), DJANGO_SECRET_KEY=secrets.token_urlsafe(40),
            DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost")
        self.database = ""
        url = os.environ.get("DATABASE_URL", "")
        if url.startswith("postgres"):
            import psycopg

            self.admin_url, self.database = url, f"results_{secrets.token_hex(4)}"
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute(f"CREATE DATABASE {self.database}")
            self.env["DATABASE_URL"] = urllib.parse.urlsplit(url)._replace(
                path=f"/{self.database}").geturl()
        else:
            self.env["DJANGO_SQLITE_PATH"] = str(folder / "serveur.sqlite3")
        manage(self.env, "migrate", "--no-input", "-v", "0")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application", "-b",
             f"127.0.0.1:{self.port}", "-w", "2", "--graceful-timeout", "5"],
            cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        wait_for_home(self.process, self.port)

    def stop(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        stop(self.process)
        self.process = None

    def received(self) -> list[tuple[str, int, str]]:
        """(identity, version, digest) of each concours the server stored."""
        return json.loads(run_python(
            "import json\nfrom circuit.models import ReceivedConcours\n"
            "print(json.dumps([list(row) for row in ReceivedConcours.objects.values_list("
            "'identity', 'version', 'digest')]))", self.env))

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
        if self.database:
            import psycopg

            with psycopg.connect(self.admin_url, autocommit=True) as connection:
                connection.execute(f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)")


def laptop_state(database: Path) -> dict:
    """What the desk reads of the concours' publication (tournament_publication's row)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as connection:
        row = connection.execute(
            "SELECT state, version, confirmed_version, attempts, message, identity, digest "
            "FROM tournament_publication").fetchone()
    keys = ("state", "version", "confirmed", "attempts", "message", "identity", "digest")
    return dict(zip(keys, row, strict=True)) if row else {}


@pytest.mark.xdist_group("installed-wheel")  # the wheel built once (conftest)
def test_an_evening_published_through_a_dropping_connection(tmp_path, installed):
    server = ResultsServer(tmp_path / "serveur")
    laptop = None
    try:
        added = re.search(r"\((\S+)\) : code d'adhésion (\S+)",
                          manage(server.env, "circuit_club", "--add", "Belote d'Auch"))
        assert added, "the club's address and code"
        club, code = added.groups()
        server.start()
        folder = tmp_path / "portable"
        folder.mkdir()
        laptop_env = clean_environment(
            PYTHONPATH=str(ROOT), DJANGO_SETTINGS_MODULE="config.settings",
            DJANGO_VAR_DIR=str(folder), DJANGO_SQLITE_PATH=str(folder / "concours.sqlite3"),
            DJANGO_ALLOWED_HOSTS="127.0.0.1")
        manage(laptop_env, "migrate", "--no-input", "-v", "0")
        run_python(
            "from tests.builders import drawn, organiser\n"
            "from tournament.publish import outbox\n"
            "t = drawn(owner=organiser('desk'), name='Vendredi', slug='vendredi', teams=8)\n"
            f"outbox.results_server_join(club=t.club, url={server.url!r}, code={code!r})\n",
            laptop_env)
        database = folder / "concours.sqlite3"
        port = free_port()
        # The club's laptop is the installed command (the wheel, in its own venv), started
        # outside the checkout and without it on the path: what an organiser runs.
        work = tmp_path / "travail"
        work.mkdir()
        laptop = subprocess.Popen(
            [str(installed.command), "--data", str(folder), "--port", str(port),
             "--no-browser", "--local"], cwd=work,
            env=clean_environment(DJANGO_PUBLISH_PACE=PACE),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        wait_for_home(laptop, port)

        def online() -> dict:
            state = laptop_state(database)
            return state if state.get("state") == "online" else {}

        def play(table: int) -> None:
            run_python("from tests.builders import play_to_the_end\n"
                       "from tournament.models import Game\n"
                       "play_to_the_end(Game.objects.get(round__tournament__slug='vendredi',"
                       f" round__number=1, table={table}))\n", laptop_env)

        # The first push, by itself: the server holds what the laptop says it holds.
        first = until(online, "the first push")
        assert server.received() == [[first["identity"], first["version"], first["digest"]]]
        # Donnes entered while the laptop pushes: each change goes up as a newer version.
        play(1)
        second = until(lambda: (s := online()) and s["version"] > first["version"] and s,
                       "the table's result pushed")
        assert server.received() == [[first["identity"], second["version"], second["digest"]]]
        # The hall's connection drops: the desk says so, the changes wait.
        server.stop()
        play(2)
        waiting = until(lambda: (s := laptop_state(database))["attempts"] >= 2 and s,
                        "the laptop noticing the server is gone")
        assert waiting["state"] == "pending" and waiting["version"] > second["version"]
        assert waiting["confirmed"] == second["version"]
        assert "connexion" in waiting["message"]
        # It comes back: the waiting version goes up, once; never an older one.
        server.start()
        back = until(lambda: (s := online()) and s["confirmed"] == s["version"] and s,
                     "the catching up")
        assert back["version"] == waiting["version"] and back["attempts"] == 0
        assert server.received() == [[first["identity"], back["version"], back["digest"]]]
        # The comité revokes the club's token: refused, said, nothing more stored.
        manage(server.env, "circuit_club", "--revoke", club)
        play(3)
        refused = until(lambda: (s := laptop_state(database))["state"] == "refused" and s,
                        "the refusal")
        assert refused["message"] and refused["confirmed"] == back["version"]
        assert server.received() == [[first["identity"], back["version"], back["digest"]]]
        laptop.send_signal(signal.SIGINT)
        output = stop(laptop)
        assert laptop.returncode == 0 and "Concours arrêté" in output, output
        laptop = None
    finally:
        if laptop is not None:
            laptop.kill()
        server.close()


CLUB_TEAMS = {
    # Each club's concours: its teams' names, players and licences (« » none). Jean Martin of
    # Auch plays in Condom's concours too, with his licence: one person of the circuit. Two
    # Marie Dupont without licence, of Condom and of Mirande: two people.
    "auch": [("Les As", "Jean Martin", "0100001", "Paul Roux", ""),
             ("Les Rois", "Luc Petit", "0100002", "Anne Blanc", ""),
             ("Les Dames", "Léa Noir", "", "Zoé Vert", ""),
             ("Les Valets", "Marc Gris", "", "Théo Brun", "")],
    "condom": [("Les Trèfles", "Jean Martin", "0100001", "Marie Dupont", ""),
               ("Les Piques", "Hugo Lenoir", "0200001", "Inès Faure", ""),
               ("Les Carreaux", "Jules Morel", "", "Rose Simon", ""),
               ("Les Cœurs", "Louis Girard", "", "Clara Andre", "")],
    "mirande": [("Les Belotes", "Marie Dupont", "", "Nina Robin", ""),
                ("Les Capots", "Paul Henry", "0300001", "Eva Garnier", ""),
                ("Les Dix", "Tom Chevalier", "", "Lou Francois", ""),
                ("Les Der", "Noé Gauthier", "", "Ana Perrin", "")],
}


def test_three_clubs_feed_a_circuit_and_name_its_final(tmp_path):
    """Three clubs' laptops publish over HTTP to one results server (gunicorn, PostgreSQL in
    make test-postgres); the circuit recognises one player across two clubs by licence, keeps
    two namesakes without licence apart, and names its final's qualifiers."""
    server = ResultsServer(tmp_path / "serveur")
    try:
        clubs = {}
        for key in CLUB_TEAMS:
            added = re.search(r"\((\S+)\) : code d'adhésion (\S+)",
                              manage(server.env, "circuit_club", "--add", f"Belote {key}"))
            assert added, key
            clubs[key] = added.groups()
        created = manage(server.env, "circuit_create", "--name", "Circuit du Gers",
                         "--start", "2026-09-01", "--end", "2027-06-30",
                         "--points-table", "100,80,60,40", "--qualify", "top:3",
                         "--clubs", ",".join(slug for slug, _code in clubs.values()))
        circuit = re.search(r"circuits/(\S+?)/", created) or re.search(r"\((\S+)\)", created)
        assert circuit, created
        server.start()
        for key, teams in CLUB_TEAMS.items():
            folder = tmp_path / key
            folder.mkdir()
            env = clean_environment(
                PYTHONPATH=str(ROOT), DJANGO_SETTINGS_MODULE="config.settings",
                DJANGO_VAR_DIR=str(folder), DJANGO_SQLITE_PATH=str(folder / "db.sqlite3"),
                DJANGO_ALLOWED_HOSTS="127.0.0.1")
            manage(env, "migrate", "--no-input", "-v", "0")
            _slug, code = clubs[key]
            pushed = run_python(
                "from tests.builders import organiser, played, tournament\n"
                "from tournament import services\n"
                "from tournament.publish import outbox\n"
                f"t = tournament(owner=organiser('desk'), slug='concours-{key}')\n"
                f"for name, p1, l1, p2, l2 in {teams!r}:\n"
                f"    services.team_create(tournament=t, name=name, player1=p1, licence1=l1,\n"
                f"                         player2=p2, licence2=l2, club='Belote {key}')\n"
                "services.round_generate(tournament=t, seed=3)\n"
                "played(t)\n"
                f"outbox.results_server_join(club=t.club, url={server.url!r}, code={code!r})\n"
                f"outbox.publication_circuits_set(tournament=t, circuits={circuit.group(1)!r})\n"
                "print(outbox.publication_push(tournament=t, force=True).state)\n", env)
            assert pushed.split()[-1] == "online", pushed
        standings = json.loads(run_python(
            "import json\nfrom circuit.models import Circuit\n"
            "from circuit.selectors import circuit_standings\n"
            f"s = circuit_standings(Circuit.objects.get(slug={circuit.group(1)!r}))\n"
            "print(json.dumps({'rows': [[r.person.name, r.person.club, r.person.licence, "
            "r.line.played, r.line.rank] for r in s.rows], 'qualified': s.qualified, "
            "'concours': len(s.concours)}))", server.env))
        rows = standings["rows"]
        assert standings["concours"] == 3 and len(rows) == 23  # 24 lines, Jean Martin twice
        martin = [row for row in rows if row[2] == "0100001"]
        assert len(martin) == 1 and martin[0][3] == 2
        dupont = sorted(row[1] for row in rows if row[0].startswith("Marie Dupont")
                        or row[0].startswith("Dupont"))
        assert dupont == ["Belote condom", "Belote mirande"], rows
        # The first 3, and those tied with the third after the tie-breaks.
        cut = rows[2][4]
        assert standings["qualified"] == [index for index, row in enumerate(rows)
                                          if index < 3 or row[4] == cut]
    finally:
        server.close()
