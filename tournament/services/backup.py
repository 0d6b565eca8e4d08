"""A whole tournament as one JSON document, and back.

The document names things as people do (team numbers, partie and table numbers), never by
database keys, so it can be restored into any database. Scores are written for whoever reads
the file, but on import they are recomputed from the donnes: a file edited by hand cannot
bring in a score the rules do not give.

A file may have been edited by hand or crafted, so it is read in two passes: `_read` checks
the WHOLE document with the checks of the forms and services (texts, slug, choices, rules,
criteria, numbering, tokens, the journal's values, every game scored) and refuses at the
first fault with a French message naming where it is; only a document that passed is
written, in one transaction. Nothing is written before the file is known to be good.

Version 2 adds each donne's key (its identity for the journal), points attribués, the time
called (a round's `time_called`, a game's `stop_after`) and the journal entries' donne keys.
Version 3 adds each partie's own end of a game (`target`, `max_donnes`: the rules it was
played with, which may differ from the tournament's since they change from a partie on).
Version 4 (issues 12 and 13) adds the players: a list of players (number, name, club,
licence), each registered team naming its two players by number, and the teams a mêlée's draw
formed for each partie (in the partie: its `teams`, which its games then name); the concours'
format, draw method, exempt rule, ranking points and results options; each partie's draw
method; each game's East-West link, awaited confirmation and paper totals; the lots.
A version 1 file still imports: its donnes get new keys, and rule options it lacks (written
before scoring v2) take the values migration 0003 gave existing tournaments. Parties of a
version 1 or 2 file take their tournament's target and number of donnes (both None). The teams
of a file before version 4 name their players: they become players numbered 2n - 1 and 2n for
team n (as migration 0007 numbered them), of a concours in doublettes.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from collections.abc import Iterable
from typing import Any, Literal, NoReturn, overload

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import PRESETS, PaperTotals, ScoringError, check_paper_totals, paper_winner, score_game

from .. import journal as audit
from .. import services, validators
from ..bounds import FIRST_YEAR, LAST_YEAR, MAX_DONNES_PER_GAME
from ..draw import METHODS
from ..models import (
    COINCHE_VALUES,
    RULE_FIELDS,
    SEATS,
    SIDE_VALUES,
    TOKEN_PATTERN,
    TRUMP_VALUES,
    AuditEntry,
    DonneRecord,
    Game,
    Player,
    Prize,
    Round,
    Team,
    Tournament,
    new_donne_key,
    new_token,
    partie_rules,
)
from ..selectors.prizes import Lot, lot_of, lots_from_value, lots_value
from .common import (
    RANKING_POINTS_FIELDS,
    UserError,
    draw_method_checked,
    exempt_rule_checked,
    format_checked,
    model_column,
    ranking_points_checked,
)

FORMAT = "concours-belote"
VERSION = 4
READABLE = (1, 2, 3, 4)
# The concours' options of issues 12 and 13 (version 4).
FORMAT_FIELDS = ["format", "draw_method", "exempt_rule", *RANKING_POINTS_FIELDS,
                 "paper_by_tables", "two_confirmations"]
TOURNAMENT_FIELDS = ["name", "slug", "place", "preset", *RULE_FIELDS, "parties_planned",
                     "criteria", "bye_points", "forfeit_points", "published", *FORMAT_FIELDS]
PLAYER_FIELDS = ["number", "name", "club", "licence", "active"]
# A team names its players by their numbers (`second` None: a mêlée's exempt player alone).
TEAM_FIELDS = ["number", "name", "first", "second", "club", "active"]
# Before version 4, a team named its players.
OLD_TEAM_FIELDS = ["number", "name", "player1", "player2", "club", "active"]
DONNE_FIELDS = ["number", "key", "taker", "contract", "capot_bid", "trump", "coinche",
                "taker_points", "capot", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew",
                "awarded_ns", "awarded_ew", "version", "generale_bid", "generale_made"]
ROUND_FIELDS = ["number", "seed", "closed", "time_called", "target", "max_donnes",
                "draw_method", "teams", "games"]
GAME_FIELDS = ["table", "ns", "ew", "first_dealer", "forfeit", "token", "token_ew",
               "awaiting", "disputed", "paper", "stop_after", "donnes", "result"]
# A game entered by its paper sheet's totals (Game.by_totals): what the check of the totals
# reads (scoring.PaperTotals), under the Game's paper_* column names.
PAPER_FIELDS = ["ns", "ew", "donnes", "passed", "belotes", "capots", "awarded_ns",
                "awarded_ew"]
RESULT_FIELDS = ["score_ns", "score_ew", "finished", "winner", "played"]
AUDIT_FIELDS = ["actor", "kind", "action", "round_number", "table", "number", "donne_key",
                "before", "after"]

# What version 1 files may lack: added with version 2 (defaults given here), or rule options
# added by scoring v2, which take the values keeping version-1 scores (migration 0003).
V1_ABSENT: dict[str, dict[str, Any]] = {
    "donne": {"key": None, "awarded_ns": 0, "awarded_ew": 0},
    "round": {"time_called": None},
    "game": {"stop_after": None},
    "audit": {"donne_key": ""},
    "tournament": {"belote_multiplied": False, "belote_in_contract": True,
                   "demandes_belote": False, "belote_exception": True, "beat_defence": True,
                   "capot_points": 252, "max_contract": 500},
}
# What version 2 files lack: each partie's end of a game, added with version 3 (None: the
# tournament's).
V2_ABSENT: dict[str, dict[str, Any]] = {"round": {"target": None, "max_donnes": None}}
# What files before version 4 lack: the defaults of migration 0007 (a concours of doublettes
# drawn by standings, no ranking points, a new East-West link for each game).
V3_ABSENT: dict[str, dict[str, Any]] = {
    "tournament": {"format": "doublettes", "draw_method": "standings", "exempt_rule": "fixed",
                   **dict.fromkeys(RANKING_POINTS_FIELDS), "paper_by_tables": False,
                   "two_confirmations": False},
    "round": {"draw_method": "", "teams": []},
    "game": {"token_ew": None, "awaiting": "", "disputed": False, "paper": None},
}
# What files written before scoring version 3 lack, whatever their format version: its rule
# options at their defaults (version 2's scores, as migration 0010) and a donne's générale.
SCORING_V3_ABSENT: dict[str, dict[str, Any]] = {
    "tournament": {"coinche_made": None, "chute_base": None, "rounding_160": False,
                   "rounding_decides": False, "losing_belote": "kept",
                   "capot_takes_annonces": True, "defence_capot_bonus": False,
                   "capot_bid_score": None, "generale_score": None},
    "donne": {"generale_bid": False, "generale_made": False},
}
_TOKEN = re.compile(TOKEN_PATTERN)
_CHUNK = 500  # keys per query when looking tokens up (SQLite bounds a query's parameters)


# --- Export -------------------------------------------------------------------------------


def _team_row(team: Team) -> dict[str, Any]:
    return {"number": team.number, "name": team.name, "first": team.first.number,
            "second": team.second.number if team.second is not None else None,
            "club": team.club, "active": team.active}


def _paper_row(game: Game) -> dict[str, Any] | None:
    if not game.by_totals:
        return None
    return {name: getattr(game, f"paper_{name}") for name in PAPER_FIELDS}


def export_data(tournament: Tournament) -> dict[str, Any]:
    games = (Game.objects.filter(round__tournament=tournament)
             .select_related("round", "team_ns", "team_ew").order_by("round__number", "table"))
    teams = list(tournament.teams.select_related("first", "second").order_by("number"))
    donnes: dict[int, list[dict]] = {}
    for record in DonneRecord.objects.filter(game__round__tournament=tournament).order_by(
            "game_id", "number"):
        donnes.setdefault(record.game_id, []).append(
            {name: getattr(record, name) for name in DONNE_FIELDS})
    rounds: dict[int, dict] = {}
    for round_ in tournament.rounds.order_by("number"):
        rounds[round_.pk] = {
            "number": round_.number, "seed": round_.seed, "closed": round_.closed,
            "time_called": round_.time_called.isoformat() if round_.time_called else None,
            "target": round_.target, "max_donnes": round_.max_donnes,
            "draw_method": round_.draw_method,
            "teams": [_team_row(team) for team in teams if team.round_id == round_.pk],
            "games": []}
    for game in games:
        rounds[game.round_id]["games"].append({
            "table": game.table, "ns": game.team_ns.number,
            "ew": game.team_ew.number if game.team_ew else None,
            "first_dealer": game.first_dealer, "forfeit": game.forfeit, "token": game.token,
            "token_ew": game.token_ew, "awaiting": game.awaiting, "disputed": game.disputed,
            "paper": _paper_row(game),
            "stop_after": game.stop_after, "donnes": donnes.get(game.pk, []),
            "result": {name: getattr(game, name) for name in RESULT_FIELDS},
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {"date": tournament.date.isoformat(),
                       **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}},
        "players": [{name: getattr(player, name) for name in PLAYER_FIELDS}
                    for player in tournament.players.order_by("number")],
        "prizes": lots_value([lot_of(prize) for prize in
                              tournament.prizes.order_by("order", "id")]),
        "teams": [_team_row(team) for team in teams if team.round_id is None],
        "rounds": list(rounds.values()),
        "audit": [{"at": entry.at.isoformat(), "user": entry.user.get_username()
                   if entry.user else None,
                   **{name: getattr(entry, name) for name in AUDIT_FIELDS}}
                  for entry in tournament.audit.select_related("user").order_by("at", "id")],
    }


def export_json(tournament: Tournament) -> str:
    return json.dumps(export_data(tournament), ensure_ascii=False, indent=1)


# --- Import: the checks -------------------------------------------------------------------


def _fail(where: str, message: str) -> NoReturn:
    raise UserError(_("%(where)s : %(message)s") % {"where": where, "message": message})


def _fields(value: object, where: str, names: list[str],
            absent: dict[str, Any]) -> dict[str, Any]:
    """`value` as a dict with exactly the keys `names`; those of `absent` may be missing
    (a version 1 file) and take its values."""
    if not isinstance(value, dict):
        _fail(where, _("des valeurs nommées sont attendues."))
    unknown = sorted(str(key) for key in value if key not in names)
    if unknown:
        _fail(where, _("champ inconnu : %(keys)s.") % {"keys": ", ".join(unknown)[:200]})
    missing = [name for name in names if name not in value and name not in absent]
    if missing:
        _fail(where, _("champ manquant : %(keys)s.") % {"keys": ", ".join(missing)})
    return {**absent, **value}


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(where, _("une liste est attendue."))
    return value


def _bool(value: object, where: str, label: str) -> bool:
    if type(value) is not bool:
        _fail(where, _("%(label)s : true ou false est attendu.") % {"label": label})
    return value


@overload
def _whole(model: type[Model], field: str, value: object, where: str, label: str, *,
           minimum: int = 0, optional: Literal[False] = False) -> int: ...


@overload
def _whole(model: type[Model], field: str, value: object, where: str, label: str, *,
           minimum: int = 0, optional: bool) -> int | None: ...


def _whole(model: type[Model], field: str, value: object, where: str, label: str, *,
           minimum: int = 0, optional: bool = False) -> int | None:
    """A whole number of the file for `model.field` (services.whole_field), None allowed
    when `optional`."""
    if optional and value is None:
        return None
    return services.whole_field(model, field, value, label=f"{where}, {label}",
                                minimum=minimum)


def _shown(value: object) -> str:
    """A value from the file, shown in a message: a scalar as written, else its kind."""
    if value is None or isinstance(value, str | int | float | bool):
        return json.dumps(value)[:40]
    return _("une liste") if isinstance(value, list) else _("un objet")


def _choice(value: object, choices: Iterable[str], where: str, label: str) -> str:
    if not isinstance(value, str) or value not in choices:
        _fail(where, _("%(label)s inconnu : %(value)s.") % {"label": label,
                                                             "value": _shown(value)})
    return value


def _token(value: object, where: str, label: str) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        _fail(where, _("%(label)s : 22 lettres, chiffres, « - » ou « _ » sont attendus.")
              % {"label": label})
    return value


def _moment(value: object, where: str, *, optional: bool = False) -> datetime.datetime | None:
    if optional and value is None:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        _fail(where, _("une date et une heure ISO sont attendues."))
    # Year 1 or 9999 with an offset overflows when converted (saving, or showing it in local
    # time): a concours happens within a sane range of years.
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        _fail(where, _("une date entre %(a)d et %(b)d est attendue.")
              % {"a": FIRST_YEAR, "b": LAST_YEAR})
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


@dataclasses.dataclass
class _Game:
    fields: dict[str, Any]
    ns: int
    ew: int | None
    donnes: list[dict[str, Any]]


@dataclasses.dataclass
class _Round:
    fields: dict[str, Any]
    teams: list[dict[str, Any]]  # the teams its draw formed (a mêlée), which its games name
    games: list[_Game]


@dataclasses.dataclass
class _Backup:
    """A document that passed every check, as the values to write."""

    tournament: dict[str, Any]
    players: list[dict[str, Any]]
    teams: list[dict[str, Any]]
    lots: list[Lot]
    rounds: list[_Round]
    audit: list[dict[str, Any]]
    replaces: Tournament | None


def _criteria(value: object) -> list[str]:
    try:
        return services.criteria_checked(value)
    except UserError as error:
        _fail(_("Concours"), error.message)


def _read_tournament(value: object, version: int) -> dict[str, Any]:
    where = _("Concours")
    absent = V1_ABSENT["tournament"] if version == 1 else {}
    if version < 4:
        absent = {**absent, **V3_ABSENT["tournament"]}
    absent = {**absent, **SCORING_V3_ABSENT["tournament"]}
    fields = _fields(value, where, ["date", *TOURNAMENT_FIELDS], absent)
    if version == 1 and "demandes_belote" not in value:  # type: ignore[operator]
        fields["demandes_belote"] = fields["counting"] == "demandes"  # as migration 0003
    checked: dict[str, Any] = {
        "name": services.text_field(Tournament, "name", fields["name"],
                                    label=_("Concours, nom")),
        "slug": services.slug_checked(fields["slug"]),
        "place": services.text_field(Tournament, "place", fields["place"],
                                     label=_("Concours, lieu")),
        "preset": _choice(fields["preset"], PRESETS, where, _("Règlement")),
        "parties_planned": _whole(Tournament, "parties_planned", fields["parties_planned"],
                                  where, _("parties prévues"), minimum=1),
        "criteria": _criteria(fields["criteria"]),
        "bye_points": _whole(Tournament, "bye_points", fields["bye_points"], where,
                             _("points d'une exemption")),
        "forfeit_points": _whole(Tournament, "forfeit_points", fields["forfeit_points"],
                                 where, _("points d'un forfait")),
        "published": _bool(fields["published"], where, _("publié")),
        "paper_by_tables": _bool(fields["paper_by_tables"], where,
                                 _("totaux saisis par les tables")),
        "two_confirmations": _bool(fields["two_confirmations"], where,
                                   _("double confirmation")),
    }
    # The checks of the concours' form, each refusal named as the file's.
    try:
        checked["format"] = format_checked(fields["format"])
        checked["draw_method"] = draw_method_checked(fields["draw_method"], checked["format"])
        checked["exempt_rule"] = exempt_rule_checked(fields["exempt_rule"])
        for name in RANKING_POINTS_FIELDS:
            checked[name] = ranking_points_checked(name, fields[name])
    except UserError as error:
        _fail(where, error.message)
    try:
        checked["date"] = datetime.date.fromisoformat(fields["date"])
    except (TypeError, ValueError):
        _fail(where, _("une date ISO (2026-11-21) est attendue."))
    try:
        rules = services.rules_from(fields)
    except UserError as error:
        _fail(_("Concours, règlement"), error.message)
    checked.update({name: getattr(rules, name) for name in RULE_FIELDS})
    return checked


def _read_lots(value: object) -> list[Lot]:
    """The lots, checked as the lots page and the journal check them."""
    try:
        return services.lots_checked(lots_from_value(value))
    except ValueError as error:  # UserError is one too, with its message
        _fail(_("Lots"), getattr(error, "message", str(error)))


def _read_players(value: object) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = []
    numbers: set[int] = set()
    licences: dict[str, int] = {}
    for index, row in enumerate(_list(value, _("Joueurs")), start=1):
        where = _("Joueur (le %(i)de du fichier)") % {"i": index}
        fields = _fields(row, where, PLAYER_FIELDS, {})
        number = _whole(Player, "number", fields["number"], where, _("numéro"), minimum=1)
        where = _("Joueur %(n)d") % {"n": number}
        if number in numbers:
            _fail(where, _("ce numéro est donné à deux joueurs."))
        numbers.add(number)
        player: dict[str, Any] = {"number": number,
                                  "active": _bool(fields["active"], where, _("actif"))}
        for field, label in (("name", _("nom")), ("club", _("club")),
                             ("licence", _("licence"))):
            player[field] = services.text_field(Player, field, fields[field],
                                                label=f"{where}, {label}")
        # A licence identifies one person: once in a concours (as services.player_create).
        if player["licence"]:
            key = validators.same_name(player["licence"])
            if key in licences:
                _fail(where, _("la licence %(licence)s est déjà celle du joueur %(n)d.")
                      % {"licence": player["licence"], "n": licences[key]})
            licences[key] = number
        players.append(player)
    return players


def _read_old_teams(value: object) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A file before version 4: its teams name their two players, who become players
    numbered 2n - 1 and 2n for team n (their team's club, no licence)."""
    players: list[dict[str, Any]] = []
    teams: list[dict[str, Any]] = []
    numbers: set[int] = set()
    names: set[str] = set()
    for index, row in enumerate(_list(value, _("Équipes")), start=1):
        where = _("Équipe (la %(i)de du fichier)") % {"i": index}
        fields = _fields(row, where, OLD_TEAM_FIELDS, {})
        number = _whole(Team, "number", fields["number"], where, _("numéro"), minimum=1)
        where = _("Équipe %(n)d") % {"n": number}
        if number in numbers:
            _fail(where, _("ce numéro est donné à deux équipes."))
        numbers.add(number)
        team: dict[str, Any] = {"number": number,
                                "active": _bool(fields["active"], where, _("active"))}
        for field, label in (("name", _("nom")), ("club", _("club"))):
            team[field] = services.text_field(Team, field, fields[field],
                                              label=f"{where}, {label}")
        key = validators.same_name(team["name"])
        if key in names:
            _fail(where, _("l'équipe « %(name)s » figure deux fois.") % {"name": team["name"]})
        names.add(key)
        for offset, (field, label) in enumerate((("player1", _("joueur 1")),
                                                 ("player2", _("joueur 2")))):
            players.append({
                "number": 2 * number - 1 + offset, "active": True, "licence": "",
                "club": team["club"],
                "name": services.text_field(Player, "name", fields[field],
                                            label=f"{where}, {label}")})
        teams.append({**team, "first": 2 * number - 1, "second": 2 * number})
    return players, teams


