"""Kind "round": a partie drawn (action "create": its seed and tables by team numbers),
closed or reopened ({"closed": bool}), or its time called or not ("time", "untime": the last
donne of each table). Not restored: undoing a draw or a close has its own buttons."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kind import EntryKind
from .pairing import seats
from .rules import options_words
from .shape import SMALL, BadValue, keys, whole


def _table_number(table: object) -> bool:
    return isinstance(table, str) and table.isascii() and table.isdigit() and len(table) <= 5


def check(action: str, value: object) -> None:
    if action in ("close", "reopen"):
        if type(keys(value, ["closed"], ["closed"])["closed"]) is not bool:
            raise BadValue(_("« closed » : oui ou non (true ou false)."))
        return
    if action in ("time", "untime"):
        stops = keys(value, ["stop_after"], ["stop_after"])["stop_after"]
        if not isinstance(stops, dict) or len(stops) > SMALL or not all(
                _table_number(table) and whole(after, SMALL) for table, after in stops.items()):
            raise BadValue(_("« stop_after » : la dernière donne de chaque table est attendue."))
        return
    if action != "create":
        raise BadValue(_("action inconnue pour une partie : %(a)s.") % {"a": str(action)[:20]})
    drawn = keys(value, ["seed", "tables"], ["seed", "tables"])
    if drawn["seed"] is not None and not whole(drawn["seed"], 2**63 - 1):
        raise BadValue(_("« seed » : un nombre entier positif est attendu."))
    tables = drawn["tables"]
    if not isinstance(tables, dict) or len(tables) > SMALL or not all(
            _table_number(table) and seats(drawn_seats) for table, drawn_seats in tables.items()):
        raise BadValue(_("« tables » : les équipes de chaque table sont attendues."))


def words(value: Any, melee: bool = False) -> str:
    if isinstance(value.get("stop_after"), dict):
        return ", ".join(f"table {table} : après la donne {after}"
                         for table, after in value["stop_after"].items())
    if isinstance(value.get("tables"), dict):
        seed = value.get("seed")
        tables = [_seats_words(table, drawn) for table, drawn in value["tables"].items()]
        return "; ".join(([f"graine {seed}"] if seed is not None else []) + tables)
    if "closed" in value:
        return "close" if value["closed"] else "ouverte"
    return options_words(value, melee)


def _seats_words(table: str, drawn: list[int | None]) -> str:
    """A drawn table by team numbers: "table 1 : 4 contre 1", a bye "équipe 9 exempte"."""
    if drawn[1] is None:
        return f"équipe {drawn[0]} exempte"
    return f"table {table} : {drawn[0]} contre {drawn[1]}"


KIND = EntryKind("round", gettext_lazy("partie"), check, words)
