"""The entry kinds, and what the journal does with any entry: check its values, say them in
words, tell whether it can be restored. Each goes through the entry's kind (`KINDS`), as
pretix's log entry types do; adding a kind is one module here and one line below (the
model takes its keys from here: apps.py).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..models import AuditEntry
from .arrival import KIND as ARRIVAL
from .donne import KIND as DONNE
from .game import KIND as GAME
from .kind import EntryKind
from .log import PRIZES, RULE_OPTIONS
from .money import KIND as MONEY
from .pairing import KIND as PAIRING
from .phases import KIND as PHASES
from .player import KIND as PLAYER
from .round import KIND as ROUND
from .rules import KIND as RULES
from .rules import options_words
from .screen import KIND as SCREEN
from .season import KIND as SEASON
from .shape import BadValue
from .team import KIND as TEAM

# In the journal filter's order.
KINDS: tuple[EntryKind, ...] = (DONNE, PAIRING, TEAM, PLAYER, RULES, ROUND, GAME, ARRIVAL,
                                MONEY, SEASON, SCREEN, PHASES)
KIND: dict[str, EntryKind] = {kind.key: kind for kind in KINDS}


def check_value(kind: str, action: str, value: object) -> None:
    """Refuse (`BadValue`) a `before` or `after` value that an entry of this kind and action
    never holds: a restore passes only these values on, and the journal can show them."""
    if value is None:
        return
    if not isinstance(kind, str) or kind not in KIND:
        raise BadValue(_("objet inconnu : %(kind)s.") % {"kind": str(kind)[:20]})
    KIND[kind].check(action, value)


def summary(kind: str, value: Any, melee: bool = False) -> str:
    """An entry's value in a few words, as the journal shows it (`melee`: the lots say
    "tous les joueurs" rather than "toutes les équipes")."""
    if value is None:
        return "—"
    words = KIND[kind].words if kind in KIND else options_words
    return words(value, melee)


def well_formed(entry: AuditEntry) -> bool:
    """Whether both values have the shape the entry's kind writes (see `check_value`)."""
    try:
        check_value(entry.kind, entry.action, entry.before)
        check_value(entry.kind, entry.action, entry.after)
    except BadValue:
        return False
    return True


def describe(entry: AuditEntry) -> tuple[str, str]:
    """The entry's before and after in a few words; for options, only those that changed.
    An entry of another shape (a crafted one) is shown as such, never read."""
    if not well_formed(entry):
        return _("(valeur illisible)"), _("(valeur illisible)")
    before, after = entry.before, entry.after
    melee = False
    if isinstance(before, dict) and isinstance(after, dict) and entry.kind == "rules":
        # In the options' own order: PostgreSQL's jsonb keeps no key order.
        order = {key: index for index, key in enumerate(RULE_OPTIONS)}
        keys = sorted((key for key in after if before.get(key) != after[key]),
                      key=lambda key: (order.get(key, len(order)), key))
        before = {key: before.get(key) for key in keys}
        after = {key: after[key] for key in keys}
        # Read only for the lots: the journal's entries come from `tournament.audit`, which
        # hands each its tournament without a query.
        melee = PRIZES in after and entry.tournament.by_player
    return summary(entry.kind, before, melee), summary(entry.kind, after, melee)


def restorable(entry: AuditEntry) -> bool:
    kind = KIND.get(entry.kind)
    return kind is not None and bool(kind.restores) and well_formed(entry)
