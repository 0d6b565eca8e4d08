"""Money as the desk types and reads it: amounts in integer cents, never a float.

- `parse_amount` reads « 12 », « 12,5 », « 12,50 », « 12.50 », « 12 € », « 1 200,00 € » into
  cents, bounded; a negative, a third decimal, anything else is refused with a French message
  (`AmountError`). `amount_text` writes cents back (« 1 200,50 € »); the two round-trip.
- A cash prize pool (« 1er 30 % », « 2e à 4e 50 € »): each line gives every place of its
  range an amount, or a percentage of the fees collected (net of refunds). A percentage is
  rounded DOWN to the cent, place by place: what the rounding leaves stays in the balance.
  `parse_pool` reads the lines, `pool_checked` refuses overlapping ranges and percentages
  above 100 % in all, `pool_amounts` gives each place its cents.

Pure: plain values in, plain values out (no ORM, no Django but gettext).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from django.utils.translation import gettext as _

from .lots import TABLEAUX, tableau_words

MAX_FEE = 100_000  # cents: an entry fee of 1,000 € at most (clubs ask 5 to 30 €)
MAX_AMOUNT = 10_000_000  # cents: any other amount (a prize, a lot's value) 100,000 € at most
MAX_POOL = 50  # lines of a cash prize pool
MAX_RANK = 9_999  # the places a pool line names
MAX_TEXT = 40  # characters of a typed amount (checked before anything is parsed)

# A space groups the euros by thousands (« 1 200 », also a no-break or narrow no-break
# space), and only so: « 12 50 » is refused, not read as 1 250 € (a slip, not a figure).
_AMOUNT = re.compile(r"(?P<units>[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3}){1,2}|[0-9]{1,9})"
                     r"(?:[.,](?P<cents>[0-9]{1,2}))?")
_CURRENCY = re.compile(r"\s*(?:€|EUR)$", re.IGNORECASE)
_PERCENT = re.compile(r"(?P<whole>[0-9]{1,3})(?:[.,](?P<decimals>[0-9]{1,2}))?")


class AmountError(ValueError):
    """A refused amount, percentage or pool line, with a French message."""


def parse_amount(text: object, *, maximum: int = MAX_AMOUNT, label: str = "") -> int:
    """`text` (« 12,50 », « 12.50 », « 12 € ») as cents, 0 to `maximum`."""
    prefix = f"{label} : " if label else ""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise AmountError(prefix + _("un montant en euros est attendu (par exemple 12,50)."))
    number = _CURRENCY.sub("", text.strip())
    if number.startswith("-"):
        raise AmountError(prefix + _("un montant ne peut pas être négatif."))
    found = _AMOUNT.fullmatch(number)
    if found is None:
        # The thousands' example only where such an amount is allowed (not a fee).
        example = "12,50 ou 1 200" if maximum >= 120_000 else "12,50"
        raise AmountError(prefix + _("« %(text)s » n'est pas un montant en euros (par "
                                     "exemple %(example)s ; deux chiffres au plus après la "
                                     "virgule).") % {"text": text.strip()[:MAX_TEXT],
                                                      "example": example})
    units = int(re.sub(r"\D", "", found["units"]))
    cents = units * 100 + int((found["cents"] or "0").ljust(2, "0"))
    if cents > maximum:
        raise AmountError(prefix + _("%(amount)s au plus.") % {"amount": amount_text(maximum)})
    return cents


def amount_text(cents: int) -> str:
    """Cents as the desk reads them: « 12,50 € », « 1 200,00 € » (no-break spaces)."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    grouped = f"{units:,}".replace(",", "\u00a0")
    return f"{sign}{grouped},{rest:02d}\u00a0€"


def euros(cents: int) -> Decimal:
    """Cents as an exact Decimal of euros (the workbook's cells)."""
    return Decimal(cents) / 100


def parse_percent(text: str) -> Decimal:
    """« 30 », « 12,5 » (the « % » already taken off) as a Decimal above 0 and at most 100."""
    found = _PERCENT.fullmatch(text.strip())
    if found is None:
        raise AmountError(_("« %(text)s %% » n'est pas un pourcentage (par exemple 30 %% ou "
                            "12,5 %%).") % {"text": text.strip()[:MAX_TEXT]})
    percent = Decimal(f"{found['whole']}.{found['decimals'] or '0'}").quantize(Decimal("0.01"))
    if not 0 < percent <= 100:
        raise AmountError(_("Un pourcentage va de plus de 0 à 100 %."))
    return percent


