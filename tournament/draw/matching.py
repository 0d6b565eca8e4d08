"""The pairing engine of the draws: an exact minimum-cost perfect matching of ids set on a
line, fast because it looks only at the pairs an optimal draw can use.

Given an order (the standings, or a seeded shuffle) and the pairs that would repeat a
meeting, `pair_on_line` pairs everyone minimising, first, the meetings repeated and then the
sum of the squared gaps between paired positions: 1st v 2nd, 3rd v 4th, … when nobody has
met, and the closest other pairings otherwise. On the complete graph (today's standings draw)
blossom matching takes seconds for 256 teams; here only a band of pairs is offered, and the
band is wide enough to hold every optimal matching, so the result costs exactly what the
complete graph's would.

Why the band suffices. Take an optimal matching pairing positions `a < b`, gap `g = b - a`.
Each of the `g - 1` entrants strictly between them is paired too, with someone:
- inside (a < c < d < b): re-pairing (a, c) + (d, b), or (a, d) + (c, b), lowers the squared
  gaps (by 2·(c-a)·(b-d) or more), so optimality needs a repeat in each option: two distinct
  pairs among ac, db, ad, cb, each joining a or b to an entrant between them;
- outside, after b (a < c < b < e): re-pairing (a, c) + (b, e) lowers them, so ac or be
  repeats a meeting: a joined to an entrant between, or b to one after b;
- outside, before a (e < a < c < b): likewise (e, a) + (c, b), so ea or cb repeats one.
A re-pairing whose new pairs repeat nothing never adds a repeat, so any of them would make
the matching cheaper. The pairs needed are distinct (each names its own entrant), hence
`g - 1 <= before(a) + between(a, b) + after(b)`: the meetings to avoid of a with entrants
before it, of a or b with entrants between them, of b with entrants after it. The engine
offers exactly the pairs within that bound: every optimal matching lies among them, and the
adjacent pairs 1-2, 3-4, … are always offered, so a perfect matching exists. With at most
`d` meetings to avoid per entrant no pair further apart than `2d + 1` is offered (about
`n·(2d + 1)` edges instead of `n²/2`, usually far fewer), and the graph splits into pieces
solved apart wherever no offered pair crosses.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx


def repeats_between(conflicts: Mapping[int, Mapping[int, int] | set[int]], a: int, b: int) -> int:
    known = conflicts.get(a)
    if not known or b not in known:
        return 0
    return known[b] if isinstance(known, Mapping) else 1


def pair_on_line(
    order: Sequence[int], conflicts: Mapping[int, Mapping[int, int] | set[int]]
) -> list[tuple[int, int]]:
    """Pair the ids of `order` (even in number), each pair (earlier, later) in the order of
    its earlier member.

    `conflicts[x]`: the ids `x` should not meet again, as a set (one repeat each) or a
    mapping id -> repeats that pairing would make (mêlée doublettes: how many of their
    players already met); it must be symmetric. Minimises the repeats first (each costs more
    than any sum of squared gaps), then the sum of squared gaps."""
    count = len(order)
    if count % 2:
        raise ValueError("an odd number of ids cannot be paired")
    position = {entrant: index for index, entrant in enumerate(order)}
    # Where each id's meetings to avoid sit in the order, sorted, to count them by interval.
    avoid = {
        entrant: sorted(position[other] for other in conflicts.get(entrant, ())
                        if other in position)
        for entrant in order
    }
    widest = max(map(len, avoid.values()), default=0)
    repeat_cost = count**3  # more than the squared gaps of any matching: (n/2)·(n-1)²
    # Imported with the first draw, not with the URLs that import the draw: a third of a
    # second of every server's first page (bench_structure).
    import networkx as nx

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    for index, a in enumerate(order):
        mine = avoid[a]
        before = bisect_left(mine, index)
        after_a = bisect_right(mine, index)
        # The bound below never exceeds len(mine) + widest + 1.
        for other in range(index + 1, min(count, index + len(mine) + widest + 2)):
            b, theirs = order[other], avoid[order[other]]
            between = (bisect_left(mine, other) - after_a
                       + bisect_left(theirs, other) - bisect_right(theirs, index))
            after = len(theirs) - bisect_right(theirs, other)
            gap = other - index
            if gap <= before + between + after + 1:
                cost = gap * gap + repeat_cost * repeats_between(conflicts, a, b)
                graph.add_edge(a, b, weight=cost)
    pairs: list[tuple[int, int]] = []
    for piece in nx.connected_components(graph):
        matching = nx.min_weight_matching(graph.subgraph(piece))
        pairs.extend((a, b) if position[a] < position[b] else (b, a) for a, b in matching)
    if 2 * len(pairs) != count:  # the adjacent pairs always form a perfect matching
        raise AssertionError("the offered pairs hold no perfect matching")
    return sorted(pairs, key=lambda pair: position[pair[0]])


PIECE = 32  # ids per piece in `pair_avoiding_repeats`: blossom on 32 nodes takes a millisecond


def pair_avoiding_repeats(
    order: Sequence[int], conflicts: Mapping[int, Mapping[int, int] | set[int]],
    piece: int = PIECE,
) -> list[tuple[int, int]]:
    """Pair the ids of `order` with the fewest repeats possible, for draws whose order is a
    seeded shuffle (where which close pairing is chosen does not matter, only avoiding
    repeats does).

    The order is cut into consecutive pieces of `piece` ids, each paired by `pair_on_line`:
    when no piece repeats a meeting, no draw can do better. Otherwise the pieces double in
    size, up to the whole order, which `pair_on_line` pairs exactly: the fewest repeats
    possible, found in milliseconds when a draw without repeats is easy (the usual case:
    hundreds of players, a few meetings each), and still found when it is hard."""
    if piece < 2 or piece % 2:
        raise ValueError("pieces must hold an even number of ids")
    while piece < len(order):
        pairs = [pair for start in range(0, len(order), piece)
                 for pair in pair_on_line(order[start : start + piece], conflicts)]
        if not any(repeats_between(conflicts, a, b) for a, b in pairs):
            return pairs
        piece *= 2
    return pair_on_line(order, conflicts)


# `pair_near_neighbours`: up to this many ids the exact `pair_on_line` takes a few tens of
# milliseconds (it grows with the cube of the field: 2.7 s at 1,000 teams, partie 10); the
# windows around a repeat start this many positions either side (a pair an optimal draw uses
# spans at most 2d + 1 positions, d the meetings to avoid per id: 9 at partie 10).
EXACT_IDS = 128
RADIUS = 24


def pair_near_neighbours(
    order: Sequence[int], conflicts: Mapping[int, Mapping[int, int] | set[int]],
    exact_ids: int = EXACT_IDS, radius: int = RADIUS,
) -> list[tuple[int, int]]:
    """Pair the ids of `order` as `pair_on_line` does, in milliseconds for a large field:
    the fewest repeats possible always, the squared gaps least around each repeat avoided.

    Up to `exact_ids` ids, `pair_on_line` itself. Beyond, neighbours are paired (1-2, 3-4,
    …: the cheapest pairing of all when it repeats nothing, which is usual); each neighbour
    pair that would repeat a meeting is re-paired, with the pairs around it, by `pair_on_line`
    on a window of the order `radius` positions either side of it (windows that meet are
    merged). A window that cannot avoid a repeat is widened, three times as wide each time,
    up to the whole order, which `pair_on_line` pairs exactly. So the result repeats nothing
    whenever a draw without a repeat exists, and otherwise as few as possible; it is never
    costlier than pairing neighbours, and exactly optimal within each window. What it gives
    up: a window's best pairing given neighbours paired outside it may miss a cheaper
    rearrangement reaching further (a few squared gaps, never a repeat)."""
    count = len(order)
    if count % 2:
        raise ValueError("an odd number of ids cannot be paired")
    if count <= exact_ids:
        return pair_on_line(order, conflicts)
    if radius < 0:
        raise ValueError("a window's radius cannot be negative")
    # Windows start and end between two neighbour pairs: even positions.
    windows = _merged([(max(0, start - radius) // 2 * 2, min(count, start + 2 + radius + 1)
                        // 2 * 2)
                       for start in range(0, count, 2)
                       if repeats_between(conflicts, order[start], order[start + 1])])
    solved: dict[tuple[int, int], list[tuple[int, int]]] = {}
    while True:
        unsolved = []
        for low, high in windows:
            if (low, high) not in solved:
                solved[low, high] = pair_on_line(order[low:high], conflicts)
            pairs = solved[low, high]
            if (high - low < count
                    and any(repeats_between(conflicts, a, b) for a, b in pairs)):
                unsolved.append((low, high))
        if not unsolved:
            break
        grown = {(max(0, low - (high - low)), min(count, high + (high - low)))
                 for low, high in unsolved}
        windows = _merged([window for window in windows if window not in unsolved]
                          + list(grown))
    result: list[tuple[int, int]] = []
    position = 0
    for low, high in windows:
        result.extend((order[i], order[i + 1]) for i in range(position, low, 2))
        result.extend(solved[low, high])
        position = high
    result.extend((order[i], order[i + 1]) for i in range(position, count, 2))
    return result


def _merged(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The windows sorted, those that overlap made one (windows that only touch are
    solved apart: no pair crosses between them)."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(windows):
        if merged and low < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def matching_cost(
    pairs: Sequence[tuple[int, int]], order: Sequence[int],
    conflicts: Mapping[int, Mapping[int, int] | set[int]],
) -> tuple[int, int]:
    """(repeats, sum of squared gaps) of a pairing: what `pair_on_line` minimises, in that
    order; for the tests and the benchmarks."""
    position = {entrant: index for index, entrant in enumerate(order)}
    repeats = sum(repeats_between(conflicts, a, b) for a, b in pairs)
    gaps = sum((position[a] - position[b]) ** 2 for a, b in pairs)
    return repeats, gaps
