"""What the standings count: a bye or a forfeit once its partie is played, and saying which
parties they include; withdrawn teams marked; names sorted in French."""

from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import Side
from tests.builders import made, play_to_the_end, tournament
from tournament import selectors, services
from tournament.models import Game
from tournament.selectors import name_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def five(owner):
    """Five teams: partie 1 drawn, two tables and a bye, nothing played."""
    t = tournament(owner=owner, teams=5, slug="cinq")
    services.round_generate(tournament=t, seed=4)
    return t


def _row(t, team_id):
    return next(row for row in selectors.standings(t) if row.team == team_id)


def _tables(t, number=1):
    return list(t.rounds.get(number=number).games.filter(team_ew__isnull=False)
                .order_by("table"))


def test_a_bye_counts_only_once_every_other_table_of_its_partie_has_finished(five):
    bye = _bye(five)
    assert (_row(five, bye.team_ns_id).played, _row(five, bye.team_ns_id).wins) == (0, 0)
    first, second = _tables(five)
    play_to_the_end(first)
    assert _row(five, bye.team_ns_id).wins == 0  # one table still playing
    play_to_the_end(second)
    row = _row(five, bye.team_ns_id)
    assert (row.played, row.wins, row.points) == (1, 1, five.bye_points)


def test_a_bye_counts_once_its_partie_is_closed(five):
    bye = _bye(five)
    services.round_close(round_=five.rounds.get())
    assert _row(five, bye.team_ns_id).wins == 1
    services.round_close(round_=five.rounds.get(), closed=False)
    assert _row(five, bye.team_ns_id).wins == 0


def test_a_forfeit_counts_once_every_other_table_has_finished(five):
    forfeited, other = _tables(five)
    services.game_forfeit(game=forfeited, side=Side.EW.value)
    assert _row(five, forfeited.team_ns_id).wins == 0
    assert _row(five, forfeited.team_ew_id).played == 0
    play_to_the_end(other)
    assert _row(five, forfeited.team_ns_id).wins == 1
    assert _row(five, forfeited.team_ew_id).played == 1


def test_a_game_played_counts_at_once_while_its_partie_goes_on(five):
    first, _second = _tables(five)
    play_to_the_end(first)
    first.refresh_from_db()
    winner = first.team_ns_id if first.winner == "NS" else first.team_ew_id
    assert _row(five, winner).wins == 1


def test_the_next_partie_pairs_with_the_bye_counted(five):
    for game in _tables(five):
        play_to_the_end(game)
    bye = _bye(five)
    ranked = [row.team for row in selectors.standings(five)]
    services.round_generate(tournament=five)
    # Drawn partie 2: partie 1 is played, its bye still counts (it is not the last partie).
    assert [row.team for row in selectors.standings(five)] == ranked
    assert _row(five, bye.team_ns_id).wins == 1


def test_the_standings_say_which_parties_they_include(owner, five):
    empty = tournament(owner=owner, teams=4, slug="vide")
    assert selectors.standings_scope(empty).text == "Aucune partie tirée : le classement est vide."
    assert selectors.standings_scope(five).text == \
        "Partie 1 en cours : aucune table sur 2 terminée."
    first, second = _tables(five)
    play_to_the_end(first)
    assert selectors.standings_scope(five).text == \
        "Partie 1 en cours : 1 table sur 2 terminée."
    play_to_the_end(second)
    assert selectors.standings_scope(five).text == "Classement après la partie 1."
    services.round_generate(tournament=five)
    third, fourth = _tables(five, 2)
    play_to_the_end(third)
    assert selectors.standings_scope(five).text == \
        "Classement après la partie 1 ; partie 2 en cours : 1 table sur 2 terminée."
    play_to_the_end(fourth)
    services.round_generate(tournament=five)
    for game in _tables(five, 3):
        play_to_the_end(game)
    services.round_generate(tournament=five)
    assert selectors.standings_scope(five).text == \
        "Classement après la partie 3 ; partie 4 en cours : aucune table sur 2 terminée."


def test_the_standings_page_says_its_parties_and_when_a_bye_counts(client, five):
    first, _second = _tables(five)
    play_to_the_end(first)
    page = client.get(reverse("tournament:standings", args=[five.slug])).content.decode()
    assert "Partie 1 en cours : 1 table sur 2 terminée." in page
    assert "Une exemption ou un forfait compte quand toutes les autres tables" in page


def test_withdrawn_teams_are_marked_in_the_standings(client, five):
    services.team_withdraw(team=five.teams.get(number=2))
    response = client.get(reverse("tournament:standings", args=[five.slug]))
    row = next(row for row in response.context["table"].rows if row.record.team.number == 2)
    assert "(retirée)" in row.get_cell("team")
    assert response.content.decode().count("(retirée)") == 1


def test_name_key_sorts_names_in_french():
    names = ["Les Trèfles", "les Cœurs", "Les Ânes", "Les Bœufs", "Les anes", "Éole", "Zoé"]
    assert sorted(names, key=name_key) == [
        "Éole", "Les anes", "Les Ânes", "Les Bœufs", "les Cœurs", "Les Trèfles", "Zoé"]


