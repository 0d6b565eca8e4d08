"""The command's publishing thread: every few seconds, a look at the concours to push to the
club's results server (tournament.publish.outbox: at most once a minute a concours, only when
it changed, retried with a growing pause while offline). The desk never waits for it."""

from __future__ import annotations

from django.conf import settings

from tournament.publish import outbox

from .looping import LoopThread

# Seconds between looks (settings.PUBLISH_PACE scales it); each concours' own pace is the
# outbox's.
INTERVAL = 15.0


class PublishThread(LoopThread):
    def __init__(self, interval: float | None = None) -> None:
        super().__init__(name="publication",
                         interval=INTERVAL * settings.PUBLISH_PACE if interval is None
                         else interval,
                         look=outbox.publish_due, failure="Publication : échec")
