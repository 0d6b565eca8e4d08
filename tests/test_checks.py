"""The shared check `tests.checks.assert_scores_recomputed` fails where it must: a cached
score that is wrong, a game recomputed under the concours' rules instead of its partie's, or
one that ignores where time was called."""

import pytest

from scoring import Side
from tests.builders import made, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.models import DonneRecord, Game, Round, Tournament

pytestmark = pytest.mark.django_db


def _drawn(**options) -> Game:
    t = tournament(teams=2, **options)
    return services.round_generate(tournament=t, seed=1).games.get()


def test_a_game_stored_by_the_services_passes():
    game = _drawn()
    services.donne_record(game=game, number=None, donne=made(points=95))
    services.donne_record(game=game, number=None, donne=made(Side.EW, 100, 98))
    result = assert_scores_recomputed(game)
    assert (result.ns, result.ew, result.played) == (game.score_ns, game.score_ew, 2)


@pytest.mark.parametrize("wrong", [
    {"score_ns": 1}, {"played": 5}, {"finished": True}, {"winner": "EW"}])
def test_a_wrong_cached_game_score_fails(wrong):
    game = _drawn()
    services.donne_record(game=game, number=None, donne=made(points=95))
    Game.objects.filter(pk=game.pk).update(**wrong)
    with pytest.raises(AssertionError):
        assert_scores_recomputed(game)


def test_a_wrong_cached_donne_score_fails():
    game = _drawn()
    services.donne_record(game=game, number=None, donne=made(points=95))
    services.donne_record(game=game, number=None, donne=made(points=100))
    DonneRecord.objects.filter(game=game, number=1).update(score_ns=0)
    with pytest.raises(AssertionError):
        assert_scores_recomputed(game)


def test_the_partie_s_rules_are_followed_not_the_concours_current_ones():
    game = _drawn(target=None, max_donnes=2)
    for _donne in range(2):
        services.donne_record(game=game, number=None, donne=made(points=95))
    # The concours' rules changed behind the partie's back: the partie keeps the rules it
    # was drawn with, and so does the recomputation (the concours' would not end the game).
    Tournament.objects.filter(pk=game.round.tournament_id).update(max_donnes=12)
    assert Round.objects.get(pk=game.round_id).rules.max_donnes == 2
    assert assert_scores_recomputed(game).finished


def test_time_called_is_followed():
    game = _drawn(target=None, max_donnes=12)
    services.donne_record(game=game, number=None, donne=made(points=95))
    services.round_time_call(round_=game.round, in_play=[1])
    services.donne_record(game=game, number=None, donne=made(points=95))
    result = assert_scores_recomputed(game)
    assert game.stop_after == 2 and result.finished and result.played == 2
    # Without the time called, the same donnes would leave the game unfinished.
    Game.objects.filter(pk=game.pk).update(stop_after=None)
    with pytest.raises(AssertionError):
        assert_scores_recomputed(game)


def test_a_bye_is_no_game_to_recompute():
    t = tournament(teams=3)
    bye = next(g for g in services.round_generate(tournament=t, seed=1).games.all() if g.is_bye)
    with pytest.raises(AssertionError, match="no donnes"):
        assert_scores_recomputed(bye)
