"""The journal (the audit log): who changed what, when, with the values before and after.

- `log`: writing an entry (`Actor`, `log`, `entry`, the `*_values` helpers); imports only
  models, so every service can use it.
- one module per entry kind (`donne`, `pairing`, `team`, `player`, `rules`, `round`, `game`):
  its key, French label, shape check, words, and the fields a restore may write.
- `registry`: the kinds, and `check_value`, `summary`, `describe`, `well_formed`,
  `restorable`, which dispatch through them. services.journal's `audit_restore` restores.

A new kind (a club's fee, say): a module here with its `check(action, value)`, its
`words(value, melee)` and `KIND = EntryKind(key, label, check, words, restores=...)`; one line
in `registry.KINDS`; its key and label in `AuditEntry.KINDS` (a migration: the field's
choices); if it restores, a restorer in `services.journal.RESTORERS`. Tests check that the
model, the registry and the restorers agree.
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
