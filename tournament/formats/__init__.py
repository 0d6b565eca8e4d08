"""The concours' formats as a registry (`FORMATS`, `register`, `format_of`), in the style of
the draw methods' `METHODS`: each format says what it plays and ranks — its entrant kind
(teams or players), its phases, the draw methods it allows, its standings' scope and its
words. Pages, services and documents ask the format (`format_of(t).by_player`); they never
compare its key, which tests/test_import_rules.py checks. Adding a format is one module that
calls `register`.

Importing the package registers its formats: doublettes, mêlée (the registry keeps that
order, which the forms show).
"""

# isort: off
from . import doublettes
from . import melee

# isort: on
from .base import (
    FORMATS,
    PHASES,
    EntrantKind,
    EntrantWords,
    Format,
    choices,
    format_of,
    phase_label,
    register,
)

__all__ = [
    "FORMATS",
    "PHASES",
    "EntrantKind",
    "EntrantWords",
    "Format",
    "choices",
    "doublettes",
    "format_of",
    "melee",
    "phase_label",
    "register",
]
