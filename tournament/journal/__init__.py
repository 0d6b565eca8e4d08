"""The journal (the audit log): who changed what, when, with the values before and after.

- `log`: writing an entry (`Actor`, `log`, `entry`, the `*_values` helpers); imports only
  models, so every service can use it.
- one module per entry kind (`donne`, `pairing`, `team`, `player`, `rules`, `round`, `game`,
  `arrival`, `money`, `season`): its key, French label, shape check, words, the fields a
  restore may write, and its restorer (`restore`, handed the services it may go through:
  `kind.Writes`).
- `registry`: the kinds, and `check_value`, `summary`, `describe`, `well_formed`,
  `restorable`, which dispatch through them. services.journal's `audit_restore` restores,
  through each kind's restorer. `AuditEntry.kind` has no choices: the registry is handed to
  the model when the app is ready (apps.py), which refuses any other key.

A new kind (a club's fee, say): a module here with its `check(action, value)`, its
`words(value, melee)`, if it restores its `restore(entry, value, by, writes)`, and
`KIND = EntryKind(key, label, check, words, restores=..., restore=restore)`; one line in
`registry.KINDS` (the journal filter's order). No migration. A kind declared the old way
(its key and label in AuditEntry's choices, its restorer in services.journal) converts by
dropping the choices (its migration then alters nothing) and moving the restorer into its
module, its service calls going through `writes` (a service it needs that `kind.Writes` has
not: one field there and one in services.journal.WRITES). Tests check that the registry and
the restorers agree.
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
