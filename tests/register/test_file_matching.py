"""A file of teams or players matched to the club's register: exact matches linked (a name
differing only by accents and case included), new names registered, ambiguous ones chosen on
a second page before anything is written; the whole import one transaction."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.builders import melee, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, ClubPlayer, Player, Team
from tournament.services import ImportLine, PlayerLine

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _var(settings, tmp_path):
    settings.VAR_DIR = tmp_path


@pytest.fixture
def concours(owner):
    return tournament(owner=owner, slug="vendredi")


@pytest.fixture
def register(concours):
    """The club's register: Hélène Lefèvre, and two Jean Martin."""
    club = concours.club
    return {
        "helene": ClubPlayer.objects.create(club=club, name="Lefèvre", first_name="Hélène"),
        "jean1": ClubPlayer.objects.create(club=club, name="Martin", first_name="Jean",
                                           licence="111"),
        "jean2": ClubPlayer.objects.create(club=club, name="Martin", first_name="Jean",
                                           home_club="Amicale"),
    }


# Licence-less: one name differs only by accents and case, one is ambiguous, two are new.
FILE = ("équipe;joueur 1;joueur 2;club\n"
        "Les Amis;HELENE lefevre;Jean Martin;\n"
        "Les Neufs;Paul Petit;Zoé Durand;\n")


def upload(text: str = FILE) -> SimpleUploadedFile:
    return SimpleUploadedFile("equipes.csv", text.encode())


def state(concours):
    return (list(Team.objects.filter(tournament=concours).values_list("name")),
            list(ClubPlayer.objects.order_by("pk").values_list("pk", "name")),
            AuditEntry.objects.filter(tournament=concours).count())


def test_the_file_import_asks_for_the_ambiguous_name_then_honours_the_choice(
        client, owner, concours, register):
    client.force_login(owner)
    before = state(concours)
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": upload()})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Quels joueurs du registre ?" in page
    assert "Jean Martin" in page and "licence 111" in page and "Amicale" in page
    assert "ligne 2, équipe « Les Amis », joueur 2" in page
    assert page.count('type="radio"') == 3  # two candidates and « nouveau joueur »
    assert "Hélène" not in page  # linked without asking
    assert state(concours) == before  # nothing written before the choice
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)

    response = client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                           {"pending": pending, "choice-1": str(register["jean2"].pk)})
    assert response.status_code == 302
    players = {player.name: player.registered for player in Player.objects.filter(
        tournament=concours)}
    # Entered under the register's spelling, as at the desk (issue 32).
    assert players[register["helene"].full_name] == register["helene"]
    assert players["Jean Martin"] == register["jean2"]
    new = ClubPlayer.objects.exclude(pk__in=[entry.pk for entry in register.values()])
    assert sorted(new.values_list("name", flat=True)) == ["Paul Petit", "Zoé Durand"]
    assert {players["Paul Petit"], players["Zoé Durand"]} == set(new)
    assert Team.objects.filter(tournament=concours).count() == 2
    # The file kept aside is gone: the same confirmation again is refused.
    again = client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                        {"pending": pending, "choice-1": "new"}, follow=True)
    assert "plus en attente" in again.content.decode()
    assert Team.objects.filter(tournament=concours).count() == 2


def test_a_new_player_may_be_chosen_for_an_ambiguous_name(client, owner, concours, register):
    client.force_login(owner)
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                {"pending": pending, "choice-1": "new"})
    jean = Player.objects.get(tournament=concours, name="Jean Martin").registered
    assert jean not in register.values()
    assert (jean.name, jean.first_name, jean.licence) == ("Jean Martin", "", "")


@pytest.mark.parametrize("post", [
    {},  # no choice
    {"choice-1": "999999"},  # not a candidate
    {"choice-0": "new"},  # a choice for a name that is not ambiguous, none for the one
])
def test_a_missing_or_foreign_choice_writes_nothing(client, owner, concours, register, post):
    client.force_login(owner)
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    before = state(concours)
    response = client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                           {"pending": pending, **post})
    assert response.status_code == 400
    assert "Choisissez le joueur du registre" in response.content.decode() or (
        "Sélectionnez un choix valide" in response.content.decode())
    assert state(concours) == before


