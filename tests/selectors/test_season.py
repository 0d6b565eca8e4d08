"""The season's standings read from its concours (selectors.season): each concours' final
places as its own standings give them, both players of a team scoring the team's place, a
mêlée's players their own, in a constant number of queries; and they follow a change of an
included concours' results."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import Coinche, Side
from tests.builders import (
    drawn,
    made,
    melee,
    organiser,
    play_to_the_end,
    played,
    register_linked,
    tournament,
)
from tournament import selectors, services
from tournament.models import ClubPlayer, Game, Player, Team

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)


def season_of(owner, concours, **rule):
    rule.setdefault("points_table", "100,90,80,70")
    return services.season_create(club=concours[0].club, name="Challenge",
                                  start=DAY - datetime.timedelta(days=60),
                                  end=DAY + datetime.timedelta(days=60),
                                  concours=[t.pk for t in concours], **rule)


def doublettes(owner, slug, teams=4):
    t = drawn(owner=owner, teams=teams, slug=slug)
    register_linked(t)
    played(t)
    return t


def expected_points(concours, table):
    """Written here from each concours' own standings (its page's lines): a player's points
    are the table's value at their team's (or their own) rank, summed."""
    points = {}
    for t in concours:
        for line in selectors.standings_lines(t):
            value = table[line.row.rank - 1] if line.row.rank <= len(table) else 0
            players = ([line.player] if line.player is not None
                       else [line.team.first] + ([line.team.second] if line.team.second else []))
            for player in players:
                key = player.registered_id
                points[key] = points.get(key, 0) + value
    return points


def test_a_seasons_points_are_each_concours_places_by_the_table():
    owner = organiser()
    first, second = doublettes(owner, "un"), doublettes(owner, "deux")
    season = season_of(owner, [first, second])
    standings = selectors.season_standings(season)
    assert {row.player: row.line.points for row in standings.rows} == expected_points(
        [first, second], (100, 90, 80, 70))
    assert standings.included == [first, second]
    # Both players of a team score its place: the winners of partie 1 are 1st (shared).
    assert len(standings.rows) == 8


def test_a_melee_player_scores_their_own_place():
    owner = organiser()
    t = melee(owner=owner, players=8, slug="melee")
    services.round_generate(tournament=t, seed=3)
    register_linked(t)
    played(t)
    season = season_of(owner, [t])
    standings = selectors.season_standings(season)
    assert {row.player: row.line.points for row in standings.rows} == expected_points(
        [t], (100, 90, 80, 70))
    places = {line.player.registered_id: line.row.rank for line in selectors.standings_lines(t)}
    assert {row.player: row.cells[0].place for row in standings.rows} == places


def test_the_same_player_is_followed_across_partners():
    owner = organiser()
    first = doublettes(owner, "un")
    second = tournament(owner=owner, slug="deux")
    # « Joueur 1A » partners someone else in the second concours.
    services.team_create(tournament=second, name="Nouvelle", player1="Joueur 1A",
                         player2="Joueur 3B")
    services.team_create(tournament=second, name="Autre", player1="Joueur 2A",
                         player2="Joueur 4B")
    services.round_generate(tournament=second, seed=1)
    register_linked(second)
    played(second)
    season = season_of(owner, [first, second])
    row = next(row for row in selectors.season_standings(season).rows
               if row.name == "Joueur 1A")
    assert row.line.played == 2


def test_the_season_standings_take_the_same_queries_for_one_or_three_concours():
    owner = organiser()
    one = season_of(owner, [doublettes(owner, "un")])
    t2, t3 = doublettes(owner, "deux", teams=6), doublettes(owner, "trois", teams=8)
    three = services.season_create(club=t2.club, name="Autre", start=DAY, end=DAY,
                                   points_table="10", concours=[t2.pk, t3.pk])
    counts = []
    for season in (one, three):
        with CaptureQueriesContext(connection) as queries:
            selectors.season_standings(season)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_season_follows_a_changed_donne_of_an_included_concours():
    owner = organiser()
    t = drawn(owner=owner, teams=2, slug="duel")
    register_linked(t)
    game = Game.objects.get(round__tournament=t, team_ew__isnull=False)
    play_to_the_end(game, Side.NS)
    season = season_of(owner, [t])
    winners = {row.name for row in selectors.season_standings(season).rows
               if row.line.points == 100}
    ns = {game.team_ns.first.name, game.team_ns.second.name}
    assert winners == ns
    # Every donne turned round: EW took and made them all; the season follows at once.
    game.refresh_from_db()
    for number in range(1, game.donnes.count() + 1):
        services.donne_record(game=game, number=number,
                              donne=made(Side.EW, 160, 162, coinche=Coinche.SURCOINCHE))
    game.refresh_from_db()
    assert game.winner == "EW"
    winners = {row.name for row in selectors.season_standings(season).rows
               if row.line.points == 100}
    assert winners == {game.team_ew.first.name, game.team_ew.second.name}


def test_unlinked_entrants_are_counted_apart():
    owner = organiser()
    t = doublettes(owner, "un")
    Player.objects.filter(tournament=t, name="Joueur 1A").update(registered=None)
    standings = selectors.season_standings(season_of(owner, [t]))
    assert standings.unlinked == 1
    assert "Joueur 1A" not in {row.name for row in standings.rows}


def test_season_lines_give_a_players_line_in_each_season():
    owner = organiser()
    t = doublettes(owner, "un")
    season = season_of(owner, [t])
    player = ClubPlayer.objects.get(club=t.club, name="Joueur 1A")
    lines = selectors.season_lines(player)
    assert [(line.season, line.line.player, line.concours) for line in lines] == [
        (season, player.pk, 1)]
    team = Team.objects.get(tournament=t, first__name="Joueur 1A")
    rank = next(line.row.rank for line in selectors.standings_lines(t) if line.team == team)
    assert lines[0].line.points == (100, 90, 80, 70)[rank - 1]


def test_the_bareme_challenge_sums_each_concours_ranking_points_and_scores():
    # « victoire 4 points et le score de la partie, défaite 2 points et le score de la partie,
    # victoire par exempt 3 points et score forfaitaire de 1000 »: three teams, one exempt.
    owner = organiser()
    t = drawn(owner=owner, teams=3, slug="bareme", points_win=4, points_loss=2,
              points_exempt=3, bye_points=1000)
    register_linked(t)
    played(t)
    game = Game.objects.get(round__tournament=t, team_ew__isnull=False)
    bye = Game.objects.get(round__tournament=t, team_ew__isnull=True)
    expected = {}
    for team, points in ((game.team_ns, (4 if game.winner == "NS" else 2) + game.score_ns),
                         (game.team_ew, (4 if game.winner == "EW" else 2) + game.score_ew),
                         (bye.team_ns, 3 + 1000)):
        expected[team.first.name] = expected[team.second.name] = points
    season = season_of(owner, [t], kind="sum", points_table="")
    assert {row.name: row.line.points for row in selectors.season_standings(season).rows} == (
        expected)


def test_a_concours_still_playing_is_said_in_progress():
    owner = organiser()
    over = doublettes(owner, "fini")
    over.parties_planned = 1
    over.save(update_fields=["parties_planned"])
    playing = drawn(owner=owner, teams=4, slug="en-cours")  # partie 1 drawn, nothing played
    register_linked(playing)
    coming = tournament(owner=owner, teams=4, slug="a-venir")  # no partie drawn yet
    register_linked(coming)
    season = season_of(owner, [over, playing, coming])
    standings = selectors.season_standings(season)
    assert [(c.started, c.in_progress) for c in standings.concours] == [
        (True, False), (True, True), (False, True)]
    page = Client()
    page.force_login(owner)
    text = page.get(reverse("tournament:season", args=[season.club.slug, season.pk])
                    ).content.decode()
    assert "a-venir" in text and text.count("à venir") == 1 and text.count("en cours") == 1


def test_a_players_page_shows_their_line_in_each_season(client):
    from django.urls import reverse

    owner = organiser()
    t = doublettes(owner, "page")
    season = season_of(owner, [t])
    player = ClubPlayer.objects.get(club=t.club, name="Joueur 1A")
    line = selectors.season_lines(player)[0].line
    client.force_login(owner)
    page = client.get(reverse("tournament:club_player", args=[t.club.slug, player.pk]))
    section = page.content.decode().split('id="season-totals"')[1].split("</section>")[0]
    assert reverse("tournament:season", args=[t.club.slug, season.pk]) in section
    assert f"<strong>{line.points}</strong>" in section and "Challenge" in section
