"""The audit log: who changed what, when, with the values before and after.

Services call `log` inside their own transaction, so an entry exists exactly when its change
does. Values are plain JSON built by the `*_values` helpers; `services.audit_restore` turns
one back into a change.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from django.core.exceptions import FieldDoesNotExist

from .models import (
    RULE_FIELDS,
    SIDE_SHORT,
    TRUMP_SHORT,
    AuditEntry,
    DonneRecord,
    Team,
    Tournament,
)

# Options of the tournament whose changes are logged as "rules": the rule set, the points of
# byes and forfeits and the ranking criteria, which change results just as much.
RULE_OPTIONS = [*RULE_FIELDS, "bye_points", "forfeit_points", "criteria", "parties_planned"]
TEAM_FIELDS = ["name", "player1", "player2", "club", "active"]


@dataclasses.dataclass(frozen=True)
class Actor:
    """Who makes a change: an organiser's account, or a table through its link."""

    label: str
    user_id: int | None = None

    @classmethod
    def of_user(cls, user) -> Actor:
        return cls(user.get_username(), user.pk)

    @classmethod
    def of_table(cls, game) -> Actor:
        return cls(f"Table {game.table} (lien)")


SYSTEM = Actor("système")


def donne_values(record: DonneRecord) -> dict[str, Any]:
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in dataclasses.asdict(record.to_donne()).items()
    }


def team_values(team: Team) -> dict[str, Any]:
    return {name: getattr(team, name) for name in TEAM_FIELDS}


def rules_values(tournament: Tournament) -> dict[str, Any]:
    return {name: getattr(tournament, name) for name in RULE_OPTIONS}


def entry(tournament: Tournament, by: Actor, kind: str, action: str, *, before=None,
          after=None, round_number: int | None = None, table: int | None = None,
          number: int | None = None) -> AuditEntry:
    """An entry, not yet saved (`log` saves one; a batch goes through bulk_create)."""
    return AuditEntry(
        tournament=tournament, user_id=by.user_id, actor=by.label, kind=kind, action=action,
        round_number=round_number, table=table, number=number, before=before, after=after,
    )


def log(tournament: Tournament, by: Actor, kind: str, action: str, **where) -> AuditEntry:
    record = entry(tournament, by, kind, action, **where)
    record.save()
    return record


def summary(kind: str, value: Any) -> str:
    """An entry's value in a few words, as the journal shows it."""
    if value is None:
        return "—"
    if kind == "donne":
        if not value["taker"]:
            return "passe"
        contract = "capot" if value["capot_bid"] else str(value["contract"] or "")
        words = [SIDE_SHORT[value["taker"]], contract, TRUMP_SHORT.get(value["trump"], "")]
        if value["coinche"] != "none":
            words.append(value["coinche"])
        words.append(f"{value['taker_points']} pts")
        if value["capot"]:
            words.append(f"capot {SIDE_SHORT[value['capot']]}")
        for side, label in (("ns", "NS"), ("ew", "EO")):
            if value[f"belote_{side}"]:
                words.append(f"belote {label}")
            if value[f"annonces_{side}"]:
                words.append(f"annonces {label} {value[f'annonces_{side}']}")
        return " ".join(word for word in words if word)
    if kind == "team":
        state = "" if value.get("active", True) else " (retirée)"
        return f"{value['name']} : {value['player1']} et {value['player2']}{state}"
    if kind == "pairing" and isinstance(value, list):
        return f"NS {value[0]} – EO {value[1] if value[1] is not None else 'exempte'}"
    return ", ".join(f"{_option_label(key)} : {_option_value(item)}"
                     for key, item in value.items())


def _option_label(name: str) -> str:
    try:
        return str(Tournament._meta.get_field(name).verbose_name)
    except FieldDoesNotExist:
        return name


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "oui" if value else "non"
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def describe(entry: AuditEntry) -> tuple[str, str]:
    """The entry's before and after in a few words; for options, only those that changed."""
    before, after = entry.before, entry.after
    if isinstance(before, dict) and isinstance(after, dict) and entry.kind == "rules":
        keys = [key for key in after if before.get(key) != after[key]]
        before = {key: before.get(key) for key in keys}
        after = {key: after[key] for key in keys}
    return summary(entry.kind, before), summary(entry.kind, after)


def restorable(entry: AuditEntry) -> bool:
    return entry.kind in {"donne", "team", "rules", "pairing"}
