"""Kind "donne": a donne's input, as `log.donne_values` writes it (scoring.Donne's fields).
Restoring one gives the donne that input again (or removes it, or puts it back)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import Outcome, Side

from ..choices import (
    COINCHE_VALUES,
    COINCHE_WORDS,
    OUTCOME_LABELS,
    SIDE_SHORT,
    SIDE_VALUES,
    TRUMP_SHORT,
    TRUMP_VALUES,
)
from .kind import EntryKind
from .log import DONNE_FIELDS
from .shape import SMALL, BadValue, keys, one_of, whole

# Points attribués (version 2) and the générale (version 3) are absent from older entries.
REQUIRED = [name for name in DONNE_FIELDS if not name.startswith(("awarded_", "generale_"))]


def check(action: str, value: object) -> None:
    donne = keys(value, DONNE_FIELDS, REQUIRED)
    for name, item in donne.items():
        if name in ("taker", "capot"):
            good = item is None or one_of(item, SIDE_VALUES)
        elif name == "trump":
            good = item is None or one_of(item, TRUMP_VALUES)
        elif name == "coinche":
            good = one_of(item, COINCHE_VALUES)
        elif name in ("capot_bid", "generale_bid", "generale_made"):
            good = type(item) is bool
        elif name == "contract":
            good = item is None or whole(item, SMALL)
        else:
            good = whole(item, SMALL)
        if not good:
            raise BadValue(_("la valeur de « %(name)s » n'est pas celle d'une donne.")
                           % {"name": name})


def words(value: Any, melee: bool = False) -> str:
    if not value["taker"]:
        return " ".join([str(OUTCOME_LABELS[Outcome.PASSED]), *awarded(value)])
    if value.get("generale_bid"):  # version 3; older entries have no such key
        contract = "générale réussie" if value.get("generale_made") else "générale"
    else:
        contract = "capot" if value["capot_bid"] else str(value["contract"] or "")
    said = [SIDE_SHORT[value["taker"]], contract, TRUMP_SHORT.get(value["trump"], "")]
    said.append(COINCHE_WORDS.get(value["coinche"], ""))  # none: no word
    said.append(f"{value['taker_points']} pts")
    if value["capot"]:
        said.append(f"capot {SIDE_SHORT[value['capot']]}")
    for side in Side:
        label, key = SIDE_SHORT[side], side.lower()  # belote_ns, annonces_ew
        if value[f"belote_{key}"]:
            said.append(f"belote {label}")
        if value[f"annonces_{key}"]:
            said.append(f"annonces {label} {value[f'annonces_{key}']}")
    said += awarded(value)
    return " ".join(word for word in said if word)


def awarded(value: dict[str, Any]) -> list[str]:
    """Points attribués as the pages write them: "pénalité +50 EO"."""
    given = [f"+{value[f'awarded_{side.lower()}']} {SIDE_SHORT[side]}"
             for side in Side if value.get(f"awarded_{side.lower()}")]
    return ["pénalité", *given] if given else []


KIND = EntryKind("donne", gettext_lazy("donne"), check, words, restores=tuple(DONNE_FIELDS))
