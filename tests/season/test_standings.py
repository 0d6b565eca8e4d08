"""The season's arithmetic (tournament.season) against a computation written here
independently, and its properties on any results."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.season import (
    TIE_BREAKS,
    Entry,
    Rule,
    concours_points,
    parse_points_table,
    season_rank,
)
from tournament.season.standings import TableError

# --- An independent computation ------------------------------------------------------------


def reference(entries, rule):
    """Written from the rule's words, without the module's code: {player: (points, counted
    concours as a set, played, ranked?, lot?)} and the rank of each ranked player."""
    per_player = {}
    for entry in entries:
        if rule.kind == "sum":
            value = entry.ranking_points + entry.score
        elif rule.kind == "formula":
            value = entry.entrants - entry.place + 1
        elif entry.place - 1 < len(rule.table):
            value = rule.table[entry.place - 1]
        elif rule.beyond == "last":
            value = rule.table[-1]
        else:
            value = 0
        per_player.setdefault(entry.player, []).append((entry.concours, value, entry))
    found = {}
    for player, results in per_player.items():
        # Best first; equal values: the earlier concours.
        ordered = sorted(results, key=lambda item: (-item[1], item[0]))
        keep = ordered if rule.best is None else ordered[:rule.best]
        points = sum(value for _c, value, _e in keep) + rule.participation * len(results)
        found[player] = {
            "points": points, "counted": {concours for concours, _v, _e in keep},
            "played": len(results),
            "wins": sum(entry.wins for _c, _v, entry in results),
            "score": sum(entry.score for _c, _v, entry in results),
            "best": max(value for _c, value, _e in results),
        }
    ranked = {player for player, values in found.items()
              if values["played"] >= rule.min_ranked}

    def key(player):
        return (found[player]["points"], *(found[player][name] for name in rule.tie_breaks))

    ranks = {player: 1 + sum(1 for other in ranked if key(other) > key(player))
             for player in ranked}
    return found, ranks


@st.composite
def seasons(draw):
    """Concours each with distinct players placed with ties (1, 1, 3…), and a rule."""
    players = list(range(1, draw(st.integers(1, 12)) + 1))
    entries = []
    for concours in range(draw(st.integers(0, 6))):
        here = draw(st.lists(st.sampled_from(players), unique=True, min_size=1))
        # Places as a ranking gives them: sorted values, equal values sharing a place.
        values = sorted((draw(st.integers(0, 4)) for _ in here), reverse=True)
        places = [1 + values.index(value) for value in values]
        for player, place in zip(here, places, strict=True):
            entries.append(Entry(player, concours, place, len(here),
                                 wins=draw(st.integers(0, 4)),
                                 score=draw(st.integers(0, 5000)),
                                 ranking_points=draw(st.integers(0, 16))))
    kind = draw(st.sampled_from(["table", "formula", "sum"]))
    table = tuple(sorted(draw(st.lists(st.integers(0, 200), min_size=1, max_size=6)),
                         reverse=True))
    rule = Rule(kind=kind, table=table, beyond=draw(st.sampled_from(["last", "zero"])),
                participation=draw(st.integers(0, 20)),
                best=draw(st.one_of(st.none(), st.integers(1, 6))),
                min_ranked=draw(st.integers(0, 3)), min_lot=draw(st.integers(0, 3)),
                tie_breaks=tuple(draw(st.lists(st.sampled_from(TIE_BREAKS), unique=True))))
    return entries, rule


@given(seasons())
def test_the_season_is_the_independent_computation(case):
    entries, rule = case
    expected, ranks = reference(entries, rule)
    lines = season_rank(entries, rule)
    assert {line.player for line in lines} == set(expected)
    for line in lines:
        values = expected[line.player]
        assert line.points == values["points"]
        assert set(line.counted) == values["counted"]
        assert line.played == values["played"]
        assert line.rank == ranks.get(line.player)
        assert line.lot == (values["played"] >= rule.min_lot)
    # Ranked first, best first; then the others.
    ranked = [line.rank for line in lines if line.rank is not None]
    assert ranked == sorted(ranked)
    assert all(line.rank is None for line in lines[len(ranked):])


@given(seasons())
def test_best_n_never_exceeds_the_sum_of_every_result(case):
    entries, rule = case
    for line in season_rank(entries, rule):
        assert line.points - rule.participation * line.played <= sum(line.results.values())
        if rule.best is not None:
            assert len(line.counted) == min(rule.best, line.played)


@given(seasons())
def test_players_equal_on_points_and_every_tie_break_share_their_rank(case):
    entries, rule = case
    lines = [line for line in season_rank(entries, rule) if line.rank is not None]
    for a, b in itertools.combinations(lines, 2):
        same = (a.points, *(a.criterion(k) for k in rule.tie_breaks)) == (
            b.points, *(b.criterion(k) for k in rule.tie_breaks))
        assert (a.rank == b.rank) == same


@given(seasons(), st.integers(1, 12), st.integers(1, 8))
def test_a_better_result_never_lowers_a_players_points(case, player, better_place):
    entries, rule = case
    # The player's results, one of them improved (or a new concours played).
    before = {line.player: line.points for line in season_rank(entries, rule)}
    mine = [entry for entry in entries if entry.player == player]
    if mine:
        worse = mine[0]
        improved = Entry(player, worse.concours, min(worse.place, better_place),
                         worse.entrants, worse.wins, worse.score + 1,
                         worse.ranking_points + 1)
        changed = [improved if entry is worse else entry for entry in entries]
    else:
        changed = [*entries, Entry(player, 99, better_place, 8, 1, 100, 4)]
    after = {line.player: line.points for line in season_rank(changed, rule)}
    assert after[player] >= before.get(player, 0)


def test_tied_entrants_of_a_concours_each_score_their_shared_place():
    rule = Rule(kind="table", table=(100, 90, 80))
    lines = season_rank([Entry(1, 0, 1, 4), Entry(2, 0, 1, 4), Entry(3, 0, 3, 4),
                         Entry(4, 0, 4, 4)], rule)
    assert {line.player: line.points for line in lines} == {1: 100, 2: 100, 3: 80, 4: 0}
    assert [line.rank for line in lines] == [1, 1, 3, 4]


def test_places_beyond_the_table_score_its_last_value_or_zero():
    entry = Entry(1, 0, place=7, entrants=10)
    assert concours_points(Rule(kind="table", table=(10, 5), beyond="last"), entry) == 5
    assert concours_points(Rule(kind="table", table=(10, 5), beyond="zero"), entry) == 0
    assert concours_points(Rule(kind="formula"), entry) == 4


def test_the_barème_challenge_sums_ranking_points_and_scores():
    # Victoire 4 + score, défaite 2 + score, exempt 3 + 1000: the concours' own row.
    entry = Entry(1, 0, place=5, entrants=20, wins=3, score=1000 + 3 * 900,
                  ranking_points=3 + 4 + 4 + 2)
    assert concours_points(Rule(kind="sum"), entry) == 13 + 3700


def test_wins_then_total_score_break_a_tie_as_the_challenge_says():
    rule = Rule(kind="table", table=(10,), beyond="last", tie_breaks=("wins", "score"))
    lines = season_rank([Entry(1, 0, 1, 2, wins=3, score=100),
                         Entry(2, 0, 1, 2, wins=3, score=200),
                         Entry(3, 0, 1, 2, wins=4, score=0)], rule)
    assert [(line.player, line.rank) for line in lines] == [(3, 1), (2, 2), (1, 3)]


def test_too_few_concours_leaves_a_player_unranked_and_without_lot():
    rule = Rule(kind="formula", min_ranked=2, min_lot=2)
    lines = season_rank([Entry(1, 0, 1, 3), Entry(1, 1, 2, 3), Entry(2, 0, 2, 3)], rule)
    assert [(line.player, line.rank, line.lot) for line in lines] == [
        (1, 1, True), (2, None, False)]


@pytest.mark.parametrize("text, table", [
    ("100,90,80", (100, 90, 80)), (" 100 ; 90  80 ", (100, 90, 80)), ("5", (5,)),
])
def test_a_points_table_is_read_from_the_first_place(text, table):
    assert parse_points_table(text) == table


@pytest.mark.parametrize("text, words", [
    ("100,90,x", "Place 3 : « x »"), ("", "Tapez les points"), ("90,100", "plus que la place"),
    ("1" * 9, "n'est pas un nombre"), ("-5", "n'est pas un nombre"),
    (",".join(["1"] * 501), "Au plus 500"),
])
def test_a_bad_points_table_is_refused_saying_why(text, words):
    with pytest.raises(TableError, match=words):
        parse_points_table(text)
