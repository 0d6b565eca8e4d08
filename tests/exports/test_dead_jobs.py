"""A background document whose job died with its server process (or ran far beyond its
estimate) ends with a French error: its page stops polling (exports.progress.state)."""

import json
import os
import time

import pytest
from django.urls import reverse

from tests.builders import tournament
from tournament.exports import progress


@pytest.fixture(autouse=True)
def jobs_folder(settings, tmp_path):
    settings.VAR_DIR = tmp_path


def a_dead_pid() -> int:
    for pid in range(4_194_000, 4_000_000, -1):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except OSError:
            continue
    raise AssertionError("no free pid")


def job_of(slug="long", **fields) -> str:
    """A job's state file as a running job writes it (`pid`: when given)."""
    state = {"slug": slug, "filename": "feuilles.pdf", "step": "Mise en page…",
             "started": time.time(), "estimate": 10.0, **fields}
    where = progress.folder() / "job-test"
    where.mkdir(parents=True)
    (where / "state.json").write_text(json.dumps(state), "utf-8")
    return "job-test"


@pytest.mark.skipif(os.name != "posix", reason="a process is asked by its pid on Unix")
def test_a_job_whose_server_process_died_ends_with_a_french_error():
    job = job_of(pid=a_dead_pid())
    state = progress.state(job)
    assert state.done and "le serveur s'est arrêté" in state.error
    assert progress.state(job).error == state.error  # written: the same on every poll
    assert progress.content(job) is None


def test_a_job_far_beyond_its_estimate_ends_and_one_within_it_runs_on():
    assert not progress.state(job_of(started=time.time() - 30)).done
    (progress.folder() / "job-test" / "state.json").unlink()
    (progress.folder() / "job-test").rmdir()
    late = progress.state(job_of(started=time.time() - 3000))
    assert late.done and "dans le temps prévu" in late.error


@pytest.mark.django_db
def test_the_page_of_a_dead_job_stops_polling_and_says_it(client):
    t = tournament(slug="long")
    job = job_of(started=time.time() - 3000)
    client.force_login(t.organiser)
    part = client.get(reverse("tournament:document_job", args=["long", job]),
                      headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in part and "Demandez-le à nouveau" in part