def _read_teams(value: object, players: set[int], partie: int | None = None
                ) -> list[dict[str, Any]]:
    """The registered teams (`partie` None), or the teams partie `partie`'s draw formed:
    each names its players by number, players of the file, each in one team at most (a
    partie's team may be one player alone: an exempt player of a mêlée)."""
    teams: list[dict[str, Any]] = []
    numbers: set[int] = set()
    names: set[str] = set()
    team_of: dict[int, int] = {}
    rows = _list(value, _("Équipes") if partie is None
                 else _("Partie %(p)d, équipes") % {"p": partie})
    for index, row in enumerate(rows, start=1):
        where = (_("Équipe (la %(i)de du fichier)") % {"i": index} if partie is None
                 else _("Partie %(p)d, équipe (la %(i)de)") % {"p": partie, "i": index})
        fields = _fields(row, where, TEAM_FIELDS, {})
        number = _whole(Team, "number", fields["number"], where, _("numéro"), minimum=1)
        where = (_("Équipe %(n)d") % {"n": number} if partie is None
                 else _("Partie %(p)d, équipe %(n)d") % {"p": partie, "n": number})
        if number in numbers:
            _fail(where, _("ce numéro est donné à deux équipes."))
        numbers.add(number)
        team: dict[str, Any] = {"number": number,
                                "active": _bool(fields["active"], where, _("active"))}
        for field, label in (("name", _("nom")), ("club", _("club"))):
            team[field] = services.text_field(Team, field, fields[field],
                                              label=f"{where}, {label}")
        # Names are unique among the registered teams (a partie's are its players' names).
        key = validators.same_name(team["name"])
        if partie is None and key in names:
            _fail(where, _("l'équipe « %(name)s » figure deux fois.") % {"name": team["name"]})
        names.add(key)
        team["first"] = _whole(Player, "number", fields["first"], where, _("joueur 1"),
                               minimum=1)
        team["second"] = _whole(Player, "number", fields["second"], where, _("joueur 2"),
                                minimum=1, optional=partie is not None)
        if team["first"] == team["second"]:
            _fail(where, _("un joueur ne fait pas équipe avec lui-même."))
        for player in (team["first"], team["second"]):
            if player is None:
                continue
            if player not in players:
                _fail(where, _("le joueur %(n)d n'existe pas.") % {"n": player})
            if player in team_of:
                _fail(where, _("le joueur %(n)d est déjà dans l'équipe %(t)d.")
                      % {"n": player, "t": team_of[player]})
            team_of[player] = number
        teams.append(team)
    return teams


