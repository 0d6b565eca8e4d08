"""The lots of a concours (ranks → what they win) and who wins them in the final standings.

A lot covers ranks `start` to `end` counted from the top, or from the bottom when
`from_last` ("dernier" is 1 to 1 from the last); `end` None reaches the last place ("toutes les
équipes" is 1 to None). Lots are handed by PLACE in the standings' order, 1 to the number of
lines: two lines sharing a rank (equal on every criterion) still take two places, in the order
the standings list them, as a club reads its lots out one team after another.

Only the lines still in the concours that played at least one partie take places: a withdrawn
team (a player gone home) or one that never sat at a table is listed, marked, but neither takes
a place nor a lot, so that « dernier » goes to the last of those who played to the end rather
than to whoever left at the first break.

A place gets one lot. The services refuse two lots counted the same way that share a rank;
a lot counted from the top and one counted from the bottom meet only in a small field (ten
lots from the top and "dernier" with eight teams): then the lot listed first keeps the place.
The pure part (`Lot`, `awards`, `lot_words`) takes plain values; `prize_lots` and
`standings_awards` read the database in a constant number of queries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from ..lots import (
    MAX_PRIZES,
    Lot,
    award_indexes,
    awards,
    lot_words,
    lots_from_value,
    lots_summary,
    lots_value,
    ordinal,
)
from ..models import PhasePlan, Prize, Tableau, Team, Tournament
from .standings import StandingsLine, standings_lines


def lot_of(prize: Prize) -> Lot:
    return Lot(prize.start, prize.end, prize.from_last, prize.label, prize.tableau)


# --- Reads ----------------------------------------------------------------------------------


def prize_lots(tournament: Tournament) -> list[Lot]:
    """The concours' lots in their order: one query."""
    return [Lot(*row) for row in tournament.prizes.order_by("order", "id").values_list(
        "start", "end", "from_last", "label", "tableau")]


@dataclass(frozen=True)
class Award:
    """A line of the final standings (a team, or a player in a mêlée) and its lot."""

    position: int  # its place among the placed lines, 1..count; 0 when not placed
    line: StandingsLine
    label: str  # its lot; "" when none
    tied: bool = False  # another line shares its rank (equal on every criterion)

    @property
    def placed(self) -> bool:
        """Whether it takes a place (see the module's docstring): in the concours, and played."""
        return self.position > 0

    @property
    def unplaced_reason(self) -> str:
        """Why it takes no place, in words ("" when it does)."""
        if self.placed:
            return ""
        if not self.line.active:
            return _("retiré") if self.line.entrant.is_player else _("retirée")
        return _("n'a joué aucune partie")

    @property
    def rank(self) -> int:
        return self.line.row.rank

    @property
    def place(self) -> str:
        """Its rank in words: "1er", "2e"."""
        return ordinal(self.rank)

    # What the palmarès prints of a line, team or player alike.
    @property
    def name(self) -> str:
        return self.line.name

    @property
    def detail(self) -> str:
        """A team's players; "" for a player."""
        return self.line.detail

    @property
    def active(self) -> bool:
        return self.line.active


@dataclass(frozen=True)
class Awards:
    lines: list[Award]  # every line of the standings, with its lot or ""
    lots: list[Lot]
    unawarded: list[Lot]  # lots no place receives (ranks beyond the field, or taken)
    placed_count: int = 0  # the lines that take a place (the field the lots are counted in)
    # Each tableau's places as the positions they give (`tableau_places`): what a tableau's
    # lot or cash prize counts its ranks in; {} until the tableaux are over.
    tableaux: dict[str, list[list[int]]] = field(default_factory=dict)

    @property
    def unplaced(self) -> list[Award]:
        """The lines that take no place (withdrawn, or never played), in the standings' order."""
        return [award for award in self.lines if not award.placed]

    @property
    def awarded(self) -> list[Award]:
        """The lines that receive a lot, in the standings' order: the palmarès."""
        return [award for award in self.lines if award.label]


