"""The standings read from the database: per registered team in a doublette concours, per
player in a mêlée (a player's results are those of the teams the draw put it in, its bye an
exemption), ranking points from the concours' scale, in a constant number of queries."""

from collections import defaultdict

import pytest

from scoring import Side
from tests.builders import (
    drawn,
    melee_bulk,
    melee_partie,
    play_partie,
    play_to_the_end,
    tournament,
)
from tournament import selectors, services
from tournament.draw import METHODS
from tournament.models import Game, Player, Team
from tournament.selectors.standings import StandingsLine, standings, standings_lines

pytestmark = pytest.mark.django_db


def _by_player(t) -> dict[int, dict[str, int]]:
    """Each player's figures added up from the games, independently of the selector."""
    totals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game in Game.objects.filter(round__tournament=t, finished=True).select_related(
            "team_ns", "team_ew"):
        sides = [(game.team_ns, game.score_ns, game.score_ew, "NS")]
        if game.team_ew is not None:
            sides.append((game.team_ew, game.score_ew, game.score_ns, "EW"))
        for team, scored, conceded, side in sides:
            for player in (team.first_id, team.second_id):
                if player is not None:
                    totals[player]["played"] += 1
                    totals[player]["points"] += scored
                    totals[player]["conceded"] += conceded
                    totals[player]["wins"] += game.winner == side
                    totals[player]["exempt"] += game.team_ew is None
    return totals


def test_a_melee_ranks_players_each_counting_the_results_of_its_partie_teams():
    t = melee_bulk(players=9, slug="melee-neuf")
    for seed in (1, 2):
        play_partie(melee_partie(t, seed))
    rows = selectors.standings(t)
    assert sorted(row.entrant for row in rows) == sorted(t.players.values_list("id", flat=True))
    expected = _by_player(t)
    for row in rows:
        figures = expected[row.entrant]
        assert (row.played, row.wins, row.points, row.conceded, row.exempt) == (
            figures["played"], figures["wins"], figures["points"], figures["conceded"],
            figures["exempt"])
        assert row.played == 2
    assert sum(row.exempt for row in rows) == 2  # one player left out at each partie
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)


def test_an_exempt_players_bye_is_an_exemption_with_the_concours_points():
    t = melee_bulk(players=5, slug="melee-cinq", bye_points=900)
    services.tournament_format_update(tournament=t, points_win=4, points_loss=1, points_exempt=3)
    t.refresh_from_db()
    round_ = melee_partie(t, 3)
    play_partie(round_)
    bye = round_.games.get(team_ew__isnull=True)
    exempt = next(row for row in selectors.standings(t) if row.entrant == bye.team_ns.first_id)
    assert (exempt.played, exempt.wins, exempt.exempt, exempt.points, exempt.ranking_points) \
        == (1, 1, 1, 900, 3)
    others = [row for row in selectors.standings(t) if row.entrant != exempt.entrant]
    assert sorted(row.ranking_points for row in others) == [1, 1, 4, 4]


def test_the_lines_of_a_melee_name_players_and_those_of_doublettes_keep_their_team():
    t = melee_bulk(players=4, slug="melee-lignes")
    Player.objects.filter(tournament=t, number=2).update(active=False)
    lines = standings_lines(t)
    assert [line.entrant.kind for line in lines] == ["player"] * 4
    line = next(line for line in lines if line.entrant.number == 2)
    assert (line.team, line.player.number, line.name, line.detail, line.club, line.active) == (
        None, 2, "Joueur 2", "", "Club 2", False)
    assert line.entrant.players == "" and line.entrant.player1 == "Joueur 2"

    doublettes = tournament(teams=2, slug="doublettes-lignes")
    services.team_create(tournament=doublettes, name="Les Ânes", player1="Anne",
                         player2="Basile", club="Riom")
    lines = standings_lines(doublettes)
    ane = next(line for line in lines if line.name == "Les Ânes")
    assert isinstance(ane, StandingsLine) and ane.team.name == "Les Ânes"
    assert (ane.team.player1, ane.detail, ane.club, ane.entrant.kind) == (
        "Anne", "Anne et Basile", "Riom", "team")
    assert ane.entrant.url == f"/t/doublettes-lignes/teams/{ane.team.number}/"