def test_cancelling_writes_nothing_and_forgets_the_file(client, owner, concours, register):
    client.force_login(owner)
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    before = state(concours)
    url = reverse("tournament:teams_import_confirm", args=[concours.slug])
    response = client.post(url, {"pending": pending, "cancel": "1"}, follow=True)
    assert "Import annulé" in response.content.decode()
    client.post(url, {"pending": pending, "choice-1": "new"})
    assert state(concours) == before


def test_a_pending_file_is_its_concours_own(client, owner, concours, register):
    client.force_login(owner)
    other = tournament(owner=owner, slug="samedi")
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    response = client.post(reverse("tournament:teams_import_confirm", args=[other.slug]),
                           {"pending": pending, "choice-1": "new"}, follow=True)
    assert "plus en attente" in response.content.decode()
    assert not Team.objects.filter(tournament=other).exists()


def test_a_choice_the_register_no_longer_offers_is_asked_again(client, owner, concours,
                                                              register):
    client.force_login(owner)
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    register["jean2"].name = "Martinez"  # renamed meanwhile: no longer a Jean Martin
    register["jean2"].save()
    before = state(concours)
    response = client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                           {"pending": pending, "choice-1": str(register["jean2"].pk)})
    # One Jean Martin is left: linked at once, the choice no longer asked.
    assert response.status_code == 302
    assert (Player.objects.get(tournament=concours, name="Jean Martin").registered
            == register["jean1"])
    assert state(concours) != before


def test_a_file_without_an_ambiguous_name_is_imported_at_once(client, owner, concours,
                                                               register):
    client.force_login(owner)
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]), {
        "file": upload("Les Amis;Hélène LEFÈVRE;Jean Martin;Amicale\n")})
    assert response.status_code == 302
    players = {player.name: player.registered for player in Player.objects.filter(
        tournament=concours)}
    assert players == {register["helene"].full_name: register["helene"],
                       "Jean Martin": register["jean2"]}


def test_the_service_refuses_an_ambiguous_name_without_a_choice(concours, register):
    before = state(concours)
    lines = [ImportLine(1, "Les Amis", "Paul Petit", "Jean Martin", "")]
    with pytest.raises(UserError, match="choisissez"):
        services.teams_import(tournament=concours, lines=lines)
    assert state(concours) == before  # Paul Petit was not registered either
    teams = services.teams_import(tournament=concours, lines=lines, ambiguous_new=True)
    assert teams[0].second.registered not in register.values()


def test_two_lines_of_one_new_person_are_one_register_entry(concours):
    services.teams_import(tournament=concours, lines=[
        ImportLine(1, "A", "Paul Petit", "Zoé Durand", "Amicale"),
        ImportLine(2, "B", "PAUL PETIT", "Léa Roux", "amicale")])
    # One spelling, the register's (issue 32): « PAUL PETIT » is entered « Paul Petit ».
    first, second = Player.objects.filter(tournament=concours, name="Paul Petit")
    assert first.registered == second.registered
    assert ClubPlayer.objects.filter(club=concours.club).count() == 3


def test_a_file_of_players_is_matched_by_licence_first(client, owner):
    t = melee(owner=owner, slug="melee")
    club = t.club
    licensed = ClubPlayer.objects.create(club=club, name="Dupont", first_name="Jean",
                                         licence="AB 12")
    ClubPlayer.objects.create(club=club, name="Jean Dupuis")
    ClubPlayer.objects.create(club=club, name="Dupuis", first_name="Jean", home_club="X")
    client.force_login(owner)
    url = reverse("tournament:players_import", args=[t.slug])
    file = SimpleUploadedFile("joueurs.csv",
                              b"joueur;club;licence\nJ. Dupont;;ab12\nJean Dupuis;;\n")
    page = client.post(url, {"file": file}).content.decode()
    assert "Quels joueurs du registre ?" in page and "ligne 3" in page
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    assert Player.objects.filter(tournament=t).count() == 0
    response = client.post(reverse("tournament:players_import_confirm", args=[t.slug]),
                           {"pending": pending, "choice-1": "new"})
    assert response.status_code == 302
    # Found by its licence, entered under the register's spelling (issue 32).
    assert Player.objects.get(tournament=t, name="Jean Dupont").registered == licensed
    assert ClubPlayer.objects.filter(club=club).count() == 4


