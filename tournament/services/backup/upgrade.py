"""A backup file of an older version brought to the latest, one version at a time.

Each step is pure (a dict in, a new dict out, no database) and adds what its version added,
with the values the migrations of that time gave existing concours: a file of version n goes
through `STEPS[n]`, `STEPS[n + 1]`, … and comes out as the latest version, which the reader
(read.py) alone validates. A step transforms only the parts of the shape it recognises (a
dict where a dict is expected) and leaves anything else as it found it, for the reader to
refuse with its message. Adding a version: one step here (VERSION and READABLE), the
export writing it, and the reader reading it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from ...choices import FEE_PER_TEAM
from ...errors import UserError
from ...models import new_donne_key
from ...shapes import ShapeError, shown
from ..common import RANKING_POINTS_FIELDS

FORMAT = "concours-belote"
VERSION = 9
READABLE = (1, 2, 3, 4, 5, 6, 7, 8, 9)

Data = dict[str, Any]


def _dicts(value: object) -> list[Data]:
    """The dicts of `value` if it is a list (a list's other items are left to the reader)."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _rounds(data: Data) -> list[Data]:
    return _dicts(data.get("rounds"))


def _games(data: Data) -> list[Data]:
    return [game for round_ in _rounds(data) for game in _dicts(round_.get("games"))]


def _defaults(row: object, values: Data) -> None:
    if isinstance(row, dict):
        for name, value in values.items():
            row.setdefault(name, copy.copy(value))


# Version 2 added each donne's key, points attribués, the time called and the journal's donne
# keys; scoring v2's rule options take the values keeping version-1 scores (migration 0003).
V1_RULES: Data = {"belote_multiplied": False, "belote_in_contract": True,
                  "belote_exception": True, "beat_defence": True, "capot_points": 252,
                  "max_contract": 500}


def v1_to_v2(data: Data, new_key: Callable[[], str] = new_donne_key) -> Data:
    """Version 1 to 2: each donne gets a new key (`new_key`), no points attribués; no time
    called; the journal's entries name no donne key; scoring v2's rule options as migration
    0003 set them (`demandes_belote` following the counting)."""
    data = copy.deepcopy(data)
    tournament = data.get("tournament")
    if isinstance(tournament, dict):
        _defaults(tournament, V1_RULES)
        tournament.setdefault("demandes_belote", tournament.get("counting") == "demandes")
    for round_ in _rounds(data):
        _defaults(round_, {"time_called": None})
    for game in _games(data):
        _defaults(game, {"stop_after": None})
        for donne in _dicts(game.get("donnes")):
            if "key" not in donne:
                donne["key"] = new_key()
            _defaults(donne, {"awarded_ns": 0, "awarded_ew": 0})
    for entry in _dicts(data.get("audit")):
        _defaults(entry, {"donne_key": ""})
    data["version"] = 2
    return data


def v2_to_v3(data: Data) -> Data:
    """Version 2 to 3: each partie plays to its tournament's end of a game (None, None)."""
    data = copy.deepcopy(data)
    for round_ in _rounds(data):
        _defaults(round_, {"target": None, "max_donnes": None})
    data["version"] = 3
    return data


# Version 4 (issues 12 and 13): the defaults of migration 0007, a concours of doublettes drawn
# by standings, no ranking points, a new East-West link for each game.
V3_TOURNAMENT: Data = {"format": "doublettes", "draw_method": "standings",
                       "exempt_rule": "fixed", **dict.fromkeys(RANKING_POINTS_FIELDS),
                       "paper_by_tables": False, "two_confirmations": False}
V3_ROUND: Data = {"draw_method": "", "teams": []}
V3_GAME: Data = {"token_ew": None, "awaiting": "", "disputed": False, "paper": None}


def _old_team(team: Data, players: list[Data]) -> Data:
    """A team naming its players: they become players numbered 2n - 1 and 2n for team n (as
    migration 0007 numbered them), of its club, with no licence."""
    number = team.get("number")
    row = {name: value for name, value in team.items() if name not in ("player1", "player2")}
    if type(number) is not int or number < 1:  # no players: the reader refuses the number
        return row | {"first": None, "second": None}
    for offset, field in enumerate(("player1", "player2")):
        players.append({"number": 2 * number - 1 + offset, "name": team.get(field),
                        "club": team.get("club"), "licence": "", "active": True})
        row["first" if offset == 0 else "second"] = 2 * number - 1 + offset
    return row


def v3_to_v4(data: Data) -> Data:
    """Version 3 to 4: the players, from the teams naming them; no lots; the concours' format
    options, each partie's draw method and teams, each game's East-West link, confirmation
    and paper totals at migration 0007's values."""
    for name in ("players", "prizes"):  # a version 4 file called 3
        if data.get(name) is not None:
            raise ShapeError(_("champ inconnu : %(keys)s.") % {"keys": name})
    data = copy.deepcopy(data)
    _defaults(data.get("tournament"), V3_TOURNAMENT)
    players: list[Data] = []
    if isinstance(data.get("teams"), list):
        data["teams"] = [_old_team(team, players) if isinstance(team, dict) else team
                         for team in data["teams"]]
    data["players"] = players
    data["prizes"] = []
    for round_ in _rounds(data):
        _defaults(round_, V3_ROUND)
    for game in _games(data):
        _defaults(game, V3_GAME)
    data["version"] = 4
    return data


def v4_to_v5(data: Data) -> Data:
    """Version 4 to 5 (issue 22): each player carries its club's register identity, none in
    a file written before the register (restoring matches them by licence, then name)."""
    data = copy.deepcopy(data)
    for player in _dicts(data.get("players")):
        _defaults(player, {"registered": None})
    data["version"] = 5
    return data


# Version 6 (issue 25): the money at the desk and the arrivals, at the values migrations 0012
# (arrivals) and 0015 (money) gave existing concours: a free concours (its fee asked per
# team), nobody arrived, no payment, no cash prize, no lot's value said. Another field of the
# concours that version 6 adds takes its value for older files here.
V5_TOURNAMENT: Data = {"fee": 0, "fee_per": FEE_PER_TEAM}


def v5_to_v6(data: Data) -> Data:
    """Version 5 to 6 (issue 25): the concours' entry fee (none), each registered team's and
    each player's arrival (not arrived), each lot's value (not said), no payment, no cash
    prize and no season."""
    for name in ("payments", "cash_prizes", "season"):  # a version 6 file called 5
        if data.get(name) is not None:
            raise ShapeError(_("champ inconnu : %(keys)s.") % {"keys": name})
    data = copy.deepcopy(data)
    _defaults(data.get("tournament"), V5_TOURNAMENT)
    for row in (*_dicts(data.get("teams")), *_dicts(data.get("players"))):
        _defaults(row, {"arrived": False})
    for lot in _dicts(data.get("prizes")):
        _defaults(lot, {"value": None})
    data["payments"] = []
    data["cash_prizes"] = []
    data["season"] = None
    data["version"] = 6
    return data


def v6_to_v7(data: Data) -> Data:
    """Version 6 to 7 (issue 37): no hall screen, no sponsor, none printed in the PDFs (as
    migration 0024 left existing concours)."""
    for name in ("screens", "sponsors"):  # a version 7 file called 6
        if data.get(name) is not None:
            raise ShapeError(_("champ inconnu : %(keys)s.") % {"keys": name})
    data = copy.deepcopy(data)
    _defaults(data.get("tournament"), {"sponsors_in_pdfs": False})
    data["screens"] = []
    data["sponsors"] = []
    data["version"] = 7
    return data


def v7_to_v8(data: Data) -> Data:
    """Version 7 to 8 (issue 35): a concours of drawn parties, as every concours was before
    the phases (migration 0028): no formule, no poule, no tableau, no partie of a phase."""
    if data.get("phases") is not None:  # a version 8 file called 7
        raise ShapeError(_("champ inconnu : %(keys)s.") % {"keys": "phases"})
    data = copy.deepcopy(data)
    for round_ in _rounds(data):
        _defaults(round_, {"phase": None, "poule": None})
    data["phases"] = None
    data["version"] = 8
    return data


def v8_to_v9(data: Data) -> Data:
    """Version 8 to 9: each partie's countdown (Round.clock_minutes, clock_ends), which files
    before it did not carry: no chrono (the partie's page offers one again)."""
    data = copy.deepcopy(data)
    for round_ in _rounds(data):
        _defaults(round_, {"clock_minutes": None, "clock_ends": None})
    data["version"] = 9
    return data


# Files written before scoring version 3, whatever their format version, lack its rule
# options (at their defaults: version 2's scores, as migration 0010) and a donne's générale.
SCORING_V3_TOURNAMENT: Data = {
    "coinche_made": None, "chute_base": None, "rounding_160": False,
    "rounding_decides": False, "losing_belote": "kept", "capot_takes_annonces": True,
    "defence_capot_bonus": False, "capot_bid_score": None, "generale_score": None}
SCORING_V3_DONNE: Data = {"generale_bid": False, "generale_made": False}


def _lacks(row: object, values: Data) -> bool:
    return isinstance(row, dict) and not row.keys() >= values.keys()


def scoring_v3(data: Data) -> Data:
    """Any version written before scoring version 3: its options at their defaults. A file
    that has them all is read as it is, not copied (a federation's file: 1 s)."""
    donnes = [donne for game in _games(data) for donne in _dicts(game.get("donnes"))]
    if not (_lacks(data.get("tournament"), SCORING_V3_TOURNAMENT)
            or any(_lacks(donne, SCORING_V3_DONNE) for donne in donnes)):
        return data
    data = copy.deepcopy(data)
    _defaults(data.get("tournament"), SCORING_V3_TOURNAMENT)
    for game in _games(data):
        for donne in _dicts(game.get("donnes")):
            _defaults(donne, SCORING_V3_DONNE)
    return data


# STEPS[n]: a file of version n to version n + 1.
STEPS: dict[int, Callable[[Data], Data]] = {1: v1_to_v2, 2: v2_to_v3, 3: v3_to_v4,
                                            4: v4_to_v5, 5: v5_to_v6, 6: v6_to_v7,
                                            7: v7_to_v8, 8: v8_to_v9}


def upgraded(data: object) -> Data:
    """`data`, a backup of any readable version, as the latest version (a UserError if it is
    not a backup, or of an unknown version)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(_("Ce fichier n'est pas une sauvegarde de concours."))
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
        raise UserError(_("Version de sauvegarde inconnue : %(v)s.") % {"v": shown(version)})
    try:
        for step in range(version, VERSION):
            data = STEPS[step](data)
    except ShapeError as error:
        raise UserError(_("%(where)s : %(message)s") % {"where": _("Sauvegarde"),
                                                        "message": error.message}) from None
    return scoring_v3(data)
