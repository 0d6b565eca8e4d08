"""HTML to PDF with WeasyPrint, split over the machine's cores for long documents.

WeasyPrint lays out about eight score sheets a second on one core, so a 128-table round is
rendered in chunks by worker processes (this module run with -m: HTML on stdin, PDF on
stdout) and the chunks are joined with pypdf. Plain subprocesses, not multiprocessing: they
never re-import the server's main module. This module imports no Django.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pypdf import PdfWriter
from weasyprint import HTML


def html_to_pdf(html: str) -> bytes:
    return HTML(string=html).write_pdf()


def join(pdfs: Sequence[bytes]) -> bytes:
    writer = PdfWriter()
    for content in pdfs:
        writer.append(io.BytesIO(content))
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def workers_for(pages: int, pages_per_worker: int = 24) -> int:
    return max(1, min(os.cpu_count() or 1, pages // pages_per_worker))


class Workers:
    """Worker processes started before their HTML is ready: each spends its first half second
    importing WeasyPrint, while the caller builds the documents (a 128-table round: 0.6 s of
    queries, QR codes and templates). One worker: none started, the HTML is rendered here."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed by __exit__
        self.processes: list[subprocess.Popen] = []
        if count > 1:
            self.processes = [self._start() for _ in range(count)]

    def _start(self) -> subprocess.Popen:
        root = Path(__file__).resolve().parents[2]  # where `tournament` is importable from
        return subprocess.Popen([sys.executable, "-m", __name__], cwd=root,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=self.errors)

    def render(self, htmls: Sequence[str]) -> bytes:
        """One PDF from `htmls`, in order, each rendered by a worker of its own."""
        if len(htmls) == 1 and not self.processes:
            return html_to_pdf(htmls[0])
        while len(self.processes) < len(htmls):
            self.processes.append(self._start())
        workers, spare = self.processes[:len(htmls)], self.processes[len(htmls):]
        for worker in spare:  # fewer chunks than expected: a spare worker is not needed
            worker.kill()
            worker.wait()
        # Each worker reads all its input before writing: feeding them in turn cannot block.
        for worker, html in zip(workers, htmls, strict=True):
            assert worker.stdin is not None and worker.stdout is not None  # both piped
            try:
                worker.stdin.write(html.encode())
                worker.stdin.close()
            except BrokenPipeError:
                pass  # the worker died: its exit status says so below
        pdfs = []
        for worker in workers:
            assert worker.stdout is not None
            pdfs.append(worker.stdout.read())
            worker.stdout.close()
        if any(worker.wait() != 0 for worker in workers):
            self.errors.seek(0)
            raise RuntimeError("PDF worker failed: " + self.errors.read()[-2000:].decode(
                errors="replace"))
        return join(pdfs)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for worker in self.processes:  # an error before render: no worker left behind
            if worker.poll() is None:
                worker.kill()
                worker.wait()
            for pipe in (worker.stdin, worker.stdout):
                if pipe is not None and not pipe.closed:
                    pipe.close()
        self.errors.close()


def htmls_to_pdf(htmls: Sequence[str]) -> bytes:
    """One PDF from several HTML documents, in order, each rendered by its own process."""
    with Workers(len(htmls)) as workers:
        return workers.render(htmls)


if __name__ == "__main__":
    sys.stdout.buffer.write(html_to_pdf(sys.stdin.buffer.read().decode()))
