"""Restoring a value from the journal: each restorable entry kind (tournament.journal's
registry, `EntryKind.restores`) has its restorer below, which passes on by name only the
fields its kind may write, through the same service as any change."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import Donne

from .. import journal
from ..journal import SYSTEM, Actor
from ..models import (
    RULE_FIELDS,
    AuditEntry,
    DonneRecord,
    Game,
    new_donne_key,
)
from ..selectors.prizes import lots_from_value
from .common import RANKING_POINTS_FIELDS, UserError
from .donnes import (
    _donne_insert,
    donne_delete,
    donne_record,
    game_forfeit,
    game_locked,
    score_changed,
)
from .players import player_update
from .prizes import prizes_replace
from .rounds import round_seat
from .teams import team_update
from .tournaments import (
    tournament_format_update,
    tournament_results_update,
    tournament_rules_update,
)

# What restoring an entry may change, per kind: a team's TEAM_FIELDS, a mêlée player's
# PLAYER_FIELDS, the lots, the tournament's
# RULE_OPTIONS (the rule set, points of byes and forfeits, criteria, parties planned), a
# donne's input (scoring.Donne's fields), a table's seats or its forfeit. Nothing else: the
# values are checked by journal.check_value, then passed by name.


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


def _restore_team(entry: AuditEntry, value: Mapping[str, Any], by: Actor) -> None:
    team = (None if entry.number is None
            else entry.tournament.teams.filter(number=entry.number, round__isnull=True).first())
    if team is None:
        raise UserError(_("Cette équipe n'existe plus."))
    team_update(team=team, name=value["name"], player1=value["player1"],
                player2=value["player2"], club=value["club"], active=value["active"],
                licence1=value.get("licence1"), licence2=value.get("licence2"),
                by=by, action="restore")


def _restore_player(entry: AuditEntry, value: Mapping[str, Any], by: Actor) -> None:
    player = (None if entry.number is None
              else entry.tournament.players.filter(number=entry.number).first())
    if player is None:
        raise UserError(_("Ce joueur n'existe plus."))
    player_update(player=player, name=value["name"], club=value["club"],
                  licence=value["licence"], active=value["active"], by=by,
                  action="restore")


def _restore_rules(entry: AuditEntry, value: Mapping[str, Any], by: Actor) -> None:
    tournament = entry.tournament
    if journal.PRIZES in value:
        prizes_replace(tournament=tournament, lots=lots_from_value(value[journal.PRIZES]),
                       by=by)
        return
    value = _named_rules(entry, value)
    # An entry written before an option existed leaves that option as it is (a rule option
    # or a ranking points key left out keeps its value; present, None included, sets it).
    # Each part goes through its own service, in this transaction.
    tournament_rules_update(
        tournament=tournament, parties_planned=value.get("parties_planned"),
        criteria=value.get("criteria"), bye_points=value.get("bye_points"),
        forfeit_points=value.get("forfeit_points"), preset=value.get("preset"),
        from_partie=entry.round_number, confirm=True, by=by,
        **{option: value[option] for option in RULE_FIELDS if option in value})
    tournament_format_update(
        tournament=tournament, format=value.get("format"),
        draw_method=value.get("draw_method"), exempt_rule=value.get("exempt_rule"), by=by,
        **{field: value[field] for field in RANKING_POINTS_FIELDS if field in value})
    tournament_results_update(
        tournament=tournament, paper_by_tables=value.get("paper_by_tables"),
        two_confirmations=value.get("two_confirmations"), by=by)


def _restore_pairing(entry: AuditEntry, value: Any, by: Actor) -> None:
    game = _entry_game(entry)
    if game is None:
        raise UserError(_("Cette table n'existe plus."))
    if entry.action == "forfeit":
        game_forfeit(game=game, side=value["forfeit"], by=by)
    else:
        round_seat(round_=game.round, table=game.table, teams=value, by=by)


def _named_rules(entry: AuditEntry, value: Mapping[str, Any]) -> dict[str, Any]:
    """The options a rules entry changed, with their value in `value`: restoring it gives
    back those and nothing else (a later change of other options stays, and an option the
    entry did not change is not written again over every partie). An entry with one side
    only (a creation) names all its options."""
    before, after = entry.before, entry.after
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return dict(value)
    return {name: option for name, option in value.items()
            if name not in before or name not in after or before[name] != after[name]}


def _entry_game(entry: AuditEntry, *, lock: bool = False) -> Game | None:
    """The game at the partie and table an entry names (None: it names none, or no longer
    exists)."""
    if entry.round_number is None or entry.table is None:
        return None
    game = Game.objects.select_related("round").filter(
        round__tournament=entry.tournament, round__number=entry.round_number,
        table=entry.table).first()
    # Locked as every entry locks it (game_locked: the partie and the concours for share,
    # then the game): locking in another order could deadlock with a table's entry.
    return game_locked(game) if lock and game is not None else game


def _entry_values(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A donne's value as `journal.donne_values` writes it today: an entry written before
    points attribués existed has no such keys, which mean 0."""
    if value is None:
        return None
    defaults = {field.name: field.default for field in dataclasses.fields(Donne)}
    return {name: value.get(name, defaults[name]) for name in journal.DONNE_FIELDS}


def _restore_donne(entry: AuditEntry, value: Mapping[str, Any] | None, by: Actor) -> None:
    """Give a donne the value `value` (None: no donne). The donne is the one the entry names
    by its key; an entry written before donnes had keys names it by number. Only a donne in
    one of the two states the entry knows (before or after its change) is touched: after
    other changes the entry would act on something it does not describe, so it refuses."""
    # The game is locked first, as every donne service does: the donne compared with the
    # entry below cannot change (nor move) before it is written.
    game = _entry_game(entry, lock=True)
    if game is None:
        raise UserError(_("Cette table n'existe plus."))
    if entry.donne_key:
        record = game.donnes.filter(key=entry.donne_key).first()
    elif entry.action == "delete" and value is not None:
        record = None  # the deleted donne, to put back at its place
    else:
        record = (None if entry.number is None
                  else game.donnes.filter(number=entry.number).first())
    target = _entry_values(value)
    if record is not None:
        current = journal.donne_values(record)
        if current not in (_entry_values(entry.before), _entry_values(entry.after)):
            raise UserError(
                _("La donne %(n)d a été modifiée depuis : rétablissez plutôt une entrée plus "
                  "récente de son historique.") % {"n": record.number})
        if target is None:
            donne_delete(game=game, number=record.number, by=by)
        elif target != current:
            donne_record(game=game, number=record.number, donne=Donne(**target),
                         version=record.version, by=by)
    elif target is None:
        raise UserError(_("Cette donne n'existe plus."))
    else:
        key = entry.donne_key or new_donne_key()
        if DonneRecord.objects.filter(key=key).exists():
            raise UserError(_("Cette donne est ailleurs : elle ne peut pas être rétablie ici."))
        if entry.number is None:
            raise UserError(_("La place de cette donne n'est pas connue."))
        _donne_insert(game=game, number=entry.number, donne=Donne(**target), key=key, by=by)
    # The organiser's own change: nothing awaits a side's confirmation any more.
    score_changed(game, None)


# The restorer of each kind whose entries are restored (`EntryKind.restores`); a test checks
# that these are exactly the registry's restorable kinds.
RESTORERS: dict[str, Callable[[AuditEntry, Any, Actor], None]] = {
    "donne": _restore_donne,
    "team": _restore_team,
    "player": _restore_player,
    "rules": _restore_rules,
    "pairing": _restore_pairing,
}
