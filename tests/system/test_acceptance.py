"""The issue's acceptance path, through the views as a newcomer would walk it."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.builders import xlsx_file
from tests.checks import assert_scores_recomputed
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db

# A whole game typed row by row: (taker, contract, trump, coinche, points, capot, belotes).
ROWS = [
    ("NS", "80", "H", "none", "95", "", ""),
    ("EW", "100", "S", "none", "98", "", ""),
    ("P", "", "", "none", "", "", ""),
    ("NS", "120", "D", "coinche", "130", "", ""),
    ("EW", "c", "C", "none", "", "EW", ""),
    ("NS", "90", "S", "none", "81", "", "ns"),
]


def test_a_newcomer_runs_a_tournament_from_login_to_standings(client):
    out = io.StringIO()
    call_command("first_run", stdout=out)
    password = out.getvalue().split("mot de passe : ")[1].split()[0]
    response = client.post(reverse("login"), {"username": "organisateur", "password": password})
    assert response.status_code == 302

    response = client.post(reverse("tournament:create"), {
        "name": "Concours du jeudi", "slug": "jeudi", "date": "2026-11-26",
        "place": "Café des Sports", "preset": "ffb-coinche"})
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="jeudi")
    tournament.target = 1000  # so that the typed game ends
    tournament.save()

    rows = [["équipe", "joueur 1", "joueur 2", "club"]] + [
        [f"Équipe {n:02}", f"Joueur {n}a", f"Joueur {n}b", "Club"] for n in range(1, 21)]
    client.post(reverse("tournament:teams_import", args=["jeudi"]), {"file": xlsx_file(rows)})
    assert tournament.teams.count() == 20

    response = client.post(reverse("tournament:round_generate", args=["jeudi"]), {"seed": "2026"})
    assert response.status_code == 302 and tournament.rounds.get().seed == 2026
    games = list(Game.objects.filter(round__tournament=tournament).order_by("table"))
    assert len(games) == 10

    for game in games:
        url = reverse("tournament:game", args=["jeudi", 1, game.table])
        for taker, contract, trump, coinche, points, capot, belote in ROWS * 3:
            game.refresh_from_db()
            if game.finished:
                break
            response = client.post(url, {
                "taker": taker, "contract": contract, "trump": trump, "coinche": coinche,
                "taker_points": points, "capot": capot, "belote_ns": "1" if belote else ""})
            assert response.status_code == 302, response.content.decode()[:2000]
        game.refresh_from_db()
        assert game.finished
        assert_scores_recomputed(game)

    response = client.post(reverse("tournament:round_generate", args=["jeudi"]))
    assert response.status_code == 302
    first = {frozenset((g.team_ns_id, g.team_ew_id)) for g in games}
    second = Game.objects.filter(round__tournament=tournament, round__number=2)
    assert second.count() == 10
    assert not first & {frozenset((g.team_ns_id, g.team_ew_id)) for g in second}

    page = client.get(reverse("tournament:standings", args=["jeudi"]))
    rows = page.context["table"].rows
    assert len(rows) == 20
    winners = {g.team_ns_id if g.winner == "NS" else g.team_ew_id for g in games}
    assert {row.record.team.id for row in list(rows)[:10]} == winners
    assert all(row.record.row.wins == 1 for row in list(rows)[:10])