def percent_text(percent: Decimal) -> str:
    """« 30 % », « 12,5 % »."""
    text = format(percent.normalize(), "f").replace(".", ",")
    return f"{text}\u00a0%"


@dataclass(frozen=True)
class PoolLine:
    """Places `start` to `end` (equal: one place), each receiving `amount` cents, or
    `percent` % of the fees collected (exactly one of the two)."""

    start: int
    end: int
    amount: int | None = None
    percent: Decimal | None = None
    # "": the concours' final places; "principal", "consolante": the places within that
    # tableau of a concours in phases (BRACKETS.md 6).
    tableau: str = ""

    @property
    def places(self) -> range:
        return range(self.start, self.end + 1)


def ordinal(rank: int) -> str:
    return _("1er") if rank == 1 else _("%(n)de") % {"n": rank}


def pool_line_words(line: PoolLine) -> str:
    """« 1er : 30 % », « 2e à 4e : 50,00 € chacun »."""
    ranks = (ordinal(line.start) if line.start == line.end else
             _("%(from)s à %(to)s") % {"from": ordinal(line.start), "to": ordinal(line.end)})
    value = (percent_text(line.percent) if line.percent is not None
             else amount_text(line.amount or 0))
    each = "" if line.start == line.end else _(" chacun")
    if line.tableau:
        ranks = f"{ranks} {tableau_words(line.tableau)}"
    return f"{ranks} : {value}{each}"


def pool_text(lines: Sequence[PoolLine]) -> str:
    """The pool as it is typed back into its form, a line each (`parse_pool` reads it)."""
    return "\n".join(pool_line_words(line).replace(_(" chacun"), "") for line in lines)


_SUFFIX = r"(?:er|re|e|ème|eme|è)?"
_LINE = re.compile(
    rf"(?P<start>[0-9]{{1,9}}){_SUFFIX}\s*"
    rf"(?:(?:à|a|au|-|–)\s*(?P<end>[0-9]{{1,9}}){_SUFFIX}\s*)?"
    r"(?:(?P<tableau>du\s+tableau\s+principal|de\s+la\s+consolante|principal|consolante)\s*)?"
    r"[:=]?\s*(?P<value>.+?)\s*(?:chacun)?", re.IGNORECASE)


def parse_pool_line(text: str) -> PoolLine:
    """« 1er 30 % », « 2e à 4e 50 € », « 5-8 : 10 »: places and what each receives; « 1er
    de la consolante 20 € », « 1er à 2e du tableau principal 50 € »: places within that
    tableau of a concours in phases."""
    found = _LINE.fullmatch(text.strip())
    if found is None:
        raise AmountError(_("« %(text)s » : un rang ou des rangs puis un montant ou un "
                            "pourcentage sont attendus (par exemple « 1er 30 %% » ou « 2e à "
                            "4e 50 € »).") % {"text": text.strip()[:60]})
    start = int(found["start"])
    end = int(found["end"]) if found["end"] else start
    if not 1 <= start <= end <= MAX_RANK:
        raise AmountError(_("« %(text)s » : des rangs de 1 à %(max)d, le premier avant le "
                            "dernier.") % {"text": text.strip()[:60], "max": MAX_RANK})
    value = found["value"]
    said = (found["tableau"] or "").casefold()
    tableau = next((key for key in TABLEAUX if key in said), "")
    if value.endswith("%"):
        return PoolLine(start, end, percent=parse_percent(value.removesuffix("%")),
                        tableau=tableau)
    try:
        amount = parse_amount(value)
    except AmountError as error:
        raise AmountError(f"« {text.strip()[:60]} » : {error}") from None
    return PoolLine(start, end, amount=amount, tableau=tableau)


def parse_pool(text: str) -> list[PoolLine]:
    """A pool typed a line each (or lines split by « ; »), checked (`pool_checked`)."""
    if not isinstance(text, str) or len(text) > MAX_POOL * 60:
        raise AmountError(_("Prix en espèces : %(max)d lignes au plus.") % {"max": MAX_POOL})
    parts = [part for part in re.split(r"[\n;]", text) if part.strip()]
    return pool_checked([parse_pool_line(part) for part in parts])


