"""HTML to PDF with WeasyPrint, split over the machine's cores for long documents.

WeasyPrint lays out about thirty score sheets a second on one core, so a 128-table round is
rendered in chunks side by side, joined (`join`). Each chunk is rendered by a child forked
from the *renderer*: a process of its own (this module run with -m) that imported WeasyPrint
and laid out a page once, fonts loaded, and waits. A fresh process spent 1.1 s importing
WeasyPrint and loading its fonts before its first sheet, a third of its time on a chunk of 64
sheets; a child of the renderer starts warm. One renderer a server process, started with its
first long document (while that document's HTML is built: `warm_up`) and gone with it; not
at the server's start, where it would cost each worker 56 MB and a second of CPU for
nothing on an evening without long documents. It runs one thread (forking it is safe),
imports no Django, and is a plain subprocess: it never re-imports the server's main module.
It lays out as many chunks at a time as there are cores, the largest first, the next one
started as soon as one ends: a document of many parts (the final pack: the standings, the
palmarès, ten parts of results) keeps every core busy to its end, and no more children live
at once than cores (each holds its pages in memory until it writes them).
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

RENDER_TIMEOUT = 300  # seconds a long document may take, at most, before the renderer is killed
# The renderer's priority below the server's (nice): the phones' requests come first, and an
# idle processor renders as fast as ever.
NICENESS = 10
# What the renderer lays out once, so that its fonts and caches are loaded before it forks:
# the two families every printed document uses, regular and bold.
WARM_UP = ('<p style="font-family: DejaVu Sans">Feuille <b>de marque</b></p>'
           '<pre style="font-family: DejaVu Sans Mono">1  N  NS  80 <b>♥</b></pre>')


# Documents rendered within `aside()` are laid out by the renderer, not by this thread.
_aside = threading.local()


def has_renderer() -> bool:
    """Whether this process can have a renderer. Not on Windows (no fork), nor in a frozen
    executable (PyInstaller), whose Python is the application itself, which cannot run this
    module with -m: there every PDF is laid out in the process that asks for it."""
    return hasattr(os, "fork") and not getattr(sys, "frozen", False)


@contextlib.contextmanager
def aside() -> Iterator[None]:
    """Render the PDFs asked within the block in the renderer (a process of lower priority:
    `NICENESS`), not in this server thread: while a visitor's document is laid out, the
    phones' requests keep the processor first, and this worker's other thread its GIL
    (where there is no renderer, `has_renderer`: in this thread, as any other PDF)."""
    _aside.on = True
    try:
        yield
    finally:
        _aside.on = False


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection within the block: a layout makes a million young objects, which
    the collector walked again and again (a fifth of the CPU of 500 rows of standings) to
    find few cycles; it runs again after the block (unless another thread paused it first,
    which turns it back on when its own block ends)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def html_to_pdf(html: str) -> bytes:
    if getattr(_aside, "on", False) and has_renderer():
        return renderer().render([html])
    # Imported at the first PDF, not with the app's pages: WeasyPrint (Pango, fonts) costs
    # 0.3–0.8 s and 20 MB, which the installed command's start then does not pay.
    from weasyprint import HTML

    from .fetcher import LocalFetcher

    with collector_paused():
        return HTML(string=html, url_fetcher=LocalFetcher()).write_pdf()


def join(pdfs: Sequence[bytes]) -> bytes:
    """One PDF of `pdfs`' pages, in order: the first one's title, language and bookmarks,
    then each other one's bookmarks, pointing at its pages where they are now.

    pikepdf (qpdf, in C++), not pypdf: a 500-table round's two chunks (2.3 MB) are joined in
    0.16 s of CPU, not 0.8 s, the last thing done before the file is sent. Imported here,
    not with the app's pages (90 ms at the installed command's start)."""
    import pikepdf

    joined = pikepdf.Pdf.open(io.BytesIO(pdfs[0]))
    with joined.open_outline() as outline:
        for content in pdfs[1:]:
            part = pikepdf.Pdf.open(io.BytesIO(content))
            start = len(joined.pages)
            joined.pages.extend(part.pages)
            # Each of the part's pages (by its object's number there), as copied here.
            copies = {page.obj.objgen: copy.obj
                      for page, copy in zip(part.pages, joined.pages[start:], strict=True)}
            with part.open_outline() as theirs:
                outline.root.extend(_moved(item, copies) for item in theirs.root)
    output = io.BytesIO()
    joined.save(output)
    return output.getvalue()


def _moved(item: pikepdf.OutlineItem,
           copies: Mapping[tuple[int, int], pikepdf.Object]) -> pikepdf.OutlineItem:
    """A bookmark of a part (and its children), its destination on that page's copy in the
    joined file (`copies`). A destination not on a page of the part (WeasyPrint writes none
    such) is left out."""
    import pikepdf

    destination = item.destination
    moved = None
    if isinstance(destination, pikepdf.Array) and len(destination) and (
            destination[0].objgen in copies):
        moved = pikepdf.Array([copies[destination[0].objgen], *destination[1:]])
    copy = pikepdf.OutlineItem(item.title, moved)
    copy.children.extend(_moved(child, copies) for child in item.children)
    return copy


def workers_for(pages: int, pages_per_worker: int = 24) -> int:
    return max(1, min(os.cpu_count() or 1, pages // pages_per_worker))


@dataclass(frozen=True)
class Rendered:
    """What the renderer's children cost for the last document: CPU seconds in all, and the
    largest one's peak resident memory."""

    cpu: float
    peak_mb: float


