"""The palmarès' places: a withdrawn team, or one that played no partie, is listed but takes
no place, so « dernier » and every lot counted from the bottom go to those who played."""

import pytest
from django.urls import reverse

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services
from tournament.exports.final_pack import final_workbook
from tournament.exports.palmares import palmares, palmares_html
from tournament.selectors.prizes import standings_awards

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours():
    """Six teams, partie 1 played; then the last of them withdraws and a seventh team comes
    in too late to play: both are at the bottom of the standings."""
    t = tournament(owner=organiser("places"), teams=6, slug="places")
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Lanterne rouge")
    services.prize_add(tournament=t, start=2, end=1 + 1, from_last=True, label="Avant-dernier")
    return t


def bottom_team(t):
    return t.teams.get(pk=standings_awards(t).lines[-1].line.team.pk)


def test_dernier_goes_to_the_last_team_that_played_not_to_a_withdrawn_one(concours):
    before = standings_awards(concours)
    last, second_last = before.lines[-1].line.team, before.lines[-2].line.team
    services.team_withdraw(team=last)
    late = services.team_create(tournament=concours, name="Les Retardataires",
                                player1="A", player2="B")
    awards = standings_awards(concours)
    by_name = {award.name: award for award in awards.lines}
    assert by_name[last.name].label == "" and not by_name[last.name].placed
    assert by_name[last.name].unplaced_reason == "retirée"
    # Never placed by a draw: left out of the standings and the palmarès (issue 32).
    assert late.name not in by_name
    assert by_name[second_last.name].label == "Lanterne rouge"
    assert awards.placed_count == 5
    assert [award.position for award in awards.lines if award.placed] == [1, 2, 3, 4, 5]
    assert {award.name for award in awards.unplaced} == {last.name}
    assert {award.label for award in awards.awarded} == {"Jambon", "Lanterne rouge",
                                                          "Avant-dernier"}


def test_the_palmares_lists_them_apart_marked(concours):
    last = bottom_team(concours)
    services.team_withdraw(team=last)
    data = palmares(concours)
    assert all(award.active for award in data.rows)
    assert data.unplaced == [f"{last.name} (retirée)"]
    page = palmares_html(concours)
    assert "Hors classement des lots" in page and f"{last.name} (retirée)" in page


def test_the_lots_page_and_workbook_count_only_the_placed_teams(client, concours):
    last = bottom_team(concours)
    services.team_withdraw(team=last)
    client.force_login(concours.organiser)
    page = client.get(reverse("tournament:prizes", args=["places"])).content.decode()
    assert "Avec le classement actuel (5 équipes)" in page and 'id="unplaced"' in page
    assert final_workbook(concours)
