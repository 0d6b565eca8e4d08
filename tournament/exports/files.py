"""Files written on disk (a backup, an export): never in place.

A file is written beside its target under a temporary name, flushed to the disk, then renamed
over the target (`os.replace`, atomic on one file system): a write that fails half-way (a
full disk, a killed process) leaves the previous file whole, and the temporary one removed.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import tempfile
import unicodedata
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


def ascii_words(text: str, limit: int = 40) -> str:
    """`text` for a file name: its words in ASCII lower case joined by hyphens (« Cœur
    d'Atout » → « coeur-d-atout »), at most `limit` characters."""
    folded = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("Œ", "Oe"))
    words = re.findall(r"[a-z0-9]+", folded.encode("ascii", "ignore").decode().lower())
    return "-".join(words)[:limit].strip("-")


def season_file_name(club_name: str, season_name: str, start: datetime.date,
                     end: datetime.date, extension: str) -> str:
    """A season's downloaded file, named by the season, its club's name (the current one, not
    an address kept from an earlier name) and its dates: « saison-2026-2027-coeur-d-atout-
    2026-09-01-2027-06-30.pdf ». The download's date named it (issue 32)."""
    name = ascii_words(season_name)
    if not name.startswith("saison"):
        name = f"saison-{name}".rstrip("-")
    club = ascii_words(club_name)
    return f"{name}{'-' + club if club else ''}-{start:%Y-%m-%d}-{end:%Y-%m-%d}.{extension}"


def site_file_name(club_name: str, days: list[datetime.date]) -> str:
    """A club's site export, named by the club's current name and the span of the concours
    and seasons it holds: « site-coeur-d-atout-2026-09-05-2026-11-20.zip »."""
    club = ascii_words(club_name) or "club"
    if not days:
        return f"site-{club}.zip"
    return f"site-{club}-{min(days):%Y-%m-%d}-{max(days):%Y-%m-%d}.zip"
