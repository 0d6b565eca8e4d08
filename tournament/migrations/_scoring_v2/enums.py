"""The game's vocabulary: sides, trumps, coinche levels, outcomes and the rule-set choices."""

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


class Game(StrEnum):
    """Coinche (a contract value, coinche, capot bids) or classique (none of these)."""

    COINCHE = "coinche"
    CLASSIQUE = "classique"


class Counting(StrEnum):
    """What a made coinche contract scores: points faits + demandés, or demandés only."""

    FAITS = "faits"
    DEMANDES = "demandes"


class Multiply(StrEnum):
    """What coinche and surcoinche multiply: the whole score, or the contract only."""

    SCORE = "score"
    CONTRACT = "contract"