def test_the_players_service_links_as_the_teams_one(owner):
    t = melee(owner=owner)
    entry = ClubPlayer.objects.create(club=t.club, name="Lefèvre", first_name="Hélène")
    [player] = services.players_import(tournament=t, lines=[
        PlayerLine(1, "hélène LEFEVRE", "", "")])
    assert player.registered == entry


@pytest.mark.parametrize("role", ["anonymous", "other_organiser", "table_link"])
@pytest.mark.parametrize("kind", ["teams", "players"])
def test_nobody_but_the_organiser_confirms_a_kept_file(client, owner, role, kind):
    from tests.builders import organiser

    t = (tournament(owner=owner, slug="vendredi", teams=2) if kind == "teams"
         else melee(owner=owner, slug="vendredi", players=4))
    services.tournament_publish(tournament=t, published=True)
    for _ in range(2):
        ClubPlayer.objects.create(club=t.club, name="Jean Martin")
    text = ("Les Amis;Jean Martin;Paul Petit;\n" if kind == "teams" else "Jean Martin\n")
    client.force_login(owner)
    page = client.post(reverse(f"tournament:{kind}_import", args=[t.slug]),
                       {"file": upload(text)}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    client.logout()
    if role == "other_organiser":
        client.force_login(organiser("intrus"))
    elif role == "table_link":
        services.round_generate(tournament=t, seed=1)
        game = t.rounds.get().games.order_by("table").first()
        client.get(reverse("tournament:table_link", args=[game.token]))
    before = (Player.objects.filter(tournament=t).count(), ClubPlayer.objects.count())
    response = client.post(reverse(f"tournament:{kind}_import_confirm", args=[t.slug]),
                           {"pending": pending, "choice-0": "new"})
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code in (403, 404)
    assert (Player.objects.filter(tournament=t).count(), ClubPlayer.objects.count()) == before
    # The control: the organiser's same post imports.
    client.force_login(owner)
    if role == "table_link":
        return  # drawn meanwhile: the file's teams still register, but the check is done
    response = client.post(reverse(f"tournament:{kind}_import_confirm", args=[t.slug]),
                           {"pending": pending, "choice-0": "new"})
    assert response.status_code == 302
    assert Player.objects.filter(tournament=t).count() > before[0]


def test_a_file_refused_for_another_reason_is_refused_before_any_choice(client, owner,
                                                                       concours, register):
    services.team_create(tournament=concours, name="Les Amis", player1="A", player2="B")
    client.force_login(owner)
    before = state(concours)
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": upload()})
    page = response.content.decode()
    assert "Quels joueurs du registre" not in page
    assert "l&#x27;équipe « Les Amis » est déjà inscrite" in page
    assert state(concours) == before


def test_the_service_refuses_a_choice_that_is_not_a_candidate(concours, register):
    before = state(concours)
    lines = [ImportLine(1, "Les Amis", "Paul Petit", "Jean Martin", "")]
    with pytest.raises(UserError, match="n'est plus un de ceux du registre"):
        services.teams_import(tournament=concours, lines=lines,
                              choices={1: register["helene"].pk})
    assert state(concours) == before
    [team] = services.teams_import(tournament=concours, lines=lines,
                                   choices={1: register["jean1"].pk})
    assert team.second.registered == register["jean1"]


def test_a_file_kept_over_an_hour_is_no_longer_pending(client, owner, concours, register,
                                                       tmp_path):
    import os
    import time

    client.force_login(owner)
    page = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                       {"file": upload()}).content.decode()
    pending = re.search(r'name="pending" value="([^"]+)"', page).group(1)
    [kept] = (tmp_path / "imports").glob("*.json")
    hour_ago = time.time() - 3601
    os.utime(kept, (hour_ago, hour_ago))
    response = client.post(reverse("tournament:teams_import_confirm", args=[concours.slug]),
                           {"pending": pending, "choice-1": "new"}, follow=True)
    assert "plus en attente" in response.content.decode()
    assert not Team.objects.filter(tournament=concours).exists()
    assert not kept.exists()
