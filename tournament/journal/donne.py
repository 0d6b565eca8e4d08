"""Kind "donne": a donne's input, as `log.donne_values` writes it (scoring.Donne's fields).
Restoring one gives the donne that input again (or removes it, or puts it back)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import Donne, Outcome, Side

from ..choices import (
    COINCHE_VALUES,
    COINCHE_WORDS,
    OUTCOME_LABELS,
    SIDE_SHORT,
    SIDE_VALUES,
    TRUMP_SHORT,
    TRUMP_VALUES,
)
from ..errors import UserError
from ..models import AuditEntry, DonneRecord, new_donne_key
from .kind import EntryKind, Writes, entry_game
from .log import DONNE_FIELDS, Actor, donne_values
from .shape import SMALL, BadValue, keys, one_of, whole

# Points attribués (version 2) and the générale (version 3) are absent from older entries.
REQUIRED = [name for name in DONNE_FIELDS if not name.startswith(("awarded_", "generale_"))]


def check(action: str, value: object) -> None:
    donne = keys(value, DONNE_FIELDS, REQUIRED)
    for name, item in donne.items():
        if name in ("taker", "capot"):
            good = item is None or one_of(item, SIDE_VALUES)
        elif name == "trump":
            good = item is None or one_of(item, TRUMP_VALUES)
        elif name == "coinche":
            good = one_of(item, COINCHE_VALUES)
        elif name in ("capot_bid", "generale_bid", "generale_made"):
            good = type(item) is bool
        elif name == "contract":
            good = item is None or whole(item, SMALL)
        else:
            good = whole(item, SMALL)
        if not good:
            raise BadValue(_("la valeur de « %(name)s » n'est pas celle d'une donne.")
                           % {"name": name})


def words(value: Any, melee: bool = False) -> str:
    if not value["taker"]:
        return " ".join([str(OUTCOME_LABELS[Outcome.PASSED]), *awarded(value)])
    if value.get("generale_bid"):  # version 3; older entries have no such key
        contract = "générale réussie" if value.get("generale_made") else "générale"
    else:
        contract = "capot" if value["capot_bid"] else str(value["contract"] or "")
    said = [SIDE_SHORT[value["taker"]], contract, TRUMP_SHORT.get(value["trump"], "")]
    said.append(COINCHE_WORDS.get(value["coinche"], ""))  # none: no word
    said.append(f"{value['taker_points']} pts")
    if value["capot"]:
        said.append(f"capot {SIDE_SHORT[value['capot']]}")
    for side in Side:
        label, key = SIDE_SHORT[side], side.lower()  # belote_ns, annonces_ew
        if value[f"belote_{key}"]:
            said.append(f"belote {label}")
        if value[f"annonces_{key}"]:
            said.append(f"annonces {label} {value[f'annonces_{key}']}")
    said += awarded(value)
    return " ".join(word for word in said if word)


def awarded(value: dict[str, Any]) -> list[str]:
    """Points attribués as the pages write them: "pénalité +50 EO"."""
    given = [f"+{value[f'awarded_{side.lower()}']} {SIDE_SHORT[side]}"
             for side in Side if value.get(f"awarded_{side.lower()}")]
    return ["pénalité", *given] if given else []


def _entry_values(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A donne's value as `log.donne_values` writes it today: an entry written before
    points attribués existed has no such keys, which mean 0."""
    if value is None:
        return None
    defaults = {field.name: field.default for field in dataclasses.fields(Donne)}
    return {name: value.get(name, defaults[name]) for name in DONNE_FIELDS}


def restore(entry: AuditEntry, value: Mapping[str, Any] | None, by: Actor,
            writes: Writes) -> None:
    """Give a donne the value `value` (None: no donne). The donne is the one the entry names
    by its key; an entry written before donnes had keys names it by number. Only a donne in
    one of the two states the entry knows (before or after its change) is touched: after
    other changes the entry would act on something it does not describe, so it refuses."""
    # The game is locked first, as every donne service does: the donne compared with the
    # entry below cannot change (nor move) before it is written.
    game = entry_game(entry, writes)
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
        current = donne_values(record)
        if current not in (_entry_values(entry.before), _entry_values(entry.after)):
            raise UserError(
                _("La donne %(n)d a été modifiée depuis : rétablissez plutôt une entrée plus "
                  "récente de son historique.") % {"n": record.number})
        if target is None:
            writes.donne_delete(game=game, number=record.number, by=by)
        elif target != current:
            writes.donne_record(game=game, number=record.number, donne=Donne(**target),
                                version=record.version, by=by)
    elif target is None:
        raise UserError(_("Cette donne n'existe plus."))
    else:
        key = entry.donne_key or new_donne_key()
        if DonneRecord.objects.filter(key=key).exists():
            raise UserError(_("Cette donne est ailleurs : elle ne peut pas être rétablie ici."))
        if entry.number is None:
            raise UserError(_("La place de cette donne n'est pas connue."))
        writes.donne_insert(game=game, number=entry.number, donne=Donne(**target), key=key,
                            by=by)
    # The organiser's own change: nothing awaits a side's confirmation any more.
    writes.score_changed(game, None)


KIND = EntryKind("donne", gettext_lazy("donne"), check, words, restores=tuple(DONNE_FIELDS),
                 restore=restore)
