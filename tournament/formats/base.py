"""What a format is, the registry of formats, and the phases a partie can belong to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..brackets.poules import poule_name as brackets_poule_name

EntrantKind = Literal["team", "player"]
# Where a concours' standings are read: over the whole concours (today's formats); a format
# in phases also ranks within each poule and places through its tableaux (BRACKETS.md).
StandingsScope = Literal["concours", "phases"]

# The phases a partie may belong to (Round.phase; none for a concours of drawn parties):
# BRACKETS.md's qualification (parties qualificatives), a poule (with its number), and the
# two tableaux. Keys are stored: never rename.
PHASES: dict[str, Promise] = {
    "qualification": _("partie qualificative"),
    "poule": _("poule"),
    "principal": _("tableau principal"),
    "consolante": _("consolante"),
}


def phase_label(phase: str | None, poule: int | None = None) -> str:
    """« poule B », « tableau principal »…, or "" for a partie of no phase."""
    if not phase:
        return ""
    label = str(PHASES[phase])
    if phase == "poule" and poule:
        return f"{label} {poule_name(poule)}"
    return label


def poule_name(number: int) -> str:
    """A, B, … Z, then AA, AB, … (BRACKETS.md 2.1): poule 1 (a partie's `poule`) is A,
    poule 27 is AA; the brackets' own naming, which counts from 0."""
    return brackets_poule_name(number - 1)


@dataclass(frozen=True)
class EntrantWords:
    """The words for a format's entrants, lazy French: « équipe » or « joueur »."""

    one: Promise
    many: Promise
    # « l'équipe n° 4 » / « le joueur n° 4 »: the pages' and the journal's sentences.
    the_one: Promise


class HasFormat(Protocol):
    format: str


@dataclass(frozen=True)
class Format:
    key: str  # stored on the concours: never rename
    label: Promise  # French, lazy: shown in forms, pages and the règlement
    entrant: EntrantKind  # what is registered, drawn and ranked: teams or players
    words: EntrantWords
    default_draw: str  # the key of the draw method a new concours of this format starts with
    phases: tuple[str, ...] = ()  # keys of PHASES this format plays in; () drawn parties
    standings_scope: StandingsScope = "concours"

    @property
    def by_player(self) -> bool:
        """Players register alone and the teams are drawn at each partie (a mêlée)."""
        return self.entrant == "player"

    def allows_draw(self, entrant: str) -> bool:
        """Whether a draw method drawing `entrant`s (DrawMethod.entrant) suits this format."""
        return entrant == self.entrant


FORMATS: dict[str, Format] = {}


def register(format: Format) -> Format:
    if format.key in FORMATS:
        raise ValueError(f"format {format.key!r} registered twice")
    FORMATS[format.key] = format
    return format


def format_of(value: HasFormat | str) -> Format:
    """The format of a concours (anything with a `format` key: the model, a backup's
    dictionary read through `format_of(data["format"])`), or of a key."""
    key = value if isinstance(value, str) else value.format
    return FORMATS[key]


def choices() -> list[tuple[str, Promise]]:
    """(key, label) of every format, in the registry's order: the forms' and model's
    choices."""
    return [(key, format.label) for key, format in FORMATS.items()]