def _read_donne(row: object, where: str, version: int) -> dict[str, Any]:
    absent = V1_ABSENT["donne"] if version == 1 else {}
    fields = _fields(row, where, DONNE_FIELDS, {**absent, **SCORING_V3_ABSENT["donne"]})
    donne: dict[str, Any] = {
        "taker": _choice(fields["taker"], {"", *SIDE_VALUES}, where, _("preneur")),
        "capot": _choice(fields["capot"], {"", *SIDE_VALUES}, where, _("capot")),
        "trump": _choice(fields["trump"], {"", *TRUMP_VALUES}, where, _("atout")),
        "coinche": _choice(fields["coinche"], COINCHE_VALUES, where, _("coinche")),
        "capot_bid": _bool(fields["capot_bid"], where, _("capot demandé")),
        "generale_bid": _bool(fields["generale_bid"], where, _("générale demandée")),
        "generale_made": _bool(fields["generale_made"], where, _("générale réussie")),
        "contract": _whole(DonneRecord, "contract", fields["contract"], where, _("contrat"),
                           optional=True),
        "version": _whole(DonneRecord, "version", fields["version"], where, _("version"),
                          minimum=1),
        "key": None if fields["key"] is None else _token(fields["key"], where, _("clé")),
    }
    for name in ("taker_points", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew",
                 "awarded_ns", "awarded_ew"):
        label = str(model_column(DonneRecord, name).verbose_name)
        donne[name] = _whole(DonneRecord, name, fields[name], where, label)
    if version > 1 and donne["key"] is None:
        _fail(where, _("clé manquante."))
    return donne


