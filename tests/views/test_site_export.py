"""« Exporter pour le site »: the concours' zip, and the club's page choosing several concours
— for the club's members only."""

import datetime
import io
import zipfile

import pytest
from django.urls import reverse

from tests.builders import drawn, organiser, play_partie
from tournament import services
from tournament.journal import Actor
from tournament.services import club_create

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return archive.namelist()


def test_the_concours_page_offers_the_export_and_it_downloads_a_zip(client, owner, concours):
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[concours.slug])).content.decode()
    url = reverse("tournament:concours_site", args=[concours.slug])
    assert f'href="{url}" id="site-export"' in page
    assert f'href="{url}" id="site-export-results"' in page
    assert reverse("tournament:club_site", args=[concours.club.slug]) in page
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    # Named by the concours' date, not the download's (issue 32).
    assert (response["Content-Disposition"]
            == f'attachment; filename="site-{concours.date.isoformat()}-{concours.slug}.zip"')
    assert "index.html" in names(response)
    assert f"concours/{concours.slug}/classement.html" in names(response)


def test_the_export_links_are_not_shown_to_a_visitor(client, concours):
    page = client.get(reverse("tournament:detail", args=[concours.slug])).content.decode()
    assert reverse("tournament:concours_site", args=[concours.slug]) not in page


@pytest.fixture
def two(owner):
    first = drawn(owner=owner, slug="premier", name="Premier")
    play_partie(first.rounds.get())
    second = drawn(owner=owner, slug="second", name="Second")
    return first, second


def test_the_club_page_lists_its_concours_to_choose(client, owner, two):
    client.force_login(owner)
    page = client.get(reverse("tournament:club_site", args=[two[0].club.slug])).content.decode()
    for t in two:
        assert f'name="concours" value="{t.pk}"' in page
    assert page.index("Second") < page.index("Premier") or two[0].date == two[1].date


def test_the_club_page_says_which_concours_are_unpublished(client, owner, two):
    """Issue 32: the export did not say which concours were not published."""
    first, second = two
    second.published = False
    second.save(update_fields=["published"])
    client.force_login(owner)
    page = client.get(reverse("tournament:club_site", args=[first.club.slug])).content.decode()
    assert f'id="unpublished-{second.pk}"' in page
    assert f'id="unpublished-{first.pk}"' not in page


def test_the_club_zip_holds_the_concours_chosen(client, owner, two):
    client.force_login(owner)
    club = two[0].club
    url = reverse("tournament:club_site_zip", args=[club.slug])
    response = client.get(url, {"concours": [two[0].pk, two[1].pk]})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    # Named by the club's current name and the concours' dates, not the download's (issue 32).
    services.club_rename(club=club, name="Cœur d'Atout", by=Actor.of_user(owner))
    response = client.get(url, {"concours": [two[0].pk, two[1].pk]})
    day = two[0].date.isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="site-coeur-d-atout-{day}-{day}.zip"')
    found = names(response)
    assert "concours/premier/classement.html" in found
    assert "concours/second/classement.html" in found
    only = names(client.get(url, {"concours": [two[1].pk]}))
    assert "concours/second/palmares.html" in only and "concours/premier/palmares.html" not in only


@pytest.mark.parametrize("chosen", [[], ["abc"], ["99999999"], ["1" * 40]])
def test_the_club_zip_refuses_a_bad_choice_in_french(client, owner, two, chosen):
    client.force_login(owner)
    club = two[0].club
    response = client.get(reverse("tournament:club_site_zip", args=[club.slug]),
                          {"concours": chosen}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:club_site", args=[club.slug])
    text = response.content.decode()
    assert "Cochez au moins un concours" in text or "n&#x27;existe pas" in text


def test_another_clubs_concours_is_refused(client, owner, two):
    stranger = organiser("etranger")
    theirs = drawn(owner=stranger, slug="ailleurs", name="Ailleurs")
    assert theirs.club != two[0].club
    client.force_login(owner)
    response = client.get(reverse("tournament:club_site_zip", args=[two[0].club.slug]),
                          {"concours": [two[0].pk, theirs.pk]}, follow=True)
    assert response["Content-Type"].startswith("text/html")
    assert "pas de ce club" in response.content.decode()


def test_too_many_concours_are_refused(client, owner, two, monkeypatch):
    from tournament.views import site_export

    monkeypatch.setattr(site_export, "MAX_CONCOURS", 1)
    client.force_login(owner)
    response = client.get(reverse("tournament:club_site_zip", args=[two[0].club.slug]),
                          {"concours": [two[0].pk, two[1].pk]}, follow=True)
    assert "1 concours au plus" in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_only_the_clubs_members_reach_its_export(client, two, who):
    if who == "stranger":
        stranger = organiser("etranger")
        club_create(name="Autre club", responsable=stranger)
        client.force_login(stranger)
    club = two[0].club
    assert client.get(reverse("tournament:club_site", args=[club.slug])).status_code == 404
    response = client.get(reverse("tournament:club_site_zip", args=[club.slug]),
                          {"concours": [two[0].pk]})
    assert response.status_code == 404


def test_a_season_chosen_brings_its_pages_and_its_concours(client, owner, two):
    from tournament import services

    club = two[0].club
    season = services.season_create(club=club, name="Saison 2026",
                                    start=datetime.date(2026, 1, 1),
                                    end=datetime.date(2026, 12, 31),
                                    points_table="10,8", concours=[two[0].pk])
    client.force_login(owner)
    page = client.get(reverse("tournament:club_site", args=[club.slug])).content.decode()
    assert f'name="saison" value="{season.pk}"' in page
    found = names(client.get(reverse("tournament:club_site_zip", args=[club.slug]),
                             {"saison": [season.pk]}))
    assert f"saisons/{season.pk}/classement.html" in found
    assert f"saisons/{season.pk}/grille.html" in found
    # Its concours comes with it, unchecked; the other one stays out.
    assert "concours/premier/classement.html" in found
    assert "concours/second/classement.html" not in found


@pytest.mark.parametrize("chosen", [["abc"], ["99999999"]])
def test_a_bad_season_is_refused_in_french(client, owner, two, chosen):
    client.force_login(owner)
    club = two[0].club
    response = client.get(reverse("tournament:club_site_zip", args=[club.slug]),
                          {"saison": chosen, "concours": [two[0].pk]}, follow=True)
    assert response["Content-Type"].startswith("text/html")
    assert "Une saison cochée n&#x27;existe pas" in response.content.decode()
