"""Kind "screen": a hall screen added, set or deleted from the desk (issue 37), numbered by
the screen's number: {"name": …, "rotation": "tables:15,classement:20", "message": …}.
Action "create", "update" or "delete". Not restored: the screens' page sets it again in a
few keys, and a screen shows nothing the concours does not already show."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..screens import MESSAGE_LENGTH, VIEWS, rotation_of
from .kind import EntryKind
from .shape import BadValue, keys, one_of, short_text

SCREEN_FIELDS = ["name", "rotation", "message"]
ACTIONS = ("create", "update", "delete")


def check(action: str, value: object) -> None:
    if not one_of(action, ACTIONS):
        raise BadValue(_("action inconnue pour un écran : %(a)s.") % {"a": str(action)[:20]})
    screen = keys(value, SCREEN_FIELDS, SCREEN_FIELDS)
    if not short_text(screen["name"]):
        raise BadValue(_("« name » : un texte court est attendu."))
    if not (isinstance(screen["message"], str) and len(screen["message"]) <= MESSAGE_LENGTH):
        raise BadValue(_("« message » : un texte de %(n)d caractères au plus est attendu.")
                       % {"n": MESSAGE_LENGTH})
    rotation = screen["rotation"]
    if not (short_text(rotation) and rotation_of(rotation)):
        raise BadValue(_("« rotation » : des vues et leurs secondes sont attendues "
                         "(« tables:15,classement:20 »)."))


def words(value: Any, melee: bool = False) -> str:
    shown = ", ".join(f"{VIEWS[key].label} {seconds} s"
                      for key, seconds in rotation_of(value["rotation"]).items())
    return f"{value['name']} : {shown}" if value["name"] else shown


def screen_values(name: str, rotation: str, message: str) -> dict[str, Any]:
    return {"name": name, "rotation": rotation, "message": message}


KIND = EntryKind("screen", gettext_lazy("écran"), check, words)