def test_the_standings_table_sorts_names_in_french(client, owner):
    t = tournament(owner=owner, slug="noms")
    for name in ("Les Trèfles", "Les Ânes", "les Cœurs", "Les Bœufs"):
        services.team_create(tournament=t, name=name, player1="A", player2="B")
    url = reverse("tournament:standings", args=[t.slug])
    names = [row.record.team.name for row in client.get(url + "?sort=team").context["table"].rows]
    assert names == ["Les Ânes", "Les Bœufs", "les Cœurs", "Les Trèfles"]
    names = [row.record.team.name for row in client.get(url + "?sort=-team").context["table"].rows]
    assert names == ["Les Trèfles", "les Cœurs", "Les Bœufs", "Les Ânes"]


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_standings_page_counts_byes_in_a_constant_number_of_queries(client, owner):
    small = tournament(owner=owner, teams=5, slug="petit")
    large = tournament(owner=owner, teams=31, slug="grand")
    for t in (small, large):
        services.round_generate(tournament=t, seed=2)
        play_to_the_end(_tables(t)[0])  # the partie goes on: its bye not counted yet
        services.game_forfeit(game=_tables(t)[-1], side=Side.NS.value)
    client.force_login(owner)
    counts = [_queries(client, reverse("tournament:standings", args=[t.slug]))
              for t in (small, large)]
    assert counts[0] == counts[1]


# --- The exempt rule --------------------------------------------------------------------------


def _bye(t, number=1):
    return Game.objects.get(round__tournament=t, round__number=number, team_ew__isnull=True)


def _half(games) -> int:
    """Half the points played at the tables, on average, rounded half up: computed here."""
    total = sum(game.score_ns + game.score_ew for game in games)
    return int(Fraction(total, 2 * len(games)) + Fraction(1, 2))


def test_half_a_partie_follows_the_scores_as_they_are_entered(owner):
    t = tournament(owner=owner, teams=5, slug="moitie", exempt_rule="half")
    services.round_generate(tournament=t, seed=4)
    assert _bye(t).score_ns == 0  # nothing finished yet
    first, second = _tables(t)
    play_to_the_end(first)
    first.refresh_from_db()
    assert _bye(t).score_ns == _half([first]) > 0
    play_to_the_end(second, taker=Side.EW)
    second.refresh_from_db()
    assert _bye(t).score_ns == _half([first, second])
    # A donne corrected (deleted) reopens the game: only the other one counts.
    services.donne_delete(game=second, number=second.played)
    assert _bye(t).score_ns == _half([first])
    # The bye counts with that score once its partie is played.
    play_to_the_end(second)
    second.refresh_from_db()
    row = _row(t, _bye(t).team_ns_id)
    assert (row.wins, row.points) == (1, _half([first, second]))


def test_half_a_partie_leaves_out_a_forfeit_and_the_average_counts_it(owner):
    t = tournament(owner=owner, teams=5, slug="moyenne", exempt_rule="half")
    services.round_generate(tournament=t, seed=4)
    played, forfeited = _tables(t)
    play_to_the_end(played)
    services.game_forfeit(game=forfeited, side=Side.NS.value)
    played.refresh_from_db()
    assert _bye(t).score_ns == _half([played])
    services.tournament_format_update(tournament=t, exempt_rule="average")
    forfeited.refresh_from_db()
    assert forfeited.score_ew == t.forfeit_points
    assert _bye(t).score_ns == _half([played, forfeited])
    services.tournament_rules_update(tournament=t, bye_points=700)
    services.tournament_format_update(tournament=t, exempt_rule="fixed")
    assert _bye(t).score_ns == 700


def test_a_rule_change_rewrites_the_byes_of_every_partie(owner):
    t = tournament(owner=owner, teams=3, slug="trois-byes")
    for _partie in (1, 2):
        for game in _tables(t, services.round_generate(tournament=t, seed=4).number):
            play_to_the_end(game)
    assert [_bye(t, n).score_ns for n in (1, 2)] == [1000, 1000]
    services.tournament_format_update(tournament=t, exempt_rule="half")
    expected = [_half(_tables(t, n)) for n in (1, 2)]
    assert [_bye(t, n).score_ns for n in (1, 2)] == expected
    assert all(points not in (0, 1000) for points in expected)  # not the fixed score


def test_a_fixed_exempt_score_costs_no_query_when_a_donne_is_entered(owner):
    """Under the fixed rule a donne's entry does not read the partie's games again."""
    fixed = tournament(owner=owner, teams=5, slug="fixe-requetes")
    half = tournament(owner=owner, teams=5, slug="moitie-requetes", exempt_rule="half")
    counts = []
    for t in (fixed, half):
        services.round_generate(tournament=t, seed=4)
        game = _tables(t)[0]
        with CaptureQueriesContext(connection) as context:
            services.donne_record(game=game, number=None, donne=made())
        counts.append(len(context.captured_queries))
    # Its bye locked, the partie's games read, its bye rewritten.
    assert counts[1] == counts[0] + 3