def test_a_melee_ignores_its_partie_teams_and_doublettes_their_players():
    t = melee_bulk(players=8, slug="melee-sans-equipes")
    melee_partie(t, 1)
    assert Team.objects.filter(tournament=t).count() == 4
    assert {line.entrant.kind for line in standings_lines(t)} == {"player"}
    assert len(standings_lines(t)) == 8
    doublettes = tournament(teams=3, slug="trois-equipes")
    assert len(standings_lines(doublettes)) == 3  # not their six players


def test_ranking_points_follow_the_scale_and_rank_when_chosen():
    t = tournament(teams=4, slug="challenge")
    services.tournament_format_update(tournament=t, points_win=4, points_loss=2)
    services.tournament_rules_update(tournament=t, criteria=["ranking_points", "points"])
    t.refresh_from_db()
    round_ = services.round_generate(tournament=t, seed=1)
    games = list(round_.games.order_by("table"))
    play_to_the_end(games[0])
    services.game_forfeit(game=games[1], side=Side.EW.value)
    rows = {row.entrant: row for row in selectors.standings(t)}
    forfeiter = rows[games[1].team_ew_id]
    assert (forfeiter.forfeits, forfeiter.ranking_points) == (1, 0)  # no forfeit points set
    assert rows[games[1].team_ns_id].ranking_points == 4
    winners = [row for row in rows.values() if row.ranking_points == 4]
    assert len(winners) == 2
    ranked = selectors.standings(t)
    assert {row.entrant for row in ranked[:2]} == {row.entrant for row in winners}
    assert ranked[2].ranking_points == 2 and ranked[3].ranking_points == 0


@pytest.mark.parametrize("players", [8, 32])
def test_a_melee_standings_take_a_constant_number_of_queries(players,
                                                             django_assert_num_queries):
    t = melee_bulk(players=players, slug=f"melee-{players}")
    for seed in (1, 2):
        round_ = melee_partie(t, seed)
        first = round_.games.filter(team_ew__isnull=False).order_by("table").first()
        play_to_the_end(first)
        services.game_forfeit(game=round_.games.filter(team_ew__isnull=False)
                              .order_by("table").last(), side=Side.NS.value)
    t.refresh_from_db()
    # Partie states, the games with their teams' players, the players: three queries.
    with django_assert_num_queries(3):
        assert len(selectors.standings(t)) == players
    # The lines: those three, the players the draws placed (issue 32: the never placed are
    # left out), four queries.
    with django_assert_num_queries(4):
        lines = standings_lines(t)
        assert [line.entrant.url for line in lines]  # no query per line
        assert all(line.name and line.detail == "" for line in lines)


@pytest.mark.parametrize("teams", [8, 32])
def test_doublette_standings_take_a_constant_number_of_queries(teams,
                                                               django_assert_num_queries):
    t = tournament(teams=teams, slug=f"doublettes-{teams}")
    round_ = services.round_generate(tournament=t, seed=1)
    play_to_the_end(round_.games.order_by("table").first())
    t.refresh_from_db()
    with django_assert_num_queries(4):  # with the teams the draws placed
        lines = standings_lines(t)
        assert all(line.detail for line in lines)  # players joined, no model made
    with django_assert_num_queries(1):  # every line's team (and its players) at once
        assert all(line.team.players == line.detail for line in lines)
    assert len(lines) == teams



def test_a_draw_method_is_named_by_its_label_or_its_key_once_no_method_has_it():
    # The one naming of a draw method: a
    # partie drawn before methods were recorded has none, a method removed since keeps its key.
    assert [selectors.draw_label(key) for key in METHODS] == [
        str(method.label) for method in METHODS.values()]
    assert (selectors.draw_label(""), selectors.draw_label("ancienne")) == ("", "ancienne")


def test_a_team_that_never_arrived_is_left_out_of_the_ranking_once_a_partie_counts():
    """Issue 32: a team registered but never there was ranked 40th with 0 played."""
    t = drawn(teams=4, slug="absente")
    absent = services.team_create(tournament=t, name="Jamais venue", player1="A",
                                  player2="B")
    assert len(standings_lines(tournament(teams=3))) == 3  # before a draw: every entrant
    play_partie(t.rounds.get())
    lines = standings_lines(t)
    assert absent.number not in {line.number for line in lines}
    assert len(lines) == 4 and max(line.row.rank for line in lines) <= 4
    # The draw still sees it: a late team is drawn at the next partie.
    assert absent.pk in {row.entrant for row in standings(t)}
