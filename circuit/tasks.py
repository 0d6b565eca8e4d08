"""The results server's background jobs (Django's tasks framework, `django.tasks`): the
circuit's standings, computed once per circuit version rather than by each reader, and its
documents (PDF, workbook). On the results server they are queued in the database
(DJANGO_TASKS=database, django-tasks-db) and run by `manage.py db_worker`, as many workers
on as many machines as the federation wants on the same database; their state and result
are in the database, read by any server process. Elsewhere (the laptop, the tests) Django's
immediate backend runs them where they are asked, through the same calls."""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.tasks import TaskResultStatus, task
from django.utils import timezone

from . import exports, selectors
from .models import Circuit, CircuitDocument, CircuitTable

# Seconds between two computations of a circuit's standings at most: the pushes of those
# seconds (200 clubs each pushing every minute: 3 a second) share one.
REFRESH_EVERY = 5
DOCUMENTS = ("pdf", "xlsx")
# A job the database's queue says has been running longer than this was lost with its worker
# (killed, its machine stopped: django-tasks-db leaves it « running » for ever). Measured
# (bench/bench_circuit.py, 9,600 players): the standings take seconds, the PDF (215 pages) a
# few minutes on a loaded machine; a live job is never taken for lost, a lost one is queued
# again within minutes.
LOST_AFTER = {"standings_refresh": datetime.timedelta(minutes=5),
              "document_make": datetime.timedelta(minutes=20)}
# Runs of one job at most: a job that kills its worker every time (memory) is then failed,
# not run again for ever.
MAX_RUNS = 3


@task
def standings_refresh(circuit: int) -> int:
    """The circuit's standings, stored for its page: the version stored."""
    return table_store(circuit_pk=circuit)


@task
def document_make(circuit: int, extension: str) -> int:
    """The circuit's PDF or workbook, stored: the circuit's version it shows."""
    return document_store(circuit_pk=circuit, extension=extension)


def refresh_time(now: datetime.datetime) -> datetime.datetime:
    """The next boundary of REFRESH_EVERY seconds after `now`: every push of the same
    seconds asks for the same time, and the first job then computes for all of them."""
    seconds = math.floor(now.timestamp() / REFRESH_EVERY + 1) * REFRESH_EVERY
    return datetime.datetime.fromtimestamp(seconds, tz=datetime.UTC)


def standings_refresh_ask(circuit: int, now: datetime.datetime | None = None) -> None:
    """Ask for the circuit's standings after a change: deferred to the next boundary where
    the queue can defer (the database's), at once otherwise (the immediate backend)."""
    if standings_refresh.get_backend().supports_defer:
        standings_refresh.using(run_after=refresh_time(now or timezone.now())).enqueue(
            circuit)
    else:
        standings_refresh.enqueue(circuit)


def table_store(*, circuit_pk: int, now: datetime.datetime | None = None) -> int:
    """Compute the circuit's standings and store them for its page (the job
    `standings_refresh`); the version stored. Nothing is computed when the stored standings
    are of the circuit's version already (the other pushes of the same seconds asked for
    them too). Not one transaction: the computation (a second for 10,000 players)
    reads without holding one, and only its storing is atomic; the circuit's version is
    read before its concours, so the standings stored are never older than their version."""
    version = Circuit.objects.filter(pk=circuit_pk).values_list("version", flat=True).first()
    if version is None:
        return 0
    stored = (CircuitTable.objects.filter(circuit_id=circuit_pk)
              .values_list("version", flat=True).first())
    if stored is not None and stored >= version:
        return stored
    circuit = Circuit.objects.get(pk=circuit_pk)
    circuit.version = version
    table = selectors.table_content(selectors.circuit_standings(circuit))
    return _table_put(circuit_pk=circuit_pk, version=version, table=table,
                      computed=now or timezone.now())


@transaction.atomic
def _table_put(*, circuit_pk: int, version: int, table: dict[str, Any],
               computed: datetime.datetime) -> int:
    # Two workers may compute at once: the newer version stays.
    if CircuitTable.objects.filter(circuit_id=circuit_pk, version__lt=version).update(
            table=table, version=version, computed=computed):
        return version
    try:
        with transaction.atomic():
            CircuitTable.objects.create(circuit_id=circuit_pk, version=version,
                                        computed=computed, table=table)
    except IntegrityError:  # stored by another worker meanwhile, of this version or newer
        pass
    return version


def document_store(*, circuit_pk: int, extension: str,
                   now: datetime.datetime | None = None) -> int:
    """Make the circuit's document and store it (the job `document_make`); the circuit's
    version it shows. Made outside a transaction (a PDF of thousands of lines
    takes a while), stored in one. A failure is stored as its French message, and the next
    reader asks again."""
    circuit = Circuit.objects.filter(pk=circuit_pk).first()
    if circuit is None or extension not in DOCUMENTS:
        return 0
    now = now or timezone.now()
    try:
        content = (exports.circuit_pdf(circuit, now) if extension == "pdf"
                   else exports.circuit_workbook(circuit, now))
    except Exception:
        CircuitDocument.objects.filter(circuit=circuit, extension=extension).update(
            queued=0, error="Le document n'a pas pu être fait : réessayez dans un moment.")
        raise
    with transaction.atomic():
        CircuitDocument.objects.filter(circuit=circuit, extension=extension,
                                       version__lte=circuit.version).update(
            content=content, version=circuit.version, made=now, error="")
    return circuit.version


def database_queue() -> bool:
    """Whether the jobs go through the database's queue (the results server's workers)."""
    from django_tasks_db.backend import DatabaseBackend

    return isinstance(standings_refresh.get_backend(), DatabaseBackend)


def lost_jobs_requeue(*, now: datetime.datetime | None = None) -> int:
    """Queue again the circuit's jobs left « running » by a worker killed in their middle
    (running longer than its LOST_AFTER), or fail them after MAX_RUNS runs (a document's next
    reader then asks for it again); how many. Each change is a conditional update of the row
    as it was read: two processes looking at once requeue a job once. Only with the
    database's queue (the immediate backend never leaves a job running)."""
    from django_tasks_db.models import DBTaskResult

    if not database_queue():
        return 0
    now = now or timezone.now()
    lost = (DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).filter(
        Q(task_path=standings_refresh.module_path,
          started_at__lt=now - LOST_AFTER["standings_refresh"])
        | Q(task_path=document_make.module_path,
            started_at__lt=now - LOST_AFTER["document_make"]))
        .order_by("started_at").only("pk", "started_at", "worker_ids", "task_path",
                                     "args_kwargs")[:100])
    count = 0
    for job in lost:
        same = DBTaskResult.objects.filter(pk=job.pk, status=TaskResultStatus.RUNNING,
                                           started_at=job.started_at)
        if len(job.worker_ids) < MAX_RUNS:
            count += same.update(status=TaskResultStatus.READY, run_after=now,
                                 started_at=None)
            continue
        if same.update(status=TaskResultStatus.FAILED, finished_at=now,
                       exception_class_path="circuit.tasks.LostJob",
                       traceback=f"Perdue {len(job.worker_ids)} fois avec son travailleur."):
            count += 1
            if job.task_path == document_make.module_path:
                circuit, extension = job.args_kwargs["args"][:2]
                CircuitDocument.objects.filter(circuit=circuit, extension=extension).update(
                    queued=0, error="Le document n'a pas pu être fait : réessayez dans un "
                    "moment.")
    return count
