"""What every service shares: the checks of every way in (forms, files,
backups, the journal)."""

from __future__ import annotations

import datetime
import functools
import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from django.db import connection, models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring import Rules

from .. import validators
from ..bounds import OPTION_BOUNDS
from ..choices import FORMAT_CHOICES
from ..draw import METHODS
from ..errors import UserError, scoring_refusals
from ..formats import format_of
from ..models import RANKING_POINTS_FIELDS as RANKING_POINTS_FIELDS  # the backups' import
from ..models import (
    RULE_FIELDS,
    Tournament,
)
from ..ranking import CRITERIA, EXEMPT_RULES

# --- Locks (their order: services/__init__.py) --------------------------------------------


def concours_shared(tournament_id: int) -> None:
    """Lock a concours' row FOR SHARE (PostgreSQL; SQLite locks the whole database at BEGIN):
    a write of one of its teams or players waits for a draw under way, as a draw (which
    locks the row for update first) would otherwise wait for that team while holding it."""
    if connection.vendor != "postgresql":
        return
    table = connection.ops.quote_name(Tournament._meta.db_table)
    with connection.cursor() as cursor:  # the model's table name; the id a parameter
        cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR SHARE", [tournament_id])


# --- Versions of what a page edits -----------------------------------------------------------


def values_stamp(values: Mapping[str, Any]) -> str:
    """The version of what a page edits: a digest of its values as the journal records them
    (audit.rules_values, team_values, player_values). A page that edits shared settings (the
    rules page, a team's or a player's form) carries the stamp of what it showed; the
    service, under its lock, refuses a stamp that is no longer the values' (a stale tab
    would otherwise undo another tab's change and say « enregistré »). A digest rather than
    a counter: no column to add, any change of those values by any service changes it, and
    nothing else does (a donne entered meanwhile leaves the rules page valid)."""
    digest = hashlib.sha256()
    for name in sorted(values):
        digest.update(repr((name, values[name])).encode())
    return digest.hexdigest()[:20]


def stamp_checked(stamp: str | None, values: Mapping[str, Any], *, changed: str) -> None:
    """Refuse a page's `stamp` (None: no page, nothing to check) that is not the version of
    `values` now (values_stamp); `changed` says what changed meanwhile, in French."""
    if stamp is not None and stamp != values_stamp(values):
        raise UserError(_("%(changed)s depuis un autre onglet ou appareil : rien n'est "
                          "enregistré. Rechargez la page pour partir des valeurs actuelles.")
                        % {"changed": changed})


# --- Checks shared by every way in (forms, files, backups, the journal) -------------------


def model_column(model: type[models.Model], field: str) -> models.Field:
    """The column `field` of `model` (never a relation's reverse side: a bug if it were)."""
    column = model._meta.get_field(field)
    if not isinstance(column, models.Field):
        raise TypeError(f"{model.__name__}.{field} is not a column")
    return column


def text_field(model: type[models.Model], field: str, value: object, *,
               label: str | None = None) -> str:
    """`value` as the text to store in `model.field`: validators.clean_text with the column's
    length, required unless the column may be blank. `label` names it in the message."""
    column = model_column(model, field)
    if column.max_length is None:
        raise TypeError(f"{model.__name__}.{field} has no length")
    try:
        return validators.clean_text(value, label=label or str(capfirst(column.verbose_name)),
                                     max_length=column.max_length, required=not column.blank)
    except validators.InvalidText as error:
        raise UserError(str(error), field) from None


def whole_field(model: type[models.Model], field: str, value: object, *,
                label: str | None = None, minimum: int = 0,
                maximum: int | None = None) -> int:
    """`value` as a whole number for `model.field`: an int (not a bool) from `minimum` to the
    largest the column holds in every database (a smallint column stops at 32,767), or to
    `maximum` when it is smaller."""
    low, high = _column_range(model, field)
    low = max(low, minimum)
    if maximum is not None:
        high = min(high, maximum)
    if type(value) is not int or not low <= value <= high:
        column = model_column(model, field)
        raise UserError(_("%(label)s : un nombre entier de %(min)d à %(max)d est attendu.")
                        % {"label": label or capfirst(column.verbose_name), "min": low,
                           "max": high}, field)
    return value


@functools.cache
def _column_range(model: type[models.Model], field: str) -> tuple[int, int]:
    """The whole numbers `model.field` holds in every database, or a concours' own bounds
    (bounds.py); once a column: a backup checks a federation's 500,000 numbers with it."""
    if model is Tournament and field in OPTION_BOUNDS:
        return OPTION_BOUNDS[field]
    column = model_column(model, field)
    low, high = BaseDatabaseOperations.integer_field_ranges[column.get_internal_type()]
    return low, high


class NumberedLine(Protocol):
    """A line of an imported file, which knows its number in the file."""

    @property
    def line(self) -> int: ...


