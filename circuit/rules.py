"""A circuit's rule (pure: no ORM): the season's arithmetic (`tournament.season.Rule`, not
written twice) and the qualification for the final, checked before anything is stored.

The qualification (`Circuit.qualify`) is one of:

- {"kind": "none"}: no final;
- {"kind": "top", "count": Q}: the first Q lines of the standings;
- {"kind": "steps", "steps": [[0, 4], [9, 6]]}: Q by the number of participants (the
  circuit's players) — 4 below 9 players, 6 from 9 on; thresholds growing, the first 0;
- {"kind": "ratio", "per": P}: one qualifier per P participants (rounded down, at least
  one): P = 0 would divide by zero and is refused.

The qualifiers are the first Q ranked lines of the standings, and every line tied with the
last of them — the same rank after the circuit's tie-breaks (`qualifiers`): the final then
has more than Q players, and the circuit's page says they are « ex aequo à la dernière place
qualificative ». A cut through a tie would send one player and not another who did exactly
as well, decided by nothing but the order of their names (or, for a doublette's partners,
one of a team that always finished together). A comité that wants exactly Q adds
tie-breaks to its rule. A line without a rank (too few concours) never qualifies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournament.season import BEYOND, KINDS, TIE_BREAKS, Rule

MAX_QUALIFIED = 10_000
MAX_PARTICIPATION = 10_000
MAX_BEST = 1000


class RuleError(ValueError):
    """A circuit rule that cannot be applied: the message says why, in French."""


def checked_qualify(qualify: Any) -> dict[str, Any]:
    """`qualify` as stored, or a RuleError."""
    if not isinstance(qualify, dict) or qualify.get("kind") not in ("none", "top", "steps",
                                                                    "ratio"):
        raise RuleError("Qualification : « none », « top », « steps » ou « ratio » est "
                        "attendu.")
    kind = qualify["kind"]
    keys = {"none": {"kind"}, "top": {"kind", "count"}, "steps": {"kind", "steps"},
            "ratio": {"kind", "per"}}[kind]
    if set(qualify) != keys:
        raise RuleError(f"Qualification « {kind} » : les clés {sorted(keys)} sont attendues.")
    if kind == "top":
        _whole(qualify["count"], "Qualifiés", 0, MAX_QUALIFIED)
    elif kind == "ratio":
        per = qualify["per"]
        if isinstance(per, int) and not isinstance(per, bool) and per == 0:
            raise RuleError("Qualification : « un qualifié pour 0 joueurs » divise par zéro ; "
                            "tapez un nombre de joueurs d'au moins 1.")
        _whole(per, "Joueurs par qualifié", 1, MAX_QUALIFIED)
    elif kind == "steps":
        steps = qualify["steps"]
        if (not isinstance(steps, list) or not steps or len(steps) > 50
                or not all(isinstance(step, list) and len(step) == 2 for step in steps)):
            raise RuleError("Qualification par paliers : une liste de paliers [joueurs, "
                            "qualifiés] est attendue (par exemple [[0, 4], [9, 6]]).")
        for players, count in steps:
            _whole(players, "Palier (joueurs)", 0, 1_000_000)
            _whole(count, "Palier (qualifiés)", 0, MAX_QUALIFIED)
        thresholds = [players for players, _count in steps]
        if thresholds[0] != 0 or thresholds != sorted(set(thresholds)):
            raise RuleError("Qualification par paliers : le premier palier part de 0 joueur "
                            "et chaque palier dépasse le précédent.")
    return dict(qualify)


def qualified_count(qualify: dict[str, Any], participants: int) -> int:
    """How many go to the final when `participants` players are in the circuit."""
    kind = qualify["kind"]
    if kind == "top":
        return int(qualify["count"])
    if kind == "ratio":
        return max(1, participants // int(qualify["per"])) if participants else 0
    if kind == "steps":
        return int(next(count for players, count in reversed(qualify["steps"])
                        if participants >= players))
    return 0


def qualifiers(ranks: list[int | None], places: int) -> tuple[list[int], list[int]]:
    """The qualified lines (indexes) of standings whose lines have these ranks, best first,
    for `places` places; and those of them beyond the places. The first `places` ranked
    lines qualify, and so does every line tied with the last of them (the same rank after
    the circuit's tie-breaks): a cut through a tie would leave out a player who did exactly
    as well as one who goes, decided by nothing but the order of names. A line without a
    rank (too few concours) never qualifies."""
    ranked = [index for index, rank in enumerate(ranks) if rank is not None]
    qualified = ranked[:places]
    if not qualified:
        return [], []
    last = ranks[qualified[-1]]
    beyond = [index for index in ranked[places:] if ranks[index] == last]
    return qualified + beyond, beyond


def checked_rule(*, kind: str, points_table: Sequence[int], beyond: str, participation: int,
                 best: int | None, min_ranked: int, tie_breaks: Sequence[str]) -> Rule:
    """The season's `Rule` of these fields, or a RuleError."""
    if kind not in KINDS:
        raise RuleError(f"Règle inconnue : « {kind} » ({', '.join(KINDS)}).")
    if beyond not in BEYOND:
        raise RuleError(f"Au-delà du barème : « {beyond} » ({', '.join(BEYOND)}).")
    if kind == "table" and not points_table:
        raise RuleError("Un barème de points par place est attendu pour cette règle.")
    _whole(participation, "Bonus de participation", 0, MAX_PARTICIPATION)
    if best is not None:
        if best == 0:
            raise RuleError("Meilleurs résultats comptés : au moins 1 (ou vide : tous).")
        _whole(best, "Meilleurs résultats comptés", 1, MAX_BEST)
    _whole(min_ranked, "Concours pour être classé", 0, MAX_BEST)
    if len(set(tie_breaks)) != len(tie_breaks) or not set(tie_breaks) <= set(TIE_BREAKS):
        raise RuleError(f"Départages : chacun une fois, parmi {', '.join(TIE_BREAKS)}.")
    return Rule(kind=next(k for k in KINDS if k == kind),
                table=tuple(points_table), beyond=next(b for b in BEYOND if b == beyond),
                participation=participation, best=best, min_ranked=min_ranked,
                tie_breaks=tuple(tie_breaks))


def _whole(value: Any, label: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(f"{label} : un nombre entier de {low} à {high} est attendu.")
    return value


def parse_qualify(text: str) -> dict[str, Any]:
    """The qualification as typed: « none », « top:12 », « steps:0=4,9=6 » (4 below 9
    players, 6 from 9), « ratio:10 » (one per 10 players); checked (a RuleError otherwise)."""
    kind, _colon, rest = text.strip().partition(":")
    try:
        if kind == "none" and not rest:
            return checked_qualify({"kind": "none"})
        if kind == "top":
            return checked_qualify({"kind": "top", "count": int(rest)})
        if kind == "ratio":
            return checked_qualify({"kind": "ratio", "per": int(rest)})
        if kind == "steps":
            steps = [[int(players), int(count)] for players, count in
                     (step.split("=") for step in rest.split(","))]
            return checked_qualify({"kind": "steps", "steps": steps})
    except RuleError:
        raise
    except ValueError:  # a number that is not one, a step without « = »
        pass
    raise RuleError(f"Qualification : « {text[:40]} » ne se lit pas (none, top:12, "
                    "steps:0=4,9=6 ou ratio:10).")
