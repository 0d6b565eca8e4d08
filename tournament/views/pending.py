"""What a page keeps aside between its two steps (a file read and checked, then confirmed):
a backup awaiting its restore's confirmation, a file of teams or players awaiting the
choice of its ambiguous names.

Kept server-side rather than posted back: the browser gets only a random name (22
characters, of a concours: another concours' page cannot take it), the document never
travels twice nor can be altered between the steps, and a large one does not hit the
request size. A document is at most the size its first step accepted (a backup 50 MB, a
file of entrants 2 MB read as at most 2,000 lines); each is kept an hour at most, and every
keeping removes the older ones."""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import time
from pathlib import Path
from typing import Any

from django.conf import settings

from ..models import Tournament

KEEP = 3600  # seconds a document awaiting its confirmation is kept
_NAME = re.compile(r"[A-Za-z0-9_-]{22}")


def _folder(kind: str) -> Path:
    folder = Path(settings.VAR_DIR) / kind
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def pending_path(kind: str, tournament: Tournament, name: str) -> Path | None:
    """Where the document `name` of `tournament` is kept (None: not a name we give)."""
    if not _NAME.fullmatch(name):
        return None
    return _folder(kind) / f"{tournament.pk}-{name}.json"


def keep_aside(kind: str, tournament: Tournament, data: object) -> str:
    """Keep `data` (JSON) until its confirmation, under a new random name; documents kept
    over an hour go."""
    folder = _folder(kind)
    for old in folder.glob("*.json"):
        with contextlib.suppress(FileNotFoundError):
            if old.stat().st_mtime < time.time() - KEEP:
                old.unlink()
    name = secrets.token_urlsafe(16)
    path = pending_path(kind, tournament, name)
    assert path is not None
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return name


def kept(kind: str, tournament: Tournament, name: object) -> Any:
    """The document kept under `name` for `tournament`, or None (never kept, taken, or
    older than an hour)."""
    path = pending_path(kind, tournament, name) if isinstance(name, str) else None
    if path is None or not path.is_file():
        return None
    if path.stat().st_mtime < time.time() - KEEP:
        path.unlink(missing_ok=True)
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def discard(kind: str, tournament: Tournament, name: object) -> None:
    path = pending_path(kind, tournament, name) if isinstance(name, str) else None
    if path is not None:
        path.unlink(missing_ok=True)
