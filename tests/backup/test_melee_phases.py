"""A mêlée in poules in its backup (version 8, unchanged): its pairs are its registered
teams, its poules seat them, its poule parties name them; written and read back exactly."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.builders import melee_bulk, play_to_the_end
from tests.services.test_melee_phases import melee_after_parties
from tournament import services
from tournament.models import PouleSeat, Team, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db


def test_a_melee_in_poules_restored_keeps_its_pairs_poules_and_results(client):
    t = melee_bulk(players=12, slug="melee-poules")
    services.phase_plan_set(tournament=t, qualification="poules", separate_clubs=True)
    services.poules_draw(tournament=t, seed=5)
    partie = services.poule_partie_generate(tournament=t)
    game = partie.games.order_by("table").first()
    play_to_the_end(game)
    game.refresh_from_db()
    cell, pair = f"{game.score_ns}–{game.score_ew}", game.team_ns.name
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:poules", args=[t.slug])).content.decode()
    data = json.loads(backup.export_json(t))
    assert data["version"] == backup.VERSION >= 8
    assert [(team["first"], team["second"]) for team in data["teams"]] == list(
        Team.objects.filter(tournament=t).values_list("first__number", "second__number"))
    assert len(data["teams"]) == 6 and len(data["phases"]["seats"]) == 6
    restored = backup.backup_restore(organiser=t.organiser, data=data, mode="replace",
                                     tournament=t)
    assert not Tournament.objects.filter(pk=t.pk).exists()
    assert backup.export_data(restored)["teams"] == data["teams"]
    assert backup.export_data(restored)["phases"] == data["phases"]
    assert PouleSeat.objects.filter(tournament=restored).count() == 6
    again = client.get(reverse("tournament:poules", args=[restored.slug])).content.decode()
    # The same poules, pairs and grid (the forms' tokens aside).
    strip = [line for line in page.splitlines() if "csrfmiddlewaretoken" not in line]
    assert [line for line in again.splitlines() if "csrfmiddlewaretoken" not in line] == strip
    assert cell in again and pair in again


def test_a_melee_after_its_parties_restores_its_tableaux_pairs_and_its_player_alone():
    t = melee_after_parties()  # 13 players: 6 pairs and one alone in no tableau
    services.tableaux_draw(tournament=t, seed=2)
    data = backup.export_data(t)
    assert [team["second"] is None for team in data["teams"]] == [False] * 6 + [True]
    restored = backup.backup_restore(organiser=t.organiser, data=json.loads(json.dumps(
        data, default=str)), mode="copy", slug="copie", name="Copie")
    again = backup.export_data(restored)
    assert again["teams"] == data["teams"] and again["phases"] == data["phases"]
