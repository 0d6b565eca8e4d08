"""What an entry kind is: its key, its French label, its shape check, its words, and what
restoring one of its entries may write. Each kind is one module of this package, giving one
`KIND`; `registry` lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise


@dataclass(frozen=True)
class EntryKind:
    key: str  # AuditEntry.kind
    label: str | Promise  # the journal's filter says it (AuditEntry.KINDS holds the same)
    # check(action, value): raise BadValue for a value (never None) this kind never holds.
    check: Callable[[str, object], None]
    # words(value, melee): a well-formed value (never None) in a few words.
    words: Callable[[Any, bool], str]
    # The fields a restore may write (services.journal passes these on by name, and nothing
    # else); empty: an entry of this kind is not restored.
    restores: tuple[str, ...] = ()
