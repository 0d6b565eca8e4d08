"""The club's sponsors from the desk: a logo uploaded and shown on a screen's « Partenaires »
view, hostile files refused in French changing nothing, deleted; and a hall screen's
changes journaled, deleted from the desk."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.sponsors.images import SVG_WITH_SCRIPT, image_bytes, png_header_only
from tournament import journal, services
from tournament.errors import UserError
from tournament.logos import MAX_SPONSORS, logo_checked
from tournament.models import AuditEntry, HallScreen, Sponsor

pytestmark = pytest.mark.django_db


def upload(client, club, name, raw, filename):
    return client.post(reverse("tournament:sponsors", args=[club.slug]), {
        "name": name, "order": "", "logo": SimpleUploadedFile(filename, raw)})


def test_a_logo_uploaded_shows_on_a_screen_s_sponsor_view_and_goes_when_deleted(
        client, owner, concours):
    client.force_login(owner)
    club = concours.club
    assert upload(client, club, "Boulangerie <Dupont>", image_bytes("PNG"),
                  "dupont.png").status_code == 302
    sponsor = Sponsor.objects.get()
    assert (sponsor.club, sponsor.order, sponsor.kind) == (club, 1, "png")
    screen = services.screen_add(tournament=concours)
    services.screen_set(screen=screen, name="Bar", seconds={"partenaires": 10}, message="")
    page = client.get(reverse("tournament:hall_screen", args=[concours.slug, 1]))
    text = page.content.decode()
    logo_url = reverse("tournament:sponsor_logo", args=[concours.slug, sponsor.pk])
    assert 'data-view="partenaires"' in text and logo_url in text
    assert "Boulangerie &lt;Dupont&gt;" in text and "<Dupont>" not in text
    logo = client.get(logo_url)
    assert logo["Content-Type"] == "image/png" and logo["X-Content-Type-Options"] == "nosniff"
    assert bytes(logo.content) == bytes(sponsor.logo)
    client.post(reverse("tournament:sponsor_delete", args=[club.slug, sponsor.pk]))
    assert not Sponsor.objects.exists()
    assert client.get(logo_url).status_code == 404
    # No logo left: the view says so (rather than the screen showing every other view).
    assert "Le club n'a pas encore de logo de partenaire." in client.get(
        reverse("tournament:hall_screen", args=[concours.slug, 1])).content.decode()


@pytest.mark.parametrize(("raw", "filename", "words"), [
    (SVG_WITH_SCRIPT, "logo.svg", "Les fichiers SVG (ou HTML) ne sont pas acceptés"),
    (png_header_only(60000, 60000), "bombe.png", "L'image est trop grande"),
    (image_bytes("PNG"), "logo.jpg", "Ce fichier est un PNG, mais son nom finit par « .jpg »"),
    (b"Rien qu'un texte", "logo.png", "Ce fichier n'est pas une image PNG ou JPEG."),
    (b"", "logo.png", "Le fichier est vide."),
    (b"\0" * (2 * 1024 * 1024 + 1), "logo.png", "Le fichier est trop lourd : 2 Mo au plus."),
])
def test_a_hostile_file_is_refused_in_french_and_changes_nothing(client, owner, concours,
                                                                 raw, filename, words):
    client.force_login(owner)
    response = upload(client, concours.club, "Partenaire", raw, filename)
    assert response.status_code == 422
    assert words in response.content.decode().replace("&#x27;", "'")
    assert not Sponsor.objects.exists()


def test_another_club_s_logo_is_not_found_from_this_concours(client, owner, concours):
    other = services.club_create(name="Club voisin", responsable=owner)
    client.force_login(owner)
    upload(client, other, "Voisin", image_bytes("PNG"), "voisin.png")
    sponsor = Sponsor.objects.get(club=other)
    assert client.get(reverse("tournament:sponsor_logo",
                              args=[concours.slug, sponsor.pk])).status_code == 404


def test_a_screen_added_set_and_deleted_is_journaled_and_its_address_goes(
        client, owner, concours):
    client.force_login(owner)
    client.post(reverse("tournament:screen_add", args=[concours.slug]))
    client.post(reverse("tournament:screen_settings", args=[concours.slug, 1]), {
        "name": "Entrée", "message": "", "seconds_tables": "0", "seconds_ou": "0",
        "seconds_classement": "30", "seconds_palmares": "0", "seconds_message": "0",
        "seconds_chrono": "0", "seconds_partenaires": "12"})
    client.post(reverse("tournament:screen_delete", args=[concours.slug, 1]))
    assert not HallScreen.objects.exists()
    entries = list(AuditEntry.objects.filter(kind="screen").order_by("id"))
    assert [(e.action, e.number, e.actor) for e in entries] == [
        ("create", 1, owner.username), ("update", 1, owner.username),
        ("delete", 1, owner.username)]
    assert entries[1].after == {"name": "Entrée", "rotation": "classement:30,partenaires:12",
                                "message": ""}
    assert all(journal.well_formed(entry) for entry in entries)
    assert "Entrée" in journal.describe(entries[2])[0]
    journal_page = client.get(reverse("tournament:journal", args=[concours.slug]))
    assert "Entrée" in journal_page.content.decode()
    assert client.get(reverse("tournament:hall_screen", args=[concours.slug, 1])
                      ).status_code == 404


def test_the_club_keeps_twelve_logos_at_most_and_the_pdf_setting_is_set_from_the_screens_page(
        client, owner, concours):
    logo = logo_checked(image_bytes("PNG"), "logo.png")
    for number in range(MAX_SPONSORS):
        services.sponsor_add(club=concours.club, name=f"Partenaire {number}", logo=logo)
    with pytest.raises(UserError, match="12 partenaires au plus par club"):
        services.sponsor_add(club=concours.club, name="Un de trop", logo=logo)
    assert Sponsor.objects.count() == MAX_SPONSORS
    client.force_login(owner)
    url = reverse("tournament:sponsors_pdf", args=[concours.slug])
    assert client.post(url, {"shown": "on"})["Location"] == reverse("tournament:screens",
                                                                    args=[concours.slug])
    concours.refresh_from_db()
    assert concours.sponsors_in_pdfs is True
    client.post(url, {})
    concours.refresh_from_db()
    assert concours.sponsors_in_pdfs is False


def test_a_body_too_large_is_refused_unread_and_the_csrf_check_still_holds(owner, concours):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    url = reverse("tournament:sponsors", args=[concours.club.slug])
    huge = client.post(url, {"name": "Lourd", "logo": SimpleUploadedFile(
        "lourd.png", b"\0" * (3 * 1024 * 1024))})
    assert huge.status_code == 413
    assert "Le fichier est trop lourd : 2 Mo au plus." in huge.content.decode()
    forged = client.post(url, {"name": "Sans jeton", "logo": SimpleUploadedFile(
        "logo.png", image_bytes("PNG"))})
    assert forged.status_code == 403
    assert not Sponsor.objects.exists()


def test_a_logo_changes_place_and_the_screen_follows_the_order(client, owner, concours):
    logo = logo_checked(image_bytes("PNG"), "logo.png")
    first = services.sponsor_add(club=concours.club, name="Boulangerie", logo=logo)
    services.sponsor_add(club=concours.club, name="Garage", logo=logo)
    client.force_login(owner)
    url = reverse("tournament:sponsor_place", args=[concours.club.slug, first.pk])
    client.post(url, {f"s{first.pk}-order": "100"})  # refused: 99 at most
    assert Sponsor.objects.get(pk=first.pk).order == 1
    client.post(url, {f"s{first.pk}-order": "3"})
    assert list(Sponsor.objects.values_list("name", flat=True)) == ["Garage", "Boulangerie"]
