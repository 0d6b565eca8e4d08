"""What every draw method shares: the registry, the input's bounds, the draw's helpers, and
the promises every method keeps (everyone once, the right number exempt, seeded)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.draw import (
    METHODS,
    Draw,
    DrawError,
    DrawInput,
    DrawMethod,
    Table,
    method,
    register,
    repeated_pairs,
)
from tournament.draw.base import MAX_ENTRANTS, MAX_PARTIE, MAX_SEED


def test_the_registry_holds_the_four_methods_in_the_order_forms_show_them():
    assert list(METHODS) == ["standings", "random", "rotation", "melee"]
    assert {key: m.entrant for key, m in METHODS.items()} == {
        "standings": "team", "random": "team", "rotation": "team", "melee": "player"}
    assert all(m.key == key and str(m.label) for key, m in METHODS.items())


def test_a_method_is_registered_once_and_an_unknown_key_is_refused_in_french():
    with pytest.raises(ValueError, match="twice"):
        register(DrawMethod("random", "Autre", "team", METHODS["random"].draw))
    assert method("melee") is METHODS["melee"]
    with pytest.raises(DrawError, match="Méthode de tirage inconnue : suisse"):
        method("suisse")


def test_a_partie_number_or_a_seed_out_of_bounds_is_refused_in_french():
    DrawInput([1, 2], MAX_PARTIE, MAX_SEED)
    with pytest.raises(DrawError, match="numéro de partie"):
        DrawInput([1, 2], 0, 1)
    with pytest.raises(DrawError, match="numéro de partie"):
        DrawInput([1, 2], MAX_PARTIE + 1, 1)
    with pytest.raises(DrawError, match="graine"):
        DrawInput([1, 2], 1, -1)
    with pytest.raises(DrawError, match="graine"):
        DrawInput([1, 2], 1, MAX_SEED + 1)
    with pytest.raises(DrawError, match="au plus"):
        DrawInput(range(MAX_ENTRANTS + 1), 1, 1)


def test_an_entrant_listed_twice_is_a_bug_not_a_user_error():
    with pytest.raises(ValueError, match="twice") as raised:
        DrawInput([1, 2, 2], 1, 1)
    assert not isinstance(raised.value, DrawError)


def test_a_draw_names_its_entrants_opponents_and_partners():
    draw = Draw([Table((1, 2), (3, 4)), Table((5, 6), (7, 8))], [9])
    assert draw.entrants() == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert draw.opponent_pairs() == [(1, 3), (1, 4), (2, 3), (2, 4),
                                     (5, 7), (5, 8), (6, 7), (6, 8)]
    assert draw.partner_pairs() == [(1, 2), (3, 4), (5, 6), (7, 8)]
    teams = Draw([Table((1,), (2,))], [])
    assert teams.opponent_pairs() == [(1, 2)] and teams.partner_pairs() == []


def test_a_draw_numbers_its_tables_1_to_n_unless_its_method_fixes_the_numbers():
    tables = [Table((1,), (2,)), Table((3,), (4,))]
    assert Draw(tables, [5]).numbered() == [(1, tables[0]), (2, tables[1])]
    assert Draw(tables, [5]).first_exempt() == 3
    fixed = Draw(tables, [5], numbers=(2, 5))  # tables 1, 3 and 4 not set up
    assert fixed.numbered() == [(2, tables[0]), (5, tables[1])] and fixed.first_exempt() == 6
    for numbers in ((1,), (1, 2, 3), (2, 2), (3, 1), (0, 1)):  # a method's bug
        with pytest.raises(ValueError, match="table numbers"):
            Draw(tables, [], numbers=numbers)


def test_repeated_pairs_counts_the_pairs_met_more_than_once_in_either_order():
    assert repeated_pairs([]) == 0
    assert repeated_pairs([(1, 2), (2, 3)]) == 0
    assert repeated_pairs([(1, 2), (2, 1), (1, 2), (3, 4), (4, 3), (5, 6)]) == 2


@st.composite
def inputs(draw, key):
    """A valid input for method `key`: a field of entrants, meetings among them, byes."""
    smallest = 4 if METHODS[key].entrant == "player" else 2
    count = draw(st.integers(smallest, 40))
    entrants = draw(st.permutations(range(100, 100 + count)))
    pairs = st.lists(st.tuples(st.sampled_from(entrants), st.sampled_from(entrants)),
                     max_size=2 * count)
    return DrawInput(
        entrants, draw(st.integers(1, 12)), draw(st.integers(0, MAX_SEED)),
        opponents=[(a, b) for a, b in draw(pairs) if a != b],
        partners=[(a, b) for a, b in draw(pairs) if a != b],
        byes=draw(st.dictionaries(st.sampled_from(entrants), st.integers(0, 3))),
        not_played=draw(st.sets(st.sampled_from(entrants))),
        numbers={entrant: number for number, entrant in enumerate(entrants, start=1)},
    )


# Four methods × two properties: fewer examples each than the profile's, still many in all.
@pytest.mark.parametrize("key", list(METHODS))
@given(data=st.data())
@settings(max_examples=100)
def test_every_method_seats_every_entrant_once_and_exempts_only_the_remainder(key, data):
    given_input = data.draw(inputs(key))
    draw = METHODS[key].draw(given_input)
    assert sorted(draw.entrants()) == sorted(given_input.entrants)
    per_side = 2 if METHODS[key].entrant == "player" else 1
    assert len(draw.exempt) == len(given_input.entrants) % (2 * per_side)
    assert all(len(t.ns) == len(t.ew) == per_side for t in draw.tables)
    assert draw == METHODS[key].draw(given_input)  # the same inputs, the same draw


@pytest.mark.parametrize("key", ["random", "melee"])
@given(data=st.data())
@settings(max_examples=100)
def test_a_method_drawing_at_random_shows_its_seed_and_ignores_the_listing_order(key, data):
    given_input = data.draw(inputs(key))
    draw = METHODS[key].draw(given_input)
    assert draw.seed == given_input.seed
    reordered = DrawInput(
        list(reversed(given_input.entrants)), given_input.partie, given_input.seed,
        given_input.opponents, given_input.partners, given_input.byes,
        given_input.not_played, given_input.numbers)
    assert METHODS[key].draw(reordered) == draw


@pytest.mark.parametrize("key", ["random", "melee"])
def test_another_seed_gives_another_draw(key):
    entrants = list(range(1, 41))
    draws = {tuple(METHODS[key].draw(DrawInput(entrants, 1, seed)).entrants())
             for seed in range(10)}
    assert len(draws) == 10


def test_one_seed_bound_the_forms_and_the_draws_share():
    """The draws accept every seed the forms accept, and no more (one MAX_SEED)."""
    from tournament import validators
    from tournament.management.commands import simulate_concours

    assert MAX_SEED == validators.MAX_SEED == simulate_concours.MAX_SEED
    with pytest.raises(DrawError, match="graine"):
        DrawInput([1, 2], 1, validators.MAX_SEED + 1)


def test_the_first_partie_by_standings_is_the_one_shuffle_of_every_draw():
    from tournament.draw.random import seeded_order
    from tournament.draw.standings import draw_random

    teams = list(range(1, 12))
    order = seeded_order(teams, 77)
    draw = draw_random(teams, 77)
    assert [entrant for table in draw.tables for entrant in table.entrants] == order[:-1]
    assert draw.exempt == order[-1:]
