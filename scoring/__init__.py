"""Belote scoring, exactly as SCORING.md (version 3) reads the rules: pure Python, no Django.

Everything else in the product scores through `score_donne` and `score_game`.
"""

from .donne import Donne, DonneScore, score_donne
from .enums import (
    Coinche,
    CoincheMade,
    Counting,
    Game,
    LosingBelote,
    Multiply,
    Outcome,
    Side,
    Trump,
)
from .errors import ScoringError
from .game import GameScore, score_game
from .paper import PaperCheck as PaperCheck
from .paper import PaperTotals as PaperTotals
from .paper import check_paper_totals as check_paper_totals
from .paper import paper_check_kind as paper_check_kind
from .paper import paper_problems as paper_problems
from .paper import paper_winner as paper_winner
from .rules import PRESETS, Rules

# The paper totals (scoring/paper.py) are exported by the explicit `X as X` form above and
# join __all__ when SCORING.md's "Python API" lists them: __all__ is that list, and
# tests/scoring/test_api.py holds it to it.
__all__ = [
    "PRESETS",
    "Coinche",
    "CoincheMade",
    "Counting",
    "Donne",
    "DonneScore",
    "Game",
    "GameScore",
    "LosingBelote",
    "Multiply",
    "Outcome",
    "Rules",
    "ScoringError",
    "Side",
    "Trump",
    "score_donne",
    "score_game",
]
