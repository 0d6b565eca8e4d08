"""The final standings of a concours in phases (BRACKETS.md 6): the principal's places, then
the consolante's, then the entrants in neither tableau; ex aequo places share their rank
(1, 2, 3, 3, 5), as the concours' standings print them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import check_distinct


@dataclass(frozen=True)
class Place:
    place: int
    entrant: int
    tableau: str | None  # "principal", "consolante", or None: placed by no tableau


def final_standings(tableaux: Sequence[tuple[str, Sequence[Sequence[int]]]],
                    rest: Sequence[Sequence[int]]) -> list[Place]:
    """`tableaux`: (name, its places: groups of entrants sharing a place, best first) in
    order, principal first; `rest`: the groups of the entrants in neither tableau, best
    first. A group's entrants share the rank of its first."""
    places: list[Place] = []
    groups: list[tuple[str | None, Sequence[int]]] = [
        (name, group) for name, tableau in tableaux for group in tableau]
    groups += [(None, group) for group in rest]
    for name, group in groups:
        shared = len(places) + 1
        places += [Place(shared, entrant, name) for entrant in group]
    check_distinct([place.entrant for place in places])
    return places
