"""Kind "rules": the tournament's options (`log.rules_values`, RULE_OPTIONS), or the lots as a
whole ({"prizes": [...]}, services.prizes). Restoring one gives back the options the entry
changed (services.tournament_rules_update, _format_update, _results_update, each its part), or
the whole list of lots (services.prizes_replace): `restore`.

`options_words` is also how an entry of another kind whose value has none of that kind's
shapes is shown (as the journal always did): its keys and values, one by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..draw import METHODS
from ..lots import lots_from_value, lots_summary
from ..models import RANKING_POINTS_FIELDS, RULE_FIELDS, AuditEntry, Tournament
from ..ranking import CRITERIA
from .kind import EntryKind, Writes
from .log import PRIZES, RULE_OPTIONS, Actor
from .shape import BadValue, keys, whole


def check(action: str, value: object) -> None:
    if isinstance(value, dict) and PRIZES in value:
        try:
            lots_from_value(keys(value, [PRIZES], [PRIZES])[PRIZES])
        except ValueError as error:  # BadValue included
            raise BadValue(str(error)) from None
        return
    for name, item in keys(value, RULE_OPTIONS, []).items():
        if name == "criteria":
            good = (isinstance(item, list) and len(item) <= 20
                    and all(isinstance(key, str) and len(key) <= 30 for key in item))
        else:
            good = (item is None or type(item) is bool or whole(item)
                    or (isinstance(item, str) and len(item) <= 30))
        if not good:
            raise BadValue(_("la valeur de « %(name)s » n'est pas celle d'une option.")
                           % {"name": name})


def options_words(value: Any, melee: bool = False) -> str:
    """Each option in words: "label : value" (`melee`: the lots say "tous les joueurs"
    rather than "toutes les équipes")."""
    return ", ".join(f"{_option_label(key)} : {_option_value(key, item, melee)}"
                     for key, item in value.items())


# Options named otherwise in the journal than on the rules page, where a form's context says
# the rest: what the option allows, in a few words.
JOURNAL_LABELS = {PRIZES: "lots", "paper_by_tables": "totaux saisis par les liens de table"}


def _option_label(name: str) -> str:
    if name in JOURNAL_LABELS:
        return JOURNAL_LABELS[name]
    try:
        column = Tournament._meta.get_field(name)
    except FieldDoesNotExist:
        return name
    return str(getattr(column, "verbose_name", name))


def _option_value(name: str, value: Any, melee: bool = False) -> str:
    """An option's value in words: a choice by its French label, a yes/no in French, the
    lots as the prizes page sums them up."""
    if name == PRIZES:  # checked well formed before (describe)
        return lots_summary(lots_from_value(value), melee)
    if name == "draw_method" and isinstance(value, str) and value in METHODS:
        return str(METHODS[value].label)
    try:
        choices = dict(getattr(Tournament._meta.get_field(name), "choices", None) or ())
    except FieldDoesNotExist:
        choices = {}
    if isinstance(value, str | int) and not isinstance(value, bool) and value in choices:
        return str(choices[value])
    if isinstance(value, bool):
        return "oui" if value else "non"
    if value is None:
        return "—"
    if isinstance(value, list):  # the ranking criteria: their French labels
        return ", ".join(str(CRITERIA.get(item, item)) if isinstance(item, str) else str(item)
                         for item in value)
    return str(value)


def restore(entry: AuditEntry, value: Any, by: Actor, writes: Writes) -> None:
    tournament = entry.tournament
    if PRIZES in value:
        writes.prizes_replace(tournament=tournament, lots=lots_from_value(value[PRIZES]), by=by)
        return
    value = _named_rules(entry, value)
    # An entry written before an option existed leaves that option as it is (a rule option
    # or a ranking points key left out keeps its value; present, None included, sets it).
    # Each part goes through its own service, in the restore's transaction.
    writes.tournament_rules_update(
        tournament=tournament, parties_planned=value.get("parties_planned"),
        criteria=value.get("criteria"), bye_points=value.get("bye_points"),
        forfeit_points=value.get("forfeit_points"), preset=value.get("preset"),
        from_partie=entry.round_number, confirm=True, by=by,
        **{option: value[option] for option in RULE_FIELDS if option in value})
    writes.tournament_format_update(
        tournament=tournament, format=value.get("format"),
        draw_method=value.get("draw_method"), exempt_rule=value.get("exempt_rule"), by=by,
        **{field: value[field] for field in RANKING_POINTS_FIELDS if field in value})
    writes.tournament_results_update(
        tournament=tournament, paper_by_tables=value.get("paper_by_tables"),
        two_confirmations=value.get("two_confirmations"), by=by)


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


KIND = EntryKind("rules", gettext_lazy("règlement"), check, options_words,
                 restores=(*RULE_OPTIONS, PRIZES), restore=restore)
