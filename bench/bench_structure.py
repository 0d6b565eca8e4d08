"""Benchmark (not a test): three costs of the app measured side by side against their floor,
each printed as a ratio beside its target (issue 33), in one run.

- The first request after start: a fresh `python` that sets Django up and answers its first
  page (the login page), against a bare Django project (`django-admin startproject`)
  answering its own (the admin's login page). Wall time of the whole process, best of
  three; target ≤ 3×. Loading the URLs must not import WeasyPrint, pypdf or networkx.
- A partie's page at 64 teams (the organiser's, drawn by standings, its third partie),
  against a plain template of the same rows (one query for the games and their teams, a
  table row each). Median server time of 15 requests; target ≤ 2×. Its query count too.
- The register's type-ahead on a club of 5,000 players (what bench_register types): its
  search (selectors.register_search, served by the register's words) against one indexed
  prefix query on the register's key. Median of the keystrokes; target ≤ 10×. The whole
  keystroke's request and its query count beside it.

    .venv/bin/python bench/bench_structure.py
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGETS = {"start": 3.0, "partie": 2.0, "register": 10.0}
TEAMS, PARTIES = 64, 3

# The child's whole life: Django set up, its first page answered.
FIRST_REQUEST = """
import django
django.setup()
from django.test import Client
response = Client().get({path!r}, HTTP_HOST="localhost")
assert response.status_code == 200, response.status_code
"""


def verdict(ratio: float, key: str) -> str:
    met = "met" if ratio <= TARGETS[key] else "over"
    return f"{ratio:.1f}× (target ≤ {TARGETS[key]:g}×: {met})"


def started(env: dict[str, str], cwd: Path, path: str) -> float:
    """Seconds from a fresh interpreter to its first page answered, best of three."""
    best = float("inf")
    for _ in range(3):
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-c", FIRST_REQUEST.format(path=path)], env=env,
                       cwd=cwd, check=True, timeout=120)
        best = min(best, time.perf_counter() - begin)
    return best


def first_request(folder: Path) -> None:
    base = {key: value for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "DATABASE_URL"))}
    bare = folder / "bare"
    bare.mkdir()
    subprocess.run([sys.executable, "-m", "django", "startproject", "bare", str(bare)],
                   check=True, timeout=60)
    bare_env = {**base, "DJANGO_SETTINGS_MODULE": "bare.settings", "PYTHONPATH": str(bare)}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=bare, env=bare_env,
                   check=True, timeout=120)
    app_env = {**base, "DJANGO_SETTINGS_MODULE": "config.settings",
               "DJANGO_SQLITE_PATH": str(folder / "start.sqlite3"),
               "DJANGO_VAR_DIR": str(folder / "var-start"),
               "DJANGO_DEBUG": "0"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=app_env,
                   check=True, timeout=300)
    # Both sides start from bytecode, as the installed command does (pip compiles a wheel's
    # modules at install): an environment with PYTHONDONTWRITEBYTECODE set (CI's, this
    # machine's shell) would otherwise compile the app's 300 modules at every start, and only
    # the app's, Django's own being compiled in the virtual environment.
    subprocess.run([sys.executable, "-m", "compileall", "-q", "tournament", "circuit",
                    "scoring", "config"], cwd=ROOT, check=True, timeout=300)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "."], cwd=bare, check=True,
                   timeout=60)
    floor = started(bare_env, bare, "/admin/login/")
    app = started(app_env, ROOT, "/login/")
    print(f"First request after start: {app * 1000:.0f} ms against a bare Django project's "
          f"{floor * 1000:.0f} ms: {verdict(app / floor, 'start')}")


def median_ms(action, times: int = 15) -> float:
    action()  # warm: templates, connection
    spent = []
    for _ in range(times):
        begin = time.perf_counter()
        action()
        spent.append((time.perf_counter() - begin) * 1000)
    return statistics.median(spent)


PLAIN_ROWS = """<table>{% for game in games %}<tr><td>{{ game.table }}</td>
<td>{{ game.team_ns.name }}</td><td>{{ game.team_ew.name }}</td>
<td>{{ game.score_ns }}</td><td>{{ game.score_ew }}</td></tr>{% endfor %}</table>"""


def partie_page(folder: Path) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.template import Context, Engine
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import reverse

    from tournament.management.commands.simulate_concours import checked, simulate
    from tournament.models import Game, Tournament

    owner = get_user_model().objects.create_user("bench-structure")
    simulate(**checked("doublettes", None, str(TEAMS), str(PARTIES), "ffb-coinche", "1"),
             keep=True, organiser=owner.username)
    concours = Tournament.objects.get(organiser=owner)
    client = Client()
    client.force_login(owner)
    url = reverse("tournament:round", args=[concours.slug, PARTIES])

    def page() -> None:
        assert client.get(url).status_code == 200

    template = Engine().from_string(PLAIN_ROWS)

    def plain() -> None:
        games = list(Game.objects.filter(round__tournament=concours, round__number=PARTIES)
                     .select_related("team_ns", "team_ew").order_by("table"))
        template.render(Context({"games": games}))

    app, floor = median_ms(page), median_ms(plain)
    with CaptureQueriesContext(connection) as queries:
        page()
    print(f"A partie's page at {TEAMS} teams: {app:.1f} ms, {len(queries)} queries, against a "
          f"plain template of the same rows' {floor:.1f} ms: {verdict(app / floor, 'partie')}")
    # For reference, not the target: the same plain rows served as a page behind the same
    # login and middleware (the session, the account): what any page of the desk pays
    # before its own work.
    with override_settings(ROOT_URLCONF="bench_structure_urls"):
        served = median_ms(lambda: client.get(f"/plain-rows/{concours.slug}/{PARTIES}/"))
    print(f"  (the same plain rows served as a page behind the same login: {served:.1f} ms; "
          f"the partie's page is {app / served:.1f}× that)")


def register(folder: Path) -> None:
    from bench_register import fill, keystrokes
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournament import selectors
    from tournament.models import ClubPlayer
    from tournament.validators import search_key

    rng = random.Random(22)
    user, club, concours = fill(5000, rng)
    client = Client()
    client.force_login(user)
    url = reverse("tournament:register_suggestions", args=[concours.slug])
    typed = keystrokes(rng, 10)
    searches, requests, floors = [], [], []
    for text in typed:
        searches.append(median_ms(lambda text=text: selectors.register_search(club, text),
                                  times=3))
        requests.append(median_ms(lambda text=text: client.get(
            url, {"for": "player1", "player1": text}), times=3))
        prefix = search_key(text)
        floors.append(median_ms(lambda prefix=prefix: list(ClubPlayer.objects.filter(
            club=club, key__gte=prefix, key__lt=prefix + "\uffff").order_by("key", "pk")[:10]),
            times=3))
    with CaptureQueriesContext(connection) as search_queries:
        selectors.register_search(club, "dupr")
    with CaptureQueriesContext(connection) as queries:
        client.get(url, {"for": "player1", "player1": "dupr"})
    search, request, floor = (statistics.median(figures)
                              for figures in (searches, requests, floors))
    # The search is what the index serves; the whole request adds the session, the desk's
    # access check and the fragment's template, the same for any page of the desk.
    print(f"The register's type-ahead, 5,000 players, {len(typed)} keystrokes: the search "
          f"{search:.2f} ms ({len(search_queries)} queries), against one indexed prefix "
          f"query's {floor:.2f} ms: {verdict(search / floor, 'register')}; the whole "
          f"keystroke's request {request:.1f} ms, {len(queries)} queries")


def main() -> None:
    print(f"Python {platform.python_version()}, SQLite; the machine may be shared: ratios "
          "compare figures taken side by side")
    folder = Path(tempfile.mkdtemp(prefix="bench-structure-"))
    first_request(folder)
    os.environ.update({"DJANGO_SQLITE_PATH": str(folder / "bench.sqlite3"),
                       "DJANGO_VAR_DIR": str(folder / "var"),
                       "DJANGO_SETTINGS_MODULE": "config.settings",
                       "DJANGO_ALLOWED_HOSTS": "testserver", "DJANGO_DEBUG": "0"})
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    partie_page(folder)
    register(folder)


if __name__ == "__main__":
    main()
