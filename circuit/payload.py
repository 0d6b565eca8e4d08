"""A push's JSON, read strictly (pure: no ORM): every key known and present, every value of
its type and within its bounds, or a `PayloadError` whose message says which, in French.
The contract is in circuit/README.md; its canonical form and digest are
tournament/publish/wire.py's, the laptop's own."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

MAX_BODY = 2 * 1024 * 1024  # bytes: a concours of 2,000 players takes about 300 kB
MAX_STANDINGS = 2000
MAX_CIRCUITS = 20
MAX_VERSION = 2**53 - 1  # exact in JavaScript's numbers too
MAX_WINS = 100
MAX_SCORE = 10_000_000
IDENTITY = re.compile(r"[A-Za-z0-9_-]{1,64}")
SLUG = re.compile(r"[a-z0-9-]{1,60}")
FORMATS = ("doublettes", "melee")
TOP_KEYS = {"club", "concours", "version", "name", "date", "format", "finished", "circuits",
            "standings"}
WITHDRAWAL_KEYS = {"club", "concours", "version", "withdrawn"}
WITHDRAWAL_MAX = 1024  # bytes: a withdrawal names the concours and its version, nothing more
SEASON_KEYS = {"club", "season", "version", "name", "start", "end", "concours", "rows"}
SEASON_ROW_KEYS = {"rank", "name", "points", "played", "wins", "score"}
MAX_SEASON_ROWS = 5000  # a club's register of 5,000 players; the body stays within MAX_BODY
MAX_SEASON_CONCOURS = 200
LINE_KEYS = {"place", "wins", "score", "ranking_points", "players"}
PLAYER_KEYS = {"name", "first_name", "club", "licence"}
# A player's texts: the register's bounds (ClubPlayer).
TEXT_BOUNDS = {"name": (1, 120), "first_name": (0, 120), "club": (0, 120), "licence": (0, 30)}


class PayloadError(ValueError):
    """A push that does not follow the contract: the message says where, in French."""


def parsed(body: bytes) -> dict[str, Any]:
    """The push's JSON `body` checked (a PayloadError otherwise)."""
    if len(body) > MAX_BODY:
        raise PayloadError(f"Envoi trop gros : au plus {MAX_BODY // 1024} Ko.")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PayloadError("Le contenu envoyé n'est pas du JSON valide (UTF-8).") from None
    return checked(data)


def withdrawal_parsed(body: bytes) -> dict[str, Any]:
    """A withdrawal's JSON `body` checked: {"club", "concours" (or "season"), "version",
    "withdrawn": true} and nothing else (no name, no player: a PayloadError otherwise)."""
    if len(body) > WITHDRAWAL_MAX:
        raise PayloadError(f"Retrait trop gros : au plus {WITHDRAWAL_MAX} octets.")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PayloadError("Le contenu envoyé n'est pas du JSON valide (UTF-8).") from None
    # A concours' withdrawal, or a season's (« season » in place of « concours »).
    key = "season" if isinstance(data, dict) and "season" in data else "concours"
    _keys(data, WITHDRAWAL_KEYS - {"concours"} | {key}, "le retrait")
    _identify(data, key, "du concours" if key == "concours" else "de la saison")
    if data["withdrawn"] is not True:
        raise PayloadError("« withdrawn » : true est attendu.")
    withdrawal: dict[str, Any] = data
    return withdrawal


def season_parsed(body: bytes) -> dict[str, Any]:
    """A season's push (its JSON `body`) checked: every key of the contract and no other,
    each value within its bounds (a PayloadError otherwise). Its rows carry a shown name and
    figures, never a licence."""
    if len(body) > MAX_BODY:
        raise PayloadError(f"Envoi trop gros : au plus {MAX_BODY // 1024} Ko.")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PayloadError("Le contenu envoyé n'est pas du JSON valide (UTF-8).") from None
    _keys(data, SEASON_KEYS, "la saison")
    _identify(data, "season", "de la saison")
    _text(data["name"], "« name »", 1, 120)
    for key in ("start", "end"):
        _day(data[key], f"« {key} »")
    concours = data["concours"]
    if not isinstance(concours, list) or len(concours) > MAX_SEASON_CONCOURS:
        raise PayloadError(f"« concours » : une liste d'au plus {MAX_SEASON_CONCOURS} "
                           "concours est attendue.")
    for index, item in enumerate(concours, start=1):
        _keys(item, {"name", "date"}, f"concours {index}")
        _text(item["name"], f"concours {index}, « name »", 1, 120)
        _day(item["date"], f"concours {index}, « date »")
    rows = data["rows"]
    if not isinstance(rows, list) or len(rows) > MAX_SEASON_ROWS:
        raise PayloadError(f"« rows » : une liste d'au plus {MAX_SEASON_ROWS} lignes est "
                           "attendue.")
    for index, row in enumerate(rows, start=1):
        where = f"ligne {index} de la saison"
        _keys(row, SEASON_ROW_KEYS, where)
        if row["rank"] is not None:
            _whole(row["rank"], f"{where}, « rank »", 1, MAX_SEASON_ROWS)
        _text(row["name"], f"{where}, « name »", 1, 250)
        _whole(row["played"], f"{where}, « played »", 0, MAX_SEASON_CONCOURS)
        _whole(row["wins"], f"{where}, « wins »", 0, MAX_WINS * MAX_SEASON_CONCOURS)
        for key in ("points", "score"):
            _whole(row[key], f"{where}, « {key} »", 0, MAX_SCORE * MAX_SEASON_CONCOURS)
    season: dict[str, Any] = data
    return season


