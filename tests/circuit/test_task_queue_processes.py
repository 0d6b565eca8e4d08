"""The results server's task queue across processes (issue 36: « a task queue made for it (not
threads of one process) »): gunicorn's processes enqueue a circuit's jobs in the database, a
worker of its own (`manage.py db_worker`, as `make results-server` starts it) runs them, and
the result is served by another request; the job's state is read by yet another process."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.system.launcher import ROOT, fetch, stop
from tests.system.test_publish_evening import ResultsServer, run_python

pytestmark = [pytest.mark.slow, pytest.mark.database]

SETUP = """
import datetime, json
from circuit import services
club = services.member_club_create(name="Belote de Auch")
club, _token = services.club_join(code=services.join_code_create(club=club))
circuit = services.circuit_create(
    name="Circuit du Gers", start=datetime.date(2026, 12, 1), end=datetime.date(2026, 12, 31),
    kind="table", points_table=[100, 90], beyond="zero", participation=0, best=None,
    min_ranked=0, tie_breaks=["best", "played"], qualify={"kind": "top", "count": 1})
services.circuit_club_add(circuit=circuit, club=club)
def player(name):
    return {"name": name, "first_name": "Jean", "club": "Auch", "licence": None}
services.concours_push(club=club, body=json.dumps({
    "club": club.slug, "concours": "samedi", "version": 1, "name": "Concours du samedi",
    "date": "2026-12-05", "format": "doublettes", "finished": True, "circuits": [circuit.slug],
    "standings": [{"place": 1, "wins": 3, "score": 3000, "ranking_points": 0,
                   "players": [player("Martin"), player("Petit")]}]}).encode())
print(circuit.slug)
"""


def until(check, what: str, patience: float = 60.0):
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if answer := check():
            return answer
        time.sleep(0.2)
    raise AssertionError(f"{what}: not after {patience} s")


def test_a_job_asked_through_the_server_is_run_by_a_worker_and_served_after(tmp_path):
    server = ResultsServer(tmp_path / "serveur")
    worker = None
    try:
        server.env["DJANGO_TASKS"] = "database"
        slug = run_python(SETUP, server.env).split()[-1]
        server.start()
        page = f"{server.url}/circuit/circuits/{slug}/"
        # No worker yet: the push queued the standings, a reader's request queues the
        # workbook; neither is made by the server's processes.
        assert "en cours de calcul" in fetch(page)[2].decode()
        status, _type, body = fetch(f"{page}classement.xlsx")
        assert status == 202 and "Document en préparation" in body.decode()
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--interval", "0.2",
             "--no-startup-delay"], cwd=ROOT, env=server.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        made = until(lambda: (answer := fetch(f"{page}classement.xlsx"))[0] == 200 and answer,
                     "the workbook made by the worker")
        assert made[2][:2] == b"PK"
        until(lambda: "Jean Martin" in fetch(page)[2].decode() or None,
              "the standings computed by the worker")  # (« being computed » is not cached)
        jobs = json.loads(run_python(
            "import json\nfrom django_tasks_db.models import DBTaskResult\n"
            "print(json.dumps([[j.task_path, j.status, j.worker_ids] for j in "
            "DBTaskResult.objects.order_by('enqueued_at')]))", server.env))
        assert [job[:2] for job in jobs] == [
            ["circuit.tasks.standings_refresh", "SUCCESSFUL"],
            ["circuit.tasks.document_make", "SUCCESSFUL"]]
        assert all(job[2] for job in jobs)  # run by a worker, named
    finally:
        if worker is not None:
            worker.send_signal(signal.SIGTERM)
            stop(worker)
        if server.process is not None:
            server.stop()
        server.close()
