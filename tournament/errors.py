"""The errors a user can cause, in one place for every layer: a `UserError` carries a French
message (and the field at fault, when there is one) for the form; scoring's refusal becomes
one through `scoring_refusals`. Anything else is a bug. (The error pages' middleware is
tournament/middleware.py.)"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from scoring import ScoringError


class UserError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class GameGone(UserError):
    """The game a page posted to no longer exists (its draw undone meanwhile): the page
    answers "not found" with this message, never reads the game again."""


class DonneEnteredMeanwhile(UserError):
    """A new donne was posted with the number a page showed (`expect`), but another donne
    was entered meanwhile (another phone, or a second click that went through): nothing is
    written, and the page shows the sheet as it is now rather than the row again."""


@contextlib.contextmanager
def scoring_refusals(where: str = "") -> Iterator[None]:
    """The one place where scoring's refusal (an impossible donne or rule set) becomes a
    user error, on the field it names; `where` says which game."""
    try:
        yield
    except ScoringError as error:
        message = f"{where} : {error.message}" if where else error.message
        raise UserError(message, error.field) from None