def _day(value: Any, label: str) -> None:
    if not isinstance(value, str) or len(value) != 10:
        raise PayloadError(f"{label} : une date AAAA-MM-JJ est attendue.")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise PayloadError(f"{label} : « {value} » n'est pas une date AAAA-MM-JJ.") from None


def _identify(data: dict[str, Any], key: str = "concours", what: str = "du concours") -> None:
    """The club, the concours' (or season's) identity and the version every message
    carries."""
    if not isinstance(data["club"], str) or not SLUG.fullmatch(data["club"]):
        raise PayloadError("« club » : l'adresse du club sur le serveur est attendue.")
    if not isinstance(data[key], str) or not IDENTITY.fullmatch(data[key]):
        raise PayloadError(f"« {key} » : l'identité {what}, de 1 à 64 lettres, "
                           "chiffres, « - » ou « _ », est attendue.")
    _whole(data["version"], "« version »", 1, MAX_VERSION)


def _no_constant(name: str) -> None:
    raise ValueError(name)  # NaN, Infinity: not JSON for anyone else


def checked(data: Any) -> dict[str, Any]:
    """`data` (JSON already read) as the push's content, or a PayloadError."""
    _keys(data, TOP_KEYS, "l'envoi")
    _identify(data)
    _text(data["name"], "« name »", 1, 120)
    if not isinstance(data["date"], str):
        raise PayloadError("« date » : une date AAAA-MM-JJ est attendue.")
    try:
        datetime.date.fromisoformat(data["date"])
    except ValueError:
        raise PayloadError(f"« date » : « {data['date'][:20]} » n'est pas une date "
                           "AAAA-MM-JJ.") from None
    if len(data["date"]) != 10:
        raise PayloadError("« date » : une date AAAA-MM-JJ est attendue.")
    if data["format"] not in FORMATS:
        raise PayloadError("« format » : « doublettes » ou « melee » est attendu.")
    if not isinstance(data["finished"], bool):
        raise PayloadError("« finished » : true ou false est attendu.")
    circuits = data["circuits"]
    if (not isinstance(circuits, list) or len(circuits) > MAX_CIRCUITS
            or not all(isinstance(slug, str) and SLUG.fullmatch(slug) for slug in circuits)
            or len(set(circuits)) != len(circuits)):
        raise PayloadError(f"« circuits » : une liste d'au plus {MAX_CIRCUITS} adresses de "
                           "circuits, chacune une fois, est attendue.")
    standings = data["standings"]
    if not isinstance(standings, list) or len(standings) > MAX_STANDINGS:
        raise PayloadError(f"« standings » : une liste d'au plus {MAX_STANDINGS} lignes est "
                           "attendue.")
    size = 2 if data["format"] == "doublettes" else 1
    for index, line in enumerate(standings):
        _line(line, index, standings[index - 1]["place"] if index else 0, size)
    content: dict[str, Any] = data  # an object of the contract's keys, checked above
    return content


def _line(line: Any, index: int, previous: int, size: int) -> None:
    where = f"ligne {index + 1} du classement"
    _keys(line, LINE_KEYS, where)
    place = _whole(line["place"], f"{where}, « place »", 1, MAX_STANDINGS)
    # Best first, tied lines sharing a place (1, 1, 3): a place is the one before or the
    # line's own number.
    if place not in (previous, index + 1):
        raise PayloadError(f"{where} : la place {place} ne suit pas le classement (la place "
                           f"{index + 1}, ou {previous} en cas d'égalité, est attendue).")
    _whole(line["wins"], f"{where}, « wins »", 0, MAX_WINS)
    _whole(line["score"], f"{where}, « score »", 0, MAX_SCORE)
    _whole(line["ranking_points"], f"{where}, « ranking_points »", 0, MAX_SCORE)
    players = line["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= size:
        raise PayloadError(f"{where}, « players » : de 1 à {size} joueur(s) attendu(s).")
    for number, player in enumerate(players, start=1):
        _keys(player, PLAYER_KEYS, f"{where}, joueur {number}")
        for key, (low, high) in TEXT_BOUNDS.items():
            if key == "licence" and player[key] is None:
                continue
            _text(player[key], f"{where}, joueur {number}, « {key} »", low, high)


def _keys(value: Any, keys: set[str], where: str) -> None:
    if not isinstance(value, dict):
        raise PayloadError(f"{where} : un objet JSON est attendu.")
    missing, unknown = sorted(keys - set(value)), sorted(set(value) - keys)
    if missing:
        raise PayloadError(f"{where} : il manque {', '.join(f'« {k} »' for k in missing)}.")
    if unknown:
        shown = ", ".join(f"« {str(k)[:30]} »" for k in unknown[:5])
        raise PayloadError(f"{where} : clé(s) inconnue(s) {shown}.")


def _whole(value: Any, label: str, low: int, high: int) -> int:
    # bool is an int in Python, never in the contract.
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PayloadError(f"{label} : un nombre entier de {low} à {high} est attendu.")
    return value


def _text(value: Any, label: str, low: int, high: int) -> str:
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise PayloadError(f"{label} : un texte de {low} à {high} caractères est attendu.")
    if any(ord(char) < 32 for char in value):
        raise PayloadError(f"{label} : un texte sans caractère de contrôle est attendu.")
    return value
