"""The shape of JSON values read from outside: a backup file, a journal entry's before/after.

One copy of the checks both readers make (named values with known keys, whole numbers,
true/false, lists), each refusing with a `ShapeError` whose French message says what is
wrong; the caller names where (a backup's "Partie 2, table 3", a journal entry's "avant").
Pure: imports no model and no service, so the journal and the backup can both use it.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from typing import Any

from django.utils.translation import gettext as _

INTEGER = 2_147_483_647  # the largest value of an integer column


class ShapeError(ValueError):
    """A value of the wrong shape, with a French message (`message`)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# The words of `keys`' refusals: a backup speaks of its fields, the journal of its values.
FIELD = "field"
VALUE = "value"


def _unknown(words: str, keys: str) -> str:
    if words == VALUE:
        return _("valeur inconnue : %(keys)s.") % {"keys": keys}
    return _("champ inconnu : %(keys)s.") % {"keys": keys}


def _missing(words: str, keys: str) -> str:
    if words == VALUE:
        return _("valeur manquante : %(keys)s.") % {"keys": keys}
    return _("champ manquant : %(keys)s.") % {"keys": keys}


def keys(value: object, allowed: Iterable[str], required: Iterable[str] | None = None, *,
         words: str = FIELD) -> dict[str, Any]:
    """`value` as a dict whose keys are among `allowed`, with every `required` one (all of
    `allowed` when None). Unknown keys are refused before missing ones."""
    if not isinstance(value, dict):
        raise ShapeError(_("des valeurs nommées sont attendues."))
    allowed = list(allowed)
    unknown = sorted(str(key) for key in value if key not in allowed)
    if unknown:
        raise ShapeError(_unknown(words, ", ".join(unknown)[:200]))
    missing = [key for key in (allowed if required is None else required) if key not in value]
    if missing:
        raise ShapeError(_missing(words, ", ".join(missing)))
    return value


def listed(value: object) -> list[Any]:
    """`value` as a list."""
    if not isinstance(value, list):
        raise ShapeError(_("une liste est attendue."))
    return value


def is_whole(value: object, maximum: int = INTEGER, minimum: int = 0) -> bool:
    """Whether `value` is a whole number (not a bool) between `minimum` and `maximum`."""
    return type(value) is int and minimum <= value <= maximum


def boolean(value: object, label: str) -> bool:
    """`value` as true or false (a JSON boolean, not 0 or 1), `label` naming it."""
    if type(value) is not bool:
        raise ShapeError(_("%(label)s : true ou false est attendu.") % {"label": label})
    return value


def choice(value: object, choices: Collection[str], label: str) -> str:
    """`value` as one of `choices` (strings), `label` naming it."""
    if not isinstance(value, str) or value not in choices:
        raise ShapeError(_("%(label)s inconnu : %(value)s.") % {"label": label,
                                                                "value": shown(value)})
    return value


def shown(value: object) -> str:
    """A value read from outside, shown in a message: a scalar as written, else its kind."""
    if value is None or isinstance(value, str | int | float | bool):
        return json.dumps(value)[:40]
    return _("une liste") if isinstance(value, list) else _("un objet")
