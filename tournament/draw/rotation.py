"""The fixed rotation ("tableau de marche"): a movement computed for the number of teams,
printable before the concours, that never repeats a meeting for as many parties as it allows.

It is the circle (Berger) method. The teams hold positions 1..n by registration number. For
an even n, position n stays at table 1 while positions 1..n-1 turn around a circle: every
two positions meet exactly once in n - 1 parties. For an odd n, a missing position n + 1
plays the fixed one, and whoever it meets is exempt: n parties, each position exempt once
(position p at partie p). `rotation_max_parties` says how many parties that is.

Beyond that number the movement starts again from its first partie (meetings repeat, which
a concours longer than the movement cannot avoid anyway) rather than refusing the draw.

Positions are fixed for the whole concours, so that the printed chart holds and no meeting
repeats within the movement's reach whoever leaves or arrives:

- The movement's teams are those of partie 1 (`DrawInput.numbers`: every one of them,
  withdrawn since included), positions by registration number. Partie 1 draws the active
  teams, each of which must have a number.
- A withdrawn team keeps its position, unplayed: its opponent of the partie is exempt, and a
  table of two withdrawn teams is simply not set up.
- A late team (an active entrant without a number: registered after partie 1) has no
  position unless the count is odd: then one late team takes the missing position, the one
  the movement's exempt team meets, and plays it at the bye's place, after the movement's
  tables. Any other late team (an even count, or a second one) is refused in French: the
  organiser withdraws it for the draw and seats it on the partie's page against an exempt
  team, as late teams are seated in every method.

Every table keeps its number in the movement, so that the teams sit where the printed
chart says: with a withdrawal a table is not set up and its number stays empty (`Draw.numbers`),
the late team's table is the bye's place, and the exempt teams come after the last table.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .base import (
    MAX_ENTRANTS,
    MAX_PARTIE,
    Draw,
    DrawError,
    DrawInput,
    DrawMethod,
    at_least_two_teams,
    register,
    team_table,
)

BYE = 0  # the EW position of an exempt position's entry in a schedule


def _check_count(count: int) -> None:
    if not 2 <= count <= MAX_ENTRANTS:
        raise DrawError(_("Un tableau de marche se calcule pour 2 à %(max)d équipes.")
                        % {"max": MAX_ENTRANTS})


def rotation_max_parties(count: int) -> int:
    """How many parties the movement of `count` teams plays without a repeated meeting:
    count - 1 for an even count, count for an odd one (each team exempt once)."""
    _check_count(count)
    return count - 1 if count % 2 == 0 else count


def _partie(count: int, index: int) -> list[tuple[int, int]]:
    """Partie `index` (0 first, within one turn of the movement): the tables, then the bye."""
    slots = count + count % 2  # an odd count gets a missing slot, the last: the fixed one
    turn = slots - 1
    # Slot `slots - 1` is fixed; slot r meets it at partie r; slots r + k and r - k meet at
    # the k-th other table. Sides alternate with the partie, so the fixed team plays NS and
    # EW in turn.
    pairs = [(slots - 1, index) if index % 2 == 0 else (index, slots - 1)]
    pairs += [((index + k) % turn, (index - k) % turn) for k in range(1, slots // 2)]
    tables = [(ns + 1, ew + 1) for ns, ew in pairs if count not in (ns, ew)]
    if count % 2:
        tables.append((index + 1, BYE))
    return tables


def rotation_schedule(count: int, parties: int) -> list[list[tuple[int, int]]]:
    """The tableau de marche of `count` teams over `parties` parties: per partie, per table
    (table 1 first), the positions (1..count) playing NS and EW; for an odd count, last, one
    entry (position, 0): the position exempt. Past `rotation_max_parties(count)` the movement
    starts again from its first partie."""
    _check_count(count)
    if not 1 <= parties <= MAX_PARTIE:
        raise DrawError(_("Un tableau de marche compte 1 à %(max)d parties.")
                        % {"max": MAX_PARTIE})
    turn = rotation_max_parties(count)
    return [_partie(count, index % turn) for index in range(parties)]


def rotation_chart(count: int, parties: int) -> list[list[int]]:
    """The tableau de marche as printed for the teams: for each position (1..count, first
    row position 1), its table at each partie (0: exempt)."""
    chart = [[0] * parties for _ in range(count)]
    for partie, tables in enumerate(rotation_schedule(count, parties)):
        for table, (ns, ew) in enumerate(tables, start=1):
            if ew != BYE:
                chart[ns - 1][partie] = chart[ew - 1][partie] = table
    return chart


def draw_rotation(data: DrawInput) -> Draw:
    """Partie `data.partie` of the movement of the teams in `data.numbers` (positions in
    order of registration number), played by the active ones (`data.entrants`): see the
    module's docstring for withdrawn and late teams."""
    at_least_two_teams(data.entrants)
    active = set(data.entrants)
    late = sorted(team for team in data.entrants if team not in data.numbers)
    if late and data.partie == 1:
        raise ValueError(f"no registration number for {late}")
    by_number = sorted(data.numbers, key=lambda team: (data.numbers[team], team))
    count = len(by_number)
    if count < 2:  # only late teams are active: nothing of the movement to play
        raise DrawError(_("Le tableau de marche compte moins de deux équipes de la partie 1."))
    if late and (count % 2 == 0 or len(late) > 1):
        raise DrawError(_(
            "Le tableau de marche ne peut pas placer les équipes inscrites après la partie 1 "
            "(%(late)d) : il n'a pas de place libre pour elles. Retirez-les pour ce tirage, "
            "puis placez-les sur la page de la partie contre une équipe exempte.")
            % {"late": len(late)})
    # The missing position of an odd count, filled by the late team if there is one.
    seat = dict(enumerate(by_number, start=1)) | ({BYE: late[0]} if late else {})
    partie = _partie(count, (data.partie - 1) % rotation_max_parties(count))
    tables, numbers, exempt = [], [], []
    # A table keeps its number in the movement (the bye's place last), set up or not.
    for number, (ns, ew) in enumerate(partie, start=1):
        present = [team for team in (seat.get(ns), seat.get(ew))
                   if team is not None and team in active]
        if len(present) == 2:
            tables.append(team_table(present[0], present[1]))
            numbers.append(number)
        else:
            exempt += present
    return Draw(tables, exempt, numbers=tuple(numbers))


ROTATION = register(DrawMethod(
    key="rotation", label=gettext_lazy("Tableau de marche (rotation fixe)"),
    entrant="team", draw=draw_rotation,
    uses_seed=lambda partie: False, max_parties=rotation_max_parties, chart=True,
))
