"""Files written on disk (a backup, an export): never in place.

A file is written beside its target under a temporary name, flushed to the disk, then renamed
over the target (`os.replace`, atomic on one file system): a write that fails half-way (a
full disk, a killed process) leaves the previous file whole, and the temporary one removed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..models import Tournament


def write_atomic(path: Path, content: bytes | str, *, durable: bool = True) -> None:
    """Write `content` (text: UTF-8) to `path`, replacing it only once wholly written; and
    on the disk before the rename unless not `durable` (a cache's file, made again if lost)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    # In the same folder: a rename across file systems would be a copy, not atomic.
    descriptor, temporary = tempfile.mkstemp(dir=path.parent,
                                             prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def concours_file_name(stem: str, tournament: Tournament, extension: str) -> str:
    """A concours' downloaded file, named by the concours' date and address (its name in
    ASCII): « classement-2026-11-20-vendredi.pdf ». The download's date named them, and a
    Saturday's files of Friday's concours read as Saturday's (issue 32)."""
    return f"{stem}-{tournament.date:%Y-%m-%d}-{tournament.slug}.{extension}"
