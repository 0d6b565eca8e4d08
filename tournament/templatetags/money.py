"""`{{ cents|euros }}`: an amount in integer cents as the desk reads it (« 12,50 € »), the one
way the pages and the PDFs write money (amounts.amount_text)."""

from __future__ import annotations

from django import template

from ..amounts import amount_text

register = template.Library()


@register.filter
def euros(cents: int | None) -> str:
    return "" if cents is None else amount_text(cents)