def pool_checked(lines: Sequence[PoolLine]) -> list[PoolLine]:
    """The pool, or a refusal: MAX_POOL lines at most, each well formed, no place in two
    lines (of the same places: the concours', or one tableau's), and percentages adding up
    (place by place) to 100 % at most."""
    if len(lines) > MAX_POOL:
        raise AmountError(_("Prix en espèces : %(max)d lignes au plus.") % {"max": MAX_POOL})
    taken: list[PoolLine] = []
    total = Decimal(0)
    for line in lines:
        if not isinstance(line, PoolLine):
            raise TypeError(f"not a PoolLine: {line!r}")
        if (type(line.start) is not int or type(line.end) is not int
                or not 1 <= line.start <= line.end <= MAX_RANK
                or (line.amount is None) == (line.percent is None)
                or line.tableau not in ("", *TABLEAUX)):
            raise AmountError(_("Une ligne de prix a des rangs de 1 à %(max)d et un montant "
                                "ou un pourcentage.") % {"max": MAX_RANK})
        if line.amount is not None and (type(line.amount) is not int
                                        or not 0 <= line.amount <= MAX_AMOUNT):
            raise AmountError(_("Un prix va de 0 à %(max)s.") % {"max": amount_text(MAX_AMOUNT)})
        if line.percent is not None:
            if (not isinstance(line.percent, Decimal) or not line.percent.is_finite()
                    or not 0 < line.percent <= 100 or line.percent != line.percent.quantize(
                        Decimal("0.01"))):
                raise AmountError(_("Un pourcentage va de plus de 0 à 100 %, deux décimales au "
                                    "plus."))
            total += line.percent * len(line.places)
        other = next((seen for seen in taken
                      if line.start <= seen.end and seen.start <= line.end
                      and line.tableau == seen.tableau), None)
        if other is not None:
            raise AmountError(_("« %(line)s » et « %(other)s » donnent un même rang : un rang "
                                "ne reçoit qu'un prix.")
                              % {"line": pool_line_words(line), "other": pool_line_words(other)})
        taken.append(line)
    if total > 100:
        raise AmountError(_("Les pourcentages font %(total)s en tout (chaque rang compté) : "
                            "100 %% au plus.") % {"total": percent_text(total)})
    return list(lines)


def percent_of(base: int, percent: Decimal) -> int:
    """`percent` % of `base` cents, rounded down to the cent."""
    return int((Decimal(base) * percent / 100).to_integral_value(rounding=ROUND_DOWN))


def pool_amounts(lines: Sequence[PoolLine], base: int, count: int,
                 tableaux: Mapping[str, Sequence[Sequence[int]]] | None = None
                 ) -> dict[int, int]:
    """Place (1..`count`) → its cash prize in cents: a line's amount, or its percentage of
    `base` (the fees collected, in cents) rounded down to the cent. Places beyond `count`
    (the field) receive nothing. A tableau's line counts its places within that tableau:
    `tableaux[key]` lists them in order, each the positions it gives (lots.award_indexes);
    without them (its tableaux not over) it gives nothing. A position two lines reach keeps
    the first line's."""
    amounts: dict[int, int] = {}
    for line in lines:
        each = (line.amount if line.amount is not None
                else percent_of(base, line.percent or Decimal(0)))
        if not line.tableau:
            for place in line.places:
                if place > count:
                    break
                amounts.setdefault(place, each)
            continue
        places = (tableaux or {}).get(line.tableau, [])
        for place in line.places:
            if place > len(places):
                break
            for position in places[place - 1]:
                amounts.setdefault(position, each)
    return dict(sorted(amounts.items()))


def split_equally(total: int, count: int) -> list[int]:
    """`total` cents shared by `count` ex aequo, exact to the cent: each the same whole
    cents, the cents left over (fewer than `count`) one each to the first in the palmarès'
    order, so that the shares add up to `total` and the caisse's balance stays right."""
    each, rest = divmod(total, count)
    return [each + (1 if index < rest else 0) for index in range(count)]


__all__ = [
    "MAX_AMOUNT",
    "MAX_FEE",
    "MAX_POOL",
    "AmountError",
    "PoolLine",
    "amount_text",
    "euros",
    "parse_amount",
    "parse_percent",
    "parse_pool",
    "percent_of",
    "percent_text",
    "pool_amounts",
    "pool_checked",
    "pool_line_words",
    "pool_text",
    "split_equally",
]
