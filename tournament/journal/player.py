"""Kind "player": a mêlée player's fields (`log.player_values`), numbered by the player's
number. Restoring one writes them back through services.player_update."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..errors import UserError
from ..models import AuditEntry
from .kind import EntryKind, Writes
from .log import PLAYER_FIELDS, Actor
from .shape import BadValue, keys, short_text


def check(action: str, value: object) -> None:
    player = keys(value, PLAYER_FIELDS, PLAYER_FIELDS)
    for name in ("name", "club", "licence"):
        if not short_text(player[name]):
            raise BadValue(_("« %(name)s » : un texte court est attendu.") % {"name": name})
    if type(player["active"]) is not bool:
        raise BadValue(_("« active » : oui ou non (true ou false)."))


def words(value: Any, melee: bool = False) -> str:
    said = [value["name"]]
    if value["club"]:
        said.append(f"({value['club']})")
    if value["licence"]:
        said.append(f"licence {value['licence']}")
    return " ".join(said) + ("" if value["active"] else " (retiré)")


def restore(entry: AuditEntry, value: Any, by: Actor, writes: Writes) -> None:
    player = (None if entry.number is None
              else entry.tournament.players.filter(number=entry.number).first())
    if player is None:
        raise UserError(_("Ce joueur n'existe plus."))
    writes.player_update(player=player, name=value["name"], club=value["club"],
                         licence=value["licence"], active=value["active"], by=by,
                         action="restore")


KIND = EntryKind("player", gettext_lazy("joueur"), check, words, restores=tuple(PLAYER_FIELDS),
                 restore=restore)
