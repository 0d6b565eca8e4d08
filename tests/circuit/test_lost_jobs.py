"""A worker killed in the middle of a circuit's job leaves it « running » in the database's
queue (django-tasks-db never looks at it again): a job running longer than tasks.LOST_AFTER
is queued again by the next reader who waits on it (or `manage.py circuit_jobs`, which the
results server runs beside its workers), failed after tasks.MAX_RUNS runs; and the finished
jobs are pruned every night."""

import datetime
import io

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.tasks import TaskResultStatus
from django.utils import timezone

from circuit import tasks
from circuit.management.commands import circuit_jobs
from circuit.models import CircuitDocument, CircuitTable
from tests.circuit.builders import joined
from tests.circuit.test_standings_jobs import (
    circuit,
    database_queue,  # noqa: F401 (a fixture)
    push,
    teams,
)

pytestmark = pytest.mark.django_db
queue = pytest.mark.usefixtures("database_queue")


@pytest.fixture(autouse=True)
def _no_page_kept():
    cache.clear()  # the pages and the readers' look for lost jobs are kept in it


def killed(job, lost=True, runs=1):
    """`job` as a worker killed in its middle left it (its `runs`-th run): started beyond its
    bound (`lost`), or a minute ago (maybe alive: another machine's worker)."""
    job.status, job.worker_ids = TaskResultStatus.RUNNING, [f"w{n}" for n in range(runs)]
    beyond = tasks.LOST_AFTER[job.task_path.rpartition(".")[2]] if lost else datetime.timedelta()
    job.started_at = timezone.now() - beyond - datetime.timedelta(minutes=1)
    job.save()


def document_asked(client, extension):
    """A circuit's document a reader asked for: its address and its (queued) job."""
    from django_tasks_db.models import DBTaskResult

    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    url = f"/circuit/circuits/{found.slug}/classement.{extension}"
    assert client.get(url).status_code == 202
    return url, DBTaskResult.objects.get(task_path="circuit.tasks.document_make")


# A real transaction: the worker closes a connection it finds inside a transaction.
@pytest.mark.django_db(transaction=True)
@queue
def test_a_document_whose_worker_was_killed_is_made_for_the_next_reader(client):
    from django_tasks_db.models import DBTaskResult

    url, job = document_asked(client, "xlsx")
    killed(job, lost=False)
    # Running longer than a lost standings' job, but a document takes longer: maybe alive
    # (another machine's worker), left alone.
    job.started_at -= tasks.LOST_AFTER["standings_refresh"]
    job.save()
    assert client.get(url).status_code == 202
    job.refresh_from_db()
    assert job.status == TaskResultStatus.RUNNING
    killed(job)
    cache.clear()  # the readers' last look (at most every 30 s) is over
    assert client.get(url).status_code == 202
    job.refresh_from_db()
    assert job.status == TaskResultStatus.READY and job.started_at is None
    assert DBTaskResult.objects.filter(task_path="circuit.tasks.document_make").count() == 1
    DBTaskResult.objects.update(run_after=timezone.now())  # the standings' boundary too
    call_command("db_worker", "--batch", "--no-startup-delay", stdout=io.StringIO(),
                 stderr=io.StringIO())
    job.refresh_from_db()
    assert job.status == TaskResultStatus.SUCCESSFUL and len(job.worker_ids) == 2
    made = client.get(url)
    assert made.status_code == 200 and made.content[:2] == b"PK"


@queue
def test_the_standings_page_queues_again_its_lost_job_once_in_a_while(client):
    from django_tasks_db.models import DBTaskResult

    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    [job] = DBTaskResult.objects.all()
    killed(job)
    page = client.get(f"/circuit/circuits/{found.slug}/")
    assert "en cours de calcul" in page.content.decode()
    job.refresh_from_db()
    assert job.status == TaskResultStatus.READY
    assert DBTaskResult.objects.ready().filter(pk=job.pk).exists()  # a worker takes it
    # Killed again: the readers of the next 30 s, all processes, do not look again.
    killed(job, runs=2)
    client.get(f"/circuit/circuits/{found.slug}/?page=2")
    job.refresh_from_db()
    assert job.status == TaskResultStatus.RUNNING
    assert not CircuitTable.objects.exists()


@queue
def test_a_job_lost_at_each_run_fails_and_its_document_is_asked_anew(client):
    from django_tasks_db.models import DBTaskResult

    url, job = document_asked(client, "pdf")
    killed(job, runs=tasks.MAX_RUNS)
    assert tasks.lost_jobs_requeue() == 1
    job.refresh_from_db()
    assert job.status == TaskResultStatus.FAILED
    document = CircuitDocument.objects.get(extension="pdf")
    assert document.queued == 0 and "réessayez" in document.error
    # The next reader is told, and asks for a new job.
    waiting = client.get(url)
    assert waiting.status_code == 503 and "réessayez" in waiting.content.decode()
    assert DBTaskResult.objects.filter(task_path="circuit.tasks.document_make",
                                       status=TaskResultStatus.READY).count() == 1


@queue
def test_the_upkeep_command_queues_lost_jobs_again_and_prunes_old_finished_ones():
    from django_tasks_db.models import DBTaskResult

    auch, _ = joined()
    found = circuit()
    push(auch, found, teams(3))
    push(auch, found, teams(4), version=2)
    lost, old = DBTaskResult.objects.order_by("enqueued_at")
    killed(lost)
    old.status = TaskResultStatus.SUCCESSFUL
    old.finished_at = timezone.now() - datetime.timedelta(days=15)
    old.save()
    out = io.StringIO()
    call_command("circuit_jobs", "--prune", "14", stdout=out)
    assert "1 tâche(s) perdue(s)" in out.getvalue()
    assert list(DBTaskResult.objects.values_list("pk", "status")) == [
        (lost.pk, TaskResultStatus.READY)]
    with pytest.raises(CommandError):
        call_command("circuit_jobs", "--prune", "0")


def test_the_upkeep_command_wants_the_database_queue():
    with pytest.raises(CommandError, match="DJANGO_TASKS=database"):
        call_command("circuit_jobs")


def test_the_prune_is_nightly():
    paris = timezone.get_current_timezone()
    evening = datetime.datetime(2026, 12, 5, 21, 42, tzinfo=paris)
    night = datetime.datetime(2026, 12, 6, 3, 30, tzinfo=paris)
    assert circuit_jobs.next_prune(evening) == night
    assert circuit_jobs.next_prune(night - datetime.timedelta(seconds=1)) == night
    assert circuit_jobs.next_prune(night) == night + datetime.timedelta(days=1)
