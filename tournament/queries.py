"""Temporary: the old name of `tournament.selectors`, until the exports move to it."""

from .selectors import *  # noqa: F403
from .selectors import __all__  # noqa: F401
