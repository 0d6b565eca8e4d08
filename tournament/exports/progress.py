"""Long documents made in the background, their progress shown by a page that polls it.

A partie of 500 tables' score sheets takes 10 s or more on a laptop, and the final pack of
a federation's concours 20 s and more: longer than a browser or a proxy waits patiently,
and an organiser given a blank page for that long clicks again. So the organiser's request
starts the document in a thread of the server process and is sent to a page that polls
(htmx, every second) what the thread writes to a small JSON file: its step, and the time it
should take (an estimate from the pages to lay out); the page then offers the file.

The same path serves every document or file that can take more than ~2 s at a federation's
scale (a PDF, a workbook, a backup, a site's zip), from a size given by its view (see
`LONG`, below); below it, a plain download as before.

A job is a folder of VAR_DIR/documents named by a random token (`secrets`), holding its
state and, once made, its file; the tournament's slug (or, for a club's document, the club's)
is in its state and checked by the views (`access` decides who may read it). Jobs older
than `KEEP` are swept away when a new one starts; at most `RUNNING` run at once (the
renderer lays out one document at a time anyway): beyond, the request is refused with a
French message rather than queued.
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

from ..errors import UserError
from . import weasy

logger = logging.getLogger(__name__)

KEEP = 3600  # seconds a made document stays downloadable
RUNNING = 2  # jobs at once in a server process
# A job not done this long after its start (its estimate times STALLED_FACTOR, at least
# STALLED_MIN seconds) ended without a word: its page stops polling and says so.
STALLED_FACTOR = 4
STALLED_MIN = 120.0
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
    content_type: str = "application/pdf"
    inline: bool = True  # shown in the browser (a PDF) or saved (a workbook, a zip)
    club: str = ""  # a club's document (a season's, the club's site): its slug, and no slug
    title: str = ""  # the page's title for an operation (a restore), not a document
    link: str = ""  # where an operation's page sends the organiser once it is done
    pid: int = 0  # the server process whose thread makes it (0: not known)

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
    # (its own name per thread: the page may end a dead job while a late job writes)
    temporary = where / f"state.json.{os.getpid()}-{threading.get_ident()}.tmp"
    temporary.write_text(json.dumps(asdict(state)), encoding="utf-8")
    os.replace(temporary, where / "state.json")


def _process_alive(pid: int) -> bool:
    """Whether the server process `pid` still runs (True when it cannot be told)."""
    if pid <= 0 or pid == os.getpid() or os.name != "posix":  # (os.kill ends it on Windows)
        return True
    try:
        os.kill(pid, 0)  # signal 0: only asks whether it exists
    except ProcessLookupError:
        return False
    except OSError:  # another user's: it exists
        return True
    return True


def _dead(current: State) -> str:
    """Why a job not done will never be (its French message), or "" while it may be: its
    server process is gone (a worker restarted, killed, out of memory: its thread with it),
    or it has run far beyond its estimate."""
    if current.done:
        return ""
    if not _process_alive(current.pid):
        return _("Le document n'a pas pu être fait : le serveur s'est arrêté pendant sa "
                 "fabrication. Demandez-le à nouveau.")
    if time.time() - current.started > max(STALLED_MIN, STALLED_FACTOR * current.estimate):
        return _("Le document n'a pas pu être fait : sa fabrication n'a pas abouti dans le "
                 "temps prévu. Demandez-le à nouveau.")
    return ""


def state(job: str) -> State | None:
    """The job's state; a job that died without a word (its process gone, or far beyond its
    estimate) is ended with its French error, so that its page stops polling."""
    where = _job_folder(job)
    if where is None:
        return None
    try:
        current = State(**json.loads((where / "state.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None
    reason = _dead(current)
    if reason:
        current = State(**{**asdict(current), "done": True, "finished": time.time(),
                           "error": reason})
        _write(where, current)
    return current


def content(job: str) -> bytes | None:
    where = _job_folder(job)
    current = state(job)
    if where is None or current is None or not current.done or current.error or current.link:
        return None
    return (where / "document").read_bytes()


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
          make: Callable[[Step], bytes | str], content_type: str = "application/pdf",
          inline: bool = True, club: str = "", title: str = "") -> str:
    """Start `make(step)` in a thread; its job's token. Raises Busy when RUNNING run.
    `make` returns the file's content, or for an operation (a restore) the address the
    organiser goes to once it is done."""
    if not _running.acquire(blocking=False):
        raise Busy
    try:
        _sweep()
        job = secrets.token_urlsafe(16)
        where = folder() / job
        where.mkdir(parents=True, mode=0o700)
        begun = State(slug=slug, filename=filename, step=first_step, started=time.time(),
                      estimate=estimate, content_type=content_type, inline=inline, club=club,
                      title=title, pid=os.getpid())
        _write(where, begun)
        threading.Thread(target=_run, args=(where, begun, make), daemon=True,
                         name=f"document-{job[:6]}").start()
    except BaseException:
        _running.release()
        raise
    return job


def _run(where: Path, begun: State, make: Callable[[Step], bytes | str]) -> None:
    current = begun

    def step(text: str) -> None:
        nonlocal current
        current = State(**{**asdict(current), "step": text})
        _write(where, current)

    try:
        # A PDF is laid out by the renderer's process, never in this server's thread (GIL).
        with weasy.aside():
            made = make(step)
        link = ""
        if isinstance(made, str):
            link = made
        else:
            (where / "document").write_bytes(made)
        _write(where, State(**{**asdict(current), "done": True, "finished": time.time(),
                               "link": link}))
    except UserError as error:  # a refusal the document's own bounds make, in French
        _write(where, State(**{**asdict(current), "done": True, "finished": time.time(),
                               "error": error.message}))
    except Exception:
        logger.exception("Background document %s failed", where.name)
        failed = _("Le document n'a pas pu être fait : réessayez, ou voyez le journal du "
                   "serveur.")
        _write(where, State(**{**asdict(current), "done": True, "finished": time.time(),
                               "error": failed}))
    finally:
        connections.close_all()  # this thread's own database connection
        _running.release()


@dataclass(frozen=True)
class Long:
    """From what size a document is made in the background, and how long it should take:
    `size` counts what its time grows with (its lines, tables or games)."""

    threshold: int  # from this size on, in the background
    a_second: float  # units made a second, on this project's 2-core laptop (the estimate)
    fixed: float = 1.0  # seconds to read the concours and start

    def estimate(self, size: int) -> float | None:
        """The seconds a document of `size` should take, or None below the threshold (a
        plain download)."""
        return self.fixed + size / self.a_second if size >= self.threshold else None


# Measured on a concours of 1,000 teams × 10 parties and a mêlée of 2,000 players
# (simulate_concours), a season of 30 concours × 200 players (simulate_season), on the busy
# 2-core machine (issue 24): the threshold is where a document nears 2 s. The score sheets
# and the final pack have theirs beside their renderers (pdf.BACKGROUND_TABLES,
# final_pack.BACKGROUND_GAMES).
LONG: dict[str, Long] = {
    # lines (entrants): 1,000 teams 5.2 s, 2,000 players 12.6 s
    "standings": Long(threshold=500, a_second=200),
    # games: 5,000 games 1.5 s (teams) to 2.7 s (a mêlée's, busy)
    "standings.xlsx": Long(threshold=4000, a_second=2500),
    "caisse": Long(threshold=400, a_second=250),  # entrants: 1,000 teams 3.9 s
    "caisse.xlsx": Long(threshold=4000, a_second=2500),  # games, as the workbook
    "pairings": Long(threshold=250, a_second=150),  # tables: 500 tables 3.1 s to 17 s busy
    "blank": Long(threshold=250, a_second=150),  # tables: 500 blank sheets 2.8 s
    "backup": Long(threshold=3000, a_second=1800),  # games: 5,000 games 2.7 s (28 MB)
    "site": Long(threshold=1500, a_second=900),  # games: 5,000 games 5.5 s
    # cells (players × concours): 200 players × 30 concours 3.7 s
    "season": Long(threshold=3000, a_second=1600),
    "club_site": Long(threshold=1500, a_second=900),  # games of the concours chosen
    # donnes written: 51,288 donnes (1,000 teams × 10 parties, 28 MB) 10.8 s, read 1.7 s
    # of it (before the write lock)
    "restore": Long(threshold=3000, a_second=4000, fixed=2),
}
