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


def htmls_to_pdf(htmls: Sequence[str]) -> bytes:
    """One PDF from several HTML documents, in order, each rendered by its own process."""
    if len(htmls) == 1:
        return html_to_pdf(htmls[0])
    root = Path(__file__).resolve().parents[2]  # where `tournament` is importable from
    pdfs = []
    with tempfile.TemporaryFile() as errors:
        # Each worker reads all its input before writing: feeding them in turn cannot block.
        workers = [
            subprocess.Popen([sys.executable, "-m", __name__], cwd=root, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=errors)
            for _ in htmls
        ]
        for worker, html in zip(workers, htmls, strict=True):
            try:
                worker.stdin.write(html.encode())
                worker.stdin.close()
            except BrokenPipeError:
                pass  # the worker died: its exit status says so below
        for worker in workers:
            pdfs.append(worker.stdout.read())
            worker.stdout.close()
        if any(worker.wait() != 0 for worker in workers):
            errors.seek(0)
            raise RuntimeError("PDF worker failed: " + errors.read()[-2000:].decode(
                errors="replace"))
    return join(pdfs)


if __name__ == "__main__":
    sys.stdout.buffer.write(html_to_pdf(sys.stdin.buffer.read().decode()))
