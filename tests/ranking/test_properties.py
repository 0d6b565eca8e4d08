"""Properties of the ranking on any results: a total preorder consistent with the criteria,
a criterion added never merging groups, ranking points adding up by kind of result."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tournament.ranking import METRICS, PointsScale, Result, rank, tally

ENTRANTS = list(range(1, 9))
VALUE_CRITERIA = ["wins", "points", "diff", "conceded", "ranking_points"]
SCALE = PointsScale(win=4, loss=2, exempt=3, forfeit=1)


@st.composite
def results(draw):
    """Games between two distinct entrants (a win, a tie or a forfeit) and byes: built
    valid, nothing filtered away."""
    found = []
    for _ in range(draw(st.integers(0, 25))):
        if draw(st.integers(0, 5)) == 0:
            found.append(Result((draw(st.sampled_from(ENTRANTS)),), None,
                                draw(st.integers(0, 2000)), 0, "NS"))
            continue
        a, b = draw(st.lists(st.sampled_from(ENTRANTS), min_size=2, max_size=2, unique=True))
        score_a, score_b = draw(st.integers(0, 2000)), draw(st.integers(0, 2000))
        outcome = draw(st.sampled_from(["NS", "EW", "", "forfeit NS", "forfeit EW"]))
        if outcome.startswith("forfeit"):
            side = outcome.split()[1]
            found.append(Result((a,), (b,), score_a, score_b,
                                "EW" if side == "NS" else "NS", forfeit=side))
        else:
            found.append(Result((a,), (b,), score_a, score_b, outcome))
    return found


criteria = st.lists(st.sampled_from(VALUE_CRITERIA), unique=True, min_size=1, max_size=5)


def _key(row, keys):
    """The row's values, each oriented so that larger is better."""
    return tuple(-METRICS[k].compute(row, frozenset()) if METRICS[k].ascending
                 else METRICS[k].compute(row, frozenset()) for k in keys)


@given(results(), criteria)
def test_the_ranking_is_the_total_preorder_of_the_criteria(found, keys):
    ranked = rank(tally(ENTRANTS, found, SCALE), keys)
    assert sorted(row.entrant for row in ranked) == ENTRANTS
    for position, row in enumerate(ranked):
        # Rank: one more than the rows strictly better; equal rows share it.
        better = [other for other in ranked if _key(other, keys) > _key(row, keys)]
        assert row.rank == len(better) + 1
        assert all(_key(other, keys) > _key(row, keys) for other in ranked[:row.rank - 1])
        assert position + 1 >= row.rank


@given(results(), criteria, st.sampled_from([*VALUE_CRITERIA, "direct"]))
def test_a_criterion_added_never_merges_groups(found, keys, added):
    before = {row.entrant: row.rank for row in rank(tally(ENTRANTS, found, SCALE), keys)}
    after = {row.entrant: row.rank
             for row in rank(tally(ENTRANTS, found, SCALE), [*keys, added])}
    for a in ENTRANTS:
        for b in ENTRANTS:
            if before[a] < before[b]:
                assert after[a] < after[b]
            if after[a] == after[b]:
                assert before[a] == before[b]


@given(results(), st.lists(st.sampled_from([*VALUE_CRITERIA, "direct"]), unique=True))
def test_direct_splits_only_within_tied_groups_and_ties_share_ranks(found, keys):
    ranked = rank(tally(ENTRANTS, found, SCALE), keys)
    ranks = [row.rank for row in ranked]
    assert ranks == sorted(ranks) and ranks[0] == 1
    counts = Counter(ranks)
    for value in counts:  # rank r, shared by k rows, is followed by rank r + k
        later = [r for r in counts if r > value]
        assert not later or min(later) == value + counts[value]


@given(results(), st.builds(PointsScale, *[st.none() | st.integers(0, 10_000)] * 4))
def test_ranking_points_add_up_to_the_results_by_kind(found, scale):
    kinds = Counter()
    for result in found:
        if result.ew is None:
            kinds["exempt"] += 1
            continue
        if result.forfeit:
            kinds["forfeit"] += 1
            kinds["win"] += 1
        elif result.winner:
            kinds["win"] += 1
            kinds["loss"] += 1
    rows = tally(ENTRANTS, found, scale)
    expected = sum(count * (getattr(scale, kind) or 0) for kind, count in kinds.items())
    assert sum(row.ranking_points for row in rows.values()) == expected
    assert sum(row.played for row in rows.values()) == sum(
        1 if result.ew is None else 2 for result in found)
