"""Kind "team": a team's fields (`log.team_values`). Restoring one writes them back through
services.team_update, the licences only when the entry has them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..errors import UserError
from ..models import AuditEntry
from .kind import EntryKind, Writes
from .log import TEAM_FIELDS, TEAM_LICENCES, Actor
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


def restore(entry: AuditEntry, value: Any, by: Actor, writes: Writes) -> None:
    team = (None if entry.number is None
            else entry.tournament.teams.filter(number=entry.number, round__isnull=True).first())
    if team is None:
        raise UserError(_("Cette équipe n'existe plus."))
    writes.team_update(team=team, name=value["name"], player1=value["player1"],
                       player2=value["player2"], club=value["club"], active=value["active"],
                       licence1=value.get("licence1"), licence2=value.get("licence2"),
                       by=by, action="restore")


KIND = EntryKind("team", gettext_lazy("équipe"), check, words,
                 restores=(*TEAM_FIELDS, *TEAM_LICENCES), restore=restore)
