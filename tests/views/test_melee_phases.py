"""A mêlée in poules on its pages: the formule said in pairs, the poules' page showing each
pair as its two players' names, the poule partie's page seating the pairs."""

import pytest
from django.urls import reverse

from tests.builders import melee_bulk
from tournament.models import Game, Team

pytestmark = pytest.mark.django_db

FORMULE = {"qualification": "poules", "poule_style": "toutes", "qualified": "2",
           "consolante": "on", "cadrage": "tetes", "placement": "partagees", "tetes": ""}


def test_the_poules_page_of_a_melee_shows_its_pairs_by_their_players(owner, client):
    t = melee_bulk(players=14, owner=owner, slug="melee-poules")
    client.force_login(owner)
    formule = client.post(reverse("tournament:phase_plan", args=[t.slug]), FORMULE,
                          follow=True).content.decode()
    assert "7 paires : 2 poules" in formule
    assert "tirés en paires une fois pour toutes" in formule and 'name="tetes"' not in formule
    poules = reverse("tournament:poules", args=[t.slug])
    assert "tirés en paires avec les poules" in client.get(poules).content.decode()
    client.post(reverse("tournament:poules_draw", args=[t.slug]), {"seed": "35"})
    page = client.get(poules).content.decode()
    pairs = list(Team.objects.filter(tournament=t).select_related("first", "second"))
    assert len(pairs) == 7
    for pair in pairs:
        assert f"n° {pair.number} {pair.first.name} et {pair.second.name}" in page
    assert "<th>Paire</th>" in page and "une paire est exempte" in page
    response = client.post(reverse("tournament:poule_partie_generate", args=[t.slug]),
                           follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:round", args=[t.slug, 1])
    partie = response.content.decode()
    games = Game.objects.filter(round__tournament=t, team_ew__isnull=False)
    assert games.count() == 3  # 1–4 and 2–3 in A, 2–3 in B (its 1 exempt)
    # Each pair at its table by its players (no swap form lists them: a poule's tables
    # follow the poules).
    for game in games.select_related("team_ns__first", "team_ns__second", "team_ew__first",
                                     "team_ew__second"):
        for pair in (game.team_ns, game.team_ew):
            assert (f"{pair.first.name} <small>({pair.first.number})</small> et "
                    f"{pair.second.name} <small>({pair.second.number})</small>") in partie


def test_a_melees_pair_is_not_edited_as_a_team_and_its_players_clubs_stay(owner, client):
    from tournament import services
    from tournament.errors import UserError

    t = melee_bulk(players=12, owner=owner, slug="melee-paire")
    services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
    services.poules_draw(tournament=t, seed=2)
    pair = Team.objects.filter(tournament=t).select_related("first", "second").first()
    client.force_login(owner)
    url = reverse("tournament:team", args=[t.slug, pair.number])
    assert client.get(url).status_code == 404
    assert client.post(url, {"name": "X", "club": "Autre"}).status_code == 404
    with pytest.raises(UserError):
        services.team_update(team=pair, club="Autre")
    with pytest.raises(UserError):
        services.team_delete(team=pair)
    pair.first.refresh_from_db()
    pair.second.refresh_from_db()
    assert {pair.first.club, pair.second.club} <= {"Club 0", "Club 1", "Club 2"}