def _read_paper(value: object, where: str) -> dict[str, Any]:
    """A game's paper totals, as the Game's paper_* columns (bounded as they are)."""
    fields = _fields(value, where, PAPER_FIELDS, {})
    optional = {"belotes", "capots"}  # scoring's check needs them only for some rules
    return {f"paper_{name}": _whole(Game, f"paper_{name}", fields[name], where,
                                    _("totaux de la feuille (%(name)s)") % {"name": name},
                                    optional=name in optional)
            for name in PAPER_FIELDS}


def _read_game(row: object, where: str, version: int, teams: set[int],
               seated: set[int]) -> _Game:
    absent = {**V1_ABSENT["game"], "result": None} if version == 1 else {"result": None}
    if version < 4:
        absent = {**absent, **V3_ABSENT["game"]}
    fields = _fields(row, where, GAME_FIELDS, absent)
    table = _whole(Game, "table", fields["table"], where, _("table"))
    where = _("%(where)s, table %(t)d") % {"where": where, "t": table}
    ns = _whole(Team, "number", fields["ns"], where, _("équipe NS"), minimum=1)
    ew = _whole(Team, "number", fields["ew"], where, _("équipe EO"), minimum=1, optional=True)
    for number in (ns, ew):
        if number is not None and number not in teams:
            _fail(where, _("l'équipe %(n)d n'existe pas.") % {"n": number})
    if ns == ew:
        _fail(where, _("une équipe ne peut pas jouer contre elle-même."))
    for number in (ns, ew):
        if number in seated:
            _fail(where, _("l'équipe %(n)d joue deux fois dans cette partie.") % {"n": number})
        if number is not None:
            seated.add(number)
    # A bye is at table 0 (one a partie), or numbered after the real tables (a mêlée's
    # exempt players): it is known by its missing opponent, but table 0 is never a game.
    if table == 0 and ew is not None:
        _fail(where, _("la table 0 est celle d'une équipe exempte, et d'elle seule."))
    forfeit = _choice(fields["forfeit"], {"", *SIDE_VALUES}, where, _("forfait"))
    if ew is None and forfeit:
        _fail(where, _("une équipe exempte ne déclare pas forfait."))
    game: dict[str, Any] = {
        "table": table, "forfeit": forfeit,
        "first_dealer": _choice(fields["first_dealer"], SEATS, where, _("premier donneur")),
        "token": _token(fields["token"], where, _("lien de table")),
        "stop_after": _whole(Game, "stop_after", fields["stop_after"], where,
                             _("fin du temps"), minimum=1, optional=True),
        "awaiting": _choice(fields["awaiting"], {"", *SIDE_VALUES}, where,
                            _("confirmation attendue")),
        "disputed": _bool(fields["disputed"], where, _("contestée")),
    }
    if fields["token_ew"] is not None:  # else (a file before version 4) a new link
        game["token_ew"] = _token(fields["token_ew"], where, _("lien de table Est-Ouest"))
    if fields["paper"] is not None:
        game.update(_read_paper(fields["paper"], f"{where}, {_('totaux de la feuille')}"),
                    by_totals=True)
        if ew is None:
            _fail(where, _("une équipe exempte n'a pas de feuille."))
    donnes = []
    rows = _list(fields["donnes"], where)
    if len(rows) > MAX_DONNES_PER_GAME:
        _fail(where, _("%(n)d donnes : une partie en compte %(max)d au plus.")
              % {"n": len(rows), "max": MAX_DONNES_PER_GAME})
    for index, donne_row in enumerate(rows, start=1):
        number = donne_row.get("number") if isinstance(donne_row, dict) else None
        if type(number) is not int or number != index:
            _fail(where, _("les donnes sont numérotées 1, 2, 3… dans l'ordre (la %(i)de porte "
                           "le numéro %(n)s).") % {"i": index, "n": _shown(number)})
        donnes.append({"number": index, **_read_donne(
            donne_row, _("%(where)s, donne %(n)d") % {"where": where, "n": index}, version)})
    if ew is None and donnes:
        _fail(where, _("une équipe exempte ne joue pas de donne."))
    if game.get("by_totals") and donnes:
        _fail(where, _("une table saisie par les totaux de sa feuille n'a pas de donne."))
    return _Game(game, ns, ew, donnes)


