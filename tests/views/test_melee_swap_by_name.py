"""A mêlée's swap of two pairs before the partie starts: chosen by their players' names (a
pair's number changes every partie and is printed nowhere the organiser looks)."""

import html
import re

import pytest
from django.urls import reverse

from tests.builders import melee, organiser
from tournament import services
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_pairs_are_offered_by_their_players_names_and_swapped(client):
    t = melee(owner=organiser("paires"), players=8, slug="paires")
    round_ = services.round_generate(tournament=t, seed=5)
    client.force_login(t.organiser)
    url = reverse("tournament:round", args=["paires", 1])
    page = html.unescape(client.get(url).content.decode())
    table1 = Game.objects.select_related("team_ns", "team_ew").get(round=round_, table=1)
    table2 = Game.objects.select_related("team_ns", "team_ew").get(round=round_, table=2)
    ns, other = table1.team_ns, table2.team_ew
    assert f'<option value="{ns.number}">{ns.players} (table 1, Nord-Sud)</option>' in page
    assert f'<option value="{other.number}">{other.players} (table 2, Est-Ouest)</option>' in page
    assert "La paire de" in page and "Équipe (n°)" not in page
    assert re.search(r'<select name="team_a" id="id_team_a" required>', page)
    client.post(url, {"team_a": str(ns.number), "team_b": str(other.number)})
    assert Game.objects.get(round=round_, table=1).team_ns_id == other.pk
    assert Game.objects.get(round=round_, table=2).team_ew_id == ns.pk
