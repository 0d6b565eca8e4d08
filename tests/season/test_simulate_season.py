"""`manage.py simulate_season`: its JSON's shape, the same season from the same seed,
standings consistent with the points table, nothing left behind without --keep, French
refusals with exit status 1."""

import io
import json

import pytest
from django.core.management import call_command

from tournament.models import Club, ClubPlayer, Season, Tournament

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate_season", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


ARGS = ["--concours", "3", "--format", "doublettes", "--players", "10",
        "--points-table", "100,90,80", "--participation", "5", "--best", "2", "--seed", "7"]


def normalised(result):
    """Register ids made relative to the first (a second run numbers its players after)."""
    ids = [player for c in result["concours"] for s in c["standings"] for player in s["players"]]
    first = min(ids)
    for concours in result["concours"]:
        for line in concours["standings"]:
            line["players"] = [player - first for player in line["players"]]
    for line in result["season"]:
        line["player"] -= first
    return result


def test_the_json_has_the_issues_shape_and_adds_up():
    result, _err = run(*ARGS)
    assert set(result) == {"concours", "season"}
    assert len(result["concours"]) == 3
    points = {}
    for index, concours in enumerate(result["concours"]):
        assert set(concours) == {"name", "standings"}
        places = [line["place"] for line in concours["standings"]]
        assert places == sorted(places) and places[0] == 1
        for line in concours["standings"]:
            assert set(line) == {"place", "players", "points"}
            assert len(line["players"]) == 2  # doublettes: both players of the team
            table = (100, 90, 80)
            assert line["points"] == (table[line["place"] - 1] if line["place"] <= 3 else 0)
            for player in line["players"]:
                points.setdefault(player, []).append((line["points"], index))
    for line in result["season"]:
        assert set(line) == {"rank", "player", "points", "counted", "played"}
        mine = sorted(points[line["player"]], key=lambda item: (-item[0], item[1]))
        assert line["played"] == len(mine)
        assert line["points"] == sum(p for p, _i in mine[:2]) + 5 * len(mine)
        assert line["counted"] == sorted(i for _p, i in mine[:2])
    ranks = [line["rank"] for line in result["season"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    # Nothing stays without --keep.
    assert not (Club.objects.exists() or Tournament.objects.exists()
                or ClubPlayer.objects.exists() or Season.objects.exists())


def test_partners_change_between_concours():
    result, _err = run(*ARGS)
    teams = [frozenset(line["players"]) for c in result["concours"] for line in c["standings"]]
    assert len(set(teams)) > len(teams) // 2


def test_the_same_seed_gives_the_same_season():
    assert normalised(run(*ARGS)[0]) == normalised(run(*ARGS)[0])
    other = [*ARGS[:-1], "8"]
    assert normalised(run(*other)[0]) != normalised(run(*ARGS)[0])


def test_a_melee_season_ranks_each_player_alone():
    result, _err = run("--concours", "2", "--format", "melee", "--players", "9",
                       "--points-table", "10,5", "--seed", "3")
    assert all(len(line["players"]) == 1 for c in result["concours"]
               for line in c["standings"])


def test_keep_leaves_the_club_and_its_season():
    _result, err = run(*ARGS, "--keep")
    assert "Saison gardée" in err
    assert Season.objects.get().tournaments.count() == 3


@pytest.mark.parametrize("args, words", [
    (["--points-table", "100,90,x"], "Barème (--points-table) : Place 3 : « x »"),
    (["--players", "3"], "au moins quatre joueurs"),
    (["--format", "triplettes"], "Formule inconnue"),
    (["--concours", "0"], "Concours (--concours) : un nombre entier de 1 à 100"),
    (["--best", "x"], "Meilleurs résultats (--best)"),
])
def test_refusals_are_french_and_exit_1(args, words, capsys):
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("simulate_season", *args, stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    assert words in err.getvalue()
    assert not Club.objects.exists()
