"""The command's publishing thread: every few seconds, a look at the concours to push to the
club's results server (tournament.publish.outbox: at most once a minute a concours, only when
it changed, retried with a growing pause while offline). The desk never waits for it."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connections

from tournament.publish import outbox

log = logging.getLogger("tournament")

# Seconds between looks (settings.PUBLISH_PACE scales it); each concours' own pace is the
# outbox's.
INTERVAL = 15.0


class PublishThread(threading.Thread):
    def __init__(self, interval: float | None = None) -> None:
        super().__init__(name="publication", daemon=True)
        self.interval = INTERVAL * settings.PUBLISH_PACE if interval is None else interval
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.once()

    @staticmethod
    def once() -> None:
        try:
            outbox.publish_due()
        except Exception:  # a failed look is logged; the next one tries again
            log.exception("Publication : échec")
        finally:
            connections.close_all()  # this thread's connection: none kept between looks

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=15)
