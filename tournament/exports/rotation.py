"""The "tableau de marche" of a rotation concours: for each team (by registration number), its
table and side at each partie, printed before the concours so that every team knows where
it plays.

The parties already drawn are read from their games (what was really drawn: a late team
seated on a partie's page, a partie drawn by another method); the others are what the
rotation will draw (`draw.rotation`, the same function): the movement of partie 1's teams,
whose positions never change. A withdrawn team keeps its position unplayed (its opponent is
exempt), a late team takes the odd count's missing position: the meetings stay the printed
ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone

from ..draw import Draw, DrawError, DrawInput, rotation_max_parties
from ..draw.rotation import draw_rotation
from ..models import Tournament
from ..selectors.documents import partie_count, seat_rows, team_count, team_rows
from ..selectors.rounds import rotation_roster
from . import weasy

# Parties per block of columns: an A4 page in portrait holds the team's name and fifteen
# narrow columns; more parties go into further blocks under it.
PARTIES_PER_BLOCK = 15


@dataclass(frozen=True)
class Seat:
    """A team's place at one partie: a table and a side, or exempt, or none (not drawn:
    withdrawn, or registered after that partie's draw)."""

    table: int | None = None
    side: str = ""  # "NS" or "EO"
    exempt: bool = False


@dataclass(frozen=True)
class ChartRow:
    number: int
    name: str
    active: bool
    seats: list[Seat]


@dataclass(frozen=True)
class RotationChart:
    teams: int  # teams the movement is computed for: partie 1's, withdrawn since or not
    parties: int  # columns: the parties planned, or drawn if more
    without_repeat: int | None  # parties the movement plays without a repeated meeting
    drawn: int  # parties already drawn (read from their games)
    rows: list[ChartRow]

    def blocks(self) -> list[tuple[list[int], list[tuple[ChartRow, list[Seat]]]]]:
        """The columns split into blocks of PARTIES_PER_BLOCK: (partie numbers, rows)."""
        found = []
        for start in range(0, self.parties, PARTIES_PER_BLOCK):
            numbers = list(range(start + 1, min(start + PARTIES_PER_BLOCK, self.parties) + 1))
            found.append((numbers, [(row, row.seats[start:start + len(numbers)])
                                    for row in self.rows]))
        return found


def rotation_chart(tournament: Tournament) -> RotationChart:
    """The tableau de marche's data: six queries, and the rotation's draw of each partie to
    come."""
    teams = team_rows(tournament)
    drawn_seats: dict[tuple[int, int], Seat] = {}
    for number, table, ns, ew in seat_rows(tournament):
        if ew is None:
            drawn_seats[(ns, number)] = Seat(exempt=True)
        else:
            drawn_seats[(ns, number)] = Seat(table, "NS")
            drawn_seats[(ew, number)] = Seat(table, "EO")
    drawn = partie_count(tournament)  # numbered 1 to this
    roster = rotation_roster(tournament)
    parties = max(tournament.parties_planned, drawn)
    future: dict[tuple[int, int], Seat] = {}
    without_repeat = rotation_max_parties(len(roster)) if len(roster) >= 2 else None
    active = [team for team, _number, _name, is_active in teams if is_active]
    for partie in range(drawn + 1, parties + 1):
        draw = _draw(active, roster, partie)
        for table, seated in draw.numbered():
            future[(seated.ns[0], partie)] = Seat(table, "NS")
            future[(seated.ew[0], partie)] = Seat(table, "EO")
        for team in draw.exempt:
            future[(team, partie)] = Seat(exempt=True)
    rows = []
    for team, number, name, is_active in teams:
        seats = [drawn_seats.get((team, partie), Seat()) if partie <= drawn
                 else future.get((team, partie), Seat()) for partie in range(1, parties + 1)]
        rows.append(ChartRow(number, name, is_active, seats))
    return RotationChart(len(roster), parties, without_repeat, drawn, rows)


def _draw(active: list[int], roster: dict[int, int], partie: int) -> Draw:
    """What the rotation will draw at `partie` if the teams stay as they are: nothing if it
    cannot (fewer than two teams); late teams it refuses are left out (no seat: the
    organiser seats them on the partie's page)."""
    for candidates in (active, [team for team in active if team in roster]):
        try:
            return draw_rotation(DrawInput(entrants=candidates, partie=partie, seed=0,
                                           numbers=roster))
        except DrawError:
            continue
    return Draw([], [])


# The chart's cells (teams × parties) beyond which it is not prepared: 200 teams × 30 parties
# take 12 s to render; 1,024 × 30 took 61 s of CPU and 1.66 GB, for a chart nobody prints.
MAX_CELLS = 6_000


def chart_cells(tournament: Tournament) -> int:
    """The chart's size before it is built (two queries): its teams × its parties."""
    return team_count(tournament) * max(tournament.parties_planned, partie_count(tournament))


def rotation_chart_html(tournament: Tournament) -> str:
    return render_to_string("printing/rotation_chart.html", {
        "tournament": tournament, "chart": rotation_chart(tournament),
        "printed": timezone.localtime(),
    })


def rotation_chart_pdf(tournament: Tournament) -> bytes:
    return weasy.html_to_pdf(rotation_chart_html(tournament))
