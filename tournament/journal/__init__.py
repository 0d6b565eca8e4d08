"""The journal (the audit log): who changed what, when, with the values before and after.

- `log`: writing an entry (`Actor`, `log`, `entry`, the `*_values` helpers); imports only
  models, so every service can use it.
- one module per entry kind (`donne`, `pairing`, `team`, `player`, `rules`, `round`, `game`):
  its key, French label, shape check, words, and the fields a restore may write.
- `registry`: the kinds, and `check_value`, `summary`, `describe`, `well_formed`,
  `restorable`, which dispatch through them. services.journal's `audit_restore` restores.
"""

from __future__ import annotations

from .kind import EntryKind
from .log import (
    DONNE_FIELDS,
    PLAYER_FIELDS,
    PRIZES,
    RULE_OPTIONS,
    SYSTEM,
    TEAM_FIELDS,
    TEAM_LICENCES,
    Actor,
    donne_values,
    entry,
    log,
    player_values,
    rules_values,
    team_values,
)
from .registry import KIND, KINDS, check_value, describe, restorable, summary, well_formed
from .shape import BadValue

__all__ = [
    "DONNE_FIELDS",
    "KIND",
    "KINDS",
    "PLAYER_FIELDS",
    "PRIZES",
    "RULE_OPTIONS",
    "SYSTEM",
    "TEAM_FIELDS",
    "TEAM_LICENCES",
    "Actor",
    "BadValue",
    "EntryKind",
    "check_value",
    "describe",
    "donne_values",
    "entry",
    "log",
    "player_values",
    "restorable",
    "rules_values",
    "summary",
    "team_values",
    "well_formed",
]
