"""The shape of a journal value: what each kind's check is built from.

An entry can come from a backup file, so a value is checked before it is shown, restored or
stored; a value of another shape is refused (`BadValue`, with a French message), never passed
on to a service. The JSON-shape helpers are the backup's (tournament.shapes), in the journal's
words (« valeur inconnue », where a backup says « champ inconnu »).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .. import shapes
from ..shapes import INTEGER, ShapeError
from ..validators import MAX_SMALL

# An entry's value that its kind never writes, with a French message: the shapes' one error.
BadValue = ShapeError

SMALL = MAX_SMALL  # the columns these numbers come from are small integers at most
NAMES = 200  # the longest text column (a tournament's name)

__all__ = ["INTEGER", "NAMES", "SMALL", "BadValue", "keys", "one_of", "short_text", "whole"]


def whole(value: object, maximum: int = INTEGER, minimum: int = 0) -> bool:
    """An int (not a bool) between `minimum` and `maximum`."""
    return shapes.is_whole(value, maximum, minimum)


def keys(value: object, allowed: list[str], required: list[str]) -> dict[str, Any]:
    """`value` as a dict whose keys are among `allowed`, with every `required` one."""
    return shapes.keys(value, allowed, required, words=shapes.VALUE)


def short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= NAMES


def one_of(value: object, values: Collection[str]) -> bool:
    """A string among `values` (a list or an object from a file is no member, never a crash:
    the value sets are hashed)."""
    return isinstance(value, str) and value in values