class Renderer:
    """The server process's side of the renderer: `render` sends it the chunks (as files),
    waits for its children, reads their PDFs. One document at a time (a lock): a second one
    asked meanwhile waits for the first."""

    def __init__(self) -> None:
        self.owner = os.getpid()
        self.lock = threading.Lock()
        self.process: subprocess.Popen | None = None
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - the renderer's stderr, kept
        self.pending = b""
        self.last: Rendered | None = None

    def start(self) -> None:
        """Start the renderer unless it runs (it warms up while the caller goes on); one
        found dead is cleared away first, its children and pipes with it."""
        if self.process is not None and self.process.poll() is None:
            return
        self.stop()
        root = Path(__file__).resolve().parents[2]  # where `tournament` is importable from
        self.pending = b""
        self.process = subprocess.Popen(
            [sys.executable, "-m", __name__, "--serve"], cwd=root, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.errors, start_new_session=True)

    def stop(self) -> None:
        """Kill the renderer and the children it has (they share its process group)."""
        if self.process is None:
            return
        # The whole group, even when the renderer itself is gone: a child it left would
        # still be writing its chunk.
        with contextlib.suppress(ProcessLookupError):  # no process left in the group
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            # A document the renderer died before reading is still in stdin's buffer, and
            # closing flushes it again: the pipe is closed all the same, the error is moot.
            with contextlib.suppress(BrokenPipeError):
                if pipe is not None:
                    pipe.close()
        self.process = None

    def _reply(self, deadline: float, done: Callable[[int], None] | None = None) -> bytes:
        """The renderer's next answer to a document ("ok" or "failed"), its greeting skipped;
        `done` hears the count of parts laid out each time a child ends."""
        assert self.process is not None and self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while True:
            line, newline, rest = self.pending.partition(b"\n")
            if newline:
                self.pending = rest
                if line.startswith(b"done "):
                    if done is not None:
                        done(int(line.split()[1]))
                elif line != b"ready":
                    return line
                continue
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise RuntimeError(f"PDF worker failed: no PDF after {RENDER_TIMEOUT} s")
            chunk = os.read(fd, 4096)
            if not chunk:
                raise RuntimeError("PDF worker failed: the renderer stopped")
            self.pending += chunk

    def render(self, htmls: Sequence[str], done: Callable[[int], None] | None = None) -> bytes:
        """One PDF from `htmls`, in order, each rendered by a child of the renderer (`done`
        hears how many are laid out, as each child ends)."""
        with self.lock, tempfile.TemporaryDirectory(prefix="pdf-") as folder:
            sources = []
            for index, html in enumerate(htmls):
                sources.append(Path(folder, f"{index}.html"))
                sources[-1].write_text(html, encoding="utf-8")
            self.errors.seek(0, io.SEEK_END)
            errors_from = self.errors.tell()
            for attempt in (1, 2):  # a renderer found dead is started again, once
                # Each attempt writes PDFs of its own names: nothing of the first is read.
                jobs = [[str(source), str(source.with_suffix(f".{attempt}.pdf"))]
                        for source in sources]
                self.start()
                assert self.process is not None and self.process.stdin is not None
                try:
                    self.process.stdin.write(json.dumps(jobs).encode() + b"\n")
                    self.process.stdin.flush()
                    reply = self._reply(time.monotonic() + RENDER_TIMEOUT, done)
                    break
                except (BrokenPipeError, RuntimeError) as error:
                    stopped = "stopped" in str(error) or isinstance(error, BrokenPipeError)
                    self.stop()
                    if attempt == 2 or not stopped:
                        raise self._failure(errors_from, error) from error
            if not reply.startswith(b"ok "):
                raise self._failure(errors_from, reply.decode(errors="replace"))
            cpu, peak = reply.split()[1:]
            self.last = Rendered(cpu=float(cpu), peak_mb=int(peak) / 1024)
            return join([Path(target).read_bytes() for _source, target in jobs])

    def _failure(self, errors_from: int, reason: object) -> RuntimeError:
        self.errors.seek(errors_from)
        said = self.errors.read()[-2000:].decode(errors="replace")
        return RuntimeError(f"PDF worker failed ({reason}): {said}")


