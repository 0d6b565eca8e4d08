"""Scoring version 2, frozen for migration 0005 as `scoring/` was when that migration was
written (commit 8e14d84; imports left relative): the migration rescores version 1's caches
under version 2, not under whatever the live `scoring` package computes by the time a
database from before it is migrated. Not to be edited: a later scoring change must not
reach it. The migration loader skips it (its name starts with an underscore)."""

from .donne import Donne
from .enums import Coinche, Side, Trump
from .errors import ScoringError
from .game import score_game
from .rules import Rules

__all__ = ["Coinche", "Donne", "Rules", "ScoringError", "Side", "Trump", "score_game"]
