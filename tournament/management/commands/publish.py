"""Push the published concours that are due to the club's results server (issue 36).

    python manage.py publish          # one look, as the installed command's thread does
    python manage.py publish --loop   # a look every 15 s until stopped (beside gunicorn)

The installed command `concours-belote` runs the looks itself; this serves `make run` and a
club server run by gunicorn, whose processes start no thread of their own."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connections

from tournament.launcher.publishing import INTERVAL
from tournament.publish import outbox


class Command(BaseCommand):
    help = "Publie les concours publiés sur le serveur de résultats du club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--loop", action="store_true",
                            help="recommencer toutes les 15 s jusqu'à l'arrêt (Ctrl+C)")

    def handle(self, *args: Any, loop: bool = False, **options: Any) -> None:
        while True:
            for publication in outbox.publish_due():
                self.stdout.write(f"{publication.slug} : {publication.state} "
                                  f"(version {publication.version})")
            if not loop:
                return
            connections.close_all()
            time.sleep(INTERVAL * settings.PUBLISH_PACE)
