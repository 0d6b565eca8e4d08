"""A formule in plain words (BRACKETS.md 1): what the evening will be, the fewest and the most
parties an entrant can play, and how long it lasts at a partie's duration — shown on the
formule's page and in the règlement, before anything is drawn:

    « 16 équipes : 4 poules de 4, puis un tableau principal de 8 et une consolante de 8 ;
    chaque équipe joue 6 parties, environ 4 h 30 en parties de 12 donnes »

Pure: counts in, words out. The sizes are the ones the draw will make from that many
entrants (2.1, 3.1, 4); a `direct` consolante's size depends on the results (its entrants
are the losers of their first partie), so the summary gives its fewest.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bracket import bracket_size, is_power_of_two
from .formule import Formule, formule_check
from .poules import PARTIES, poule_sizes


@dataclass(frozen=True)
class Span:
    """The fewest and the most parties an entrant plays in a phase."""

    fewest: int
    most: int


def largest_power_below(entrants: int) -> int:
    """P, the largest power of two ≤ E (the round after the cadrage)."""
    return 1 << (entrants.bit_length() - 1)


def tableau_span(entrants: int, placement: str) -> Span:
    """The parties an entrant of a tableau of `entrants` plays in it (5): a loser of the
    cadrage or of the first round plays one; the winner, 1 + log₂ P with a cadrage, log₂ P
    without; `complet` with no cadrage makes everyone play log₂ P."""
    if entrants < 2:
        return Span(0, 0)
    rounds = largest_power_below(entrants).bit_length() - 1
    if is_power_of_two(entrants):
        return Span(rounds, rounds) if placement == "complet" else Span(1, rounds)
    return Span(1, rounds + 1)


@dataclass(frozen=True)
class Shape:
    """What a formule makes of `entrants`: the poules' sizes (or the parties
    qualificatives), the principal's and the consolante's sizes, and the parties played."""

    entrants: int
    poules: list[int]
    parties: int
    principal: int
    consolante: int  # 0: none; for `direct`, its fewest entrants
    span: Span


def formule_shape(formule: Formule, entrants: int) -> Shape:
    """The sizes and the span of parties of a formule for `entrants` (refused, as the draw
    would refuse it, with the core's French `BracketError`)."""
    formule_check(formule, entrants)
    if formule.qualification == "poules":
        sizes = poule_sizes(entrants)
        principal = formule.qualified * len(sizes)
        consolante = entrants - principal if formule.consolante else 0
        # An exempt of a poule of three, and in `gagnants` the two who skip the barrage,
        # play one partie fewer.
        short = 3 in sizes or formule.poule_style == "gagnants"
        before = Span(PARTIES - 1 if short else PARTIES, PARTIES)
        return _shape(formule, entrants, sizes, 0, principal, consolante, before)
    if formule.qualification == "parties":
        assert formule.parties is not None and formule.principal is not None
        principal = formule.principal
        consolante = entrants - principal if formule.consolante else 0
        # With an odd count, one entrant is exempt at each partie (it plays one fewer).
        before = Span(formule.parties - entrants % 2, formule.parties)
        return _shape(formule, entrants, [], formule.parties, principal, consolante, before)
    first = tableau_span(entrants, formule.placement)
    if not formule.consolante:
        return Shape(entrants, [], 0, entrants, 0, first)
    size = bracket_size(entrants)
    # The losers of the first round (or of the cadrage) at least; with a cadrage, the
    # bye-holders beaten next may join them: at most S / 2.
    fewest = entrants - size // 2 if not is_power_of_two(entrants) else entrants // 2
    most = size // 2 if not is_power_of_two(entrants) else entrants // 2
    least = tableau_span(fewest, formule.placement)
    widest = tableau_span(most, formule.placement)
    span = Span(1 + least.fewest if fewest >= 2 else 1,
                max(first.most, 1 + widest.most))
    return Shape(entrants, [], 0, entrants, fewest if fewest >= 2 else 0, span)


def _shape(formule: Formule, entrants: int, sizes: list[int], parties: int, principal: int,
           consolante: int, before: Span) -> Shape:
    first = tableau_span(principal, formule.placement)
    second = tableau_span(consolante, formule.placement) if consolante >= 2 else None
    if second is None:
        # Those left out of the principal play the qualification only.
        fewest = before.fewest if entrants > principal else before.fewest + first.fewest
        most = before.most + first.most
    else:
        fewest = before.fewest + min(first.fewest, second.fewest)
        most = before.most + max(first.most, second.most)
    return Shape(entrants, sizes, parties, principal, consolante if second else 0,
                 Span(fewest, most))


def _poules_words(sizes: list[int]) -> str:
    fours, threes = sizes.count(4), sizes.count(3)
    if not threes or not fours:
        return f"{len(sizes)} poule{'s' if len(sizes) > 1 else ''} de {sizes[0]}"
    return f"{len(sizes)} poules ({fours} de 4 et {threes} de 3)"


def _duration(minutes: int) -> str:
    """Rounded to the half-hour: « 4 h 30 », « 5 h », « 30 min »."""
    halves = max(1, round(minutes / 30))
    hours, half = divmod(halves, 2)
    if not hours:
        return "30 min"
    return f"{hours} h 30" if half else f"{hours} h"


def _game_end(target: int | None, donnes: int | None) -> str:
    if target and donnes:
        return f"en parties de {target} points ou {donnes} donnes"
    if donnes:
        return f"en parties de {donnes} donnes"
    if target:
        return f"en parties de {target} points"
    return ""


def formule_words(formule: Formule, entrants: int, *, minutes: int, target: int | None,
                  donnes: int | None, one: str = "équipe", many: str = "équipes") -> str:
    """The formule's sentence for `entrants` (refused as the draw would refuse it)."""
    shape = formule_shape(formule, entrants)
    cadrage = " avec cadrage" if not is_power_of_two(shape.principal) else ""
    if formule.qualification == "poules":
        start = f"{_poules_words(shape.poules)}, puis un tableau principal de " \
                f"{shape.principal}{cadrage}"
    elif formule.qualification == "parties":
        start = f"{shape.parties} parties qualificatives, puis un tableau principal des " \
                f"{shape.principal} premières{cadrage}"
    else:
        start = f"un tableau principal de {shape.principal}{cadrage}"
    if shape.consolante and formule.qualification == "direct":
        start += " et une consolante des perdants de leur première partie"
    elif shape.consolante:
        start += f" et une consolante de {shape.consolante}"
    span = shape.span
    played = (f"{span.most} parties" if span.fewest == span.most
              else f"de {span.fewest} à {span.most} parties")
    end = _game_end(target, donnes)
    length = f", environ {_duration(span.most * minutes)}" + (f" {end}" if end else "")
    return (f"{entrants} {many if entrants > 1 else one} : {start} ; chaque {one} joue "
            f"{played}{length}")
