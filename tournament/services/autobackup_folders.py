"""Where the automatic backups (services.autobackups) are kept: a folder per concours in
settings.AUTO_BACKUP_DIR, named by the concours' date and address (« 2026-11-21-belote-du-
vendredi »), a file per backup named by its moment in local time (settings.TIME_ZONE, with its
offset) and its reason (« 2026-11-21_21h15-03-123456+0100-partie-3.json »): what a volunteer
recognises in the data folder. Apart from autobackups so that the restore
(services.backup.write) carries a concours' folder over without importing what writes the
backups (which reads the backup's export).

A folder knows its concours by a small file (OWNER_FILE: the concours' key), since the
name changes with the date or the address and the key with a restore. The folders of earlier
versions (« concours-<key> », files named in UTC) are still read, listed, restored and pruned;
the next backup written moves their files into the concours' named folder."""

from __future__ import annotations

import datetime
import json
import logging
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings
from django.db import transaction
from django.utils import timezone

# The name of today's files (local time with its offset: the autumn's repeated hour stays
# in order), and that of earlier versions' (UTC), both read.
_NAME = re.compile(r"^(\d{4}-\d\d-\d\d_\d\dh\d\d-\d\d-\d{6}[+-]\d{4})-([a-z0-9-]{1,30})\.json$")
MOMENT = "%Y-%m-%d_%Hh%M-%S-%f%z"
_OLD_NAME = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{6}Z)-([a-z0-9-]{1,30})\.json$")
_OLD_MOMENT = "%Y-%m-%dT%H-%M-%S-%fZ"
_OLD_FOLDER = re.compile(r"^concours-(\d{1,18})$")
OWNER_FILE = ".concours"  # the concours' key, in its folder

log = logging.getLogger(__name__)


class Concours(Protocol):
    """What names a concours' folder (a Tournament; kept apart from the models)."""

    @property
    def pk(self) -> Any: ...
    @property
    def slug(self) -> str: ...
    @property
    def date(self) -> datetime.date | None: ...


def enabled() -> bool:
    return bool(getattr(settings, "AUTO_BACKUP_DIR", ""))


def _root() -> Path:
    return Path(settings.AUTO_BACKUP_DIR)


def folder_name(tournament: Concours) -> str:
    """« 2026-11-21-belote-du-vendredi »: the concours' date, then its address (unique)."""
    day = tournament.date.isoformat() if tournament.date else "sans-date"
    return f"{day}-{tournament.slug or 'concours'}"


def owner_of(folder: Path) -> int | None:
    """The key of the concours whose backups `folder` holds (None: not a concours' folder)."""
    try:
        text = (folder / OWNER_FILE).read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        match = _OLD_FOLDER.match(folder.name)
        return int(match[1]) if match else None
    return int(text) if text.isdigit() and len(text) <= 18 else None


def _own(folder: Path, tournament_id: int) -> None:
    (folder / OWNER_FILE).write_text(f"{tournament_id}\n", encoding="ascii")


def folders_of(tournament_id: int) -> list[Path]:
    """Every folder holding the concours' backups: its named one, and an earlier version's
    (or one named by an earlier date or address). One look at the data folder."""
    root = _root()
    if not enabled() or not root.is_dir():
        return []
    return sorted(folder for folder in root.iterdir()
                  if folder.is_dir() and owner_of(folder) == tournament_id)


def folder_of(tournament: Concours) -> Path:
    """The folder the next backup of `tournament` goes to (made, and marked as its own): its
    date and address; another concours' folder of that name (one deleted, whose backups
    stay) is left alone, this one's then gets « -2 »…"""
    root = _root()
    base = folder_name(tournament)
    for number in range(1, 1000):
        folder = root / (base if number == 1 else f"{base}-{number}")
        if not folder.exists():
            folder.mkdir(mode=0o700, parents=True)
            _own(folder, tournament.pk)
            return folder
        if owner_of(folder) == tournament.pk:
            return folder
    raise OSError(f"Aucun dossier libre pour {base}")


def gather(tournament: Concours, folder: Path) -> None:
    """The concours' backups kept elsewhere (an earlier version's « concours-<key> », or its
    date or address changed since) moved into `folder`; an emptied folder is removed."""
    for other in folders_of(tournament.pk):
        if other == folder:
            continue
        for path in other.iterdir():
            if parse_name(path.name) is not None and not (folder / path.name).exists():
                os.replace(path, folder / path.name)
        leftover = [path for path in other.iterdir() if path.name != OWNER_FILE]
        if not leftover:
            (other / OWNER_FILE).unlink(missing_ok=True)
            other.rmdir()


def parse_name(name: str) -> tuple[datetime.datetime, str] | None:
    match = _NAME.match(name)
    if match is not None:
        try:
            return datetime.datetime.strptime(match[1], MOMENT), match[2]
        except ValueError:
            return None
    match = _OLD_NAME.match(name)
    if match is None:
        return None
    at = datetime.datetime.strptime(match[1], _OLD_MOMENT).replace(tzinfo=datetime.UTC)
    return at, match[2]


def file_name(moment: datetime.datetime, reason: str) -> str:
    """A backup's file name: its moment in local time (with the offset), and its reason."""
    return f"{timezone.localtime(moment).strftime(MOMENT)}-{reason}.json"


def autobackup_carry(*, from_id: int, to_id: int) -> None:
    """A concours restored over itself is written anew under another key: its folders
    follow it (once the restore is committed; a rolled-back one leaves them as they were),
    so that its backups stay listed, restorable and pruned."""
    if not enabled() or from_id == to_id:
        return

    def carry() -> None:
        for folder in folders_of(from_id):
            try:
                _own(folder, to_id)
            except OSError as error:
                log.error("Sauvegardes automatiques non déplacées (concours %s vers %s) : %s",
                          from_id, to_id, error)

    transaction.on_commit(carry)


def autobackups_rewrite(*, tournament_ids: Iterable[int],
                        rewrite: Callable[[Any], Any]) -> None:
    """Each automatic backup of the concours `tournament_ids` rewritten through `rewrite`
    (its parsed JSON in, the JSON to keep out), once the transaction that asks it commits:
    an anonymisation (RGPD) reaches the backups the app keeps, not only its database. A file
    that cannot be read or written is logged and left (the page said what it cannot reach)."""
    if not enabled():
        return
    ids = sorted(set(tournament_ids))

    def apply() -> None:
        for tournament_id in ids:
            for folder in folders_of(tournament_id):
                for path in sorted(folder.iterdir()):
                    if parse_name(path.name) is None:
                        continue
                    try:
                        data = json.loads(path.read_text(encoding="utf-8"))
                        text = json.dumps(rewrite(data), ensure_ascii=False, indent=1)
                        partial = path.with_suffix(".part")
                        partial.write_text(text, encoding="utf-8")
                        os.replace(partial, path)
                    except (OSError, ValueError) as error:
                        log.error("Sauvegarde automatique non réécrite (%s) : %s", path, error)

    transaction.on_commit(apply)
