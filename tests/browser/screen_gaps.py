"""What a hall sees while the projector's pages turn (static/tournament/screen.js), measured
in the page itself on every frame the browser draws: the time between two page switches,
the longest time with no page of rows on show, and the longest frame (the main thread
busy: nothing moves). Used by the browser test of the switches and by bench/bench_screen.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

# Installed once the first page shows; every frame it notes whether a page with rows (or a
# message) is shown, and each change of `body[data-page]`.
PROBE = """() => {
  const m = window.__gaps = {switches: [], blankMs: 0, longestMs: 0, long: [],
                             last: performance.now()};
  let shown = document.body.dataset.page, blankSince = null;
  function frame(now) {
    const took = now - m.last;
    m.last = now;
    if (took > m.longestMs) m.longestMs = took;
    if (took > 100) m.long.push([Math.round(now), Math.round(took)]);
    const page = [...document.querySelectorAll("#stage .page:not([hidden])")]
      .find((each) => getComputedStyle(each).visibility === "visible");
    const whole = page && page.querySelectorAll("tbody tr, p").length > 0;
    if (whole) blankSince = null;
    else {
      blankSince = blankSince ?? now;
      m.blankMs = Math.max(m.blankMs, now - blankSince + took);
    }
    if (document.body.dataset.page !== shown) {
      shown = document.body.dataset.page;
      m.switches.push([now, shown]);
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}"""


@dataclass(frozen=True)
class Gaps:
    switches: list[tuple[float, str]]  # (ms since the page's start, "view n/count")
    blank_ms: float  # the longest time with no page of rows on show
    longest_frame_ms: float
    long_frames: list[tuple[int, int]]  # (at, ms) of each frame over 100 ms

    @property
    def intervals(self) -> list[float]:
        """Seconds between two switches."""
        times = [at for at, _page in self.switches]
        return [(later - earlier) / 1000 for earlier, later in pairwise(times)]

    @property
    def longest_interval(self) -> float:
        return max(self.intervals, default=0.0)

    def wraps(self) -> int:
        """Cycles begun again at the first page (the refreshed pages swap in there)."""
        first = self.switches[0][1].split(" ")[0] + " 1/" if self.switches else ""
        return sum(page.startswith(first) for _at, page in self.switches[1:])


def start(page: Any) -> None:
    """Start measuring once the screen's first page shows."""
    page.wait_for_function("document.body.dataset.page", timeout=120_000)
    page.evaluate(PROBE)


def read(page: Any) -> Gaps:
    m = page.evaluate("window.__gaps")
    return Gaps(switches=[(at, shown) for at, shown in m["switches"]], blank_ms=m["blankMs"],
                longest_frame_ms=m["longestMs"],
                long_frames=[(at, took) for at, took in m["long"]])
