"""Reads of the club's register: the type-ahead's search (accents and case ignored, by name
or licence, ten at most), the register's page, a player's concours."""

import unicodedata

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tests.builders import melee, melee_partie, organiser, play_partie, tournament
from tournament import selectors, services
from tournament.models import ClubPlayer


@pytest.fixture
def club(db):
    return services.club_of_organiser(organiser("presidente"))


def names(found) -> list[str]:
    return [player.full_name for player in found]


def test_the_search_ignores_accents_and_case(club):
    services.club_player_create(club=club, name="Dupré", first_name="Hélène")
    services.club_player_create(club=club, name="Lefèvre", first_name="Éric")
    assert names(selectors.register_search(club, "DUPRE")) == ["Hélène Dupré"]
    assert names(selectors.register_search(club, "éri")) == ["Éric Lefèvre"]
    assert names(selectors.register_search(club, "lefevre e")) == ["Éric Lefèvre"]
    assert names(selectors.register_search(club, "hélène dup")) == ["Hélène Dupré"]


def test_the_search_matches_the_start_of_a_word_only(club):
    services.club_player_create(club=club, name="Dupré", first_name="Hélène")
    services.club_player_create(club=club, name="D'Arc", first_name="Jean-Pierre")
    assert selectors.register_search(club, "upre") == []
    assert names(selectors.register_search(club, "pierre arc")) == ["Jean-Pierre D'Arc"]
    assert selectors.register_search(club, "") == []
    assert selectors.register_search(club, "   ") == []


def test_the_search_finds_a_licence_as_typed_from_its_card(club):
    services.club_player_create(club=club, name="Dupré", licence="AB 1234")
    services.club_player_create(club=club, name="Abel")
    assert names(selectors.register_search(club, "ab12")) == ["Dupré"]
    assert names(selectors.register_search(club, "ab")) == ["Abel", "Dupré"]


def test_a_percent_or_underscore_typed_is_a_letter_not_a_wildcard(club):
    services.club_player_create(club=club, name="Dupré")
    assert selectors.register_search(club, "%") == []
    assert selectors.register_search(club, "_upre") == []


def test_the_search_suggests_ten_players_of_its_club_in_order_never_anonymised(club):
    for number in range(12):
        services.club_player_create(club=club, name=f"Martin {number:02d}")
    gone = services.club_player_create(club=club, name="Martin 00 bis")
    services.club_player_anonymise(player=gone)
    other = services.club_of_organiser(organiser("voisin"))
    services.club_player_create(club=other, name="Martin Secret")
    with CaptureQueriesContext(connection) as queries:
        found = names(selectors.register_search(club, "mar"))
    assert found == [f"Martin {number:02d}" for number in range(10)]
    assert len(queries) == 1  # the players, found through the register's words


def test_the_register_page_counts_and_filters(club):
    owner = club.memberships.get().user
    t = tournament(owner=owner)
    services.team_create(tournament=t, name="A", player1="Hélène Dupré", player2="Paul Martin")
    services.team_create(tournament=tournament(owner=owner), name="B",
                         player1="Hélène Dupré", player2="Anne Roy")
    services.club_player_anonymise(player=ClubPlayer.objects.get(name="Anne Roy"))
    page = selectors.register_page(club)
    assert (page.total, page.anonymised, page.matching) == (3, 1, 3)
    counts = {player.name: player.concours for player in page.players}
    assert counts["Hélène Dupré"] == 2 and counts["Paul Martin"] == 1
    found = selectors.register_page(club, "dupre")
    assert [player.name for player in found.players] == ["Hélène Dupré"]
    assert (found.total, found.matching, found.cut) == (3, 1, False)
    cut = selectors.register_page(club, limit=2)
    assert (len(cut.players), cut.matching, cut.cut) == (2, 3, True)


def test_a_players_page_lists_each_concours_with_place_points_and_wins(club):
    owner = club.memberships.get().user
    first = tournament(owner=owner, teams=3, name="Vendredi 1")
    ours = services.team_create(tournament=first, name="Les As", player1="Hélène Dupré",
                                player2="Paul Martin")
    services.round_generate(tournament=first, seed=2)
    play_partie(first.rounds.get())  # North-South wins every table
    # Registered too late for the partie: it played nothing, and is no place (« 1/4 »).
    services.team_create(tournament=first, name="Les Absents", player1="Ali", player2="Bea")
    second = melee(owner=owner, players=5, name="Vendredi 2")
    services.player_create(tournament=second, name="Hélène Dupré")
    melee_partie(second)
    player = ours.first.registered
    lines = selectors.club_player_concours(player)
    # The latest first (the same date: the one created last).
    assert [line.tournament.name for line in lines] == ["Vendredi 2", "Vendredi 1"]
    doublette = next(line for line in lines if line.tournament == first)
    row = next(row for row in selectors.standings(first) if row.entrant == ours.pk)
    assert doublette.partners == ["Paul Martin"] and doublette.team == ours
    assert (doublette.place, doublette.points, doublette.wins, doublette.entrants) == (
        row.rank, row.points, row.wins, 4)
    mixed = next(line for line in lines if line.tournament == second)
    assert mixed.team is None and mixed.entrants == 0  # nobody has played yet
    assert len(mixed.partners) == 1 and mixed.place is None  # drawn, nothing played yet
    assert selectors.season_lines(player) == []  # in no season


# --- The search's folding, as a property ---------------------------------------------------

ACCENTED = {"e": "éèêëÉÈÊË", "a": "àâäÀÂÄ", "c": "çÇ", "o": "ôöÔÖ", "u": "ùûüÙÛÜ", "i": "îïÎÏ"}
letters = st.sampled_from("abcdefghijklmnopqrstuvwxyz")


@st.composite
def accented_names(draw):
    """A name of one to three words, and the same name as someone else types it: each letter
    with or without an accent, upper or lower case, in NFC or NFD."""
    words = draw(st.lists(st.text(letters, min_size=2, max_size=8), min_size=1, max_size=3))
    plain = " ".join(words)

    def variant():
        chars = []
        for char in plain:
            if char in ACCENTED and draw(st.booleans()):
                char = draw(st.sampled_from(ACCENTED[char]))
            chars.append(char.upper() if draw(st.booleans()) else char)
        form = draw(st.sampled_from(["NFC", "NFD"]))
        return unicodedata.normalize(form, "".join(chars))

    return variant(), variant(), draw(st.integers(min_value=1, max_value=len(plain)))


class TestSearchFolding(TestCase):
    @given(accented_names())
    def test_a_name_is_found_whatever_its_accents_and_case(self, example):
        stored, typed, length = example
        club = services.club_of_organiser(organiser("presidente"))
        player = services.club_player_create(club=club, name=stored)
        prefix = typed[:length]
        if not prefix.strip():
            prefix = typed
        found = selectors.register_search(club, prefix)
        assert player in found, (stored, prefix)
