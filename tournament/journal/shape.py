"""The shape of a journal value: what each kind's check is built from.

An entry can come from a backup file, so a value is checked before it is shown, restored or
stored; a value of another shape is refused (`BadValue`, with a French message), never passed
on to a service. (The backup's own JSON-shape helpers are meant to serve here too, once both
live in one module.)
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..validators import MAX_SMALL


class BadValue(ValueError):
    """An entry's value that its kind never writes, with a French message."""


SMALL = MAX_SMALL  # the columns these numbers come from are small integers at most
INTEGER = 2_147_483_647
NAMES = 200  # the longest text column (a tournament's name)


def whole(value: object, maximum: int = INTEGER, minimum: int = 0) -> bool:
    """An int (not a bool) between `minimum` and `maximum`."""
    return type(value) is int and minimum <= value <= maximum


def keys(value: object, allowed: list[str], required: list[str]) -> dict[str, Any]:
    """`value` as a dict whose keys are among `allowed`, with every `required` one."""
    if not isinstance(value, dict):
        raise BadValue(_("des valeurs nommées sont attendues."))
    unknown = sorted(str(key) for key in value if key not in allowed)
    if unknown:
        raise BadValue(_("valeur inconnue : %(keys)s.") % {"keys": ", ".join(unknown)[:200]})
    missing = [key for key in required if key not in value]
    if missing:
        raise BadValue(_("valeur manquante : %(keys)s.") % {"keys": ", ".join(missing)})
    return value


def short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= NAMES
