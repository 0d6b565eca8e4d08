"""The organiser's menu of a concours in phases: the poules and the tableaux by their pages,
the poules' parties and the tableaux' matches reached from there (not listed as « Partie 1 …
9 »), and no « Tirer la partie … » where the formule decides the parties."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.builders import teams_written, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import Round

pytestmark = pytest.mark.django_db


def test_a_concours_in_poules_offers_its_poules_and_tableaux_not_a_next_partie(owner, client):
    t = tournament(owner=owner, slug="poules-menu")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    services.poule_partie_generate(tournament=t)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    assert f'href="{reverse("tournament:poules", args=[t.slug])}" id="nav-poules"' in page
    assert f'href="{reverse("tournament:tableaux", args=[t.slug])}" id="nav-tableaux"' in page
    assert 'id="poules-link"' in page and 'id="tableaux-link"' in page
    # The poules' partie 1 is reached from the poules' page, not listed by number.
    assert reverse("tournament:round", args=[t.slug, 1]) not in page
    assert "Tirer la partie" not in page and 'id="draw-options"' not in page
    partie = client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()
    assert 'id="phase-back"' in partie and reverse("tournament:poules", args=[t.slug]) in partie
    assert "Tirer la partie suivante" not in partie
    # The draw's page, typed by hand, leads to the poules' page.
    drawn = client.get(reverse("tournament:round_generate", args=[t.slug]), follow=True)
    assert drawn.redirect_chain[-1][0] == reverse("tournament:poules", args=[t.slug])
    assert "Les parties des poules se tirent depuis la page des poules." in \
        drawn.content.decode()
    # The menu's formule is read with the concours (access.readable), on a table's sheet too.
    with CaptureQueriesContext(connection) as queries:
        sheet = client.get(reverse("tournament:game", args=[t.slug, 1, 1])).content.decode()
    assert 'id="nav-poules"' in sheet
    assert not [query for query in queries
                if query["sql"].startswith('SELECT "tournament_phaseplan"')]


def test_after_its_parties_qualificatives_a_concours_draws_no_more_parties(owner, client):
    t = tournament(owner=owner, slug="qualif-menu")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="parties", parties=1, principal=4)
    client.force_login(owner)
    detail = reverse("tournament:detail", args=[t.slug])
    page = client.get(detail).content.decode()
    assert "Parties qualificatives" in page and "Tirer la partie 1" in page
    assert 'id="nav-poules"' not in page and 'id="nav-tableaux"' in page
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.all():
        services.game_forfeit(game=game, side="EW")
    page = client.get(detail).content.decode()
    assert reverse("tournament:round", args=[t.slug, 1]) in page
    assert "Tirer la partie" not in page
    assert "Tirer la partie suivante" not in client.get(
        reverse("tournament:round", args=[t.slug, 1])).content.decode()
    assert client.get(reverse("tournament:round_generate", args=[t.slug])).url == reverse(
        "tournament:tableaux", args=[t.slug])
    with pytest.raises(UserError, match="La partie qualificative est tirée"):
        services.round_generate(tournament=t)
    assert Round.objects.filter(tournament=t).count() == 1


def test_a_concours_of_drawn_parties_keeps_its_menu(owner, client):
    t = tournament(owner=owner, slug="tirees-menu", teams=4)
    services.round_generate(tournament=t, seed=1)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    assert reverse("tournament:round", args=[t.slug, 1]) in page
    assert "Tirer la partie 2" in page and 'id="nav-tableaux"' not in page
    assert "Parties qualificatives" not in page


def test_the_pointage_leads_a_concours_in_poules_to_its_poules_draw(owner, client):
    t = tournament(owner=owner, slug="pointage-poules")
    services.phase_plan_set(tournament=t, qualification="poules")
    client.force_login(owner)
    page = client.get(reverse("tournament:arrivals", args=[t.slug])).content.decode()
    assert (f'<a href="{reverse("tournament:poules", args=[t.slug])}" id="arrivals-draw">'
            "Tirer les poules</a>") in page
    assert "Tirer la partie suivante" not in page
