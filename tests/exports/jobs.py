"""Helpers for the tests of documents made in the background (exports.progress)."""

from __future__ import annotations

import time

from tournament.exports import progress


def finished(job: str) -> progress.State:
    """The job's state once it is done (60 s at most)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = progress.state(job)
        if state is not None and state.done:
            return state
        time.sleep(0.1)
    raise AssertionError("the background document never finished")
