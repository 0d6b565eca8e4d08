"""Kind "phases": a concours in phases (BRACKETS.md). Action "update": its formule set or
changed (before and after: the options, None for none); "create": its poules drawn ({"seed",
"poules": team numbers by poule and position; a mêlée's "pairs": each pair's two player
numbers, pair 1 first, as in a `direct` mêlée's "tableau"}), "delete": that draw undone (the
same value before); "swap": two teams exchanged between poules ({"teams": [a, b]}, their
poules and positions before and after); "tableau": a tableau seeded ({"tableau", "seeds"});
"call", "uncall": a match of a tableau called to its table, or its call undone ({"tableau",
"match": [round, match] from 0, or [first place, size, match] for a placing match,
"teams": [a, b]}). Not restored: the formule's page, the
poules' and the tableaux' buttons undo their own changes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..formats.base import poule_name
from .kind import EntryKind
from .shape import SMALL, BadValue, keys, one_of, whole

OPTIONS = ["qualification", "poule_style", "qualified", "parties", "principal", "consolante",
           "cadrage", "placement", "separate_clubs", "tetes"]
QUALIFICATIONS = ("poules", "parties", "direct")
TABLEAUX = ("principal", "consolante")


def _numbers(value: object, most: int = SMALL) -> bool:
    return isinstance(value, list) and len(value) <= most and all(
        whole(number, SMALL) for number in value)


def _check_pairs(drawn: dict[str, Any]) -> None:
    pairs = drawn.get("pairs", [])
    if not isinstance(pairs, list) or len(pairs) > SMALL or not all(
            _numbers(pair, 2) and len(pair) == 2 for pair in pairs):
        raise BadValue(_("« pairs » : les deux joueurs de chaque paire sont attendus."))


def _pairs_words(value: dict[str, Any]) -> str:
    if not value.get("pairs"):
        return ""
    return " — " + "; ".join(
        _("paire %(n)d : joueurs %(a)s et %(b)s") % {"n": number, "a": a, "b": b}
        for number, (a, b) in enumerate(value["pairs"], start=1))


def check(action: str, value: object) -> None:
    if action == "update":
        options = keys(value, OPTIONS, ["qualification"])
        if not one_of(options["qualification"], QUALIFICATIONS):
            raise BadValue(_("« qualification » : poules, parties ou direct."))
        if "tetes" in options and not _numbers(options["tetes"]):
            raise BadValue(_("« tetes » : des numéros d'équipe sont attendus."))
        return
    if action in ("create", "delete"):
        drawn = keys(value, ["seed", "poules", "pairs"], ["poules"])
        if drawn.get("seed") is not None and not whole(drawn["seed"], 2**63 - 1):
            raise BadValue(_("« seed » : un nombre entier positif est attendu."))
        poules = drawn["poules"]
        if not isinstance(poules, list) or len(poules) > SMALL or not all(
                _numbers(poule, 4) for poule in poules):
            raise BadValue(_("« poules » : les équipes de chaque poule sont attendues."))
        _check_pairs(drawn)
        return
    if action == "tableau":
        drawn = keys(value, ["tableau", "seeds", "pairs"], ["tableau", "seeds"])
        if not one_of(drawn["tableau"], TABLEAUX) or not _numbers(drawn["seeds"]):
            raise BadValue(_("« seeds » : les équipes d'un tableau, par tête de série."))
        _check_pairs(drawn)
        return
    if action in ("call", "uncall"):
        called = keys(value, ["tableau", "match", "teams"], ["tableau", "match", "teams"])
        if (not one_of(called["tableau"], TABLEAUX) or not _numbers(called["match"], 3)
                or not _numbers(called["teams"], 2)):
            raise BadValue(_("« match » : un match d'un tableau et ses deux équipes."))
        return
    if action == "swap":
        swapped = keys(value, ["teams", "places"], ["teams"])
        if not _numbers(swapped["teams"], 2) or len(swapped["teams"]) != 2:
            raise BadValue(_("« teams » : deux numéros d'équipe sont attendus."))
        return
    raise BadValue(_("action inconnue pour les phases : %(a)s.") % {"a": str(action)[:20]})


def words(value: Any, melee: bool = False) -> str:
    if "seeds" in value:
        return _("%(t)s : %(seeds)s") % {"t": value["tableau"], "seeds": ", ".join(
            map(str, value["seeds"]))} + _pairs_words(value)
    if "match" in value:
        first, second = value["teams"]
        if len(value["match"]) == 3:
            low, size, index = value["match"]
            return _("%(t)s, places %(low)d–%(high)d, match %(m)d : %(a)s contre %(b)s") % {
                "t": value["tableau"], "low": low, "high": low + size - 1, "m": index + 1,
                "a": first, "b": second}
        return _("%(t)s, tour %(r)d, match %(m)d : %(a)s contre %(b)s") % {
            "t": value["tableau"], "r": value["match"][0] + 1, "m": value["match"][1] + 1,
            "a": first, "b": second}
    if "teams" in value:
        first, second = value["teams"]
        return _("équipes %(a)s et %(b)s échangées") % {"a": first, "b": second}
    if "poules" in value:
        return "; ".join(f"poule {poule_name(index)} : {', '.join(map(str, poule))}"
                         for index, poule in enumerate(value["poules"], start=1)
                         ) + _pairs_words(value)
    return ", ".join(f"{key} : {value[key]}" for key in OPTIONS if key in value)


KIND = EntryKind("phases", gettext_lazy("phases"), check, words)
