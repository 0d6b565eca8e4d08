"""The checks of a backup file's values, each refusing (UserError) with a French message that
names where in the file the fault is ("Partie 2, table 3, donne 4 : …"): the shapes of
tournament/shapes.py and the services' own checks of texts and numbers, named so."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from typing import Any, Literal, NoReturn, overload

from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from ... import shapes
from ...bounds import FIRST_YEAR, LAST_YEAR
from ...errors import UserError
from ...models import TOKEN_PATTERN
from ..common import whole_field

_TOKEN = re.compile(TOKEN_PATTERN)


def within(where: str, what: str) -> str:
    """A value's place in the file, then the value (« Partie 2, fin du temps »). `what` is
    translated by the caller, outside any f-string: makemessages finds it there."""
    return f"{where}, {what}"


def fail(where: str, message: str) -> NoReturn:
    raise UserError(_("%(where)s : %(message)s") % {"where": where, "message": message})


def named(value: object, where: str, names: list[str],
          optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """`value` as a dict with exactly the keys `names`; those of `optional` may be missing
    and take its values."""
    optional = optional or {}
    try:
        fields = shapes.keys(value, names, [name for name in names if name not in optional])
    except shapes.ShapeError as error:
        fail(where, error.message)
    return {**optional, **fields}


def listed(value: object, where: str) -> list[Any]:
    try:
        return shapes.listed(value)
    except shapes.ShapeError as error:
        fail(where, error.message)


def boolean(value: object, where: str, label: str) -> bool:
    try:
        return shapes.boolean(value, label)
    except shapes.ShapeError as error:
        fail(where, error.message)


@overload
def whole(model: type[Model], field: str, value: object, where: str, label: str, *,
          minimum: int = 0, maximum: int | None = None,
          optional: Literal[False] = False) -> int: ...


@overload
def whole(model: type[Model], field: str, value: object, where: str, label: str, *,
          minimum: int = 0, maximum: int | None = None, optional: bool) -> int | None: ...


def whole(model: type[Model], field: str, value: object, where: str, label: str, *,
          minimum: int = 0, maximum: int | None = None,
          optional: bool = False) -> int | None:
    """A whole number of the file for `model.field` (services.whole_field), at most
    `maximum` when given (an amount: the money services' bound), None allowed when
    `optional`."""
    if optional and value is None:
        return None
    return whole_field(model, field, value, label=f"{where}, {label}",
                       minimum=minimum, maximum=maximum)


def choice(value: object, choices: Iterable[str], where: str, label: str) -> str:
    try:
        return shapes.choice(value, set(choices), label)
    except shapes.ShapeError as error:
        fail(where, error.message)


def token(value: object, where: str, label: str) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        fail(where, _("%(label)s : 22 lettres, chiffres, « - » ou « _ » sont attendus.")
             % {"label": label})
    return value


def moment(value: object, where: str, *, optional: bool = False) -> datetime.datetime | None:
    if optional and value is None:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        fail(where, _("une date et une heure ISO sont attendues."))
    # Year 1 or 9999 with an offset overflows when converted (saving, or showing it in local
    # time): a concours happens within a sane range of years.
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        fail(where, _("une date entre %(a)d et %(b)d est attendue.")
             % {"a": FIRST_YEAR, "b": LAST_YEAR})
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment
