"""The audit log: who changed what, when, with the values before and after.

Services call `log` inside their own transaction, so an entry exists exactly when its change
does. Values are plain JSON built by the `*_values` helpers; `services.audit_restore` turns
one back into a change. An entry can also come from a backup file, so `check_value` states
the shape each kind of entry writes: a value of another shape is refused before it is
restored or stored, never passed on to a service.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.utils.translation import gettext as _

from scoring import Donne, Outcome, Side

from .choices import COINCHE_WORDS, OUTCOME_LABELS, SIDE_SHORT, TRUMP_SHORT
from .draw import METHODS
from .models import (
    COINCHE_VALUES,
    RULE_FIELDS,
    SIDE_VALUES,
    TRUMP_VALUES,
    AuditEntry,
    DonneRecord,
    Player,
    Team,
    Tournament,
)
from .ranking import CRITERIA
from .validators import MAX_SMALL

# Options of the tournament whose changes are logged as "rules": the rule set, the points of
# byes and forfeits and the ranking criteria, which change results just as much.
RULE_OPTIONS = [*RULE_FIELDS, "bye_points", "forfeit_points", "criteria", "parties_planned",
                "preset",
                # The formats and results (issues 12, 13): entries written before lack them,
                # and restoring such an entry leaves them as they are (services.journal).
                "format", "draw_method", "exempt_rule", "points_win", "points_loss",
                "points_exempt", "points_forfeit", "paper_by_tables", "two_confirmations"]
# A "rules" entry of the lots (services.prizes) holds only the whole list: {"prizes": [...]}.
PRIZES = "prizes"
TEAM_FIELDS = ["name", "player1", "player2", "club", "active"]
# The players' licences (issue 12): entries written before have none.
TEAM_LICENCES = ["licence1", "licence2"]
# A mêlée's player, registered alone (kind "player", numbered by the player's number).
PLAYER_FIELDS = ["name", "club", "licence", "active"]
# A donne's input, as `donne_values` writes it (the fields of scoring.Donne).
DONNE_FIELDS = [field.name for field in dataclasses.fields(Donne)]


@dataclasses.dataclass(frozen=True)
class Actor:
    """Who makes a change: an organiser's account, or a table through its link."""

    label: str
    user_id: int | None = None

    @classmethod
    def of_user(cls, user) -> Actor:
        return cls(user.get_username(), user.pk)

    @classmethod
    def of_table(cls, game, side: str = Side.NS.value) -> Actor:
        """A table through its link. With two confirmations each side has its own link, and
        the journal says which ("lien NS", "lien EO"); otherwise the table's one link."""
        if side == Side.EW.value:
            return cls(_("Table %(t)d (lien EO)") % {"t": game.table})
        if game.round.tournament.two_confirmations:
            return cls(_("Table %(t)d (lien NS)") % {"t": game.table})
        return cls(_("Table %(t)d (lien)") % {"t": game.table})


SYSTEM = Actor("système")


def donne_values(record: DonneRecord) -> dict[str, Any]:
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in dataclasses.asdict(record.to_donne()).items()
    }


def team_values(team: Team) -> dict[str, Any]:
    return {**{name: getattr(team, name) for name in TEAM_FIELDS},
            "licence1": team.first.licence,
            "licence2": team.second.licence if team.second is not None else ""}


def player_values(player: Player) -> dict[str, Any]:
    return {name: getattr(player, name) for name in PLAYER_FIELDS}


def rules_values(tournament: Tournament) -> dict[str, Any]:
    return {name: getattr(tournament, name) for name in RULE_OPTIONS}


def entry(tournament: Tournament, by: Actor, kind: str, action: str, *, before=None,
          after=None, round_number: int | None = None, table: int | None = None,
          number: int | None = None, donne_key: str = "") -> AuditEntry:
    """An entry, not yet saved (`log` saves one; a batch goes through bulk_create). A donne's
    entry names it by its key (`donne_key`): its number shifts when an earlier one goes."""
    return AuditEntry(
        tournament=tournament, user_id=by.user_id, actor=by.label, kind=kind, action=action,
        round_number=round_number, table=table, number=number, donne_key=donne_key,
        before=before, after=after,
    )


def log(tournament: Tournament, by: Actor, kind: str, action: str, **where) -> AuditEntry:
    record = entry(tournament, by, kind, action, **where)
    record.save()
    return record


def summary(kind: str, value: Any, melee: bool = False) -> str:
    """An entry's value in a few words, as the journal shows it (`melee`: the lots say
    "tous les joueurs" rather than "toutes les équipes")."""
    if value is None:
        return "—"
    if kind == "donne":
        if not value["taker"]:
            return " ".join([str(OUTCOME_LABELS[Outcome.PASSED]), *_awarded(value)])
        if value.get("generale_bid"):  # version 3; older entries have no such key
            contract = "générale réussie" if value.get("generale_made") else "générale"
        else:
            contract = "capot" if value["capot_bid"] else str(value["contract"] or "")
        words = [SIDE_SHORT[value["taker"]], contract, TRUMP_SHORT.get(value["trump"], "")]
        words.append(COINCHE_WORDS.get(value["coinche"], ""))  # none: no word
        words.append(f"{value['taker_points']} pts")
        if value["capot"]:
            words.append(f"capot {SIDE_SHORT[value['capot']]}")
        for side in Side:
            label, key = SIDE_SHORT[side], side.lower()  # belote_ns, annonces_ew
            if value[f"belote_{key}"]:
                words.append(f"belote {label}")
            if value[f"annonces_{key}"]:
                words.append(f"annonces {label} {value[f'annonces_{key}']}")
        words += _awarded(value)
        return " ".join(word for word in words if word)
    if kind == "team":
        state = "" if value.get("active", True) else " (retirée)"
        return f"{value['name']} : {value['player1']} et {value['player2']}{state}"
    if kind == "game":  # a table's score as a whole: paper totals, confirmations
        from .services.paper import game_value_words  # services import this module

        return game_value_words(value)
    if kind == "player":
        words = [value["name"]]
        if value["club"]:
            words.append(f"({value['club']})")
        if value["licence"]:
            words.append(f"licence {value['licence']}")
        return " ".join(words) + ("" if value["active"] else " (retiré)")
    if kind == "round" and isinstance(value.get("stop_after"), dict):
        return ", ".join(f"table {table} : après la donne {after}"
                         for table, after in value["stop_after"].items())
    if kind == "round" and isinstance(value.get("tables"), dict):
        seed = value.get("seed")
        tables = [_seats_words(table, seats) for table, seats in value["tables"].items()]
        return "; ".join(([f"graine {seed}"] if seed is not None else []) + tables)
    if kind == "round" and "closed" in value:
        return "close" if value["closed"] else "ouverte"
    if kind == "pairing" and isinstance(value, list):
        ew = value[1] if value[1] is not None else "exempte"
        return f"{SIDE_SHORT[Side.NS]} {value[0]} – {SIDE_SHORT[Side.EW]} {ew}"
    if kind == "pairing" and "forfeit" in value:
        side = value["forfeit"]
        return f"forfait {SIDE_SHORT[side]}" if side in SIDE_SHORT else "aucun forfait"
    return ", ".join(f"{_option_label(key)} : {_option_value(key, item, melee)}"
                     for key, item in value.items())


def _seats_words(table: str, seats: list) -> str:
    """A drawn table by team numbers: "table 1 : 4 contre 1", a bye "équipe 9 exempte"."""
    if seats[1] is None:
        return f"équipe {seats[0]} exempte"
    return f"table {table} : {seats[0]} contre {seats[1]}"


def _awarded(value: dict[str, Any]) -> list[str]:
    """Points attribués as the pages write them: "pénalité +50 EO"."""
    given = [f"+{value[f'awarded_{side.lower()}']} {SIDE_SHORT[side]}"
             for side in Side if value.get(f"awarded_{side.lower()}")]
    return ["pénalité", *given] if given else []


# Options named otherwise in the journal than on the rules page, where a form's context says
# the rest: what the option allows, in a few words.
JOURNAL_LABELS = {PRIZES: "lots", "paper_by_tables": "totaux saisis par les liens de table"}


def _option_label(name: str) -> str:
    if name in JOURNAL_LABELS:
        return JOURNAL_LABELS[name]
    try:
        column = Tournament._meta.get_field(name)
    except FieldDoesNotExist:
        return name
    return str(getattr(column, "verbose_name", name))


def _option_value(name: str, value: Any, melee: bool = False) -> str:
    """An option's value in words: a choice by its French label, a yes/no in French, the
    lots as the prizes page sums them up."""
    if name == PRIZES:  # checked well formed before (describe)
        from .selectors.prizes import lots_from_value, lots_summary  # selectors read models

        return lots_summary(lots_from_value(value), melee)
    if name == "draw_method" and isinstance(value, str) and value in METHODS:
        return str(METHODS[value].label)
    try:
        choices = dict(getattr(Tournament._meta.get_field(name), "choices", None) or ())
    except FieldDoesNotExist:
        choices = {}
    if isinstance(value, str | int) and not isinstance(value, bool) and value in choices:
        return str(choices[value])
    if isinstance(value, bool):
        return "oui" if value else "non"
    if value is None:
        return "—"
    if isinstance(value, list):  # the ranking criteria: their French labels
        return ", ".join(str(CRITERIA.get(item, item)) if isinstance(item, str) else str(item)
                         for item in value)
    return str(value)


def well_formed(entry: AuditEntry) -> bool:
    """Whether both values have the shape the entry's kind writes (see `check_value`)."""
    try:
        check_value(entry.kind, entry.action, entry.before)
        check_value(entry.kind, entry.action, entry.after)
    except BadValue:
        return False
    return True


def describe(entry: AuditEntry) -> tuple[str, str]:
    """The entry's before and after in a few words; for options, only those that changed.
    An entry of another shape (a crafted one) is shown as such, never read."""
    if not well_formed(entry):
        return _("(valeur illisible)"), _("(valeur illisible)")
    before, after = entry.before, entry.after
    melee = False
    if isinstance(before, dict) and isinstance(after, dict) and entry.kind == "rules":
        # In the options' own order: PostgreSQL's jsonb keeps no key order.
        order = {key: index for index, key in enumerate(RULE_OPTIONS)}
        keys = sorted((key for key in after if before.get(key) != after[key]),
                      key=lambda key: (order.get(key, len(order)), key))
        before = {key: before.get(key) for key in keys}
        after = {key: after[key] for key in keys}
        # Read only for the lots: the journal's entries come from `tournament.audit`, which
        # hands each its tournament without a query.
        melee = PRIZES in after and entry.tournament.format == "melee"
    return summary(entry.kind, before, melee), summary(entry.kind, after, melee)


def restorable(entry: AuditEntry) -> bool:
    return entry.kind in {"donne", "team", "player", "rules", "pairing"} and well_formed(entry)


# --- The shape of the values each kind of entry writes ------------------------------------


class BadValue(ValueError):
    """An entry's value that its kind never writes, with a French message."""


_SMALL = MAX_SMALL  # the columns these numbers come from are small integers at most
_INTEGER = 2_147_483_647
_NAMES = 200  # the longest text column (a tournament's name)
# Points attribués arrived with scoring v2: entries written before have no such keys.
# Points attribués (version 2) and the générale (version 3) are absent from older entries.
_DONNE_REQUIRED = [name for name in DONNE_FIELDS
                   if not name.startswith(("awarded_", "generale_"))]


def _whole(value: object, maximum: int = _INTEGER) -> bool:
    return type(value) is int and 0 <= value <= maximum


def _keys(value: object, allowed: list[str], required: list[str]) -> dict:
    """`value` as a dict whose keys are among `allowed`, with every `required` one."""
    if not isinstance(value, dict):
        raise BadValue(_("des valeurs nommées sont attendues."))
    unknown = sorted(str(key) for key in value if key not in allowed)
    if unknown:
        raise BadValue(_("valeur inconnue : %(keys)s.") % {"keys": ", ".join(unknown)[:200]})
    missing = [key for key in required if key not in value]
    if missing:
        raise BadValue(_("valeur manquante : %(keys)s.") % {"keys": ", ".join(missing)})
    return value


def _check_donne(value: object) -> None:
    donne = _keys(value, DONNE_FIELDS, _DONNE_REQUIRED)
    for name, item in donne.items():
        if name in ("taker", "capot"):
            good = item is None or item in SIDE_VALUES
        elif name == "trump":
            good = item is None or item in TRUMP_VALUES
        elif name == "coinche":
            good = item in COINCHE_VALUES
        elif name in ("capot_bid", "generale_bid", "generale_made"):
            good = type(item) is bool
        elif name == "contract":
            good = item is None or _whole(item, _SMALL)
        else:
            good = _whole(item, _SMALL)
        if not good:
            raise BadValue(_("la valeur de « %(name)s » n'est pas celle d'une donne.")
                           % {"name": name})


