"""The bounds of a concours' numbers: one table for the forms, the services, backups and the
journal's restores, so no way in accepts a figure another refuses.

A partie has a few dozen donnes at most (a 3,000-row score sheet takes 14 s to print) and
scores of a few thousand points; anything beyond is a typing slip or a crafted file.
"""

from __future__ import annotations

# Tournament field → (lowest, highest).
OPTION_BOUNDS: dict[str, tuple[int, int]] = {
    "target": (100, 10_000),
    "max_donnes": (1, 64),
    "parties_planned": (1, 30),
    "bye_points": (0, 10_000),
    "forfeit_points": (0, 10_000),
    "max_contract": (80, 500),
    # Flat bids (SCORING.md v3): a multiple of 10 (scoring checks it) in this range.
    "capot_bid_score": (250, 2000),
    "generale_score": (250, 2000),
}

# A partie's chrono (services.countdown): a partie of belote lasts from a quarter of an hour to
# a few hours; beyond 10 h, a typo.
MAX_CLOCK_MINUTES = 600

# A game played to a target ends after a few dozen donnes; a backup with more is refused
# before it is scored (scoring a game is linear, but a 50 MB file could hold 150,000).
MAX_DONNES_PER_GAME = 300

# Dates and times a concours can carry (a backup's journal, time called): beyond them,
# converting to local time overflows.
FIRST_YEAR, LAST_YEAR = 2000, 2100
