"""The demo fixture loads, is the tournament the issue describes, and its scores are right."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.checks import assert_scores_recomputed
from tournament.models import Club, Game, Membership, Tournament

pytestmark = pytest.mark.django_db


def _first_run() -> str:
    out = io.StringIO()
    call_command("first_run", stdout=out)
    return out.getvalue()


def test_first_run_creates_the_organiser_once_and_loads_the_demo():
    output = _first_run()
    organiser = get_user_model().objects.get()
    assert organiser.username == "organisateur"
    assert organiser.is_staff and not organiser.is_superuser
    password = output.split("mot de passe : ")[1].split()[0]
    assert organiser.check_password(password)
    demo = Tournament.objects.get(slug="demo")
    assert demo.organiser == organiser
    # Unpublished: a demo is no concours of the club's site, season or public pages.
    assert not demo.published
    # « Mon club », the account its responsable, owns the demo.
    membership = Membership.objects.get()
    assert (membership.club.name, membership.user, membership.role) == (
        "Mon club", organiser, "responsable")
    assert demo.club == membership.club

    again = _first_run()
    assert "mot de passe" not in again and "démonstration" not in again
    assert get_user_model().objects.count() == 1 and Tournament.objects.count() == 1
    assert Club.objects.count() == 1


def test_the_demo_is_sixteen_teams_four_parties_of_twelve_donnes():
    _first_run()
    demo = Tournament.objects.get(slug="demo")
    assert demo.teams.count() == 16 and demo.rounds.count() == 4
    assert demo.preset == "ffb-coinche" and demo.max_donnes == 12
    games = Game.objects.filter(round__tournament=demo)
    assert games.count() == 32 and all(g.finished and g.played >= 12 for g in games)
    outcomes = set(demo.rounds.values_list("games__donnes__outcome", flat=True))
    assert {"made", "down"} <= outcomes


def test_every_demo_score_equals_a_recomputation():
    _first_run()
    demo = Tournament.objects.get(slug="demo")
    for game in Game.objects.filter(round__tournament=demo).select_related("round"):
        result = assert_scores_recomputed(game)
        assert result.winner is not None and game.winner == result.winner.value


def test_the_demo_is_not_loaded_over_existing_tournaments():
    from tests.builders import tournament

    tournament(slug="deja-la")
    _first_run()
    assert not Tournament.objects.filter(slug="demo").exists()


@pytest.mark.parametrize("count", [0, 1, 37, 512, 1024, 1500])
def test_a_melee_demo_has_as_many_players_as_asked_each_name_once(count):
    import random

    from tournament.demo import CLUBS, melee_players

    players = melee_players(random.Random(count), count)
    assert len(players) == count
    assert len({name for name, _club in players}) == count
    assert all(club in CLUBS for _name, club in players)
    assert melee_players(random.Random(count), count) == players  # the seed decides


def test_melee_players_register_through_the_service():
    import random

    from tests.builders import melee
    from tournament import services
    from tournament.demo import melee_players

    t = melee()
    for name, club in melee_players(random.Random(7), 40):
        services.player_create(tournament=t, name=name, club=club)
    assert t.players.count() == 40


def test_the_demo_teams_each_have_their_two_players():
    _first_run()
    demo = Tournament.objects.get(slug="demo")
    numbers = [(team.first.number, team.second.number)
               for team in demo.teams.select_related("first", "second")]
    assert sorted(n for pair in numbers for n in pair) == list(range(1, 33))
    assert all(team.first.club == team.club for team in demo.teams.all())
