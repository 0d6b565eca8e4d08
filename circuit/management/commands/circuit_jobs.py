"""`manage.py circuit_jobs`: the upkeep of the results server's task queue (django-tasks-db),
beside its workers (`make results-server` runs it with `--loop`).

    python manage.py circuit_jobs              # queue again the jobs lost with a worker
    python manage.py circuit_jobs --prune 14   # and delete the jobs finished 14 days ago
    python manage.py circuit_jobs --loop       # both: lost jobs every minute, the finished
                                               # ones every night at 03:30 (server's time)

A worker killed in the middle of a job (the machine stopped, the process killed) leaves it
« running » for ever: a job running for longer than circuit.tasks.LOST_AFTER is queued
again (failed after circuit.tasks.MAX_RUNS runs). The queue keeps every finished job
(its state, its result) until it is pruned (`prune_db_task_results`): every night, those
finished more than `--prune` days ago (14 by default) are deleted, so that the table stays
the size of a fortnight. Only with the database's queue (DJANGO_TASKS=database).
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from circuit import services, tasks

LOOK_EVERY = 60  # seconds between two looks for lost jobs in the loop
PRUNE_AT = datetime.time(3, 30)  # the nightly prune, in the server's time zone
KEEP_DAYS = 14  # finished jobs are kept that long (prune_db_task_results' own default)


def days(value: str) -> int:
    number = int(value)
    if not 1 <= number <= 365:
        raise ValueError(value)
    return number


def next_prune(now: datetime.datetime) -> datetime.datetime:
    """The next PRUNE_AT after `now` (aware), in the server's time zone."""
    local = timezone.localtime(now)
    at = local.replace(hour=PRUNE_AT.hour, minute=PRUNE_AT.minute, second=0, microsecond=0)
    if at <= local:
        at = timezone.make_aware(datetime.datetime.combine(
            local.date() + datetime.timedelta(days=1), PRUNE_AT))
    return at


class Command(BaseCommand):
    help = ("Remet dans la file les tâches de fond perdues avec leur travailleur et efface "
            "les tâches terminées anciennes (serveur de résultats).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--prune", metavar="JOURS", type=days, default=None,
                            help="efface aussi les tâches terminées depuis JOURS jours "
                                 "(1 à 365)")
        parser.add_argument("--loop", action="store_true",
                            help=f"sans fin : les tâches perdues chaque minute, les tâches "
                                 f"terminées depuis {KEEP_DAYS} jours (ou --prune) chaque "
                                 f"nuit à {PRUNE_AT:%H:%M}")

    def handle(self, *args: Any, **options: Any) -> None:
        if not tasks.database_queue():
            raise CommandError("La file des tâches n'est pas celle de la base : lancez avec "
                               "DJANGO_TASKS=database.")
        keep = options["prune"]
        if not options["loop"]:
            self.once(prune=keep)
            return
        self.once(prune=None)  # a worker starting: what the last one left running
        prune_at = next_prune(timezone.now())
        while True:
            time.sleep(LOOK_EVERY)
            due = timezone.now() >= prune_at
            self.once(prune=(keep or KEEP_DAYS) if due else None)
            if due:
                prune_at = next_prune(timezone.now())

    def once(self, *, prune: int | None) -> None:
        lost = services.lost_jobs_recover()
        if lost:
            self.stdout.write(f"{lost} tâche(s) perdue(s) avec leur travailleur : remise(s) "
                              "dans la file.")
        if prune is not None:
            call_command("prune_db_task_results", queue_name="*", min_age_days=prune,
                         verbosity=0, stdout=self.stdout)
