"""The game's vocabulary: sides, trumps, coinche levels and outcomes."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Trump(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "SA"
    ALL_TRUMP = "TA"


class Coinche(StrEnum):
    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class Outcome(StrEnum):
    MADE = "made"
    DOWN = "down"
    LITIGE = "litige"
    PASSED = "passed"
