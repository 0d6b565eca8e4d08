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
    """What a made coinche contract scores: points faits + demandés, demandés only, or (v3)
    points faits only, the contract being a threshold that is never scored."""

    FAITS = "faits"
    DEMANDES = "demandes"
    FAITS_SEULS = "faits_seuls"


class Multiply(StrEnum):
    """What coinche and surcoinche multiply: the whole score, or the contract only."""

    SCORE = "score"
    CONTRACT = "contract"


class CoincheMade(StrEnum):
    """What a contract made coinché scores (v3): the base to the takers and the defence only
    its belote, or each side its own points."""

    BASE = "base"
    POINTS = "points"


class LosingBelote(StrEnum):
    """Where the belote of a side that scores nothing but its belote goes (v3): kept by it
    (imprenable), to the winner (prenable), or to nobody."""

    KEPT = "kept"
    WINNER = "winner"
    LOST = "lost"
