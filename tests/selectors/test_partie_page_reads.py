"""A partie's page reads the registered teams once and tells from them, and from its tables,
what five selectors read one query each (selectors/rounds.py): they must say the same, with a
late team, a withdrawn one, the pointage in use, a result in and a countdown."""

import pytest

from scoring import Side
from tests.builders import drawn, made, organiser
from tournament import selectors, services
from tournament.models import Game, Player, Round, Team

pytestmark = pytest.mark.django_db


def _same_as_one_by_one(t, number: int) -> tuple[list[int], bool, list[int], set[int], int]:
    round_ = Round.objects.select_related("tournament").get(tournament=t, number=number)
    tables, registered = selectors.partie_tables(round_), selectors.registered_entrants(t)
    waiting = selectors.partie_waiting_teams(round_, tables, registered)
    assert waiting == selectors.round_waiting_teams(round_)
    assert selectors.partie_started(tables) == selectors.round_started(round_)
    assert selectors.entrants_among(registered) == selectors.active_entrants(t)
    assert selectors.pointage_in_use(registered) == selectors.arrivals_in_use(t)
    roster = selectors.rotation_roster(t, partie_one=True, registered=registered)
    assert roster == selectors.rotation_roster(t)
    clock = selectors.partie_clock_offered(round_, t.rounds.all())
    assert clock == round_.clock_offered
    return ([team.number for team in waiting], selectors.partie_started(tables),
            [number for _id, number in selectors.entrants_among(registered)],
            set(roster.values()), clock)


def test_the_partie_page_reads_say_what_the_selectors_read_one_by_one():
    t = drawn(owner=organiser(), teams=4, slug="lectures")
    assert _same_as_one_by_one(t, 1) == ([], False, [1, 2, 3, 4], {1, 2, 3, 4}, 45)
    # Team 5 registers after the draw, team 2 withdraws, the desk points teams 1 and 5; a
    # donne is entered at table 1, a countdown run.
    first, second = Player.objects.bulk_create(
        Player(tournament=t, number=number, name=f"Joueur {number}") for number in (11, 12))
    late = Team.objects.create(tournament=t, number=5, name="Retard", first=first,
                               second=second)
    Team.objects.filter(tournament=t, number=2).update(active=False)
    Team.objects.filter(tournament=t, number__in=[1, 5]).update(arrived=True)
    assert late.round_id is None
    services.donne_record(game=Game.objects.get(round__tournament=t, table=1), number=None,
                          donne=made(Side.NS))
    Round.objects.filter(tournament=t, number=1).update(clock_minutes=30)
    # Partie 1's movement keeps the withdrawn team 2 and leaves the late team 5 out.
    assert _same_as_one_by_one(t, 1) == ([5], True, [1, 5], {1, 2, 3, 4}, 30)
    # A partie with no table yet, so no result, whose countdown is partie 1's: every active
    # team waits.
    Round.objects.create(tournament=t, number=2)
    assert _same_as_one_by_one(t, 2) == ([1, 3, 4, 5], False, [1, 5], {1, 2, 3, 4}, 30)
