"""The command's backup thread: every 10 minutes, a backup of each concours changed since
its last one (services/autobackups), and a last look at the stop."""

from __future__ import annotations

from tournament.services import autobackups

from .looping import LoopThread


class BackupThread(LoopThread):
    def __init__(self, interval: float = autobackups.INTERVAL) -> None:
        super().__init__(name="sauvegardes", interval=interval,
                         look=autobackups.autobackup_changed,
                         failure="Sauvegardes automatiques : échec")

    def stop(self, timeout: float = 30) -> None:
        """Stop the thread, then back up what changed since its last look."""
        super().stop(timeout)
        self.once()
