"""Generate fixtures/demo.json: tournament `demo`, 16 teams, 4 parties of FFB coinche in 12
donnes, every game entered donne by donne through the services (so every score is real).

Run: .venv/bin/python scripts/make_demo.py   (uses a temporary database; deterministic)
"""

from __future__ import annotations

import datetime
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 1952  # the FFB's founding year: any fixed number keeps the fixture stable


def main() -> None:
    sys.path.insert(0, str(ROOT))
    folder = tempfile.mkdtemp()
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(folder) / "demo.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament import services
    from tournament.demo import CLUBS, TEAM_NAMES, players, realistic_donne
    from tournament.models import Game

    call_command("migrate", verbosity=0)
    rng = random.Random(SEED)
    organiser = get_user_model().objects.create_user("demo")
    tournament = services.tournament_create(
        organiser=organiser, name="Grand concours de coinche de la Saint-Martin", slug="demo",
        date=datetime.date(2026, 11, 14), place="Salle des fêtes, Aubagne",
        preset="ffb-coinche", target=None, max_donnes=12, parties_planned=4, published=False,
    )
    for name, (first, second) in zip(TEAM_NAMES, players(rng, len(TEAM_NAMES)), strict=True):
        services.team_create(tournament=tournament, name=name, player1=first, player2=second,
                             club=rng.choice(CLUBS))
    rules = tournament.rules
    for _ in range(4):
        round_ = services.round_generate(tournament=tournament, seed=rng.randrange(10**6))
        for game in Game.objects.filter(round=round_, team_ew__isnull=False):
            game.first_dealer = rng.choice("NESO")
            game.save(update_fields=["first_dealer"])
            while not game.finished:
                services.donne_record(game=game, number=None, donne=realistic_donne(rng, rules))
                game.refresh_from_db()
    output = ROOT / "fixtures" / "demo.json"
    # Not the journal (its times and author are this run's), nor the table links' secrets:
    # each installation gets its own when the demo is loaded (Game.token's default).
    call_command("dumpdata", "tournament.tournament", "tournament.player", "tournament.team",
                 "tournament.round", "tournament.game", "tournament.donnerecord", indent=1,
                 output=str(output), verbosity=0)
    objects = json.loads(output.read_text(encoding="utf-8"))
    for entry in objects:
        entry["fields"].pop("token", None)
        entry["fields"].pop("token_ew", None)
    output.write_text(json.dumps(objects, indent=1, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    print(f"{output.relative_to(ROOT)}: {Game.objects.count()} games, "
          f"{sum(g.played for g in Game.objects.all())} donnes")


if __name__ == "__main__":
    main()
