"""The register's one spelling rule (issue 32): a name typed at the desk or in a file is
written by `validators.name_spelled` when it makes a register player; every entrant linked to
that player, typed or imported, takes the register's spelling."""

import pytest

from tests.builders import tournament
from tournament import services
from tournament.models import ClubPlayer, Player
from tournament.validators import name_spelled


@pytest.mark.parametrize(("typed", "spelled"), [
    ("castel mireille", "Castel Mireille"),
    ("CASTEL MIREILLE", "Castel Mireille"),
    ("jean-pierre de la fontaine", "Jean-Pierre de la Fontaine"),
    ("JEANNE D'ARC", "Jeanne d'Arc"),
    ("élodie étienne", "Élodie Étienne"),  # accents kept
    # Typed with its own capitals: the desk chose them.
    ("Mireille CASTEL", "Mireille CASTEL"),
    ("Anne McKay", "Anne McKay"),
    ("Pierre Fabre fils", "Pierre Fabre fils"),
    # No spelling of a name: the text typed, whatever it is (a workbook writes it as text).
    ("@joueur 1", "@joueur 1"),
    ("=b1", "=b1"),
    ("martin 2", "martin 2"),
])
def test_a_typed_name_is_spelled_by_the_registers_rule(typed, spelled):
    assert name_spelled(typed) == spelled


@pytest.mark.django_db
def test_the_desk_and_a_file_write_one_spelling_for_one_person(owner):
    first = tournament(owner=owner)
    team = services.team_create(tournament=first, name="Les As", player1="castel mireille",
                                player2="PAUL ROY")
    assert list(ClubPlayer.objects.order_by("pk").values_list("name", flat=True)) == [
        "Castel Mireille", "Paul Roy"]
    assert (team.first.name, team.second.name) == ("Castel Mireille", "Paul Roy")
    second = tournament(owner=owner)
    services.teams_import(tournament=second, lines=[services.ImportLine(
        line=2, name="Les Rois", player1="MIREILLE CASTEL", player2="anne roy", club="")])
    names = dict(Player.objects.filter(tournament=second).values_list("registered", "name"))
    castel = ClubPlayer.objects.get(name="Castel Mireille")
    assert names[castel.pk] == "Castel Mireille"  # the register's, not the file's
    assert "Anne Roy" in names.values() and ClubPlayer.objects.count() == 3