def _check_team(value: object) -> None:
    team = _keys(value, TEAM_FIELDS + TEAM_LICENCES, TEAM_FIELDS)
    for name in ("name", "player1", "player2", "club", *TEAM_LICENCES):
        if name in team and (not isinstance(team[name], str) or len(team[name]) > _NAMES):
            raise BadValue(_("« %(name)s » : un texte court est attendu.") % {"name": name})
    if type(team["active"]) is not bool:
        raise BadValue(_("« active » : oui ou non (true ou false)."))


def _check_player(value: object) -> None:
    player = _keys(value, PLAYER_FIELDS, PLAYER_FIELDS)
    for name in ("name", "club", "licence"):
        if not isinstance(player[name], str) or len(player[name]) > _NAMES:
            raise BadValue(_("« %(name)s » : un texte court est attendu.") % {"name": name})
    if type(player["active"]) is not bool:
        raise BadValue(_("« active » : oui ou non (true ou false)."))


def _check_rules(value: object) -> None:
    if isinstance(value, dict) and PRIZES in value:
        from .selectors.prizes import lots_from_value  # selectors read models

        try:
            lots_from_value(_keys(value, [PRIZES], [PRIZES])[PRIZES])
        except ValueError as error:
            raise BadValue(str(error)) from None
        return
    for name, item in _keys(value, RULE_OPTIONS, []).items():
        if name == "criteria":
            good = (isinstance(item, list) and len(item) <= 20
                    and all(isinstance(key, str) and len(key) <= 30 for key in item))
        else:
            good = (item is None or type(item) is bool or _whole(item)
                    or (isinstance(item, str) and len(item) <= 30))
        if not good:
            raise BadValue(_("la valeur de « %(name)s » n'est pas celle d'une option.")
                           % {"name": name})


def _seats(value: object) -> bool:
    """[ns, ew]: two team numbers, ew None for a bye."""
    return (isinstance(value, list) and len(value) == 2 and _whole(value[0])
            and (value[1] is None or _whole(value[1])))


def _check_pairing(action: str, value: object) -> None:
    if action == "forfeit":
        forfeit = _keys(value, ["forfeit"], ["forfeit"])["forfeit"]
        if forfeit != "" and forfeit not in SIDE_VALUES:
            raise BadValue(_("« forfeit » : « NS », « EW » ou rien."))
    elif not _seats(value):
        raise BadValue(_("les numéros des deux équipes d'une table sont attendus."))


def _check_round(action: str, value: object) -> None:
    if action in ("close", "reopen"):
        if type(_keys(value, ["closed"], ["closed"])["closed"]) is not bool:
            raise BadValue(_("« closed » : oui ou non (true ou false)."))
        return
    if action in ("time", "untime"):
        stops = _keys(value, ["stop_after"], ["stop_after"])["stop_after"]
        if not isinstance(stops, dict) or len(stops) > _SMALL or not all(
                isinstance(table, str) and table.isascii() and table.isdigit()
                and len(table) <= 5 and _whole(after, _SMALL) for table, after in stops.items()):
            raise BadValue(_("« stop_after » : la dernière donne de chaque table est attendue."))
        return
    if action != "create":
        raise BadValue(_("action inconnue pour une partie : %(a)s.") % {"a": str(action)[:20]})
    drawn = _keys(value, ["seed", "tables"], ["seed", "tables"])
    if drawn["seed"] is not None and not _whole(drawn["seed"], 2**63 - 1):
        raise BadValue(_("« seed » : un nombre entier positif est attendu."))
    tables = drawn["tables"]
    if not isinstance(tables, dict) or len(tables) > _SMALL or not all(
            isinstance(table, str) and table.isascii() and table.isdigit() and len(table) <= 5
            and _seats(seats) for table, seats in tables.items()):
        raise BadValue(_("« tables » : les équipes de chaque table sont attendues."))


def check_value(kind: str, action: str, value: object) -> None:
    """Refuse (`BadValue`) a `before` or `after` value that an entry of this kind and action
    never holds: a restore passes only these values on, and the journal can show them."""
    if value is None:
        return
    if kind == "donne":
        _check_donne(value)
    elif kind == "team":
        _check_team(value)
    elif kind == "player":
        _check_player(value)
    elif kind == "game":
        from .services.paper import check_game_value  # services import this module

        check_game_value(action, value)
    elif kind == "rules":
        _check_rules(value)
    elif kind == "pairing":
        _check_pairing(action, value)
    elif kind == "round":
        _check_round(action, value)
    else:
        raise BadValue(_("objet inconnu : %(kind)s.") % {"kind": str(kind)[:20]})
