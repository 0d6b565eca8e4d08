"""Automatic backups, for the installed command (`concours-belote`): each concours's backup
file — the JSON `export_json` writes and `import_tournament` restores — written into the data
folder when a partie closes and every 10 minutes while the concours changed, the last 30 of
each concours kept. Off unless settings.AUTO_BACKUP_DIR names a folder (the command sets it;
`make run` and the tests leave it empty).

A restore goes through the restore page (another issue's): it reads `autobackup_file` and
gives its text to the same all-or-nothing check as `import_tournament`."""

from __future__ import annotations

import datetime
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Tournament
from .autobackup_folders import (
    enabled,
    file_name,
    folder_name,
    folder_of,
    folders_of,
    gather,
    parse_name,
)
from .backup import export_json

KEEP = 30  # files a concours keeps; the oldest goes when a 31st is written
INTERVAL = 600  # seconds between two looks for changed concours (the command's thread)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AutoBackup:
    """One file of the list: its name (the download's key), when, and why it was written
    ("partie-3": partie 3 closed; "chrono-3": its chrono started or stopped; "auto": the
    10-minute look found changes; "avant-restauration": before a restore)."""

    name: str
    at: datetime.datetime
    reason: str
    size: int

    @property
    def words(self) -> str:
        """Why it was written, as the list of backups says it."""
        kind, _sep, number = self.reason.partition("-")
        if self.reason == "auto":
            return _("changements")
        if self.reason == BEFORE_RESTORE:
            return _("avant une restauration")
        if kind == "partie" and number.isdigit():
            return _("partie %(n)s close") % {"n": number}
        if kind == "chrono" and number.isdigit():
            return _("chrono de la partie %(n)s") % {"n": number}
        return self.reason


def _found(tournament: Tournament) -> list[tuple[AutoBackup, Path]]:
    """Every automatic backup of the concours, in whichever of its folders, the newest first
    (by moment: local names and an earlier version's UTC ones compare right)."""
    found = []
    for folder in folders_of(tournament.pk):
        for path in folder.iterdir():
            parsed = parse_name(path.name)
            if parsed is not None:
                found.append((AutoBackup(name=path.name, at=parsed[0], reason=parsed[1],
                                         size=path.stat().st_size), path))
    return sorted(found, key=lambda item: (item[0].at, item[0].name), reverse=True)


def autobackup_list(tournament: Tournament) -> list[AutoBackup]:
    """The concours's automatic backups, the newest first (none while they are off)."""
    if not enabled():
        return []
    return [backup for backup, _path in _found(tournament)]


def autobackup_file(*, tournament: Tournament, name: str) -> Path:
    """The file of one automatic backup of `tournament` — the hook for "restore this one":
    its text goes to the import's check. LookupError for a name that is not one of them
    (never a path outside the concours's folders)."""
    if enabled() and parse_name(name) is not None:
        for backup, path in _found(tournament):
            if backup.name == name and path.is_file():
                return path
    raise LookupError(name)