def _score(game: _Game, rules, where: str) -> None:
    """Score the game as the import will (services.game_recompute): refused now, before
    anything is written. A bye or a forfeit is not scored from its donnes."""
    if game.ew is None or game.fields["forfeit"]:
        return
    if game.fields.get("by_totals"):
        fields = game.fields
        totals = PaperTotals(
            score_ns=fields["paper_ns"], score_ew=fields["paper_ew"],
            donnes=fields["paper_donnes"], passed=fields["paper_passed"],
            belotes=fields["paper_belotes"], capots=fields["paper_capots"],
            awarded_ns=fields["paper_awarded_ns"], awarded_ew=fields["paper_awarded_ew"])
        try:
            check_paper_totals(totals, rules)
            paper_winner(totals, rules)
        except ScoringError as error:
            _fail(_("%(where)s, totaux de la feuille") % {"where": where}, error.message)
        return
    donnes = [DonneRecord(**{name: value for name, value in donne.items() if name != "key"})
              .to_donne() for donne in game.donnes]
    stop_after = game.fields["stop_after"]
    try:
        score_game(donnes, rules, stop_after=stop_after)
    except ScoringError as error:
        _fail(_("%(where)s, donne %(n)d") % {"where": where,
                                            "n": _first_refused(donnes, rules, stop_after)},
              error.message)


def _first_refused(donnes: list, rules, stop_after: int | None) -> int:
    """The number of the first donne whose game up to it is refused: the games up to n are
    refused from some n on, so a binary search finds it in log(n) scorings, not n."""
    low, high = 1, len(donnes)  # the game of all the donnes is refused
    while low < high:
        middle = (low + high) // 2
        try:
            score_game(donnes[:middle], rules, stop_after=stop_after)
        except ScoringError:
            high = middle
        else:
            low = middle + 1
    return low