_renderer: Renderer | None = None
_renderer_guard = threading.Lock()


def renderer() -> Renderer:
    """This process's renderer (a forked server process gets its own)."""
    global _renderer
    with _renderer_guard:
        if _renderer is None or _renderer.owner != os.getpid():
            _renderer = Renderer()
        return _renderer


def warm_up() -> None:
    """Start this process's renderer now, so that the first long document finds it warm
    (after any document it is rendering: never while `render` restarts it); nothing where
    there is none (`has_renderer`)."""
    if not has_renderer():
        return
    current = renderer()
    with current.lock:
        current.start()


def htmls_to_pdf(htmls: Sequence[str], done: Callable[[int], None] | None = None) -> bytes:
    """One PDF from several HTML documents, in order, rendered side by side (a single one is
    rendered here); `done` hears how many are laid out as they are."""
    if len(htmls) == 1:
        return html_to_pdf(htmls[0])
    if not has_renderer():  # one after the other, here
        pdfs = []
        for html in htmls:
            pdfs.append(html_to_pdf(html))
            if done is not None:
                done(len(pdfs))
        return join(pdfs)
    return renderer().render(htmls, done)


def _size(path: str) -> int:
    """A chunk's HTML size (0 if it cannot be read: its child fails and says why)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def serve() -> None:
    """The renderer: warm up, then for each line of stdin (a JSON list of [HTML file, PDF
    file]) render each pair in a child of its own, as many at once as there are cores, the
    largest HTML first (the longest to lay out: the cores end together), say "done n" as
    each ends, and answer "ok" or "failed". Ends when stdin does (its server process is
    gone)."""
    os.nice(NICENESS)
    html_to_pdf(WARM_UP)
    answer = sys.stdout.buffer
    answer.write(b"ready\n")
    answer.flush()
    cores = os.cpu_count() or 1
    for line in sys.stdin.buffer:
        waiting = sorted(json.loads(line), key=lambda job: -_size(job[0]))
        running: set[int] = set()
        failed, cpu, peak, ended = False, 0.0, 0, 0
        while waiting or running:
            while waiting and len(running) < cores:
                source, target = waiting.pop(0)
                pid = os.fork()
                if pid == 0:  # a child: render one chunk, and leave without any cleanup
                    gc.disable()  # as `collector_paused`; what it leaves dies with the child
                    code = 1
                    try:
                        Path(target).write_bytes(html_to_pdf(Path(source).read_text("utf-8")))
                        code = 0
                    except BaseException:
                        traceback.print_exc()  # to the server's errors file
                    finally:
                        os._exit(code)
                running.add(pid)
            pid, status, usage = os.wait4(-1, 0)
            running.discard(pid)
            ended += 1
            failed = failed or os.waitstatus_to_exitcode(status) != 0
            cpu += usage.ru_utime + usage.ru_stime
            peak = max(peak, usage.ru_maxrss)
            answer.write(b"done %d\n" % ended)
            answer.flush()
        # What the children cost, for the benchmark: CPU seconds, the largest's peak in KiB.
        answer.write(b"failed\n" if failed else b"ok %.3f %d\n" % (cpu, peak))
        answer.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:  # HTML on stdin, PDF on stdout
        sys.stdout.buffer.write(html_to_pdf(sys.stdin.buffer.read().decode()))
