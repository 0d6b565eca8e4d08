"""Printed documents kept by what they show, and their renders bounded.

A public PDF costs seconds of CPU (a 256-team final pack 17.7 s) while a phone's donne costs
milliseconds: without bounds, a few visitors downloading PDFs in a loop slowed every phone of
the hall. So:

- **Kept by what they show.** Every change of a concours writes its journal (`AuditEntry`, in
  the same transaction), so a concours' version is its last journal entry's id, with the
  concours' own row (its name, its options, `published`: a few change without a journal
  entry) and its creation time (a database made anew numbers its rows from 1 again). A
  document is rendered once per version, its parameters and the code's version (a new
  release renders anew), then read from a file every server process shares: one a document
  (its last rendering, under the folder of `CACHES["documents"]`, whose cache counts the
  visitors' downloads).
- **A queue.** A render takes a slot among `DOCUMENT_RENDERS` (a lock file each, between
  all server processes); visitors other than the organiser take one among the first
  `DOCUMENT_PUBLIC_RENDERS` only, so phones keep a core, and never wait for one
  (`Busy`: the view answers 503 with Retry-After): a server thread waiting for a slot is a
  thread the phones lack (2 a worker), and a phone's post queued behind it waited seconds.
  The organiser waits up to `WAIT` seconds. The render itself is laid out by the renderer
  process at a lower priority than the server (`weasy.aside`).
- **A season's documents alike**, kept by its row, its concours' versions, its club's
  register's last change and its club's row (`season_version`).
- **A limit per visitor**: `DOCUMENT_VISITOR_LIMIT` downloads a minute per address (the
  organiser is not counted).
- **At most `DOCUMENT_VISITOR_BEHIND` seconds behind, for visitors** (0 by default: never): a
  document rendered less than that ago is given to a visitor even if the concours changed
  since (it prints when it was made); with every slot taken, a visitor gets the last
  rendering (if less than `BUSY_STALE` seconds old) rather than 503: while the tables play,
  the concours changes every few seconds and one render at a time serves every visitor.
  The organiser's is always current.

The journal rule is the services' (each writes its entry in its transaction); a test writes
through the services that change documents and checks that the version moves.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.db.models import Model

from ..models import Season, Tournament
from ..selectors.documents import last_journal_id, season_state
from ..selectors.sponsors import sponsors_state
from . import files

try:  # Unix; elsewhere the slots are this process's only (the installed command: one process)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[2]
# What a document is made from besides the database: a new release changes one of them.
SOURCES = ("tournament", "scoring", "templates", "locale")
WAIT = 30.0  # seconds the organiser's render waits for a slot before "busy"
RETRY_BUSY = 10  # seconds a busy visitor is asked to wait (Retry-After)
WINDOW = 60  # seconds of a visitor's count of downloads
KEEP = 24 * 3600  # seconds a rendering not rendered again is kept
BUSY_STALE = 300  # seconds of age beyond which a rendering is not given for a busy slot


class Busy(Exception):
    """Every render slot this visitor may take stayed taken."""


_generation: str | None = None


def generation() -> str:
    """The code's version: a digest of its sources' names, sizes and times (once a process)."""
    global _generation
    if _generation is None:
        digest = hashlib.sha256()
        for folder in SOURCES:
            for path in sorted((ROOT / folder).rglob("*")):
                if path.suffix in (".py", ".html", ".mo", ".css", ".svg"):
                    stat = path.stat()
                    digest.update(f"{path.relative_to(ROOT)}:{stat.st_size}:"
                                  f"{stat.st_mtime_ns}\n".encode())
        _generation = digest.hexdigest()[:16]
    return _generation


def _row(instance: Model) -> str:
    """The concours' row as it was read, every column."""
    values = [(field.attname, getattr(instance, field.attname))
              for field in instance._meta.concrete_fields]
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def version(tournament: Tournament) -> str:
    """What the concours' documents show, as a key: one query (its last journal entry), two
    when its PDFs print its club's logos."""
    last = last_journal_id(tournament)
    # Its club's logos when its PDFs print them (a second query, then only): a logo added
    # or deleted changes them, and is no entry of the concours' journal.
    logos = sponsors_state(tournament.club_id) if tournament.sponsors_in_pdfs else ""
    return f"{tournament.pk}.{tournament.created.timestamp()}.{last}.{_row(tournament)}{logos}"


def season_version(season: Season) -> str:
    """What a season's documents show, as a key: its row, its concours' rows and last journal
    entries, the club's register's last change and the club's row (four queries, whatever
    the number of concours: selectors.season_state)."""
    state = repr([_row(season), season_state(season)])
    return f"s{_ident(season)}.{hashlib.sha256(state.encode()).hexdigest()[:16]}"


def _ident(owner: Tournament | Season) -> str:
    # A database made anew numbers its rows from 1 again: the creation time tells them apart.
    text = f"{owner.pk}.{owner.created.timestamp()}"
    return f"saison-{text}" if isinstance(owner, Season) else text


def document_key(owner: Tournament | Season, name: str, *params: object) -> str:
    """A document's version: the concours' (or the season's), the code's and its own
    parameters'."""
    state = season_version(owner) if isinstance(owner, Season) else version(owner)
    text = f"{generation()}|{state}|{name}|{params!r}"
    return hashlib.sha256(text.encode()).hexdigest()


