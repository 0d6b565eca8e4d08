"""What every draw method takes and gives, and the registry of methods.

A draw method is a pure function on ids (no ORM), like Tabbycat's draw generators: the
services load the entrants and their history, call `METHODS[key].draw(DrawInput(...))` and
save the tables. Adding a method is one module that calls `register`.

An entrant is a team (doublette concours) or a player (mêlée). A table's side is a tuple of
ids: `(team,)` for a doublette concours, `(player, player)` in mêlée, so that one `Table`
serves both and a table's page can name its four players.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..validators import MAX_SEED

Side = tuple[int, ...]  # a team id (doublettes: (team,)) or two player ids (mêlée)
EntrantKind = Literal["team", "player"]

# Bounds (a draw is refused beyond them rather than left to run for minutes): a club's
# concours has a few hundred entrants; 4,096 players draw in a few seconds. The seed bound is
# the one the forms accept (18 digits, within the BigIntegerField that keeps it): one bound.
MAX_ENTRANTS = 4096
MAX_PARTIE = 1000


class DrawError(ValueError):
    """No draw can be made (too few entrants, a number out of bounds): a French message for
    the organiser. A caller's bug (an entrant twice, a missing registration number) raises a
    plain ValueError instead, which is never shown as a user error."""


@dataclass(frozen=True)
class Table:
    ns: Side
    ew: Side

    @property
    def entrants(self) -> Side:
        """Everyone seated at the table, NS first."""
        return self.ns + self.ew


@dataclass(frozen=True)
class Draw:
    tables: list[Table]  # table 1 first
    exempt: list[int]  # entrants (teams, or players in mêlée) with no table this partie
    seed: int | None = None  # the seed used, for methods that draw at random (shown, reusable)
    # Each table's number, when the method fixes them: the rotation's, whose tables keep
    # the printed chart's numbers when a withdrawn team leaves one empty. Empty: 1 to N.
    numbers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.numbers and (len(self.numbers) != len(self.tables) or self.numbers[0] < 1
                             or any(a >= b for a, b in itertools.pairwise(self.numbers))):
            raise ValueError(f"table numbers {self.numbers} for {len(self.tables)} tables")

    def numbered(self) -> list[tuple[int, Table]]:
        """(number, table) for each table, table 1 first."""
        return list(zip(self.numbers or range(1, len(self.tables) + 1), self.tables,
                        strict=True))

    def first_exempt(self) -> int:
        """The number after the last table's: the first exempt entrant's (the byes are
        numbered after the tables)."""
        return max(self.numbers, default=len(self.tables)) + 1

    def entrants(self) -> list[int]:
        """Every entrant of the draw, seated (table by table, NS first) then exempt."""
        return [entrant for table in self.tables for entrant in table.entrants] + self.exempt

    def opponent_pairs(self) -> list[tuple[int, int]]:
        """Each pair of entrants on opposite sides of a table (one per table for teams, four
        per table in mêlée): what the next draws feed back as `DrawInput.opponents`."""
        return [(a, b) for table in self.tables for a in table.ns for b in table.ew]

    def partner_pairs(self) -> list[tuple[int, int]]:
        """Each pair of players on one side of a table (mêlée; none for teams)."""
        return [
            (side[0], side[1])
            for table in self.tables
            for side in (table.ns, table.ew)
            if len(side) == 2
        ]


@dataclass(frozen=True)
class DrawInput:
    """Everything a method may use; each method reads what it needs.

    Pairs may be given in either order and may name entrants no longer active (they are
    ignored). `byes` may omit the entrants never exempt; `numbers` is read by the rotation
    only, which needs every entrant's. A value out of bounds is refused in French."""

    # Active entrants, ranked best first (registration order before any partie).
    entrants: Sequence[int]
    partie: int  # number of the partie being drawn, 1 first
    seed: int
    opponents: Collection[tuple[int, int]] = ()  # pairs who already met as opponents
    # (mêlée: pairs of players on opposite sides of a table)
    partners: Collection[tuple[int, int]] = ()  # mêlée: pairs of players already partnered
    byes: Mapping[int, int] = field(default_factory=dict)  # entrant -> exemptions so far
    not_played: Collection[int] = ()  # entrants who have played no partie yet (late arrivals)
    numbers: Mapping[int, int] = field(default_factory=dict)  # entrant -> registration number
    # A concours en phases (BRACKETS.md): each entrant's poule (1 is A) for the parties of a
    # poule, drawn within each group; and the entrants who won their last partie, for a
    # tableau's next round and a poule « gagnants / perdants ». Empty for drawn parties.
    groups: Mapping[int, int] = field(default_factory=dict)
    winners: Collection[int] = ()

    def __post_init__(self) -> None:
        check_entrants(self.entrants)
        if any(group < 1 for group in self.groups.values()):
            raise ValueError("a poule is numbered from 1")
        if not 1 <= self.partie <= MAX_PARTIE:
            raise DrawError(_("Le numéro de partie doit être entre 1 et %(max)d.")
                            % {"max": MAX_PARTIE})
        if not 0 <= self.seed <= MAX_SEED:
            raise DrawError(_("La graine du tirage doit être un entier entre 0 et %(max)d.")
                            % {"max": MAX_SEED})


