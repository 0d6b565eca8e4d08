"""What the projector and the hall's screens show of a concours in phases (BRACKETS.md 7):
during the poules, each poule's grid and ranking; during the tableaux, the bracket of each
tableau's current rounds, in pieces a screen holds, and the calls (« Table 5 : … »).

Built from `poules_view` and `tableaux_view` (the poules' and tableaux' pages read the
same): three to five queries, none for a concours of drawn parties but its formule's one."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import Team, Tournament
from .phases import (
    PouleView,
    Slot,
    TableauView,
    one_match,
    phase_plan_of,
    poules_view,
    tableaux_view,
)

# A tree piece holds this many matches of its first round (then half as many of the next,
# and so on): four matches, two, one — what a 1080p screen shows in large type from the
# back of the hall. A longer round is shown in as many pieces, page after page.
TREE_MATCHES = 4
TREE_ROUNDS = 3  # columns of a piece: the current round and the two after it
FINISHED = ("played", "bye")


@dataclass(frozen=True)
class PouleCell:
    """A team's points against one other of its poule (None: not played yet, or itself); a
    forfeit's are no points scored at the table (the spec's 1000 or more): the screen says
    « F », as the poules' page says « forfait »."""

    points: int | None
    won: bool = False
    itself: bool = False
    forfeit: bool = False


@dataclass
class ScreenPouleRow:
    position: int
    number: int
    name: str
    cells: list[PouleCell]
    wins: int
    scored: int
    place: int | None


@dataclass
class ScreenPoule:
    name: str
    finished: bool
    rows: list[ScreenPouleRow]  # by position: the grid reads across


@dataclass
class TreeMatch:
    slot: Slot
    row: int  # the grid row it starts at (from 1) and the rows it spans: a tree
    span: int


@dataclass
class TreePiece:
    """A piece of a tableau's bracket: a few matches of its current round and those they
    lead to in the rounds after, as columns."""

    view: TableauView  # its tableau (its label, its matches' addresses)
    part: str  # « 1/2 » when the round takes several pieces, else ""
    rows: int
    columns: list[tuple[str, list[TreeMatch]]]  # (round's name, its matches)


@dataclass(frozen=True)
class Call:
    """A match at its table, as the hall hears it: « Table 5 : Les As – Les Rois »."""

    table: int
    a: str
    b: str
    words: str  # « Quart de finale — tableau principal »
    decisive: bool  # level after its last donne: it goes on donne by donne


@dataclass
class PhaseScreen:
    stage: str  # "poules", "tableaux", or "" (nothing of its phases to show yet)
    poules: list[ScreenPoule] = field(default_factory=list)
    trees: list[TreePiece] = field(default_factory=list)
    # Each tableau's placing matches to call or at their table (its tableau, them).
    placing: list[tuple[TableauView, list[Slot]]] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)

    @property
    def forfeits(self) -> bool:
        """Whether a poule's grid shows a forfeit (the legend then says what « F » is)."""
        return any(cell.forfeit for poule in self.poules for row in poule.rows
                   for cell in row.cells)

    @property
    def seats(self) -> list[tuple[str, Call]]:
        """Each team at a table, by name: where it plays (the « où je joue ? » view)."""
        return sorted(((name, call) for call in self.calls for name in (call.a, call.b)),
                      key=lambda pair: (pair[0].casefold(), pair[1].table))


def phase_screen(tournament: Tournament) -> PhaseScreen | None:
    """The screens' views of a concours in phases, None for a concours of drawn parties."""
    plan = phase_plan_of(tournament)
    if plan is None:
        return None
    tableaux = tableaux_view(tournament)
    if tableaux:
        return PhaseScreen(
            "tableaux", trees=[piece for view in tableaux for piece in tree_pieces(view)],
            placing=[(view, live) for view in tableaux
                     if (live := [slot for _name, slots in view.placing for slot in slots
                                  if slot.state in ("ready", "called", "level")])],
            calls=calls_of(tableaux))
    poules = poules_view(tournament, plan)
    if not poules.drawn:
        return PhaseScreen("")
    return PhaseScreen("poules", poules=[_screen_poule(view) for view in poules.poules])


def _screen_poule(view: PouleView) -> ScreenPoule:
    position = {row.number: at for at, row in enumerate(view.rows)}
    points: dict[tuple[int, int], PouleCell] = {}
    for _partie, match in view.matches:
        assert match.a is not None and match.b is not None and match.game is not None
        forfeit = (match.a, match.b) in view.forfeits
        points[(position[match.a], position[match.b])] = PouleCell(
            match.game.score_a, match.winner == match.a, forfeit=forfeit)
        points[(position[match.b], position[match.a])] = PouleCell(
            match.game.score_b, match.winner == match.b, forfeit=forfeit)
    return ScreenPoule(view.name, view.finished, [
        ScreenPouleRow(row.position, row.number, row.name,
                       [PouleCell(None, itself=True) if other == at
                        else points.get((at, other), PouleCell(None))
                        for other in range(len(view.rows))],
                       row.wins, row.scored, row.place)
        for at, row in enumerate(view.rows)])


def current_round(view: TableauView) -> int:
    """The first round with a match not played (the last round once the tableau is over)."""
    for index, (_name, slots) in enumerate(view.rounds):
        if any(slot.state not in FINISHED for slot in slots):
            return index
    return len(view.rounds) - 1


def tree_pieces(view: TableauView) -> list[TreePiece]:
    """The current round and the two after it, TREE_MATCHES matches of it a piece; once the
    tableau is over, its last rounds (the final's winner in bold)."""
    start = current_round(view)
    if start == len(view.rounds) - 1:  # the final: the semi-finals beside it, when any
        start = max(0, start - 1)
    shown = view.rounds[start:start + TREE_ROUNDS]
    first = len(shown[0][1])
    per_piece = min(TREE_MATCHES, first)
    count = -(-first // per_piece)
    pieces = []
    for part in range(count):
        columns = []
        for depth, (name, slots) in enumerate(shown):
            width = per_piece >> depth
            if width == 0:
                break
            low = part * width
            columns.append((name, [TreeMatch(slot, at * (1 << depth) + 1, 1 << depth)
                                   for at, slot in enumerate(slots[low:low + width])]))
        pieces.append(TreePiece(view, f"{part + 1}/{count}" if count > 1 else "",
                                per_piece, columns))
    return pieces


def _name(team: Team | None) -> str:
    return team.name if team is not None else "…"


def calls_of(views: list[TableauView]) -> list[Call]:
    """The matches at their tables now, by table."""
    found = []
    for view in views:
        for name, slots in view.rounds + view.placing:
            for slot in slots:
                if slot.state not in ("called", "level") or slot.table is None:
                    continue
                said = one_match(name) if not slot.low else name
                found.append(Call(slot.table, _name(slot.a), _name(slot.b),
                                  f"{said[:1].upper()}{said[1:]} — {view.label}",
                                  slot.decisive or slot.state == "level"))
    return sorted(found, key=lambda call: call.table)
