"""Benchmark (not a test): a concours in phases at the issue's scale (issue 35): 256 teams in
64 poules of four, then a tableau principal of 128 and a consolante of 128, in a throwaway
SQLite database, through the services the desk uses.

- Every draw: the poules, each of the poules' three parties, the tableaux (both at once);
  target ≤ 1 s each.
- The bracket PDF (document « tableaux »: the principal and the consolante of 128, each on
  four quarters and the page of its last rounds), blank before the poules end and with the
  principal's first round played; target ≤ 5 s each.
- The poules' page and the tableaux' page as the organiser sees them (the desk's forms on
  them), and the projector's (the calls, the tableaux' current rounds), median of 9
  requests; target ≤ 200 ms each.

Each figure is printed beside its target with « met » or « over ». The poules' parties and
the principal's first round are played by forfait (a result each, the fastest to enter):
what is measured reads results, it does not enter donnes.

    .venv/bin/python bench/bench_phases.py
"""

from __future__ import annotations

import io
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEAMS = 256
TARGETS = {"draw": 1.0, "pdf": 5.0, "page": 0.2}  # seconds


def verdict(seconds: float, key: str) -> str:
    met = "met" if seconds <= TARGETS[key] else "over"
    target = TARGETS[key]
    shown = f"{target * 1000:g} ms" if target < 1 else f"{target:g} s"
    return f"{seconds * 1000:.0f} ms (target ≤ {shown}: {met})"


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    begin = time.perf_counter()
    result = action()
    return time.perf_counter() - begin, result


def pages(data: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def concours() -> Any:
    import datetime

    from django.contrib.auth import get_user_model

    from tournament import services
    from tournament.models import Player, Team

    owner = get_user_model().objects.create_user("bench-phases")
    made = services.tournament_create(organiser=owner, name="Phases 256", slug="phases-256",
                                      date=datetime.date(2026, 11, 21), published=True)
    players = Player.objects.bulk_create(Player(tournament=made, number=number,
                                                name=f"Joueur {number}")
                                         for number in range(1, 2 * TEAMS + 1))
    Team.objects.bulk_create(
        Team(tournament=made, number=number, name=f"Équipe {number}",
             first=players[2 * number - 2], second=players[2 * number - 1],
             club=f"Club {number % 40 + 1}")
        for number in range(1, TEAMS + 1))
    services.phase_plan_set(tournament=made, qualification="poules", consolante=True)
    return made


def main() -> None:
    print(f"Python {platform.python_version()}, SQLite; a concours of {TEAMS} teams in 64 "
          "poules, then a principal of 128 and a consolante of 128 (the machine may be shared)")
    folder = Path(tempfile.mkdtemp(prefix="bench-phases-"))
    os.environ.update({"DJANGO_SQLITE_PATH": str(folder / "bench.sqlite3"),
                       "DJANGO_VAR_DIR": str(folder / "var"),
                       "DJANGO_SETTINGS_MODULE": "config.settings",
                       "DJANGO_ALLOWED_HOSTS": "testserver", "DJANGO_DEBUG": "0"})
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from tournament import services
    from tournament.exports import brackets
    from tournament.models import Tableau

    call_command("migrate", verbosity=0)
    made = concours()
    spent, _ = timed(lambda: services.poules_draw(tournament=made, seed=35))
    print(f"Draw of the 64 poules: {verdict(spent, 'draw')}")
    spent, data = timed(lambda: brackets.bracket_pdf(made))
    print(f"Bracket PDF, blank (poule places), {pages(data)} pages: {verdict(spent, 'pdf')}")
    for partie in (1, 2, 3):
        spent, round_ = timed(lambda: services.poule_partie_generate(tournament=made))
        print(f"Draw of the poules' partie {partie} ({round_.games.count()} tables): "
              f"{verdict(spent, 'draw')}")
        for game in round_.games.filter(team_ew__isnull=False):
            services.game_forfeit(game=game, side="EW")
    spent, _ = timed(lambda: services.tableaux_draw(tournament=made))
    print(f"Draw of the tableaux (principal and consolante of 128): {verdict(spent, 'draw')}")
    principal = Tableau.objects.get(tournament=made, name="principal")
    for index in range(64):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")
    spent, data = timed(lambda: brackets.bracket_pdf(made))
    print(f"Bracket PDF, the principal's first round played, {pages(data)} pages: "
          f"{verdict(spent, 'pdf')}")

    client = Client()
    client.force_login(made.organiser)
    # The projector's page too (issue 35: the calls and the current rounds of each tableau).
    for name in ("poules", "tableaux", "screen"):
        url = reverse(f"tournament:{name}", args=[made.slug])
        assert client.get(url).status_code == 200  # warm: templates, connection
        times = []
        for _ in range(9):
            spent, response = timed(lambda url=url: client.get(url))
            assert response.status_code == 200
            times.append(spent)
        print(f"The {name} page (the organiser's), median of 9: "
              f"{verdict(statistics.median(times), 'page')}")


if __name__ == "__main__":
    main()
