"""Restoring a value from the journal: each restorable entry kind (tournament.journal's
registry, `EntryKind.restores`) carries its restorer in its own module, which passes on by
name only the fields its kind may write, through the same service as any change (`WRITES`:
the journal sits below the services, so it is handed them here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from .. import journal
from ..journal import SYSTEM, Actor
from ..journal.kind import Writes
from ..models import AuditEntry
from .common import UserError
from .donnes import (
    _donne_insert,
    donne_delete,
    donne_record,
    game_forfeit,
    game_locked,
    score_changed,
)
from .entrants import player_update, team_update
from .prizes import prizes_replace
from .rounds import round_seat
from .tournaments import (
    tournament_format_update,
    tournament_results_update,
    tournament_rules_update,
)

# What restoring an entry may change, per kind: a team's TEAM_FIELDS, a mêlée player's
# PLAYER_FIELDS, the lots, the tournament's RULE_OPTIONS (the rule set, points of byes and
# forfeits, criteria, parties planned), a donne's input (scoring.Donne's fields), a table's
# seats or its forfeit. Nothing else: the values are checked by journal.check_value, then
# passed by name.
WRITES = Writes(
    team_update=team_update, player_update=player_update, prizes_replace=prizes_replace,
    tournament_rules_update=tournament_rules_update,
    tournament_format_update=tournament_format_update,
    tournament_results_update=tournament_results_update,
    round_seat=round_seat, game_forfeit=game_forfeit, game_locked=game_locked,
    donne_record=donne_record, donne_delete=donne_delete, donne_insert=_donne_insert,
    score_changed=score_changed,
)


@transaction.atomic
def audit_restore(*, entry: AuditEntry, which: str = "before", by: Actor = SYSTEM) -> None:
    """Give back the value an entry recorded (`which`: "before" or "after" the change),
    through the same service as any change: validated, rescored and logged in turn."""
    if which not in ("before", "after"):
        raise UserError(_("Choisissez la valeur à rétablir."))
    try:
        journal.check_value(entry.kind, entry.action, entry.before)
        journal.check_value(entry.kind, entry.action, entry.after)
    except journal.BadValue as error:
        raise UserError(_("Cette entrée du journal est abîmée : %(e)s") % {"e": error}) from None
    value = getattr(entry, which)
    kind = journal.KIND[entry.kind]  # checked above: a known kind
    # A donne's None is a donne to remove; another kind's None (a creation's before) gives
    # nothing to restore.
    if not kind.restores or (value is None and kind.key != "donne"):
        raise UserError(_("Cette modification ne se rétablit pas."))
    RESTORERS[kind.key](entry, value, by)


# A kind declared the old way (its restorer here rather than in its module, until it is
# moved there: `EntryKind.restore`) adds its restorer to this dict.
_OLD_WAY: dict[str, Callable[[AuditEntry, Any, Actor], None]] = {}


def _restorer(kind: journal.EntryKind) -> Callable[[AuditEntry, Any, Actor], None]:
    restore = kind.restore
    assert restore is not None  # a kind with a restorer of its own

    def restorer(entry: AuditEntry, value: Any, by: Actor) -> None:
        restore(entry, value, by, WRITES)

    return restorer


# The restorer of each kind whose entries are restored (`EntryKind.restores`); a test checks
# that these are exactly the registry's restorable kinds.
RESTORERS: dict[str, Callable[[AuditEntry, Any, Actor], None]] = {
    **{kind.key: _restorer(kind) for kind in journal.KINDS if kind.restore is not None},
    **_OLD_WAY,
}
