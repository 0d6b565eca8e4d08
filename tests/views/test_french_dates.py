"""« 1er décembre »: the `date` filter every template uses writes the first of the month as
French does, and any other day, format or value as Django's own filter."""

import datetime

import pytest
from django.template import Context, Template
from django.template.defaultfilters import date as django_date
from hypothesis import given
from hypothesis import strategies as st


def rendered(value, fmt):
    return Template(f'{{{{ value|date:"{fmt}" }}}}').render(Context({"value": value}))


@pytest.mark.parametrize(("value", "fmt", "text"), [
    (datetime.date(2026, 12, 1), "j F Y", "1er décembre 2026"),
    (datetime.date(2027, 3, 1), "l j F Y", "lundi 1er mars 2027"),
    (datetime.datetime(2027, 1, 1, 21, 1), "j F Y à H:i", "1er janvier 2027 à 21:01"),
    (datetime.date(2026, 12, 11), "j F Y", "11 décembre 2026"),
    (datetime.date(2026, 12, 21), "l j F Y", "lundi 21 décembre 2026"),
    (datetime.date(2026, 12, 1), "d/m/Y", "01/12/2026"),
    (None, "j F Y", ""),
    (datetime.date(2026, 12, 1), "DATE_FORMAT", "1er décembre 2026"),
    (datetime.date(2026, 12, 1), "", "1er décembre 2026"),  # no format: DATE_FORMAT
])
def test_the_first_of_the_month_is_premier(value, fmt, text):
    assert rendered(value, fmt) == text


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2100, 12, 31)),
       st.sampled_from(["j F Y", "l j F Y", "d/m/Y", "F Y"]))
def test_any_other_day_is_written_as_django_writes_it(day, fmt):
    text = rendered(day, fmt)
    if day.day == 1 and fmt.startswith(("j", "l j")):
        assert text == django_date(day, fmt).replace("1 ", "1er ", 1)
    else:
        assert text == django_date(day, fmt)