def _read_rounds(value: object, version: int, teams: set[int], players: set[int],
                 rules) -> list[_Round]:
    rounds = []
    for index, row in enumerate(_list(value, _("Parties")), start=1):
        where = _("Partie %(n)d") % {"n": index}
        absent = {**V1_ABSENT["round"], **V2_ABSENT["round"]} if version == 1 else (
            V2_ABSENT["round"] if version == 2 else {})
        if version < 4:
            absent = {**absent, **V3_ABSENT["round"]}
        fields = _fields(row, where, ROUND_FIELDS, absent)
        if type(fields["number"]) is not int or fields["number"] != index:
            _fail(where, _("les parties sont numérotées 1, 2, 3… dans l'ordre."))
        round_fields: dict[str, Any] = {
            "number": index,
            "seed": _whole(Round, "seed", fields["seed"], where, _("graine"), optional=True),
            "closed": _bool(fields["closed"], where, _("close")),
            "time_called": _moment(fields["time_called"], f"{where}, fin du temps",
                                   optional=True),
            # Bounded as the tournament's own (bounds.py), then checked by scoring's rules.
            "target": _whole(Tournament, "target", fields["target"], where,
                             _("score à atteindre"), optional=True),
            "max_donnes": _whole(Tournament, "max_donnes", fields["max_donnes"], where,
                                 _("nombre de donnes"), optional=True),
            "draw_method": _choice(fields["draw_method"], {"", *METHODS}, where, _("tirage")),
        }
        # A partie whose draw formed its teams (a mêlée) names them in its games; another
        # names the registered teams.
        partie_teams = _read_teams(fields["teams"], players, partie=index)
        named = {team["number"] for team in partie_teams} if partie_teams else teams
        round_rules = partie_rules(rules, round_fields["target"], round_fields["max_donnes"])
        games: list[_Game] = []
        tables: set[int] = set()
        seated: set[int] = set()
        for game_row in _list(fields["games"], where):
            game = _read_game(game_row, where, version, named, seated)
            if game.fields["stop_after"] is not None and round_fields["time_called"] is None:
                _fail(_("%(where)s, table %(t)d") % {"where": where, "t": game.fields["table"]},
                      _("une fin du temps sans fin du temps annoncée pour la partie."))
            table_where = _("%(where)s, table %(t)d") % {"where": where,
                                                         "t": game.fields["table"]}
            if game.fields["table"] in tables:
                _fail(table_where, _("cette table figure deux fois."))
            tables.add(game.fields["table"])
            _score(game, round_rules, table_where)
            games.append(game)
        rounds.append(_Round(round_fields, partie_teams, games))
    return rounds


def _read_audit(value: object, version: int) -> list[dict[str, Any]]:
    entries = []
    # "player": a mêlée's players' entries (services.players), whatever the model's list.
    kinds = {*(kind for kind, _label in AuditEntry.KINDS), "player"}
    for index, row in enumerate(_list(value, _("Journal")), start=1):
        where = _("Journal, entrée %(i)d") % {"i": index}
        absent = V1_ABSENT["audit"] if version == 1 else {}
        fields = _fields(row, where, ["at", "user", *AUDIT_FIELDS], absent)
        entry: dict[str, Any] = {
            "at": _moment(fields["at"], where),
            "actor": services.text_field(AuditEntry, "actor", fields["actor"],
                                         label=f"{where}, qui"),
            "kind": _choice(fields["kind"], kinds, where, _("objet")),
            "action": _choice(fields["action"], AuditEntry.ACTIONS, where, _("action")),
            "round_number": _whole(AuditEntry, "round_number", fields["round_number"], where,
                                   _("partie"), optional=True),
            "table": _whole(AuditEntry, "table", fields["table"], where, _("table"),
                            optional=True),
            "number": _whole(AuditEntry, "number", fields["number"], where, _("numéro"),
                             optional=True),
            "donne_key": "" if fields["donne_key"] == "" else _token(
                fields["donne_key"], where, _("clé de la donne")),
        }
        user = fields["user"]
        if user is not None and (not isinstance(user, str) or not 0 < len(user) <= 150):
            _fail(where, _("compte : un identifiant est attendu."))
        entry["user"] = user
        for which, label in (("before", _("avant")), ("after", _("après"))):
            try:
                audit.check_value(entry["kind"], entry["action"], fields[which])
            except audit.BadValue as error:
                _fail(f"{where}, {label}", str(error))
            entry[which] = fields[which]
        entries.append(entry)
    return entries


def _taken(model, field: str, values: list[str], replaces: Tournament | None) -> str | None:
    """One of `values` that another tournament in the database already uses, if any."""
    path = "round__tournament" if model is Game else "game__round__tournament"
    for start in range(0, len(values), _CHUNK):
        found = model.objects.filter(**{f"{field}__in": values[start:start + _CHUNK]})
        if replaces is not None:
            found = found.exclude(**{path: replaces})
        taken = found.values_list(field, flat=True).first()
        if taken is not None:
            return taken
    return None


def _check_unique(rounds: list[_Round], replaces: Tournament | None) -> None:
    """Table-link tokens and donne keys: each once in the file, and used by no other
    tournament of this database (the one being replaced gives its own up)."""
    # A table's two links (Game.token, and token_ew for two confirmations) open the table:
    # each is given once in the file, in either column, and used by no other concours.
    tokens = [game.fields[name] for round_ in rounds for game in round_.games
              for name in ("token", "token_ew") if name in game.fields]
    keys = [donne["key"] for round_ in rounds for game in round_.games for donne in game.donnes
            if donne["key"] is not None]
    for values, label in ((tokens, _("lien de table")), (keys, _("clé de donne"))):
        seen: set[str] = set()
        for value in values:
            if value in seen:
                _fail(_("Sauvegarde"), _("le même %(label)s figure deux fois (%(v)s).")
                      % {"label": label, "v": value})
            seen.add(value)
    taken = _taken(Game, "token", tokens, replaces) or _taken(Game, "token_ew", tokens,
                                                               replaces)
    if taken is not None:
        _fail(_("Sauvegarde"), _("le lien de table %(v)s est celui d'un autre concours.")
              % {"v": taken})
    taken = _taken(DonneRecord, "key", keys, replaces)
    if taken is not None:
        _fail(_("Sauvegarde"), _("la clé de donne %(v)s est celle d'un autre concours.")
              % {"v": taken})


