"""Kind "game": a table's score as a whole (services.paper, services.confirmations).

- "totals": before None (a game without donnes), the totals replaced, or the donnes removed
  (`{"donnes": n, "keys": [their keys]}`); after the totals (`services.paper.totals_values`);
- "untotals": before the totals; after None, or the donnes put back (same shape);
- "confirm", "dispute" (services.confirmations): `{"awaiting", "disputed", "score_ns",
  "score_ew"}` before and after.
Not restored: a table's totals and confirmations have their own buttons.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.paper import PaperTotals

from ..choices import SIDE_SHORT, SIDE_VALUES
from ..validators import MAX_SMALL
from .kind import EntryKind
from .shape import INTEGER, BadValue, one_of, whole

TOTALS_FIELDS = [field.name for field in dataclasses.fields(PaperTotals)]
_STATE_KEYS = ["awaiting", "disputed", "score_ns", "score_ew"]


def _is_totals(value: dict[str, Any]) -> bool:
    # Compared as sets: PostgreSQL's jsonb keeps no key order.
    return (sorted(value) == sorted(TOTALS_FIELDS)
            and all(whole(value[name]) for name in ("donnes", "passed", "awarded_ns",
                                                    "awarded_ew"))
            and all(whole(value[name], minimum=-INTEGER) for name in ("score_ns", "score_ew"))
            and all(value[name] is None or whole(value[name]) for name in ("belotes",
                                                                           "capots")))


def _is_removed(value: dict[str, Any]) -> bool:
    keys = value.get("keys")
    return (sorted(value) == ["donnes", "keys"] and isinstance(keys, list)
            and len(keys) <= MAX_SMALL and value["donnes"] == len(keys)
            and all(isinstance(key, str) and 0 < len(key) <= 22 for key in keys))


def check_game_value(action: str, value: object) -> None:
    """Refuse (`BadValue`) a value that a "game" entry of `action` never holds (see the
    module docstring)."""
    if value is None:
        return
    if not isinstance(value, dict):
        raise BadValue(_("des valeurs nommées sont attendues."))
    if action in ("totals", "untotals"):
        good = _is_totals(value) or _is_removed(value)
    elif action in ("confirm", "dispute"):
        good = (sorted(value) == sorted(_STATE_KEYS)
                and (value["awaiting"] == "" or one_of(value["awaiting"], SIDE_VALUES))
                and type(value["disputed"]) is bool
                and whole(value["score_ns"], minimum=-INTEGER)
                and whole(value["score_ew"], minimum=-INTEGER))
    else:
        raise BadValue(_("action inconnue pour un score : %(a)s.") % {"a": str(action)[:20]})
    if not good:
        raise BadValue(_("la valeur n'est pas celle d'un score de table."))


def game_value_words(value: dict[str, Any], melee: bool = False) -> str:
    """A "game" entry's value in a few words, as the journal shows it (checked first)."""
    if "keys" in value:
        return ngettext("%(n)d donne saisie", "%(n)d donnes saisies", value["donnes"]) % {
            "n": value["donnes"]}
    if "awaiting" in value:
        score = f"{value['score_ns']} – {value['score_ew']}"
        if not value["awaiting"]:
            return _("%(score)s, confirmé") % {"score": score}
        awaiting = _("%(score)s, à confirmer par %(side)s") % {
            "score": score, "side": SIDE_SHORT[value["awaiting"]]}
        return awaiting + (_(" (contesté)") if value["disputed"] else "")
    words = [_("totaux %(ns)d – %(ew)d en %(n)d donnes") % {
        "ns": value["score_ns"], "ew": value["score_ew"], "n": value["donnes"]}]
    if value["passed"]:
        words.append(_("dont %(n)d passées") % {"n": value["passed"]})
    if value["belotes"] is not None:
        words.append(ngettext("%(n)d belote", "%(n)d belotes", value["belotes"])
                     % {"n": value["belotes"]})
    if value["capots"] is not None:
        words.append(ngettext("%(n)d capot", "%(n)d capots", value["capots"])
                     % {"n": value["capots"]})
    for side in ("ns", "ew"):
        if value[f"awarded_{side}"]:
            words.append(_("pénalité +%(n)d %(side)s") % {
                "n": value[f"awarded_{side}"], "side": SIDE_SHORT[side.upper()]})
    return ", ".join(words)


KIND = EntryKind("game", gettext_lazy("score"), check_game_value, game_value_words)
