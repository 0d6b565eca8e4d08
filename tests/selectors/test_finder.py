"""« Où est ma table ? » (selectors.table_finder): a team, a player found by number, name or a
few letters, and where they play, their place and their results, in a known number of
queries."""

import pytest

from tests.builders import drawn, melee_bulk, melee_partie, play_partie, play_to_the_end
from tournament import services
from tournament.selectors import FINDER_MATCHES, table_finder

pytestmark = pytest.mark.django_db


def test_a_team_found_by_its_number_reads_its_table_side_and_opponents(owner):
    t = drawn(owner=owner, teams=4)
    game = t.rounds.get().games.select_related("team_ns", "team_ew").get(table=2)
    finder = table_finder(t, f" {game.team_ew.number} ")
    match = finder.match
    assert match is not None and finder.found == []
    assert (match.partie, match.table, match.side) == (1, 2, "EW")
    assert match.entrant.number == game.team_ew.number
    assert match.partners == game.team_ew.players
    ns = game.team_ns
    assert match.opponents == f"{ns.number}. {ns.name} ({ns.players})"
    assert match.rank is None and match.results == []  # nothing played yet


def test_a_player_finds_their_team_by_a_few_letters_of_their_name_accents_ignored(owner):
    t = drawn(owner=owner, teams=4)
    services.team_create(tournament=t, name="Les Ânes", player1="Hélène Lefèvre",
                         player2="Zoé Martin")
    finder = table_finder(t, "HELENE lefe")
    assert finder.match is not None and finder.match.entrant.name == "Les Ânes"
    # Registered after the draw: found, with no table in this partie.
    assert finder.match.table is None and finder.match.side == ""
    assert table_finder(t, "anes").match.entrant.name == "Les Ânes"


def test_several_matches_are_listed_in_french_order_and_bounded(owner):
    t = drawn(owner=owner, teams=FINDER_MATCHES + 2)
    finder = table_finder(t, "équipe")
    assert finder.match is None and finder.more
    assert len(finder.found) == FINDER_MATCHES
    assert [found.name for found in finder.found][:3] == ["Équipe 1", "Équipe 10", "Équipe 2"]
    assert table_finder(t, "personne").found == []
    # A whole name typed is that one, though « Équipe 10 » holds « Équipe 1 » too.
    assert table_finder(t, "EQUIPE 1").match.entrant.number == 1
    assert len(table_finder(t, "joueur 1").found) == 2  # « Joueur 1A », « Joueur 10A »…
    assert table_finder(t, "").found == [] and table_finder(t, "").partie == 1


def test_the_next_partie_shows_the_new_table_and_the_results_so_far(owner):
    t = drawn(owner=owner, teams=4)
    play_partie(t.rounds.get())
    game = t.rounds.get().games.select_related("team_ns").get(table=1)
    winner = game.team_ns  # play_partie: North-South take every donne
    services.round_generate(tournament=t, seed=3)
    match = table_finder(t, str(winner.number)).match
    assert match.partie == 2 and match.table in (1, 2)
    assert match.rank in (1, 2) and match.ranked == 4
    [past] = match.results
    assert (past.partie, past.table, past.outcome) == (1, 1, "won")
    assert past.own == game.score_ns and past.other == game.score_ew and past.own > past.other


def test_a_team_exempt_reads_so(owner):
    t = drawn(owner=owner, teams=5)
    bye = t.rounds.get().games.select_related("team_ns").get(team_ew__isnull=True)
    match = table_finder(t, str(bye.team_ns.number)).match
    assert match.exempt and match.table is None and match.opponents == ""


def test_a_melee_player_reads_their_partner_and_the_two_opponents(owner):
    t = melee_bulk(players=8, owner=owner)
    round_ = melee_partie(t)
    game = round_.games.select_related("team_ns__first", "team_ns__second", "team_ew__first",
                                       "team_ew__second").get(table=1)
    me, partner = game.team_ns.second, game.team_ns.first
    match = table_finder(t, str(me.number)).match
    assert (match.table, match.side) == (1, "NS")
    assert match.partners == f"{partner.number}. {partner.name}"
    ew = game.team_ew
    assert match.opponents == (f"{ew.first.number}. {ew.first.name} et "
                               f"{ew.second.number}. {ew.second.name}")
    play_to_the_end(game)
    [past] = table_finder(t, str(me.number)).match.results
    assert past.outcome == "won" and past.opponents == match.opponents


def test_a_search_costs_five_queries_whatever_the_concours(owner, django_assert_num_queries):
    t = drawn(owner=owner, teams=12)
    play_partie(t.rounds.get())
    services.round_generate(tournament=t, seed=3)
    with django_assert_num_queries(5):
        assert table_finder(t, "3").match is not None
    with django_assert_num_queries(4):
        assert len(table_finder(t, "équipe").found) == FINDER_MATCHES
    with django_assert_num_queries(1):
        table_finder(t, "")
