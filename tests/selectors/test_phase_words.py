"""A table's phone names its match as one match of its round (BRACKETS.md 7: « Quart de
finale »), where the bracket's headings name the round (3.2: « quarts de finale »)."""

import pytest

from tournament.brackets.bracket import round_names
from tournament.selectors.phases import one_match


@pytest.mark.parametrize(("entrants", "said"), [
    (8, ["quart de finale", "demi-finale", "finale"]),
    (12, ["cadrage", "quart de finale", "demi-finale", "finale"]),
    (64, ["32e de finale", "16e de finale", "8e de finale", "quart de finale",
          "demi-finale", "finale"]),
])
def test_a_match_is_named_in_the_singular_of_its_round(entrants, said):
    assert [one_match(name) for name in round_names(entrants)] == said
