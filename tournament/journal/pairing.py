"""Kind "pairing": a table's two teams ([ns, ew], ew None for a bye) or its forfeit
(action "forfeit": {"forfeit": "NS" | "EW" | ""}). Restoring one seats the table again
(services.round_seat) or gives back its forfeit (services.game_forfeit)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import Side

from ..choices import SIDE_SHORT, SIDE_VALUES
from ..errors import UserError
from ..models import AuditEntry
from .kind import EntryKind, Writes, entry_game
from .log import Actor
from .rules import options_words
from .shape import BadValue, keys, one_of, whole


def seats(value: object) -> bool:
    """[ns, ew]: two team numbers, ew None for a bye."""
    return (isinstance(value, list) and len(value) == 2 and whole(value[0])
            and (value[1] is None or whole(value[1])))


def check(action: str, value: object) -> None:
    if action == "forfeit":
        forfeit = keys(value, ["forfeit"], ["forfeit"])["forfeit"]
        if forfeit != "" and not one_of(forfeit, SIDE_VALUES):
            raise BadValue(_("« forfeit » : « NS », « EW » ou rien."))
    elif not seats(value):
        raise BadValue(_("les numéros des deux équipes d'une table sont attendus."))


def words(value: Any, melee: bool = False) -> str:
    if isinstance(value, list):
        ew = value[1] if value[1] is not None else "exempte"
        return f"{SIDE_SHORT[Side.NS]} {value[0]} – {SIDE_SHORT[Side.EW]} {ew}"
    if "forfeit" in value:
        side = value["forfeit"]
        return f"forfait {SIDE_SHORT[side]}" if side in SIDE_SHORT else "aucun forfait"
    return options_words(value, melee)


def restore(entry: AuditEntry, value: Any, by: Actor, writes: Writes) -> None:
    game = entry_game(entry)
    if game is None:
        raise UserError(_("Cette table n'existe plus."))
    if entry.action == "forfeit":
        writes.game_forfeit(game=game, side=value["forfeit"], by=by)
    else:
        writes.round_seat(round_=game.round, table=game.table, teams=value, by=by)


KIND = EntryKind("pairing", gettext_lazy("tables"), check, words, restores=("seats", "forfeit"),
                 restore=restore)
