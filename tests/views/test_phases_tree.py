"""A tableau's tree on its page: a match won by forfeit says « qualifiée par forfait » and
shows no score (BRACKETS.md 3.3; the bracket PDF says « forfait » the same way), where a
match played shows its scores."""

import pytest
from django.urls import reverse

from tests.builders import made, teams_written, tournament
from tournament import services
from tournament.models import Tableau

pytestmark = pytest.mark.django_db


def test_a_match_won_by_forfeit_says_so_without_a_score(client):
    t = tournament(slug="forfait-tableau", max_donnes=1)
    teams_written(t, 4)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False)
    tableau = services.tableaux_draw(tournament=t, seed=1)[0]
    forfeited = services.tableau_match_call(tableau=tableau, round_index=0, index=0).game
    services.game_forfeit(game=forfeited, side="EW")
    played = services.tableau_match_call(tableau=Tableau.objects.get(pk=tableau.pk),
                                         round_index=0, index=1).game
    services.donne_record(game=played, number=None, donne=made())  # NS: 180 – 70
    page = client.get(reverse("tournament:tableaux", args=[t.slug])).content.decode()
    first = page[page.index('id="match-principal-1-1"'):page.index('id="match-principal-1-2"')]
    # No score beside either team: the winner « qualifiée par forfait », the other « forfait ».
    assert (f'<span>{forfeited.team_ns.name}</span><span class="forfeit">qualifiée par forfait'
            in first)
    assert f'<span>{forfeited.team_ew.name}</span><span class="forfeit">forfait' in first
    second = page[page.index('id="match-principal-1-2"'):page.index('id="match-principal-2-1"')]
    assert "<span>180</span>" in second and "forfait" not in second
