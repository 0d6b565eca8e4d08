"""The hall in a backup (version 7, issue 37): the concours' screens and its club's logos
written and restored; a logo of a crafted file checked as an upload is; an older file
restored with none."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from tests.builders import organiser
from tests.sponsors.images import SVG_WITH_SCRIPT, image_bytes
from tournament import services
from tournament.errors import UserError
from tournament.logos import logo_checked
from tournament.models import HallScreen, Sponsor
from tournament.services import backup
from tournament.services.backup import upgrade

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(concours):
    screen = services.screen_add(tournament=concours)
    services.screen_set(screen=screen, name="Bar", seconds={"partenaires": 10, "tables": 20},
                        message="Buvette ouverte")
    services.screen_add(tournament=concours)
    services.sponsor_add(club=concours.club, name="Boulangerie", order=2,
                         logo=logo_checked(image_bytes("PNG", color="blue"), "b.png"))
    services.sponsor_add(club=concours.club, name="Garage",
                         logo=logo_checked(image_bytes("JPEG"), "g.jpg"))
    services.sponsors_in_pdfs_set(tournament=concours, shown=True)
    return concours


def test_the_screens_and_the_club_s_logos_are_written_and_restored(hall, owner):
    data = json.loads(backup.export_json(hall))
    assert data["version"] == backup.VERSION and data["tournament"]["sponsors_in_pdfs"] is True
    assert data["screens"][0] == {"number": 1, "name": "Bar", "message": "Buvette ouverte",
                                  "rotation": "tables:20,partenaires:10"}
    assert [(row["name"], row["order"], row["kind"]) for row in data["sponsors"]] == [
        ("Boulangerie", 2, "png"), ("Garage", 3, "jpeg")]
    logos = {sponsor.name: bytes(sponsor.logo) for sponsor in Sponsor.objects.all()}
    services.tournament_delete(tournament=hall)
    Sponsor.objects.all().delete()  # another computer's club: no logo yet

    restored = backup.import_data(data, organiser=owner)
    assert list(HallScreen.objects.filter(tournament=restored).values_list(
        "number", "name", "rotation", "message")) == [
        (1, "Bar", "tables:20,partenaires:10", "Buvette ouverte"),
        (2, "", "tables:15,classement:20", "")]
    assert restored.sponsors_in_pdfs is True
    back = {sponsor.name: sponsor for sponsor in Sponsor.objects.filter(club=restored.club)}
    assert sorted(back) == ["Boulangerie", "Garage"]
    assert bytes(back["Boulangerie"].logo) == logos["Boulangerie"]  # a PNG: drawn the same
    # Restored over itself, the club keeps its logos once.
    backup.import_data(data, organiser=owner, replace=True)
    assert Sponsor.objects.filter(club=restored.club).count() == 2


def test_a_crafted_logo_in_a_backup_is_refused_in_french_and_nothing_is_written(hall, owner):
    data = backup.export_data(hall)
    data["tournament"]["slug"] = "ailleurs"
    data["sponsors"][0]["logo"] = base64.b64encode(SVG_WITH_SCRIPT).decode()
    with pytest.raises(UserError, match="Partenaire 1 : Les fichiers SVG"):
        backup.import_data(data, organiser=owner)
    data["sponsors"][0]["logo"] = "pas du base64 !"
    with pytest.raises(UserError, match="Partenaire 1 : logo : une image en base64"):
        backup.import_data(data, organiser=owner)
    data["sponsors"] = []
    data["screens"][0]["rotation"] = "script:10"
    with pytest.raises(UserError, match="Écran 1 : vues"):
        backup.import_data(data, organiser=owner)
    assert HallScreen.objects.count() == 2 and Sponsor.objects.count() == 2


def test_a_version_6_file_has_no_screen_no_logo_and_prints_none():
    data = json.loads((Path(__file__).parent / "files" / "version-6.json").read_text())
    upgraded = upgrade.v6_to_v7(data)
    assert (upgraded["screens"], upgraded["sponsors"]) == ([], [])
    assert upgraded["tournament"]["sponsors_in_pdfs"] is False and "screens" not in data
    data["screens"] = []  # a version 7 file called 6
    with pytest.raises(UserError, match="champ inconnu : screens"):
        backup.read(data)
    restored = backup.import_data(json.loads((Path(__file__).parent / "files" /
                                              "version-6.json").read_text()),
                                  organiser=organiser())
    assert not HallScreen.objects.filter(tournament=restored).exists()
