"""Belote scoring, exactly as SCORING.md (version 2) reads the rules: pure Python, no Django.

Everything else in the product scores through `score_donne` and `score_game`.
"""

from .donne import Donne, DonneScore, score_donne
from .enums import Coinche, Counting, Game, Multiply, Outcome, Side, Trump
from .errors import ScoringError
from .game import GameScore, score_game
from .rules import PRESETS, Rules

__all__ = [
    "PRESETS",
    "Coinche",
    "Counting",
    "Donne",
    "DonneScore",
    "Game",
    "GameScore",
    "Multiply",
    "Outcome",
    "Rules",
    "ScoringError",
    "Side",
    "Trump",
    "score_donne",
    "score_game",
]
