"""`{{ "NS"|side_name }}`: a side's name in full ("Nord-Sud", "Est-Ouest"), from the app's
one vocabulary (choices.SIDE_NAMES), for the column headers and seats of the pages and PDFs."""

from __future__ import annotations

from django import template

from ..choices import SIDE_NAMES

register = template.Library()


@register.filter
def side_name(side: str) -> str:
    """The side's name; a value that is not a side is a template's bug, not user input."""
    return str(SIDE_NAMES[side])
