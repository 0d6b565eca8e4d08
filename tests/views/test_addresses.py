"""Addresses reversed once (`tournament.addresses`): the same as `reverse` gives, whatever
the slug, the number or the token."""

import pytest
from django.urls import reverse

from tournament.addresses import TOKEN_MARKER, addresses


@pytest.mark.parametrize("slug", ["club", "concours-98765", "98765"])
def test_a_number_in_the_last_place_gives_what_reverse_gives(slug):
    team = addresses("tournament:team", slug)
    game = addresses("tournament:game", slug, 3)
    for number in (1, 7, 98765, 99999):
        assert team(number) == reverse("tournament:team", args=[slug, number])
        assert game(number) == reverse("tournament:game", args=[slug, 3, number])


def test_a_token_gives_what_reverse_gives_even_one_that_needs_quoting():
    link = addresses("tournament:table_link", marker=TOKEN_MARKER)
    for token in ("AbC-9_x", TOKEN_MARKER, "a b é?"):
        assert link(token) == reverse("tournament:table_link", args=[token])