TOO_FEW_TEAMS = gettext_lazy("Il faut au moins deux équipes actives pour tirer les tables.")
TOO_FEW_PLAYERS = gettext_lazy("Il faut au moins quatre joueurs actifs pour tirer les tables.")


def check_entrants(entrants: Sequence[int], minimum: int = 0,
                   too_few: str | Promise = "") -> None:
    """Refuse a field too small (`too_few`, French, lazy: translated only when refused) or
    too large; an entrant listed twice is the caller's bug."""
    if len(entrants) > MAX_ENTRANTS:
        raise DrawError(_("Un tirage compte au plus %(max)d participants.")
                        % {"max": MAX_ENTRANTS})
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    if len(entrants) < minimum:
        raise DrawError(str(too_few))


def at_least_two_teams(entrants: Sequence[int]) -> None:
    check_entrants(entrants, 2, TOO_FEW_TEAMS)


def team_table(ns: int, ew: int) -> Table:
    return Table((ns,), (ew,))


def conflict_map(pairs: Iterable[tuple[int, int]], within: Collection[int]) -> dict[int, set[int]]:
    """entrant -> the entrants of `within` it already met (both ways, itself excluded)."""
    inside = set(within)
    met: dict[int, set[int]] = {}
    for a, b in pairs:
        if a != b and a in inside and b in inside:
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)
    return met


def seeded_order(entrants: Sequence[int], seed: int) -> list[int]:
    """The entrants shuffled by `seed`, independent of the order they are given in: the one
    shuffle of every draw that draws at random."""
    order = sorted(entrants)
    random.Random(seed).shuffle(order)
    return order


def repeated_pairs(pairs: Iterable[tuple[int, int]]) -> int:
    """How many pairs (in either order) occur more than once: the simulation's count of
    repeated opponents or partners over a concours."""
    counts = Counter(frozenset(pair) for pair in pairs)
    return sum(1 for count in counts.values() if count > 1)


@dataclass(frozen=True)
class DrawMethod:
    key: str  # stored on the concours (and partie): never rename
    label: str | Promise  # French, lazy: shown in forms and the journal
    entrant: EntrantKind  # what `DrawInput.entrants` holds: teams or players
    draw: Callable[[DrawInput], Draw]
    # What the pages and the simulation ask of a method, so that a new one is one module:
    # whether drawing partie n uses the seed (shown, reusable); for how many parties a field
    # of n entrants plays without a repeated meeting, when the method knows it in advance
    # (None: it depends on the results); and whether it prints a tableau de marche.
    uses_seed: Callable[[int], bool] = lambda partie: True
    max_parties: Callable[[int], int] | None = None
    chart: bool = False


METHODS: dict[str, DrawMethod] = {}


def register(method: DrawMethod) -> DrawMethod:
    if method.key in METHODS:
        raise ValueError(f"draw method {method.key!r} registered twice")
    METHODS[method.key] = method
    return method


def method(key: str) -> DrawMethod:
    """The method stored under `key`; a French refusal for an unknown one (a crafted form or
    backup)."""
    try:
        return METHODS[key]
    except KeyError:
        raise DrawError(_("Méthode de tirage inconnue : %(key)s.") % {"key": key}) from None
