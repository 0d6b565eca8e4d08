"""Where the automatic backups (services.autobackups) are kept: a folder per concours in
settings.AUTO_BACKUP_DIR, a file per backup named by its moment (UTC) and its reason. Apart
from autobackups so that the restore (services.backup.write) carries a concours' folder over
without importing what writes the backups (which reads the backup's export)."""

from __future__ import annotations

import datetime
import json
import logging
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction

_NAME = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{6}Z)-([a-z0-9-]{1,30})\.json$")
MOMENT = "%Y-%m-%dT%H-%M-%S-%fZ"

log = logging.getLogger(__name__)


def enabled() -> bool:
    return bool(getattr(settings, "AUTO_BACKUP_DIR", ""))


def folder_of(tournament_id: int) -> Path:
    # By the concours's key, not its address: a renamed concours keeps its backups.
    return Path(settings.AUTO_BACKUP_DIR) / f"concours-{tournament_id}"


def parse_name(name: str) -> tuple[datetime.datetime, str] | None:
    match = _NAME.match(name)
    if match is None:
        return None
    at = datetime.datetime.strptime(match[1], MOMENT).replace(tzinfo=datetime.UTC)
    return at, match[2]


def autobackup_carry(*, from_id: int, to_id: int) -> None:
    """A concours restored over itself is written anew under another key: its backups
    follow it (once the restore is committed; a rolled-back one leaves them where they
    were), so that they stay listed, restorable and pruned."""
    if not enabled() or from_id == to_id:
        return

    def carry() -> None:
        source, target = folder_of(from_id), folder_of(to_id)
        try:
            if not source.is_dir():
                return
            if not target.exists():
                os.replace(source, target)
                return
            for path in source.iterdir():  # (a folder of the new key already: merged)
                if parse_name(path.name) is not None:
                    os.replace(path, target / path.name)
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
            folder = folder_of(tournament_id)
            if not folder.is_dir():
                continue
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