def autobackup_write(*, tournament: Tournament, reason: str,
                     now: datetime.datetime | None = None, prune: bool = True) -> Path | None:
    """Write a backup of `tournament` now, then keep the last KEEP (`prune` False: not yet,
    autobackup_before_restore's file until its restore is done). None while off."""
    if not enabled():
        return None
    folder = folder_of(tournament)
    gather(tournament, folder)  # an earlier version's folder, or before a rename
    path = folder / file_name(now or timezone.now(), reason)
    text = export_json(tournament)
    # Beside it, then renamed: a backup is whole or absent, never half written.
    partial = path.with_suffix(".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    if prune:
        _prune(tournament)
    return path


def _prune(tournament: Tournament) -> None:
    for _old, old_path in _found(tournament)[KEEP:]:
        old_path.unlink(missing_ok=True)


BEFORE_RESTORE = "avant-restauration"  # the reason of the backup a restore writes first


def autobackup_before_restore(*, tournament: Tournament) -> Path:
    """A backup of `tournament` as it is, written before a restore replaces it (issue 32: a
    wrong restore could not be undone): among its automatic backups when they are on (the
    installed command: listed, downloadable and restorable on the restore page), else in
    the server's data folder (var/avant-restauration/). OSError when it cannot be written:
    the caller then restores nothing. Nothing older is removed for it until
    autobackup_restore_settled says the restore was done: a refused one leaves the backups
    as they were."""
    if enabled():
        path = autobackup_write(tournament=tournament, reason=BEFORE_RESTORE, prune=False)
        assert path is not None  # on, so written
        return path
    folder = Path(settings.VAR_DIR) / BEFORE_RESTORE
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    prefix = f"{folder_name(tournament)}_"
    path = folder / f"{prefix}{file_name(timezone.now(), BEFORE_RESTORE)}"
    partial = path.with_suffix(".part")
    partial.write_text(export_json(tournament), encoding="utf-8")
    os.replace(partial, path)
    return path


def autobackup_restore_settled(*, tournament: Tournament, kept: Path, restored: bool) -> None:
    """After the restore autobackup_before_restore wrote `kept` for: done, the concours'
    last KEEP backups are kept, `kept` among them; refused (nothing changed), `kept` goes and
    nothing older was lost for it."""
    if not restored:
        kept.unlink(missing_ok=True)
    elif kept.parent.name == BEFORE_RESTORE:
        # The concours' last KEEP, as its automatic backups (the names sort by moment).
        prefix = f"{folder_name(tournament)}_"
        for old in sorted(kept.parent.glob(f"{prefix}*.json"), reverse=True)[KEEP:]:
            old.unlink(missing_ok=True)
    else:
        _prune(tournament)


def _write_quietly(tournament_id: int, reason: str) -> None:
    """A backup that cannot be written (disk full, folder removed) is logged; the partie
    stays closed, the evening goes on."""
    try:
        tournament = Tournament.objects.get(pk=tournament_id)
        autobackup_write(tournament=tournament, reason=reason)
    except (OSError, Tournament.DoesNotExist) as error:
        log.error("Sauvegarde automatique impossible (concours %s) : %s", tournament_id, error)


def on_partie_closed(*, tournament_id: int, number: int) -> None:
    """Called by round_close inside its transaction: the backup follows the commit (it then
    holds the closed partie; a rolled-back close writes none)."""
    if enabled():
        transaction.on_commit(lambda: _write_quietly(tournament_id, f"partie-{number}"))


def on_clock_changed(*, tournament_id: int, number: int) -> None:
    """Called by the countdown's start and stop inside their transaction: the countdown writes
    no journal entry, so the backup follows the commit at once (a restore after a crash
    counts down to the same end, or shows no chrono the desk had stopped)."""
    if enabled():
        transaction.on_commit(lambda: _write_quietly(tournament_id, f"chrono-{number}"))


def _clock_started(tournament: Tournament, since: datetime.datetime) -> bool:
    """Whether a partie's chrono was started (or started again) after `since` and before
    now: the look's safety net when the backup at its start could not be written. A start
    still to come (a restored file's, a laptop's clock set back) is no change: it would
    otherwise write a backup at every look until then."""
    now = timezone.now()
    for minutes, ends in (tournament.rounds.filter(clock_ends__isnull=False)
                          .values_list("clock_minutes", "clock_ends")):
        if minutes is not None and ends is not None and (
                since < ends - datetime.timedelta(minutes=minutes) <= now):
            return True
    return False


def autobackup_changed() -> list[Path]:
    """A backup of every concours changed (a journal entry, or a partie's chrono started)
    since its last backup, or never backed up and changed at all: what the command's thread
    does every INTERVAL seconds."""
    if not enabled():
        return []
    written = []
    for tournament in Tournament.objects.all():
        backups = autobackup_list(tournament)
        entries = tournament.audit.all()
        if backups:
            entries = entries.filter(at__gt=backups[0].at)
        if entries.exists() or (backups and _clock_started(tournament, backups[0].at)):
            try:
                path = autobackup_write(tournament=tournament, reason="auto")
            except OSError as error:
                log.error("Sauvegarde automatique impossible (%s) : %s", tournament.slug, error)
                continue
            if path is not None:
                written.append(path)
    return written
