"""Amounts as the desk types them: integer cents, exact, bounded, refused clearly; the cash
prize pool's lines and their arithmetic (percentages rounded down to the cent)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.amounts import (
    MAX_AMOUNT,
    MAX_FEE,
    AmountError,
    PoolLine,
    amount_text,
    parse_amount,
    parse_pool,
    percent_of,
    pool_amounts,
    pool_checked,
    pool_text,
)
from tournament.forms.money import AmountField, FeeForm


@pytest.mark.parametrize(("text", "cents"), [
    ("12", 1200), ("12,5", 1250), ("12,50", 1250), ("12.50", 1250), ("12 €", 1200),
    ("12€", 1200), (" 7,05 ", 705), ("0", 0), ("1 200,00 €", 120000),
    ("1\u00a0200,00\u00a0€", 120000), ("0,01", 1),
])
def test_an_amount_is_read_in_cents(text, cents):
    assert parse_amount(text) == cents


@pytest.mark.parametrize(("text", "message"), [
    ("-5", "négatif"), ("- 5", "négatif"), ("12,505", "deux chiffres"), ("abc", "pas un montant"),
    ("1e3", "pas un montant"), ("12,", "pas un montant"), ("", "pas un montant"),
    ("NaN", "pas un montant"), ("inf", "pas un montant"), ("١٢", "pas un montant"),
    ("9" * 41, "montant en euros"), ("1 000 000 000", "au plus"),
    # A space groups thousands, never anything else: « 12 50 » is a slip, not 1 250 €.
    ("12 50", "pas un montant"), ("1 2 3", "pas un montant"), ("1 20", "pas un montant"),
    ("1 2000", "pas un montant"), ("12 5,50", "pas un montant"), ("1 200,5 0", "pas un montant"),
])
def test_a_bad_amount_is_refused_in_french(text, message):
    with pytest.raises(AmountError, match=message):
        parse_amount(text)


def test_a_fee_above_its_bound_is_refused_with_the_bound():
    assert parse_amount("1000", maximum=MAX_FEE) == MAX_FEE
    with pytest.raises(AmountError, match="1\u00a0000,00\u00a0€ au plus"):
        parse_amount("1000,01", maximum=MAX_FEE)


@given(st.integers(0, MAX_AMOUNT))
def test_any_cents_value_round_trips_through_the_forms_text(cents):
    field = AmountField(maximum=MAX_AMOUNT)
    assert field.clean(field.prepare_value(cents)) == cents
    assert parse_amount(amount_text(cents).replace("\u00a0", " ")) == cents


@given(st.integers(0, 999_999), st.sampled_from([",", "."]), st.sampled_from(["", " €", "€"]))
def test_typed_euros_and_cents_are_exact(cents, separator, suffix):
    text = f"{cents // 100}{separator}{cents % 100:02d}{suffix}"
    assert parse_amount(text) == cents


def test_the_fee_form_reads_an_empty_fee_as_free():
    form = FeeForm({"fee": "", "fee_per": "team"})
    assert form.is_valid() and form.values() == {"fee": 0, "fee_per": "team"}
    form = FeeForm({"fee": "-2", "fee_per": "team"})
    assert not form.is_valid() and "négatif" in str(form.errors)


def test_a_pool_is_read_line_by_line():
    assert parse_pool("1er 30 %\n2e à 4e 50 €\n5-8 : 10 ; 9e 2,5%") == [
        PoolLine(1, 1, percent=Decimal("30")), PoolLine(2, 4, amount=5000),
        PoolLine(5, 8, amount=1000), PoolLine(9, 9, percent=Decimal("2.5"))]
    assert parse_pool("  \n") == []


@pytest.mark.parametrize(("text", "message"), [
    ("1er 60 %\n2e 50 %", "110"), ("1er à 3e 40 %", "120"), ("1er 10 €\n1er à 3e 5 €", "même rang"),
    ("3e à 1er 5 €", "le premier avant"), ("premier 5 €", "un rang ou des rangs"),
    ("1er 0 %", "plus de 0"), ("1er à 2e -5 €", "négatif"), ("1er 12,345 %", "pourcentage"),
])
def test_a_bad_pool_is_refused_in_french(text, message):
    with pytest.raises(AmountError, match=message):
        parse_pool(text)


@given(st.lists(st.tuples(st.integers(1, 3), st.one_of(
    st.integers(0, 100_000).map(lambda cents: (cents, None)),
    st.integers(1, 2000).map(lambda hundredths: (None, Decimal(hundredths) / 100)))),
    max_size=6))
def test_any_pool_round_trips_through_its_text(spans):
    lines, start = [], 1
    for width, (amount, percent) in spans:
        lines.append(PoolLine(start, start + width - 1, amount, percent))
        start += width
    try:
        checked = pool_checked(lines)
    except AmountError:
        return  # above 100 % in all: refused, as typed
    assert parse_pool(pool_text(checked)) == checked


@given(st.integers(0, 10_000_000), st.integers(1, 10_000).map(lambda n: Decimal(n) / 100))
def test_a_percentage_is_rounded_down_to_the_cent(base, percent):
    cents = percent_of(base, percent)
    exact = Decimal(base) * percent / 100
    assert cents <= exact < cents + 1


@given(st.integers(0, 10_000_000),
       st.lists(st.integers(1, 2500), min_size=1, max_size=8).filter(lambda p: sum(p) <= 10_000))
def test_the_places_percentages_never_pay_more_than_the_fees(base, hundredths):
    lines = [PoolLine(place, place, percent=Decimal(h) / 100)
             for place, h in enumerate(hundredths, start=1)]
    paid = sum(pool_amounts(lines, base, len(lines)).values())
    assert paid <= base
    # What rounding down leaves in the balance: less than a cent a place.
    assert sum(Decimal(base) * line.percent / 100 for line in lines) - paid < len(lines)


def test_places_beyond_the_field_receive_nothing():
    lines = [PoolLine(1, 1, percent=Decimal("30")), PoolLine(2, 4, amount=5000)]
    assert pool_amounts(lines, 10_001, 3) == {1: 3000, 2: 5000, 3: 5000}


@pytest.mark.parametrize(("text", "message"), [
    ("1er 12 50 €", "pas un montant"), ("1er 5 5 %", "pas un pourcentage"),
    ("10000e 10 €", "des rangs de 1 à 9999"), ("1er 1 2 %", "pas un pourcentage"),
])
def test_a_pool_line_with_a_slip_in_its_figure_is_refused(text, message):
    with pytest.raises(AmountError, match=message):
        parse_pool(text)


def test_a_pool_line_reads_thousands_grouped_by_a_space():
    assert parse_pool("1er 1 200 €") == [PoolLine(1, 1, amount=120000)]
