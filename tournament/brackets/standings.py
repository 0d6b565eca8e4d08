"""The final standings of a concours in phases (BRACKETS.md 6): the principal's places, then
the consolante's, then the entrants in neither tableau; ex aequo places share their rank
(1, 2, 3, 3, 5), as the concours' standings print them. Each place also says how it was won
within its tableau (`how_words`): what the standings, the palmarès and the documents print
beside the tableau's name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import check_distinct
from .bracket import is_power_of_two


@dataclass(frozen=True)
class Place:
    place: int
    entrant: int
    tableau: str | None  # "principal", "consolante", or None: placed by no tableau
    # Its place within its tableau (or among the entrants in neither), from 1, and how many
    # entrants share it (1: a place of its own).
    within: int = 1
    shared: int = 1


def final_standings(tableaux: Sequence[tuple[str, Sequence[Sequence[int]]]],
                    rest: Sequence[Sequence[int]]) -> list[Place]:
    """`tableaux`: (name, its places: groups of entrants sharing a place, best first) in
    order, principal first; `rest`: the groups of the entrants in neither tableau, best
    first. A group's entrants share the rank of its first."""
    places: list[Place] = []
    groups: list[tuple[str | None, Sequence[Sequence[int]]]] = [
        (name, tableau) for name, tableau in tableaux]
    groups.append((None, rest))
    for name, tableau in groups:
        within = 1
        for group in tableau:
            shared = len(places) + 1
            places += [Place(shared, entrant, name, within, len(group)) for entrant in group]
            within += len(group)
    check_distinct([place.entrant for place in places])
    return places


# « du tableau principal », « de la consolante »: the French article of each tableau.
OF_TABLEAU = {"principal": "du tableau principal", "consolante": "de la consolante"}


def ordinal_words(place: int) -> str:
    return "1er" if place == 1 else f"{place}e"


def how_words(place: Place, placement: str, entrants: int) -> str:
    """How a tableau gave its place, in words (BRACKETS.md 5): « vainqueur du tableau
    principal », « finaliste de la consolante », « places 5–8 partagées », « vainqueur de
    la petite finale », « 5e : matchs de classement », « perdant du cadrage, classé par sa
    partie ». `placement`: the concours' (5); `entrants`: the tableau's E. "" for an
    entrant in neither tableau (its caller names its poule or its parties)."""
    if place.tableau is None:
        return ""
    of = OF_TABLEAU.get(place.tableau, place.tableau)
    within, shared = place.within, place.shared
    if shared > 1:
        return f"places {within}–{within + shared - 1} partagées"
    if within == 1:
        return f"vainqueur {of}"
    if within == 2:
        return f"finaliste {of}"
    # The semi-finals' losers play the petite finale, under « every place played » too.
    if placement in ("petite-finale", "complet") and within in (3, 4) and entrants >= 4:
        return "vainqueur de la petite finale" if within == 3 else "perdant de la petite finale"
    if placement == "complet":
        played = entrants if is_power_of_two(entrants) else 1 << (entrants.bit_length() - 1)
        if within > played:
            return "perdant du cadrage, classé par sa partie"
        return f"{ordinal_words(within)} : matchs de classement"
    return f"{ordinal_words(within)} place"