@dataclasses.dataclass(frozen=True)
class Kept:
    """A document's last rendering: when, for which version (`document_key`), its bytes."""

    made: float
    key: str
    content: bytes


def _folder() -> Path:
    documents = settings.CACHES["documents"]
    assert isinstance(documents, dict)
    return Path(str(documents["LOCATION"]))


def _path(owner: Tournament | Season, name: str, params: tuple[object, ...]) -> Path:
    """One file a document (of this concours or season, with these parameters): its last
    rendering."""
    text = f"{generation()}|{_ident(owner)}|{name}|{params!r}"
    return _folder() / "files" / f"{hashlib.sha256(text.encode()).hexdigest()}.bin"


def read(tournament: Tournament | Season, name: str, *params: object) -> Kept | None:
    """The document's last rendering, if any. Plain files, not Django's file cache: that one
    pickles and compresses every value, CPU spent again on each read of a compressed PDF."""
    path = _path(tournament, name, params)
    try:
        with path.open("rb") as stream:
            head = json.loads(stream.readline())
            return Kept(made=head["made"], key=head["key"], content=stream.read())
    except (FileNotFoundError, ValueError, KeyError, TypeError):
        return None


def write(tournament: Tournament | Season, name: str, params: tuple[object, ...], key: str,
          content: bytes) -> None:
    """Keep `content` as the document's last rendering (for version `key`); renderings
    older than `KEEP` go, so the folder holds about one file a document of each concours."""
    path = _path(tournament, name, params)
    path.parent.mkdir(parents=True, exist_ok=True)
    head = json.dumps({"made": time.time(), "key": key}).encode() + b"\n"
    # Beside it then renamed: a reader in another process never reads half a document.
    files.write_atomic(path, head + content, durable=False)
    for old in path.parent.glob("*.bin"):
        with contextlib.suppress(FileNotFoundError):
            if old.stat().st_mtime < time.time() - KEEP:
                old.unlink()


def busy_fallback(kept: Kept | None, *, organiser: bool) -> bytes | None:
    """What a visitor gets when every slot is taken: the last rendering, if less than
    `BUSY_STALE` seconds old (at most a render's time behind, while the tables play)."""
    if organiser or kept is None or time.time() - kept.made >= BUSY_STALE:
        return None
    return kept.content


def servable(kept: Kept | None, key: str, *, organiser: bool) -> bytes | None:
    """What a request may be given from `kept`: the version asked; for a visitor, also a
    rendering less than `DOCUMENT_VISITOR_BEHIND` seconds old."""
    if kept is None:
        return None
    behind = settings.DOCUMENT_VISITOR_BEHIND
    if kept.key == key or (not organiser and time.time() - kept.made < behind):
        return kept.content
    return None


# --- Slots ---------------------------------------------------------------------------------

_local_slots: dict[int, threading.Lock] = {}
_local_guard = threading.Lock()


def _slot_folder() -> Path:
    folder = _folder() / "slots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.contextmanager
def _try_slot(index: int) -> Iterator[bool]:
    """Slot `index` held for the block if it was free (yields False otherwise)."""
    with _local_guard:
        local = _local_slots.setdefault(index, threading.Lock())
    if not local.acquire(blocking=False):  # a thread of this process has it
        yield False
        return
    try:
        if fcntl is None:  # pragma: no cover - Windows
            yield True
            return
        with (_slot_folder() / f"{index}.lock").open("a") as file:
            try:
                fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # another process has it
                yield False
                return
            # Released when the file is closed, or by the kernel if the process dies.
            yield True
    finally:
        local.release()


@contextlib.contextmanager
def render_slot(*, public: bool, wait: float | None = None) -> Iterator[None]:
    """Hold one render slot for the block, waiting `wait` seconds at most (then `Busy`); by
    default a visitor does not wait, the organiser `WAIT` seconds."""
    if wait is None:
        wait = 0.0 if public else WAIT
    count = settings.DOCUMENT_PUBLIC_RENDERS if public else settings.DOCUMENT_RENDERS
    deadline = time.monotonic() + wait
    while True:
        for index in range(max(1, count)):
            with _try_slot(index) as held:
                if held:
                    yield
                    return
        if time.monotonic() >= deadline:
            raise Busy
        time.sleep(0.05)


# --- Visitors ------------------------------------------------------------------------------


def visitor_wait(visitor: str, now: float | None = None, *, kind: str = "visitor",
                 limit: int | None = None) -> int:
    """Count a download of `visitor` (an address): 0 if allowed, else the seconds until
    their count starts again. The count is shared by the server processes (a window a
    minute, in the documents' cache: two downloads at once may be counted once). `kind`
    counts apart what has its own `limit` a minute (« Où est ma table ? »'s searches and
    refreshes: `FINDER_VISITOR_LIMIT`); the documents by default (`DOCUMENT_VISITOR_LIMIT`)."""
    now = time.time() if now is None else now
    window = int(now // WINDOW)
    key = f"{kind}:{hashlib.sha256(visitor.encode()).hexdigest()[:24]}:{window}"
    store = caches["documents"]
    store.add(key, 0, WINDOW * 2)
    try:
        count = store.incr(key)
    except ValueError:  # expired between the two calls
        store.set(key, 1, WINDOW * 2)
        count = 1
    if count <= (settings.DOCUMENT_VISITOR_LIMIT if limit is None else limit):
        return 0
    return max(1, int((window + 1) * WINDOW - now))