def _read(data: Any) -> _Backup:
    """Check the whole document; refuse (UserError) at the first fault. Reads no table:
    what the database decides is `_check_database`'s."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(_("Ce fichier n'est pas une sauvegarde de concours."))
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
        raise UserError(_("Version de sauvegarde inconnue : %(v)s.")
                        % {"v": _shown(version)})
    names = ["format", "version", "tournament", "players", "prizes", "teams", "rounds",
             "audit"]
    fields = _fields(data, _("Sauvegarde"), names,
                     {"players": None, "prizes": None} if version < 4 else {})
    tournament = _read_tournament(fields["tournament"], version)
    if version < 4:
        for name in ("players", "prizes"):
            if fields[name] is not None:
                _fail(_("Sauvegarde"), _("champ inconnu : %(keys)s.") % {"keys": name})
        players, teams = _read_old_teams(fields["teams"])
    else:
        players = _read_players(fields["players"])
        teams = _read_teams(fields["teams"], {player["number"] for player in players})
    lots = [] if version < 4 else _read_lots(fields["prizes"])
    rules = services.rules_from(tournament)
    rounds = _read_rounds(fields["rounds"], version, {team["number"] for team in teams},
                          {player["number"] for player in players}, rules)
    entries = _read_audit(fields["audit"], version)
    return _Backup(tournament, players, teams, lots, rounds, entries, None)


def _check_database(backup: _Backup, organiser, replace: bool) -> None:
    """What the database decides: the concours the file would replace (only when asked,
    only the same organiser's), and tokens and keys no other concours uses."""
    slug = backup.tournament["slug"]
    replaces = Tournament.objects.filter(slug=slug).first()
    if replaces is not None:
        if not replace:
            raise UserError(_("Le concours « %(slug)s » existe déjà : demandez à le "
                              "remplacer.") % {"slug": slug})
        if replaces.organiser_id != organiser.pk:
            raise UserError(_("Le concours « %(slug)s » appartient à un autre organisateur : "
                              "il n'est pas remplacé.") % {"slug": slug})
    _check_unique(backup.rounds, replaces)
    backup.replaces = replaces


# --- Import: writing what passed ----------------------------------------------------------


def import_data(data: Any, *, organiser, replace: bool = False) -> Tournament:
    """Restore a tournament exported by `export_data`, owned by `organiser`. An existing
    tournament with the same slug is replaced only when asked, and only if `organiser`
    organises it. The whole document is checked before anything is written.

    The check runs outside any transaction: on SQLite a transaction takes the write lock at
    BEGIN (IMMEDIATE), and the tables' phones must not wait while a large file is read. What
    the database decides (the slug, the tokens and keys already taken) is checked again
    inside the transaction that writes."""
    backup = _read(data)
    _check_database(backup, organiser, replace)  # refuses early, before the lock
    return _write(backup, organiser, replace)


@transaction.atomic
def _write(backup: _Backup, organiser, replace: bool) -> Tournament:
    _check_database(backup, organiser, replace)  # again, under the write lock
    if backup.replaces is not None:
        services.tournament_delete(tournament=backup.replaces)
    tournament = Tournament.objects.create(organiser=organiser, **backup.tournament)
    players = {player.number: player for player in Player.objects.bulk_create(
        Player(tournament=tournament, **row) for row in backup.players)}

    def teams_of(rows: list[dict[str, Any]], round_: Round | None) -> dict[int, Team]:
        return {team.number: team for team in Team.objects.bulk_create(
            Team(tournament=tournament, round=round_, number=row["number"], name=row["name"],
                 club=row["club"], active=row["active"], first=players[row["first"]],
                 second=players[row["second"]] if row["second"] is not None else None)
            for row in rows)}

    registered = teams_of(backup.teams, None)
    Prize.objects.bulk_create(
        Prize(tournament=tournament, start=lot.start, end=lot.end, from_last=lot.from_last,
              label=lot.label, order=order) for order, lot in enumerate(backup.lots, start=1))
    for round_row in backup.rounds:
        round_ = Round.objects.create(tournament=tournament, **round_row.fields)
        teams = teams_of(round_row.teams, round_) if round_row.teams else registered
        for game_row in round_row.games:
            game = Game.objects.create(
                round=round_, team_ns=teams[game_row.ns],
                team_ew=teams[game_row.ew] if game_row.ew is not None else None,
                **game_row.fields)
            records = []
            for donne in game_row.donnes:
                record = DonneRecord(game=game, **{name: value for name, value in donne.items()
                                                   if name != "key"})
                if donne["key"] is not None:  # else the default: a new key
                    record.key = donne["key"]
                records.append(record)
            DonneRecord.objects.bulk_create(records)
            services.game_recompute(game=game)
    users = {user.get_username(): user for user in get_user_model().objects.filter(
        username__in={row["user"] for row in backup.audit if row["user"]})}
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=tournament, user=users.get(row["user"]),
                   **{name: value for name, value in row.items() if name != "user"})
        for row in backup.audit)
    return tournament


# --- Restore from the browser, or copy a concours -----------------------------------------
#
# The organiser's page (views.restore) and the automatic backups call `backup_restore`: a
# backup restored into the concours it is opened from (its address kept), or as a copy under
# a new address and name with new table links. The same checks as `import_data`, all or
# nothing; the file is read as `import_tournament` reads it (`parse_document`).

