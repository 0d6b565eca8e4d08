"""The command's backup thread: every 10 minutes, a backup of each concours changed since
its last one (services/autobackups), and a last look at the stop."""

from __future__ import annotations

import logging
import threading

from django.db import connections

from tournament.services import autobackups

log = logging.getLogger("tournament")


class BackupThread(threading.Thread):
    def __init__(self, interval: float = autobackups.INTERVAL) -> None:
        super().__init__(name="sauvegardes", daemon=True)
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.once()

    @staticmethod
    def once() -> None:
        try:
            autobackups.autobackup_changed()
        except Exception:  # a failed look is logged; the next one tries again
            log.exception("Sauvegardes automatiques : échec")
        finally:
            connections.close_all()  # this thread's connection: none kept between looks

    def stop(self) -> None:
        """Stop the thread, then back up what changed since its last look."""
        self.stopping.set()
        self.join(timeout=30)
        self.once()
