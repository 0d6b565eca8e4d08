"""The draw methods: pure functions on ids and their registry (`METHODS`, `register`).

Importing the package registers every method of its modules: standings, random, rotation,
melee. See `base` for what a method takes (`DrawInput`) and gives (`Draw`).
"""

# isort: off
# The registry keeps the order of registration, which forms show: the usual method first.
from . import standings
from . import random as random_draw
from . import rotation
from . import melee

# isort: on
from .base import (
    METHODS,
    Draw,
    DrawError,
    DrawInput,
    DrawMethod,
    Side,
    Table,
    method,
    register,
    repeated_pairs,
)
from .rotation import rotation_chart, rotation_max_parties, rotation_schedule
from .standings import choose_bye, draw_random, pair_by_standings

__all__ = [
    "METHODS",
    "Draw",
    "DrawError",
    "DrawInput",
    "DrawMethod",
    "Side",
    "Table",
    "choose_bye",
    "draw_random",
    "melee",
    "method",
    "pair_by_standings",
    "random_draw",
    "register",
    "repeated_pairs",
    "rotation",
    "rotation_chart",
    "rotation_max_parties",
    "rotation_schedule",
    "standings",
]
