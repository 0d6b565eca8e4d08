"""Dates as French writes them: the first of the month is « 1er » (« samedi 1er mars
2027 », « du 1er décembre 2026 au 31 mars 2027 »), never « 1 décembre ».

Django's `date` filter writes « 1 ». This library's `date` does everything Django's does and
adds « er »; it is a builtin of the template engine (config.settings), loaded after Django's
own, so every template's `|date:"j F Y"` (pages, PDFs, the club's site) writes it without a
`{% load %}` each template could forget.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.template import Library
from django.template.defaultfilters import date as django_date
from django.utils import translation
from django.utils.formats import FORMAT_SETTINGS, get_format

register = Library()

# The formats that start with the day of the month (alone, or after the weekday's name):
# the first « 1 » written is then the day's.
_DAY_FIRST = ("j ", "l j ")


@register.filter(expects_localtime=True, is_safe=False)
def date(value: Any, arg: str | None = None) -> str:
    text = django_date(value, arg)
    # No format, or a format's name: the one it stands for (French's DATE_FORMAT is j F Y).
    written = get_format(arg or "DATE_FORMAT") if not arg or arg in FORMAT_SETTINGS else arg
    if (not text or not isinstance(value, datetime.date) or value.day != 1
            or not written.startswith(_DAY_FIRST)
            or not (translation.get_language() or "fr").startswith("fr")):
        return text
    day = text.index("1")  # a weekday's name has no digit: the first is the day's
    return f"{text[:day]}1er{text[day + 1:]}"
