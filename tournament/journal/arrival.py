"""Kind "arrival": an entrant marked arrived at the desk (pointage) or absent again, numbered
by the entrant's number (a team's, or a mêlée player's): {"name": …, "arrived": bool}.
Action "arrive" or "absent". Not restored: the pointage page marks it again in one key."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kind import EntryKind
from .shape import BadValue, keys, short_text

ARRIVAL_FIELDS = ["name", "arrived"]


def check(action: str, value: object) -> None:
    arrival = keys(value, ARRIVAL_FIELDS, ARRIVAL_FIELDS)
    if not short_text(arrival["name"]):
        raise BadValue(_("« name » : un texte court est attendu."))
    if type(arrival["arrived"]) is not bool:
        raise BadValue(_("« arrived » : oui ou non (true ou false)."))


def words(value: Any, melee: bool = False) -> str:
    # A noun, "arrivée": one phrase for a team and a player.
    state = _("arrivée pointée") if value["arrived"] else _("arrivée non pointée")
    return f"{value['name']} : {state}"


KIND = EntryKind("arrival", gettext_lazy("arrivée"), check, words)