def standings_awards(tournament: Tournament,
                     lines: Sequence[StandingsLine] | None = None) -> Awards:
    """Every line of the final standings with its lot. `lines`: the standings lines already
    built by the caller (documents.standings(tournament).lines), else read here."""
    lots = prize_lots(tournament)
    if lines is None:
        lines = standings_lines(tournament)
    placed = [line for line in lines if takes_a_place(line)]
    tableaux = tableau_places(placed)
    given = award_indexes(lots, len(placed), tableaux)
    used = set(given.values())
    ranks = Counter(line.row.rank for line in lines)
    positions = {id(line): position for position, line in enumerate(placed, start=1)}
    result = []
    for line in lines:
        position = positions.get(id(line), 0)
        result.append(Award(position, line,
                            lots[given[position]].label if position in given else "",
                            ranks[line.row.rank] > 1))
    return Awards(result, lots, [lot for index, lot in enumerate(lots) if index not in used],
                  len(placed), tableaux)


def tableau_places(placed: Sequence[StandingsLine]) -> dict[str, list[list[int]]]:
    """Each tableau's places in order (BRACKETS.md 6), as the positions (1.. among `placed`,
    the lines taking a place) each one gives: what a tableau's lot or cash prize counts its
    ranks in. Entrants sharing a place (« places 5–8 partagées ») take one place each in the
    standings' order, as the concours' lots do; a mêlée's pair is one place for its two
    players. {} until the tableaux are over (no line has its phase place yet)."""
    places: dict[str, list[list[int]]] = {}
    seen: dict[tuple[str, int], list[int]] = {}
    for position, line in enumerate(placed, start=1):
        phase = line.phase
        if phase is None or not phase.key:
            continue
        place = seen.get((phase.key, phase.team.pk))
        if place is None:
            place = seen[(phase.key, phase.team.pk)] = []
            places.setdefault(phase.key, []).append(place)
        place.append(position)
    return places


@dataclass(frozen=True)
class TableauRanks:
    """The final ranks a tableau's places take (BRACKETS.md 6): its place 1 is rank
    `first`, its last place rank `last`."""

    label: str  # « tableau principal », « consolante »
    first: int
    last: int


def tableau_ranks(tournament: Tournament) -> list[TableauRanks]:
    """The ranks of each tableau drawn, in order: the principal's places come first, then
    the consolante's (a `direct` principal losing its consolante's entrants). A lot is given
    per final rank: a lot for the consolante's winner is one for its `first` rank. One
    query, two in a mêlée ([] for a concours of drawn parties)."""
    tableaux = list(Tableau.objects.filter(tournament=tournament).order_by("pk"))
    seeds = {tableau.name: len(tableau.seeds) for tableau in tableaux}
    plan = PhasePlan.objects.filter(tournament=tournament).values_list(
        "qualification", flat=True).first() if tableaux else None
    if tableaux and tournament.by_player:
        # A mêlée's ranks are its players': a pair's place is its two players' (a pair of one
        # player, left over after the parties qualificatives, one).
        players = {number: (first is not None) + (second is not None) for number, first, second
                   in Team.objects.filter(tournament=tournament, round__isnull=True)
                   .values_list("number", "first_id", "second_id")}
        seeds = {tableau.name: sum(players.get(number, 0) for number in tableau.seeds)
                 for tableau in tableaux}
    ranks: list[TableauRanks] = []
    first = 1
    for tableau in tableaux:
        count = seeds[tableau.name]
        if tableau.name == "principal" and plan == "direct":
            count -= seeds.get("consolante", 0)  # they take their place there (4)
        ranks.append(TableauRanks(tableau.get_name_display(), first, first + count - 1))
        first += count
    return ranks


def takes_a_place(line: StandingsLine) -> bool:
    """Whether a standings line takes a place in the palmarès: still in the concours, and
    played at least one partie (an exemption counts: it is a partie won)."""
    return line.active and line.row.played > 0


__all__ = [
    "MAX_PRIZES",
    "Award",
    "Awards",
    "Lot",
    "TableauRanks",
    "award_indexes",
    "awards",
    "lot_words",
    "lots_from_value",
    "lots_summary",
    "lots_value",
    "prize_lots",
    "standings_awards",
    "tableau_places",
    "tableau_ranks",
]
