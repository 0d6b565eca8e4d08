"""An exempt entrant's score by the concours' rule: fixed, half of a partie, the average."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.ranking import TableScore, exempt_score

BYE = TableScore(1000, 0, True, bye=True)


def test_the_fixed_rule_gives_the_fixed_score_whatever_the_games():
    assert exempt_score("fixed", 1000, [TableScore(2000, 1000, True), BYE]) == 1000
    assert exempt_score("fixed", 750, []) == 750


def test_half_a_partie_of_12_donnes_of_classique_is_972():
    # 12 donnes of 162 points: 1,944 played at a table, whatever the split.
    games = [TableScore(1100, 844, True), TableScore(500, 1444, True), BYE]
    assert exempt_score("half", 1000, games) == 972


def test_half_leaves_out_forfeits_byes_and_unfinished_games():
    games = [TableScore(1200, 800, True), TableScore(0, 1000, True, forfeit=True),
             TableScore(3000, 3000, False), BYE]
    assert exempt_score("half", 1000, games) == 1000  # (1200 + 800) / 2 alone


def test_the_average_counts_forfeits_as_scores_of_the_partie():
    games = [TableScore(1200, 800, True), TableScore(0, 1000, True, forfeit=True), BYE]
    assert exempt_score("average", 1000, games) == 750  # 3000 over 4 sides


def test_nothing_finished_scores_0_and_halves_round_up():
    assert exempt_score("half", 1000, [TableScore(900, 100, False), BYE]) == 0
    assert exempt_score("average", 1000, []) == 0
    assert exempt_score("half", 0, [TableScore(1, 0, True)]) == 1  # 0.5 -> 1
    assert exempt_score("half", 0, [TableScore(1, 0, True), TableScore(1, 1, True)]) == 1
    assert exempt_score("average", 0, [TableScore(2, 3, True), TableScore(2, 2, True)]) == 2


def test_an_unknown_rule_is_a_bug():
    with pytest.raises(ValueError, match="unknown exempt rule"):
        exempt_score("moitié", 1000, [])


tables = st.lists(st.builds(TableScore, st.integers(0, 5000), st.integers(0, 5000),
                            st.booleans(), st.booleans(), st.booleans()), max_size=30)


@given(tables)
def test_the_exempt_score_is_the_rounded_mean_of_the_sides_counted(games):
    for rule, counted in (
            ("half", [g for g in games if g.finished and not g.bye and not g.forfeit]),
            ("average", [g for g in games if g.finished and not g.bye])):
        sides = [score for g in counted for score in (g.score_ns, g.score_ew)]
        score = exempt_score(rule, 1000, games)
        if not sides:
            assert score == 0
        else:
            mean = sum(sides) / len(sides)
            assert abs(score - mean) <= 0.5 and (score - mean != -0.5)
            assert min(sides) <= score <= max(sides)
