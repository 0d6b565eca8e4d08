"""Standings: metrics from results, criteria applied in order, ties share a rank."""

from tournament.standings import Result, compute, rank


def _ranked(results, criteria, teams=(1, 2, 3, 4)):
    return [(row.team, row.rank) for row in rank(compute(teams, results), criteria)]


def test_metrics_count_wins_points_conceded_and_byes():
    rows = compute([1, 2, 3], [Result(1, 2, 2010, 1500, 1), Result(3, None, 1000, 0, 3)])
    assert (rows[1].played, rows[1].wins, rows[1].points, rows[1].conceded) == (1, 1, 2010, 1500)
    assert (rows[2].wins, rows[2].diff) == (0, -510)
    assert (rows[3].played, rows[3].wins, rows[3].points) == (1, 1, 1000)


def test_criteria_apply_in_order():
    results = [Result(1, 2, 2000, 1900, 1), Result(3, 4, 2100, 500, 3)]
    assert _ranked(results, ["wins", "points"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert _ranked(results, ["points"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert _ranked(results, ["diff"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert _ranked(results, ["conceded"])[0] == (3, 1)


def test_teams_still_tied_share_a_rank_and_the_next_rank_skips():
    results = [Result(1, 2, 2000, 1000, 1), Result(3, 4, 2000, 1000, 3)]
    assert _ranked(results, ["wins", "points"]) == [(1, 1), (3, 1), (2, 3), (4, 3)]


def test_direct_confrontation_breaks_a_tie_between_the_teams_that_met():
    results = [Result(1, 2, 1000, 2000, 2), Result(1, 3, 2000, 1000, 1), Result(2, 4, 900, 2000, 4)]
    # 1, 2 and 4 have one win each. Within that group 2 beat 1 and 4 beat 2, while 1's win
    # was over 3, outside it: 2 and 4 share first place, 1 is third.
    ranked = _ranked(results, ["wins", "direct"])
    assert ranked == [(2, 1), (4, 1), (1, 3), (3, 4)]
    two = [Result(1, 2, 1000, 2000, 2), Result(3, 4, 2000, 100, 3)]
    assert _ranked(two, ["wins", "direct"], teams=(1, 2))[0] == (2, 1)


def test_unknown_teams_in_results_are_ignored():
    rows = compute([1], [Result(1, 9, 10, 20, 9)])
    assert (rows[1].played, rows[1].conceded) == (1, 20) and 9 not in rows
