"""Long documents made in the background, their progress shown by a page that polls it.

A partie of 500 tables' score sheets takes 10 s or more on a laptop, and the final pack of
a federation's concours 20 s and more: longer than a browser or a proxy waits patiently,
and an organiser given a blank page for that long clicks again. So the organiser's request
starts the document in a thread of the server process and is sent to a page that polls
(htmx, every second) what the thread writes to a small JSON file: its step, and the time it
should take (an estimate from the pages to lay out); the page then offers the file.

A job is a folder of VAR_DIR/documents named by a random token (`secrets`), holding its
state and, once made, its PDF; the tournament's slug is in its state and checked by the
views (`access` decides who may read it). Jobs older than `KEEP` are swept away when a new
one starts; at most `RUNNING` run at once (the renderer lays out one document at a time
anyway): beyond, the request is refused with a French message rather than queued.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

KEEP = 3600  # seconds a made document stays downloadable
RUNNING = 2  # jobs at once in a server process
_running = threading.BoundedSemaphore(RUNNING)

Step = Callable[[str], None]  # the job tells its step (French, shown as it is)


@dataclass(frozen=True)
class State:
    slug: str  # the tournament the document belongs to
    filename: str  # the download's name
    step: str  # what the job is doing, in French
    started: float  # time.time() at its start
    estimate: float  # seconds it should take in all
    done: bool = False
    error: str = ""  # a failed job's message, in French (the details are logged)
    finished: float = 0.0

    @property
    def elapsed(self) -> float:
        return (self.finished or time.time()) - self.started

    @property
    def percent(self) -> int:
        """How far it is, from the estimate: never 100 before it is done (an estimate)."""
        if self.done:
            return 100
        return min(95, int(100 * self.elapsed / max(self.estimate, 1)))


class Busy(Exception):
    """As many documents are being made as this server makes at once."""


def folder() -> Path:
    return Path(settings.VAR_DIR) / "documents"


def _job_folder(job: str) -> Path | None:
    """The job's folder, or None for a token of another shape (never a path outside)."""
    if not job or not all(char.isalnum() or char in "-_" for char in job) or len(job) > 64:
        return None
    return folder() / job


def _write(where: Path, state: State) -> None:
    # Written aside then renamed: the page never reads half a file.
    temporary = where / "state.json.tmp"
    temporary.write_text(json.dumps(asdict(state)), encoding="utf-8")
    os.replace(temporary, where / "state.json")


def state(job: str) -> State | None:
    where = _job_folder(job)
    if where is None:
        return None
    try:
        return State(**json.loads((where / "state.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None


def content(job: str) -> bytes | None:
    where = _job_folder(job)
    current = state(job)
    if where is None or current is None or not current.done or current.error:
        return None
    return (where / "document.pdf").read_bytes()


def _sweep() -> None:
    """Remove the jobs older than KEEP."""
    if not folder().is_dir():
        return
    limit = time.time() - KEEP
    for old in folder().iterdir():
        try:
            if old.stat().st_mtime < limit:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue


def start(*, slug: str, filename: str, estimate: float, first_step: str,
          make: Callable[[Step], bytes]) -> str:
    """Start `make(step)` in a thread; its job's token. Raises Busy when RUNNING run."""
    if not _running.acquire(blocking=False):
        raise Busy
    try:
        _sweep()
        job = secrets.token_urlsafe(16)
        where = folder() / job
        where.mkdir(parents=True, mode=0o700)
        begun = State(slug=slug, filename=filename, step=first_step, started=time.time(),
                      estimate=estimate)
        _write(where, begun)
        threading.Thread(target=_run, args=(where, begun, make), daemon=True,
                         name=f"document-{job[:6]}").start()
    except BaseException:
        _running.release()
        raise
    return job


def _run(where: Path, begun: State, make: Callable[[Step], bytes]) -> None:
    current = begun

    def step(text: str) -> None:
        nonlocal current
        current = State(**{**asdict(current), "step": text})
        _write(where, current)

    try:
        made = make(step)
        (where / "document.pdf").write_bytes(made)
        _write(where, State(**{**asdict(current), "done": True, "finished": time.time()}))
    except Exception:
        logger.exception("Background document %s failed", where.name)
        failed = _("Le document n'a pas pu être fait : réessayez, ou voyez le journal du "
                   "serveur.")
        _write(where, State(**{**asdict(current), "done": True, "finished": time.time(),
                               "error": failed}))
    finally:
        connections.close_all()  # this thread's own database connection
        _running.release()
