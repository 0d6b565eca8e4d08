"""Kind "team": a team's fields (`log.team_values`). Restoring one writes them back through
services.team_update, the licences only when the entry has them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kind import EntryKind
from .log import TEAM_FIELDS, TEAM_LICENCES
from .shape import BadValue, keys, short_text


def check(action: str, value: object) -> None:
    team = keys(value, TEAM_FIELDS + TEAM_LICENCES, TEAM_FIELDS)
    for name in ("name", "player1", "player2", "club", *TEAM_LICENCES):
        if name in team and not short_text(team[name]):
            raise BadValue(_("« %(name)s » : un texte court est attendu.") % {"name": name})
    if type(team["active"]) is not bool:
        raise BadValue(_("« active » : oui ou non (true ou false)."))


def words(value: Any, melee: bool = False) -> str:
    state = "" if value.get("active", True) else " (retirée)"
    return f"{value['name']} : {value['player1']} et {value['player2']}{state}"


KIND = EntryKind("team", gettext_lazy("équipe"), check, words,
                 restores=(*TEAM_FIELDS, *TEAM_LICENCES))
