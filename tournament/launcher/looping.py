"""A thread of the command that looks at something every few seconds (the backups, the
publishing): a failed look is logged and the next one tries again; the thread's database
connection is closed after each look (none kept between looks)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.db import connections

log = logging.getLogger("tournament")


class LoopThread(threading.Thread):
    def __init__(self, *, name: str, interval: float, look: Callable[[], object],
                 failure: str) -> None:
        super().__init__(name=name, daemon=True)
        self.interval = interval
        self.look = look
        self.failure = failure  # the log's words for a failed look
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.once()

    def once(self) -> None:
        try:
            self.look()
        except Exception:  # a failed look is logged; the next one tries again
            log.exception(self.failure)
        finally:
            connections.close_all()

    def stop(self, timeout: float = 30) -> None:
        self.stopping.set()
        self.join(timeout=timeout)
