"""The pointage: entrants marked arrived at the desk (journaled, idempotent), and the draw
seating the arrived ones only, everyone when nobody is marked; later parties skip the absent
unless they are seated late or marked since (selectors/arrivals.py says the rule)."""

import pytest

from tests.builders import melee, play_partie, tournament
from tournament import selectors, services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import AuditEntry, Game, Team

pytestmark = pytest.mark.django_db


def team(t, number):
    return t.teams.get(round__isnull=True, number=number)


def arrive(t, *numbers, arrived=True):
    for number in numbers:
        services.entrant_arrive(tournament=t, team=team(t, number), arrived=arrived)


def seated(round_) -> set[int]:
    """The registered numbers of the teams seated in a partie (byes included)."""
    numbers = set()
    for game in round_.games.select_related("team_ns", "team_ew"):
        numbers.add(game.team_ns.number)
        if game.team_ew is not None:
            numbers.add(game.team_ew.number)
    return numbers


def test_a_team_marked_arrived_is_journaled_with_who_marked_it(owner):
    t = tournament(owner=owner, teams=3)
    services.entrant_arrive(tournament=t, team=team(t, 2), arrived=True,
                            by=Actor.of_user(owner))
    assert team(t, 2).arrived and not team(t, 1).arrived
    entry = AuditEntry.objects.get(tournament=t, kind="arrival")
    assert (entry.action, entry.number, entry.user) == ("arrive", 2, owner)
    assert entry.before == {"name": "Équipe 2", "arrived": False}
    assert entry.after == {"name": "Équipe 2", "arrived": True}


def test_marking_twice_changes_nothing_and_writes_one_entry():
    t = tournament(teams=2)
    arrive(t, 1)
    arrive(t, 1)
    assert AuditEntry.objects.filter(tournament=t, kind="arrival").count() == 1
    arrive(t, 1, arrived=False)
    arrive(t, 1, arrived=False)
    assert not team(t, 1).arrived
    assert list(AuditEntry.objects.filter(tournament=t, kind="arrival")
                .order_by("id").values_list("action", flat=True)) == ["arrive", "absent"]


def test_the_counts_say_registered_arrived_and_absent_and_leave_the_withdrawn_out():
    t = tournament(teams=5)
    arrive(t, 1, 3)
    services.team_withdraw(team=team(t, 5))
    board = selectors.arrivals_board(t)
    assert (board.registered, board.arrived, board.absent) == (4, 2, 2)
    assert [row.number for row in board.absent_rows] == [2, 4]
    assert board.in_use and not board.drawn


def test_the_first_draw_seats_the_arrived_teams_only():
    t = tournament(teams=6)
    arrive(t, 1, 2, 4, 6)
    round_ = services.round_generate(tournament=t, seed=3)
    assert seated(round_) == {1, 2, 4, 6}
    assert selectors.arrivals_board(t).absent == 2


def test_when_nobody_is_marked_everyone_active_is_drawn_as_before():
    t = tournament(teams=6)
    services.team_withdraw(team=team(t, 6))
    assert not selectors.arrivals_in_use(t)
    round_ = services.round_generate(tournament=t, seed=3)
    assert seated(round_) == {1, 2, 3, 4, 5}


def test_a_team_marked_then_unmarked_leaves_the_pointage_unused():
    t = tournament(teams=4)
    arrive(t, 1)
    arrive(t, 1, arrived=False)
    assert seated(services.round_generate(tournament=t, seed=3)) == {1, 2, 3, 4}


def test_a_withdrawn_arrived_team_is_not_drawn():
    t = tournament(teams=5)
    arrive(t, 1, 2, 3, 4)
    services.team_withdraw(team=team(t, 4))
    assert seated(services.round_generate(tournament=t, seed=3)) == {1, 2, 3}


def test_later_parties_skip_a_team_absent_at_the_first_draw():
    t = tournament(teams=5)
    arrive(t, 1, 2, 3, 4)
    play_partie(services.round_generate(tournament=t, seed=3))
    assert seated(services.round_generate(tournament=t, seed=4)) == {1, 2, 3, 4}


def test_a_team_seated_late_is_marked_arrived_and_drawn_next():
    t = tournament(teams=6)
    arrive(t, 1, 2, 3, 4, 5)  # five: a bye
    round_ = services.round_generate(tournament=t, seed=3)
    services.round_seat_against_bye(round_=round_, team=team(t, 6))
    assert team(t, 6).arrived
    entry = AuditEntry.objects.filter(tournament=t, kind="arrival").latest("id")
    assert (entry.action, entry.number) == ("arrive", 6)
    play_partie(round_)
    assert seated(services.round_generate(tournament=t, seed=4)) == {1, 2, 3, 4, 5, 6}


def test_two_teams_seated_late_at_a_new_table_are_both_marked_arrived():
    t = tournament(teams=6)
    arrive(t, 1, 2, 3, 4)
    round_ = services.round_generate(tournament=t, seed=3)
    services.round_seat_new_table(round_=round_, team_ns=team(t, 5), team_ew=team(t, 6))
    assert team(t, 5).arrived and team(t, 6).arrived


