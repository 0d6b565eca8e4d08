"""What the modules of a concours in phases share: the refusal, an entrant's clubs, a partie
played and a match as the tableaux list it."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

# entrant -> its clubs: one for a team, its two players' for a mêlée pair (clubs apart keeps
# apart two pairs that share any club, BRACKETS.md 1); an entrant without a club is absent
# or has an empty set.
Clubs = Mapping[int, Collection[str]]


class BracketError(ValueError):
    """A formule or a result the rules refuse (BRACKETS.md 8): a French message for the
    organiser, nothing changed."""


@dataclass(frozen=True)
class Game:
    """A partie played between `a` (at Nord-Sud) and `b`: its winner and both totals. In a
    poule or a tableau every partie has a winner (the donne décisive, 3.3)."""

    winner: int
    score_a: int
    score_b: int


@dataclass(frozen=True)
class Match:
    """A match of a poule or a tableau: `b` None is a bye (« exempt », never a partie won:
    `game` None); `a` None and `b` None only in a placing match that lost both entrants."""

    a: int | None
    b: int | None
    winner: int | None
    game: Game | None = None

    @property
    def bye(self) -> bool:
        return self.game is None

    @property
    def loser(self) -> int | None:
        if self.game is None:
            return None
        return self.b if self.winner == self.a else self.a

    def score_of(self, entrant: int) -> tuple[int, int]:
        """(scored, conceded) by `entrant` in this match's partie."""
        if self.game is None:
            return 0, 0
        if entrant == self.a:
            return self.game.score_a, self.game.score_b
        return self.game.score_b, self.game.score_a


def check_distinct(entrants: Collection[int]) -> None:
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")


def clubs_of(clubs: Clubs | None, entrant: int) -> frozenset[str]:
    if not clubs:
        return frozenset()
    return frozenset(clubs.get(entrant, ()))
