"""The one error `scoring` raises for bad input: a donne or rule set that cannot be."""

from __future__ import annotations


class ScoringError(ValueError):
    """An impossible donne or rule set, with a French message a scorer understands.

    `field` names the input at fault (a `Donne` or `Rules` field name), so that a form can
    show the message beside it; it is None when the fault is the combination as a whole.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
