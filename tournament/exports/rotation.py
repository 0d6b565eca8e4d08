"""The "tableau de marche" of a rotation concours: for each team (by registration number), its
table and side at each partie, printed before the concours so that every team knows where
it plays.

The parties already drawn are read from their games (what was really drawn: a late or
withdrawn team, a partie drawn by another method); the others come from the movement of the
active teams (`draw.rotation_schedule`), which is exactly what the rotation will draw if the
teams stay as they are. A team arriving or leaving changes the movement: the sheet says for
how many teams it holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone

from ..draw import rotation_max_parties, rotation_schedule
from ..draw.rotation import BYE
from ..models import Game, Team, Tournament
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
    teams: int  # active teams the movement is computed for
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
    """The tableau de marche's data: three queries."""
    teams = list(Team.objects.filter(tournament=tournament, round__isnull=True)
                 .order_by("number").values_list("id", "number", "name", "active"))
    drawn_seats: dict[tuple[int, int], Seat] = {}
    for number, table, ns, ew in (Game.objects.filter(round__tournament=tournament)
                                  .values_list("round__number", "table", "team_ns_id",
                                               "team_ew_id")):
        if ew is None:
            drawn_seats[(ns, number)] = Seat(exempt=True)
        else:
            drawn_seats[(ns, number)] = Seat(table, "NS")
            drawn_seats[(ew, number)] = Seat(table, "EO")
    drawn = tournament.rounds.count()  # numbered 1 to this
    active = [team for team in teams if team[3]]
    parties = max(tournament.parties_planned, drawn)
    future: dict[tuple[int, int], Seat] = {}
    without_repeat = None
    if len(active) >= 2:
        without_repeat = rotation_max_parties(len(active))
        schedule = rotation_schedule(len(active), parties)
        for partie in range(drawn + 1, parties + 1):
            for table, (ns, ew) in enumerate(schedule[partie - 1], start=1):
                if ew == BYE:
                    future[(active[ns - 1][0], partie)] = Seat(exempt=True)
                else:
                    future[(active[ns - 1][0], partie)] = Seat(table, "NS")
                    future[(active[ew - 1][0], partie)] = Seat(table, "EO")
    rows = []
    for team, number, name, is_active in teams:
        seats = [drawn_seats.get((team, partie), Seat()) if partie <= drawn
                 else future.get((team, partie), Seat()) for partie in range(1, parties + 1)]
        rows.append(ChartRow(number, name, is_active, seats))
    return RotationChart(len(active), parties, without_repeat, drawn, rows)


def rotation_chart_html(tournament: Tournament) -> str:
    return render_to_string("printing/rotation_chart.html", {
        "tournament": tournament, "chart": rotation_chart(tournament),
        "printed": timezone.localtime(),
    })


def rotation_chart_pdf(tournament: Tournament) -> bytes:
    return weasy.html_to_pdf(rotation_chart_html(tournament))
