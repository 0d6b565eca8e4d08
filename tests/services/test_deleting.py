"""Deleting: a test concours (its organiser types its name to confirm) and a team registered
twice (while it has no seat in any partie, after a confirmation)."""

import re

import pytest
from django.urls import reverse

from tests.builders import made, organiser, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, DonneRecord, Game, Team, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(owner):
    t = tournament(owner=owner, teams=4, slug="essai", name="Concours d'essai")
    round_ = services.round_generate(tournament=t, seed=1)
    services.donne_record(game=round_.games.get(table=1), number=None, donne=made())
    return t


def test_a_concours_is_deleted_once_its_name_is_typed(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:tournament_delete", args=[concours.slug])
    page = client.get(url).content.decode()
    assert "4 équipes" in page and "1 partie," in page and "1 donne saisie" in page
    wrong = client.post(url, {"name": "Concours"})
    assert "Tapez exactement le nom du concours" in wrong.content.decode()
    assert Tournament.objects.filter(pk=concours.pk).exists()
    response = client.post(url, {"name": " Concours d'essai "})
    assert response["Location"] == reverse("tournament:home")
    assert not Tournament.objects.filter(pk=concours.pk).exists()
    assert not (Team.objects.exists() or Game.objects.exists()
                or DonneRecord.objects.exists() or AuditEntry.objects.exists())


def test_only_its_organiser_deletes_a_concours(client, concours):
    client.force_login(organiser("intrus"))
    url = reverse("tournament:tournament_delete", args=[concours.slug])
    assert client.post(url, {"name": concours.name}).status_code == 404  # another club's
    assert Tournament.objects.filter(pk=concours.pk).exists()


def test_a_team_registered_twice_is_deleted_and_journaled(concours):
    twice = services.team_create(tournament=concours, name="Les Doublons", player1="A",
                                 player2="B")
    services.team_delete(team=twice)
    assert not concours.teams.filter(name="Les Doublons").exists()
    entry = AuditEntry.objects.get(kind="team", action="delete")
    assert entry.number == 5 and entry.before["name"] == "Les Doublons" and entry.after is None


def test_a_team_with_a_seat_cannot_be_deleted(concours):
    seated = concours.teams.get(number=1)
    with pytest.raises(UserError, match="a déjà une place dans une partie"):
        services.team_delete(team=seated)
    assert concours.teams.count() == 4


def test_the_team_page_offers_the_deletion_only_before_any_seat(client, owner, concours):
    services.team_create(tournament=concours, name="Les Doublons", player1="A", player2="B")
    client.force_login(owner)
    assert b"delete-team" in client.get(reverse("tournament:team", args=[concours.slug, 5])
                                        ).content
    assert b"delete-team" not in client.get(reverse("tournament:team", args=[concours.slug, 1])
                                            ).content
    refused = client.get(reverse("tournament:team_delete", args=[concours.slug, 1]))
    assert "ne peut plus être supprimée" in refused.content.decode()
    url = reverse("tournament:team_delete", args=[concours.slug, 5])
    assert "Supprimer l'équipe « Les Doublons » ?" in client.get(url).content.decode()
    assert concours.teams.count() == 5  # a GET changes nothing
    response = client.post(url)
    assert response["Location"] == reverse("tournament:teams", args=[concours.slug])
    assert concours.teams.count() == 4


def test_a_team_count_speaks_french_plurals(client, owner):
    t = tournament(owner=owner, teams=1, slug="une")
    client.force_login(owner)
    page = client.get(reverse("tournament:teams", args=[t.slug])).content.decode()
    assert "1 équipe inscrite." in page and "1 équipes" not in page
    services.team_create(tournament=t, name="Deux", player1="A", player2="B")
    page = client.get(reverse("tournament:teams", args=[t.slug])).content.decode()
    assert "2 équipes inscrites." in page


def test_importing_one_team_says_it_in_the_singular(client, owner, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    t = tournament(owner=owner, slug="import-une")
    client.force_login(owner)
    upload = SimpleUploadedFile("equipes.csv", b"Les Seuls;Jean;Jeanne;Club\n",
                                content_type="text/csv")
    response = client.post(reverse("tournament:teams_import", args=[t.slug]), {"file": upload},
                           follow=True)
    page = response.content.decode()
    assert "1 équipe inscrite." in page and "1 équipes inscrites" not in page


def test_after_inscrire_the_page_comes_back_with_the_cursor_in_the_name(client, owner):
    t = tournament(owner=owner, slug="curseur")
    client.force_login(owner)
    response = client.post(reverse("tournament:teams", args=[t.slug]),
                           {"name": "Cœur d'Atout", "player1": "A", "player2": "B"})
    assert response["Location"] == reverse("tournament:teams", args=[t.slug])  # no #fragment
    page = client.get(response["Location"]).content.decode()
    name_input = re.search(r'<input[^>]*name="name"[^>]*>', page).group()
    assert "autofocus" in name_input
