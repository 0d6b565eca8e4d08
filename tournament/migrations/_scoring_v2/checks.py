"""Input checks shared by `Rules` and `Donne`: whole numbers and enum members."""

from __future__ import annotations

from enum import StrEnum

from .errors import ScoringError


def is_whole(value: object) -> bool:
    """An int, but not a bool: True must not pass for a target of 1 or a belote."""
    return isinstance(value, int) and not isinstance(value, bool)


def member[E: StrEnum](value: object, enum: type[E], field: str, message: str) -> E:
    """The member of `enum` whose value `value` is, or a ScoringError naming `field`.

    Callers test `type(value) is enum` first: members, the common case, skip the call.
    """
    try:
        return enum(value)  # type: ignore[arg-type]  # any value is looked up, none guessed
    except ValueError:
        raise ScoringError(message, field) from None
