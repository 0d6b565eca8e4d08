"""Successive draws of one method, each fed the meetings and byes of the previous ones, as
the services will feed them: what the tests of every method check their promises on."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import networkx as nx

from tournament.draw import METHODS, Draw, DrawInput


def simulate(key: str, count: int, parties: int, seed: int) -> list[Draw]:
    """`parties` draws of method `key` for entrants 1..count (registration numbers alike);
    the ranking given to the standings draw is reshuffled each partie, as results would."""
    entrants = list(range(1, count + 1))
    rng = random.Random(seed)
    opponents: list[tuple[int, int]] = []
    partners: list[tuple[int, int]] = []
    byes: Counter[int] = Counter()
    draws = []
    for partie in range(1, parties + 1):
        ranked = entrants if partie == 1 else rng.sample(entrants, count)
        played = {entrant for draw in draws for entrant in draw.entrants()
                  if entrant not in draw.exempt}
        draw = METHODS[key].draw(DrawInput(
            ranked, partie, seed + partie, opponents=tuple(opponents),
            partners=tuple(partners), byes=dict(byes),
            not_played=[entrant for entrant in entrants if partie > 1 and entrant not in played],
            numbers={entrant: entrant for entrant in entrants},
        ))
        assert sorted(draw.entrants()) == entrants  # everyone once, at a table or exempt
        draws.append(draw)
        opponents += draw.opponent_pairs()
        partners += draw.partner_pairs()
        byes.update(draw.exempt)
    return draws


def fewest_repeats(entrants: Sequence[int], met: set[frozenset[int]]) -> int:
    """The fewest pairs already in `met` a perfect matching of `entrants` must use, by a
    matching on the complete graph (the reference the fast draws are checked against)."""
    graph = nx.Graph()
    for index, a in enumerate(entrants):
        for b in entrants[index + 1 :]:
            graph.add_edge(a, b, weight=1 if frozenset((a, b)) in met else 0)
    matching = nx.min_weight_matching(graph)
    return sum(1 for a, b in matching if frozenset((a, b)) in met)


def pairs_of(draw: Draw) -> list[tuple[int, int]]:
    """A team draw's tables as (NS, EW) team ids."""
    assert all(len(table.ns) == len(table.ew) == 1 for table in draw.tables)
    return [(table.ns[0], table.ew[0]) for table in draw.tables]
