"""Issue 22's acceptance, through the pages as the desk uses them: a second concours of the
same club finds the first one's players again — typed (the type-ahead) and imported from a
licence-less file in which one name differs only by accents and case (linked at once) and one
is ambiguous (chosen before anything is written) — and the player's page lists both concours.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.builders import play_partie, tournament
from tournament import services
from tournament.models import ClubPlayer, Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _var(settings, tmp_path):
    settings.VAR_DIR = tmp_path  # where a file waiting for its choices is kept


def test_a_second_concours_finds_the_first_ones_players_again(client, owner):
    client.force_login(owner)
    first = tournament(owner=owner, slug="vendredi-1", name="Vendredi 1",
                       date=datetime.date(2026, 11, 6))
    teams = reverse("tournament:teams", args=[first.slug])
    # Two namesakes « Jean Martin », of two clubs: two players of the register. The second
    # is asked about (the register has a Jean Martin of Nancy), then said new.
    for name, one, two, club, chosen in (
            ("Les As", "Hélène Lefèvre", "Paul Petit", "Metz", ""),
            ("Les Rois", "Jean Martin", "Zoé Durand", "Nancy", ""),
            ("Les Dames", "Jean Martin", "Luc Roy", "Toul", "new")):
        values = {"name": name, "player1": one, "player2": two, "club": club,
                  "registered1": "", "registered2": ""}
        if chosen:
            asked = client.post(teams, values)
            assert asked.status_code == 422 and "Nouveau joueur" in asked.content.decode()
        response = client.post(teams, {**values, "registered1": chosen})
        assert response.status_code == 302
    services.round_generate(tournament=first, seed=1)
    play_partie(first.rounds.get())
    helene = Player.objects.get(tournament=first, name="Hélène Lefèvre").registered
    martins = list(ClubPlayer.objects.filter(club=first.club, key="jean martin")
                   .order_by("pk"))
    assert helene is not None and [m.home_club for m in martins] == ["Nancy", "Toul"]

    second = tournament(owner=owner, slug="vendredi-2", name="Vendredi 2",
                        date=datetime.date(2026, 11, 13))
    assert second.club == first.club
    # Typed: the type-ahead offers Hélène for « helene », accents and case aside.
    typed = client.get(reverse("tournament:register_suggestions", args=[second.slug]),
                       {"for": "player1", "player1": "LEFEVRE"}).content.decode()
    registered = re.search(r'data-id="(\d+)" data-name="Hélène Lefèvre"', typed).group(1)
    assert registered == str(helene.pk)
    assert client.post(reverse("tournament:teams", args=[second.slug]), {
        "name": "Les Revenants", "player1": "Hélène Lefèvre", "player2": "Anne Neuve",
        "club": "Metz", "registered1": registered, "registered2": ""}).status_code == 302
    assert Player.objects.get(tournament=second, name="Hélène Lefèvre").registered == helene

    # Imported: a licence-less file; « PAUL petit » differs only by case; « Jean Martin »
    # is ambiguous when the register holds two of them.
    paul = Player.objects.get(tournament=first, name="Paul Petit").registered
    file = SimpleUploadedFile("equipes.csv", (
        "équipe;joueur 1;joueur 2;club\n"
        "Les Retours;PAUL petit;Jean Martin;\n").encode())
    response = client.post(reverse("tournament:teams_import", args=[second.slug]),
                           {"file": file})
    page = response.content.decode()
    assert response.status_code == 200 and "Quels joueurs du registre ?" in page
    assert Player.objects.filter(tournament=second).count() == 2  # nothing written yet
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    field = re.search(r'name="(choice-\d+)"', page).group(1)
    response = client.post(reverse("tournament:teams_import_confirm", args=[second.slug]),
                           {"pending": pending, field: str(martins[1].pk)})
    assert response.status_code == 302
    # Entered under the register's spelling (issue 32), as at the desk.
    assert Player.objects.get(tournament=second, name="Paul Petit").registered == paul
    assert Player.objects.get(tournament=second, name="Jean Martin").registered == martins[1]

    # The player's page lists both concours.
    for entry in (helene, paul):
        page = client.get(reverse("tournament:club_player",
                                  args=[first.club.slug, entry.pk])).content.decode()
        assert "Vendredi 1" in page and "Vendredi 2" in page