def test_a_team_given_the_exempt_score_late_is_marked_arrived():
    t = tournament(teams=5)
    arrive(t, 1, 2, 3, 4)
    round_ = services.round_generate(tournament=t, seed=3)
    services.round_seat_as_exempt(round_=round_, team=team(t, 5))
    assert team(t, 5).arrived


def test_late_seating_without_the_pointage_marks_nobody():
    """A mark would put the pointage in use, and the next draw would leave out everyone."""
    t = tournament(teams=5)
    round_ = services.round_generate(tournament=t, seed=3)
    late = services.team_create(tournament=t, name="Tard", player1="A", player2="B")
    services.round_seat_against_bye(round_=round_, team=late)
    assert not Team.objects.filter(tournament=t, arrived=True).exists()
    assert not AuditEntry.objects.filter(tournament=t, kind="arrival").exists()


def test_a_team_registered_after_the_draw_is_arrived_when_the_pointage_is_in_use():
    t = tournament(teams=4)
    arrive(t, 1, 2, 3, 4)
    round_ = services.round_generate(tournament=t, seed=3)
    late = services.team_create(tournament=t, name="Tard", player1="A", player2="B")
    assert late.arrived
    play_partie(round_)
    assert 5 in seated(services.round_generate(tournament=t, seed=4))


def test_a_team_registered_before_the_draw_waits_for_the_desk():
    t = tournament(teams=2)
    arrive(t, 1)
    assert not services.team_create(tournament=t, name="Tard", player1="A",
                                    player2="B").arrived


def test_after_the_draw_an_absent_team_may_be_marked_to_play_from_the_next_partie():
    t = tournament(teams=5)
    arrive(t, 1, 2, 3, 4)
    round_ = services.round_generate(tournament=t, seed=3)
    arrive(t, 5)
    play_partie(round_)
    assert 5 in seated(services.round_generate(tournament=t, seed=4))


def test_after_the_draw_an_arrived_team_is_not_marked_absent_again():
    t = tournament(teams=4)
    arrive(t, 1, 2, 3, 4)
    services.round_generate(tournament=t, seed=3)
    with pytest.raises(UserError, match="retirez-le du concours"):
        arrive(t, 2, arrived=False)
    assert team(t, 2).arrived


def test_after_a_draw_without_pointage_nothing_is_marked():
    t = tournament(teams=4)
    services.round_generate(tournament=t, seed=3)
    with pytest.raises(UserError, match="sans pointage"):
        arrive(t, 1)
    assert not team(t, 1).arrived
    assert not AuditEntry.objects.filter(tournament=t, kind="arrival").exists()


def test_another_concours_team_or_a_withdrawn_one_is_refused():
    t, other = tournament(teams=2), tournament(teams=2)
    with pytest.raises(UserError, match="pas inscrite"):
        services.entrant_arrive(tournament=t, team=team(other, 1), arrived=True)
    services.team_withdraw(team=team(t, 2))
    with pytest.raises(UserError, match="inscription retirée du concours"):
        arrive(t, 2)
    assert not Team.objects.filter(arrived=True).exists()


def test_a_player_is_refused_in_a_doublette_concours_and_a_team_in_a_melee():
    t = tournament(teams=2)
    m = melee(players=4)
    with pytest.raises(UserError, match="pas inscrit"):
        services.entrant_arrive(tournament=t, player=team(t, 1).first, arrived=True)
    with pytest.raises(UserError):
        services.entrant_arrive(tournament=m, team=team(t, 1), arrived=True)
    with pytest.raises(UserError, match="Choisissez"):
        services.entrant_arrive(tournament=t, arrived=True)


def test_a_melee_draws_its_arrived_players_only():
    m = melee(players=10)
    for player in m.players.filter(number__lte=8):
        services.entrant_arrive(tournament=m, player=player, arrived=True)
    round_ = services.round_generate(tournament=m, seed=2)
    drawn = {player for game in round_.games.select_related("team_ns", "team_ew")
             for side in (game.team_ns, game.team_ew) if side is not None
             for player in (side.first.number, side.second.number if side.second else None)
             if player is not None}
    assert drawn == set(range(1, 9))
    board = selectors.arrivals_board(m)
    assert board.melee and (board.registered, board.arrived, board.absent) == (10, 8, 2)


def test_the_journal_shows_an_arrival_in_words():
    t = tournament(teams=1)
    arrive(t, 1)
    entry = AuditEntry.objects.get(tournament=t, kind="arrival")
    from tournament import journal
    assert journal.describe(entry) == ("Équipe 1 : arrivée non pointée",
                                       "Équipe 1 : arrivée pointée")
    assert not journal.restorable(entry)
    assert entry.action_label == "arrivée"


def test_the_games_of_a_pointed_draw_hold_no_absent_team():
    t = tournament(teams=8)
    arrive(t, 2, 3, 5, 7)
    round_ = services.round_generate(tournament=t, seed=11)
    absent = set(Team.objects.filter(tournament=t, arrived=False).values_list("id", flat=True))
    assert not Game.objects.filter(round=round_, team_ns__in=absent).exists()
    assert not Game.objects.filter(round=round_, team_ew__in=absent).exists()
