"""The mêlée draw: players register alone; at every partie the draw forms doublettes and
seats them, avoiding a repeated partner first, then a repeated opponent.

Two matchings on a seeded shuffle of the players (`matching.pair_avoiding_repeats`, exact in
the number of repeats):
1. partners: the players paired in the shuffled order with the fewest repeated partnerships
   possible (none whenever a draw without one exists), closest in the order otherwise;
2. tables: the doublettes so formed paired with the fewest repeated opponents possible (each
   pair of players on opposite sides who already met counts one), closest in the order
   otherwise.
With nothing to avoid, a table is four consecutive players of a uniform shuffle: a uniformly
random draw. The second matching is optimal for the doublettes of the first, not over every
way of forming them. On a club's sizes both reach zero: 37 players play 8 parties, 64 players
13, 512 players 20 without a repeated partner or opponent (a partie costs each player three
new faces: 36 others allow 12 parties at the very most).

When the players are not a multiple of four, the n % 4 left out are exempt: those with the
fewest byes, preferring players who have already played (a late arrival would otherwise
score a partie it never played), the seed breaking ties; so nobody is exempt twice while
others have not been.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .base import (
    TOO_FEW_PLAYERS,
    Draw,
    DrawInput,
    DrawMethod,
    Table,
    check_entrants,
    conflict_map,
    register,
)
from .matching import pair_avoiding_repeats
from .random import least_exempt, seeded_order


def draw_melee(data: DrawInput) -> Draw:
    check_entrants(data.entrants, 4, TOO_FEW_PLAYERS)
    order = seeded_order(data.entrants, data.seed)
    exempt = least_exempt(order, len(order) % 4, data.byes, data.not_played)
    players = [player for player in order if player not in exempt]
    doublettes = pair_avoiding_repeats(players, conflict_map(data.partners, players))
    met = conflict_map(data.opponents, players)
    # Two doublettes conflict when some of their players already met as opponents; the
    # weight is how many such meetings seating them face to face would repeat.
    doublette_of = {player: index for index, pair in enumerate(doublettes) for player in pair}
    repeats: dict[int, dict[int, int]] = {}
    for player, others in met.items():
        mine = doublette_of[player]
        for other in others:
            theirs = doublette_of[other]
            if theirs != mine:  # partners now, opponents before: no opposing meeting
                row = repeats.setdefault(mine, {})
                # Each meeting is seen from both players: counted once, from the lower id.
                if player < other:
                    row[theirs] = row.get(theirs, 0) + 1
                    back = repeats.setdefault(theirs, {})
                    back[mine] = back.get(mine, 0) + 1
    tables = pair_avoiding_repeats(range(len(doublettes)), repeats)
    return Draw([Table(doublettes[ns], doublettes[ew]) for ns, ew in tables], exempt, data.seed)


MELEE = register(DrawMethod(
    key="melee", label=gettext_lazy("À la mêlée (partenaires et adversaires tirés à chaque "
                                    "partie)"),
    entrant="player", draw=draw_melee,
))
