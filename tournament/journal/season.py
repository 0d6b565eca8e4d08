"""Kind "season": the concours joined a club's season, or left it (action "update": before
and after {"season": the season's name, or None for none}). Not restored: a season's page
chooses its concours (services.season)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kind import EntryKind
from .shape import BadValue, keys, short_text


def check(action: str, value: object) -> None:
    if action != "update":
        raise BadValue(_("action inconnue pour une saison : %(a)s.") % {"a": str(action)[:20]})
    season = keys(value, ["season"], ["season"])["season"]
    if season is not None and not short_text(season):
        raise BadValue(_("« season » : le nom d'une saison est attendu."))


def words(value: Any, melee: bool = False) -> str:
    season = value.get("season")
    return _("saison « %(name)s »") % {"name": season} if season else _("aucune saison")


KIND = EntryKind("season", gettext_lazy("saison"), check, words)
