"""The fixed rotation (tableau de marche): the circle method, no repeated meeting for as many
parties as the movement allows, then it starts again."""

from itertools import combinations

import pytest

from tournament.draw import (
    METHODS,
    DrawError,
    DrawInput,
    repeated_pairs,
    rotation_chart,
    rotation_max_parties,
    rotation_schedule,
)
from tournament.draw.rotation import BYE

from .simulate import pairs_of, simulate

SIZES = range(2, 41)


def test_the_movement_allows_count_minus_one_parties_even_count_odd():
    assert [rotation_max_parties(n) for n in (2, 3, 4, 5, 28, 29)] == [1, 3, 3, 5, 27, 29]


def test_four_teams_play_every_other_once_in_three_parties():
    assert rotation_schedule(4, 3) == [[(4, 1), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]


def test_three_teams_are_exempt_in_turn_and_the_bye_comes_last():
    assert rotation_schedule(3, 3) == [[(2, 3), (1, 0)], [(3, 1), (2, 0)], [(1, 2), (3, 0)]]


@pytest.mark.parametrize("count", SIZES)
def test_every_position_plays_once_a_partie_and_meets_no_one_twice(count):
    parties = rotation_max_parties(count)
    schedule = rotation_schedule(count, parties)
    assert len(schedule) == parties
    meetings = []
    for partie in schedule:
        assert sorted(p for table in partie for p in table if p) == list(range(1, count + 1))
        assert len(partie) == (count + 1) // 2  # the tables, and the bye when odd
        meetings += [frozenset(table) for table in partie if 0 not in table]
    assert len(meetings) == len(set(meetings))
    if count % 2 == 0:  # every two teams meet: no movement can play one more partie
        assert set(meetings) == {frozenset(pair) for pair in combinations(range(1, count + 1), 2)}
    else:  # each team exempt once, at the partie of its number
        assert [partie[-1] for partie in schedule] == [(p, 0) for p in range(1, count + 1)]


def test_the_chart_gives_each_team_its_table_at_each_partie():
    assert rotation_chart(4, 3) == [[1, 2, 2], [2, 1, 2], [2, 2, 1], [1, 1, 1]]
    assert rotation_chart(3, 4) == [[0, 1, 1, 0], [1, 0, 1, 1], [1, 1, 0, 1]]


@pytest.mark.parametrize("count", SIZES)
def test_the_chart_seats_two_teams_at_each_table_of_each_partie(count):
    parties = rotation_max_parties(count)
    chart = rotation_chart(count, parties)
    for partie in range(parties):
        tables = sorted(row[partie] for row in chart)
        assert tables == [0] * (count % 2) + sorted(list(range(1, count // 2 + 1)) * 2)


@pytest.mark.parametrize("count", [2, 7, 10])
def test_beyond_its_length_the_movement_starts_again(count):
    turn = rotation_max_parties(count)
    schedule = rotation_schedule(count, 2 * turn + 1)
    assert schedule[turn:2 * turn] == schedule[:turn] and schedule[2 * turn] == schedule[0]


def test_a_schedule_out_of_bounds_is_refused_in_french():
    with pytest.raises(DrawError, match="tableau de marche se calcule pour 2"):
        rotation_max_parties(1)
    with pytest.raises(DrawError, match="tableau de marche se calcule pour 2"):
        rotation_schedule(1, 1)
    with pytest.raises(DrawError, match="1 à 1000 parties"):
        rotation_schedule(4, 0)
    with pytest.raises(DrawError, match="Il faut au moins deux équipes actives"):
        METHODS["rotation"].draw(DrawInput([1], 1, 0, numbers={1: 1}))


def test_the_draw_gives_positions_by_registration_number():
    numbers = {30: 2, 10: 3, 20: 1, 40: 4}  # team 20 registered first
    draw = METHODS["rotation"].draw(DrawInput([10, 20, 30, 40], 2, 0, numbers=numbers))
    assert pairs_of(draw) == [(30, 40), (10, 20)]  # partie 2: (2, 4), (3, 1)
    assert draw.exempt == [] and draw.seed is None


def test_a_team_without_a_registration_number_is_a_bug():
    with pytest.raises(ValueError, match="registration number"):
        METHODS["rotation"].draw(DrawInput([1, 2], 1, 0, numbers={1: 1}))


@pytest.mark.parametrize("count", SIZES)
def test_successive_draws_meet_no_one_twice_up_to_the_movements_length(count):
    parties = rotation_max_parties(count)
    draws = simulate("rotation", count, parties, seed=count)
    assert repeated_pairs(pair for draw in draws for pair in pairs_of(draw)) == 0
    exempt = [team for draw in draws for team in draw.exempt]
    assert sorted(exempt) == (list(range(1, count + 1)) if count % 2 else [])
    # One more partie: the movement goes on (meetings repeat) rather than refusing.
    assert simulate("rotation", count, parties + 1, seed=count)[-1] == draws[0]


# --- Fixed positions: withdrawn and late teams ------------------------------------------------


def _pairs(draw) -> set[frozenset[int]]:
    return {frozenset((table.ns[0], table.ew[0])) for table in draw.tables}


@pytest.mark.parametrize("count", [9, 10])
def test_a_withdrawal_keeps_every_position_and_exempts_the_opponent(count):
    teams = list(range(1, count + 1))
    numbers = {team: team for team in teams}
    met: list[tuple[int, int]] = []
    for partie in range(1, rotation_max_parties(count) + 1):
        active = [team for team in teams if partie <= 2 or team not in (4, 7)]
        draw = METHODS["rotation"].draw(DrawInput(active, partie, 0, numbers=numbers))
        # Every table of the movement whose two teams are still here is played as printed.
        movement = [(ns, ew) for ns, ew in rotation_schedule(count, partie)[-1] if ew != BYE]
        expected = [(number, frozenset(pair)) for number, pair in enumerate(movement, start=1)
                    if set(pair) <= set(active)]
        # ... at its table of the printed chart: a table whose team left stays empty.
        assert [(number, frozenset(table.entrants))
                for number, table in draw.numbered()] == expected
        assert draw.first_exempt() == max(number for number, _pair in expected) + 1
        alone = [a if b not in active else b for a, b in movement
                 if (a in active) != (b in active)]
        bye = [ns for ns, ew in rotation_schedule(count, partie)[-1] if ew == BYE]
        assert draw.exempt == alone + [team for team in bye if team in active]
        met += draw.opponent_pairs()
    assert repeated_pairs(met) == 0


def test_a_late_team_takes_the_missing_position_of_an_odd_count():
    numbers = {team: team for team in range(1, 8)}
    met: list[tuple[int, int]] = []
    for partie in range(1, 8):
        active = list(range(1, 8)) + ([99] if partie >= 3 else [])
        draw = METHODS["rotation"].draw(DrawInput(active, partie, 0, numbers=numbers))
        assert draw.exempt == ([] if partie >= 3 else [partie])
        if partie >= 3:  # at the bye's place, against the team the movement exempts
            assert draw.tables[-1].entrants == (partie, 99)
            assert draw.numbered()[-1] == (4, draw.tables[-1])  # after the 3 of the movement
        met += draw.opponent_pairs()
    assert repeated_pairs(met) == 0


@pytest.mark.parametrize(("count", "late"), [(6, [99]), (7, [98, 99])])
def test_a_late_team_without_a_free_position_is_refused_in_french(count, late):
    numbers = {team: team for team in range(1, count + 1)}
    with pytest.raises(DrawError, match="inscrites après la partie 1"):
        METHODS["rotation"].draw(DrawInput([*numbers, *late], 2, 0, numbers=numbers))
