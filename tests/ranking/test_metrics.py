"""The ranking on plain results: what a row counts, the criteria in order, ties sharing a
rank, ranking points per result, a mêlée player's row summing its partie teams' results."""

import pytest

from tournament.ranking import CRITERIA, METRICS, Metric, PointsScale, Result, rank, register, tally


def win(a, b, score_a=2000, score_b=1500):
    """`a` beats `b` (one team each side)."""
    return Result((a,), (b,), score_a, score_b, "NS")


def bye(a, points=1000):
    return Result((a,), None, points, 0, "NS")


def _ranked(results, criteria, entrants=(1, 2, 3, 4), scale=None):
    return [(row.entrant, row.rank) for row in rank(tally(entrants, results, scale), criteria)]


def test_rows_count_wins_losses_points_conceded_and_byes():
    rows = tally([1, 2, 3], [win(1, 2, 2010, 1500), bye(3)])
    assert (rows[1].played, rows[1].wins, rows[1].points, rows[1].conceded) == (1, 1, 2010, 1500)
    assert (rows[2].wins, rows[2].losses, rows[2].diff) == (0, 1, -510)
    assert (rows[3].played, rows[3].wins, rows[3].exempt, rows[3].points) == (1, 1, 1, 1000)
    assert rows[1].beaten == {2} and rows[2].beaten == set()


def test_a_forfeit_is_the_declaring_sides_forfeit_and_the_others_win():
    rows = tally([1, 2], [Result((1,), (2,), 0, 1000, "EW", forfeit="NS")])
    assert (rows[1].forfeits, rows[1].losses, rows[1].wins) == (1, 0, 0)
    assert (rows[2].wins, rows[2].points, rows[2].beaten) == (1, 1000, {1})


def test_equal_totals_are_neither_won_nor_lost():
    rows = tally([1, 2], [Result((1,), (2,), 1200, 1200, "")])
    assert [(row.played, row.wins, row.losses) for row in rows.values()] == [(1, 0, 0)] * 2


def test_criteria_apply_in_order():
    results = [win(1, 2, 2000, 1900), win(3, 4, 2100, 500)]
    assert _ranked(results, ["wins", "points"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert _ranked(results, ["points"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert _ranked(results, ["diff"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    # Conceded: the fewer the better (3 conceded 500, 1 1900, 2 2000, 4 2100).
    assert _ranked(results, ["conceded"]) == [(3, 1), (1, 2), (2, 3), (4, 4)]


def test_teams_still_tied_share_a_rank_and_the_next_rank_skips():
    results = [win(1, 2, 2000, 1000), win(3, 4, 2000, 1000)]
    assert _ranked(results, ["wins", "points"]) == [(1, 1), (3, 1), (2, 3), (4, 3)]


def test_direct_confrontation_breaks_a_tie_between_the_teams_that_met():
    results = [win(2, 1, 2000, 1000), win(1, 3, 2000, 1000), win(4, 2, 2000, 900)]
    # 1, 2 and 4 have one win each. Within that group 2 beat 1 and 4 beat 2, while 1's win
    # was over 3, outside it: 2 and 4 share first place, 1 is third.
    assert _ranked(results, ["wins", "direct"]) == [(2, 1), (4, 1), (1, 3), (3, 4)]
    assert _ranked([win(2, 1), win(3, 4)], ["wins", "direct"], entrants=(1, 2))[0] == (2, 1)


def test_entrants_of_results_not_ranked_are_ignored():
    rows = tally([1], [Result((1,), (9,), 10, 20, "EW")])
    assert (rows[1].played, rows[1].conceded, rows[1].losses) == (1, 20, 1) and 9 not in rows


def test_ranking_points_follow_the_scale_per_result():
    scale = PointsScale(win=4, loss=2, exempt=3, forfeit=0)
    results = [win(1, 2), bye(3), Result((4,), (1,), 0, 1000, "EW", forfeit="NS")]
    rows = tally([1, 2, 3, 4], results, scale)
    assert {entrant: row.ranking_points for entrant, row in rows.items()} == {
        1: 8, 2: 2, 3: 3, 4: 0}  # 1: a win and a win by forfeit


def test_no_scale_gives_no_ranking_points():
    rows = tally([1, 2, 3], [win(1, 2), bye(3)])
    assert [row.ranking_points for row in rows.values()] == [0, 0, 0]
    assert PointsScale(win=None, loss=5).points("win") == 0


def test_ranking_points_rank_before_the_score_as_a_challenge_ranks():
    # The challenge: a win 4 points, a loss 2, an exemption 3; ranked by points, then score.
    scale = PointsScale(win=4, loss=2, exempt=3)
    results = [win(1, 2, 1100, 1000), bye(3, 2500), win(2, 4, 1001, 1000),
               win(1, 3, 1001, 1000), win(4, 3, 3000, 900)]
    ranked = _ranked(results, ["ranking_points", "points"], scale=scale)
    # 1: 8; 2: 2+4 = 6; 3: 3+2+2 = 7 ; 4: 2+4 = 6 (2 scored 2101, 4 scored 4000).
    assert ranked == [(1, 1), (3, 2), (4, 3), (2, 4)]


def test_a_melee_players_row_sums_the_results_of_its_partie_teams():
    # Partie 1: 1 & 2 beat 3 & 4, 5 exempt; partie 2: 1 & 3 lose to 4 & 5, 2 exempt.
    results = [Result((1, 2), (3, 4), 1500, 900, "NS"), Result((5,), None, 1000, 0, "NS"),
               Result((1, 3), (4, 5), 800, 1600, "EW"), Result((2,), None, 1000, 0, "NS")]
    rows = tally(range(1, 6), results, PointsScale(win=4, loss=1, exempt=3))
    assert (rows[1].played, rows[1].wins, rows[1].points, rows[1].ranking_points) == (
        2, 1, 2300, 5)
    assert (rows[2].wins, rows[2].exempt, rows[2].points, rows[2].ranking_points) == (
        2, 1, 2500, 7)
    assert rows[1].beaten == {3, 4} and rows[4].beaten == {1, 3}
    assert (rows[5].played, rows[5].points, rows[5].conceded) == (2, 2600, 800)


def test_the_registry_names_every_criterion_in_french_and_refuses_a_key_twice():
    assert list(CRITERIA) == ["wins", "points", "diff", "conceded", "direct", "ranking_points"]
    assert str(CRITERIA["ranking_points"]) == "points de classement"
    assert [key for key, metric in METRICS.items() if metric.ascending] == ["conceded"]
    with pytest.raises(ValueError, match="registered twice"):
        register(Metric("wins", "victoires", False, lambda row, group: row.wins))