def lines_checked[L: NumberedLine](
    lines: Iterable[L], check: Callable[[L], tuple[dict[str, str], list[str]]], *, empty: str,
) -> list[dict[str, str]]:
    """A file's lines (teams or players), every one or none: `check` gives a line's values
    and its problems (French, each a sentence); any problem refuses the whole file with every
    bad line named by its number, and a file without lines is refused with `empty`."""
    errors: list[str] = []
    rows: list[dict[str, str]] = []
    count = 0
    for line in lines:
        count += 1
        values, problems = check(line)
        if problems:
            errors.append(_("Ligne %(n)d : %(problems)s")
                          % {"n": line.line, "problems": " ".join(problems)})
        else:
            rows.append(values)
    if not count:
        errors.append(empty)
    if errors:
        raise UserError("\n".join(errors))
    return rows


def slug_checked(value: object) -> str:
    try:
        return validators.check_slug(value)
    except validators.InvalidText as error:
        raise UserError(str(error), "slug") from None


def criteria_checked(value: object) -> list[str]:
    """Ranking criteria: keys of ranking.CRITERIA, at least one, each once."""
    if not isinstance(value, list) or not all(isinstance(key, str) for key in value):
        raise UserError(_("Critères de classement : une liste de critères est attendue."),
                        "criteria")
    unknown = [key for key in value if key not in CRITERIA]
    if unknown:
        raise UserError(_("Critère inconnu : %(keys)s.") % {"keys": ", ".join(unknown)[:200]},
                        "criteria")
    if not value or len(set(value)) != len(value):
        raise UserError(_("Au moins un critère, chacun une seule fois."), "criteria")
    return list(value)


# Ranking points per result: a few points a win in real scales (4, 2, 3…), a score-like
# figure at most (an exemption "3 + 1,000").
RANKING_POINTS_MAX = 10_000


def ranking_points_checked(field: str, value: object) -> int | None:
    """Ranking points of one kind of result: None (none), or a whole number 0..10,000."""
    if value is None:
        return None
    return whole_field(Tournament, field, value, maximum=RANKING_POINTS_MAX)


def format_checked(value: object) -> str:
    if value not in dict(FORMAT_CHOICES):
        raise UserError(_("Formule inconnue : doublettes formées ou mêlée."), "format")
    return str(value)


def exempt_rule_checked(value: object) -> str:
    if value not in EXEMPT_RULES:
        raise UserError(_("Score d'une exemption inconnu : un score fixe, la moitié d'une "
                          "partie ou la moyenne de la partie."), "exempt_rule")
    return str(value)


def draw_method_checked(value: object, format: str) -> str:
    """A key of draw.METHODS that draws the entrants of `format`: players for a mêlée, teams
    otherwise."""
    method = METHODS.get(value) if isinstance(value, str) else None
    if method is None:
        raise UserError(_("Méthode de tirage inconnue : %(key)s.") % {"key": str(value)[:40]},
                        "draw_method")
    if not format_of(format).allows_draw(method.entrant):
        message = (_("Le tirage « %(method)s » tire des équipes : il ne convient pas à une "
                     "mêlée.") if format_of(format).by_player else
                   _("Le tirage « %(method)s » tire des joueurs : il ne convient qu'à une "
                     "mêlée."))
        raise UserError(message % {"method": method.label}, "draw_method")
    return method.key


def default_draw_method(format: str) -> str:
    """The usual method of a format: the mêlée's own, or by standings for doublettes."""
    return format_of(format).default_draw


def date_checked(value: object) -> datetime.date:
    if not isinstance(value, datetime.date) or isinstance(value, datetime.datetime):
        raise UserError(_("Date : une date est attendue."), "date")
    return value


def _bool_checked(value: object, field: str, label: str) -> bool:
    if type(value) is not bool:
        raise UserError(_("%(label)s : oui ou non.") % {"label": label}, field)
    return value


def _only_rule_options(options: Mapping[str, Any]) -> None:
    """The rule options a service takes by name are RULE_FIELDS, and nothing else."""
    unknown = sorted(set(options) - set(RULE_FIELDS))
    if unknown:
        raise TypeError(f"not a rule option: {', '.join(unknown)}")


def rules_from(options: Mapping[str, Any]) -> Rules:
    """Build the rule set, turning scoring's refusal into a user error on the field; a number
    beyond its column (a target of 10**12) is refused too."""
    with scoring_refusals():
        rules = Rules(**{name: options[name] for name in RULE_FIELDS})
    return rules_bounded(rules)


def rules_bounded(rules: Rules) -> Rules:
    """A rule set whose numbers each fit their column (scoring bounds few of them: a target
    of 10**12 makes rules, not a concours)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"not a rule set: {type(rules).__name__}")
    for name in RULE_FIELDS:
        column = Tournament._meta.get_field(name)
        if (column.get_internal_type() in BaseDatabaseOperations.integer_field_ranges
                and getattr(rules, name) is not None):
            whole_field(Tournament, name, getattr(rules, name))
    return rules


__all__ = [
    "criteria_checked",
    "date_checked",
    "rules_bounded",
    "rules_from",
    "slug_checked",
    "text_field",
    "whole_field",
]