# A concours's backup is a few megabytes at most (hundreds of teams, thousands of donnes,
# their journal); the cap keeps a wrong file from filling the memory.
MAX_BYTES = 50 * 1024 * 1024
RESTORE_MODES = ("replace", "copy")


def parse_document(raw: bytes) -> Any:
    """The JSON document in `raw` (a file's bytes), or a UserError saying why not."""
    if len(raw) > MAX_BYTES:
        raise UserError(_("Fichier trop gros pour une sauvegarde de concours (%(mb)d Mo au "
                          "plus).") % {"mb": MAX_BYTES // (1024 * 1024)})
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UserError(_("Ce fichier n'est pas du texte UTF-8 : ce n'est pas une sauvegarde "
                          "de concours.")) from None
    except RecursionError:
        raise UserError(_("Ce fichier a des données imbriquées trop profondément.")) from None
    except ValueError:  # json.JSONDecodeError, or an integer of 4,300+ digits
        raise UserError(_("Ce fichier n'est pas du JSON valide : ce n'est pas une "
                          "sauvegarde de concours.")) from None


@dataclasses.dataclass(frozen=True)
class Contents:
    """What a concours or a backup holds, as the confirmation page lists it."""

    name: str
    slug: str
    date: datetime.date
    teams: int
    players: int
    parties: int
    donnes: int
    entries: int


def backup_contents(data: Any) -> Contents:
    """What the backup `data` holds, once it passed every check (else a UserError)."""
    backup = _read(data)
    return Contents(
        name=backup.tournament["name"], slug=backup.tournament["slug"],
        date=backup.tournament["date"], teams=len(backup.teams), players=len(backup.players),
        parties=len(backup.rounds),
        donnes=sum(len(game.donnes) for round_ in backup.rounds for game in round_.games),
        entries=len(backup.audit))


def tournament_contents(tournament: Tournament) -> Contents:
    return Contents(
        name=tournament.name, slug=tournament.slug, date=tournament.date,
        teams=tournament.teams.filter(round__isnull=True).count(),
        players=tournament.players.count(), parties=tournament.rounds.count(),
        donnes=DonneRecord.objects.filter(game__round__tournament=tournament).count(),
        entries=tournament.audit.count())


def last_entry(tournament: Tournament) -> int:
    """The concours' last journal entry (0: none): every change writes one, so a number
    that moved says the concours changed (since a confirmation page was shown)."""
    return (AuditEntry.objects.filter(tournament=tournament).order_by("-id")
            .values_list("id", flat=True).first()) or 0


def _renew_links(backup: _Backup) -> None:
    """New table links and donne keys for a copy (the original keeps its own), the journal's
    donne keys following theirs."""
    keys: dict[str, str] = {}
    for round_ in backup.rounds:
        for game in round_.games:
            game.fields["token"] = new_token()
            if "token_ew" in game.fields:
                game.fields["token_ew"] = new_token()
            for donne in game.donnes:
                if donne["key"] is not None:
                    old, donne["key"] = donne["key"], new_donne_key()
                    keys[old] = donne["key"]
    for entry in backup.audit:
        if entry["donne_key"]:
            # A deleted donne's key is in no game: a new key, the same for all its entries.
            entry["donne_key"] = keys.setdefault(entry["donne_key"], new_donne_key())


def backup_restore(*, organiser, data: Any, mode: Literal["replace", "copy"],
                   tournament: Tournament | None = None, slug: str | None = None,
                   name: str | None = None, seen: int | None = None) -> Tournament:
    """Restore the backup `data` (a parsed JSON document) for `organiser`, all or nothing:

    - "replace": into `tournament` (theirs), which the backup's concours replaces under
      `tournament`'s address; `seen`, if given, is the last journal entry the organiser saw
      listed on the confirmation page: a concours changed since is not replaced;
    - "copy": as a new concours at address `slug` named `name`, unpublished, with new table
      links and donne keys (the original, if it still exists, keeps its own).

    The whole document is checked first, as `import_data` does; a refusal is a UserError in
    French and changes nothing."""
    if mode not in RESTORE_MODES:
        raise UserError(_("Restauration : « remplacer » ou « copier » est attendu."))
    backup = _read(data)
    if mode == "replace":
        if tournament is None or tournament.organiser_id != organiser.pk:
            raise UserError(_("Seul l'organisateur d'un concours peut le remplacer."))
        backup.tournament["slug"] = tournament.slug
        return _restore_replacing(backup, organiser, tournament, seen)
    backup.tournament["slug"] = services.slug_checked(slug)
    backup.tournament["name"] = services.text_field(Tournament, "name", name,
                                                    label=_("Nom du concours"))
    backup.tournament["published"] = False
    if Tournament.objects.filter(slug=backup.tournament["slug"]).exists():
        raise UserError(_("Cette adresse est déjà prise par un autre concours."), "slug")
    _renew_links(backup)
    _check_database(backup, organiser, replace=False)  # refuses early, before the lock
    return _write(backup, organiser, replace=False)


@transaction.atomic
def _restore_replacing(backup: _Backup, organiser, tournament: Tournament,
                       seen: int | None) -> Tournament:
    current = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if current is None:
        raise UserError(_("Ce concours n'existe plus."))
    if seen is not None and last_entry(current) != seen:
        raise UserError(_("Le concours a changé depuis la confirmation : relisez ce qui sera "
                          "remplacé et confirmez à nouveau."))
    return _write(backup, organiser, replace=True)


def tournament_copy(*, tournament: Tournament, organiser, slug: str, name: str) -> Tournament:
    """« Copier ce concours »: its backup restored as a copy (`backup_restore`)."""
    if tournament.organiser_id != organiser.pk:
        raise UserError(_("Seul l'organisateur d'un concours peut le copier."))
    return backup_restore(organiser=organiser, data=export_data(tournament), mode="copy",
                          slug=slug, name=name)
