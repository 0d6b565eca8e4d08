"""The season's pages by role (the club's responsable, organisateur, table de marque, a
member of another club, anonymous), its form's refusals, and its documents read back."""

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import drawn, organiser, played, register_linked
from tournament import services
from tournament.choices import ROLE_MARQUE, ROLE_ORGANISATEUR
from tournament.journal import Actor
from tournament.models import Membership, Season

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)


@pytest.fixture
def season(owner):
    t = drawn(owner=owner, teams=4, slug="vendredi", name="Vendredi de novembre")
    register_linked(t)
    played(t)
    return services.season_create(club=t.club, name="Challenge d'hiver", start=DAY, end=DAY,
                                  points_table="100,90,80,70", concours=[t.pk])


def member(club, role):
    user = organiser()
    Membership.objects.create(club=club, user=user, role=role)
    return user


def url(name, season, *more):
    return reverse(f"tournament:{name}", args=[season.club.slug, season.pk, *more])


PAGES = ["season", "season_pdf", "season_xlsx", "season_screen"]


@pytest.mark.parametrize("name", PAGES)
def test_members_read_every_page_of_an_unpublished_season(client, season, name):
    client.force_login(member(season.club, ROLE_MARQUE))
    assert client.get(url(name, season)).status_code == 200


@pytest.mark.parametrize("name", [*PAGES, "season_edit"])
@pytest.mark.parametrize("who", ["anonymous", "other club"])
def test_an_unpublished_season_does_not_exist_for_anyone_else(client, season, name, who):
    if who == "other club":
        client.force_login(organiser())  # the responsable of a club of their own
    assert client.get(url(name, season)).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_a_published_season_is_everyones(client, season, name):
    Season.objects.filter(pk=season.pk).update(published=True)
    assert client.get(url(name, season)).status_code == 200


def test_the_season_s_projector_is_in_large_type_by_default_with_its_switch(client, season):
    # Read from the back of the hall, as the concours' projector: large unless turned off
    # on that computer, under the hall's key (the desk's choice leaves it alone).
    Season.objects.filter(pk=season.pk).update(published=True)
    page = client.get(url("season_screen", season)).content.decode()
    assert '<html lang="fr" data-large-default="1">' in page
    assert "data-large-switch" in page and "data-fullscreen" in page


def test_the_club_list_is_its_members(client, season):
    address = reverse("tournament:seasons", args=[season.club.slug])
    assert client.get(address).status_code == 404
    client.force_login(member(season.club, ROLE_MARQUE))
    page = client.get(address).content.decode()
    assert "Challenge d&#x27;hiver" in page and "Nouvelle saison" not in page


def test_a_visitor_finds_the_published_seasons_and_no_link_to_an_unpublished_concours(
        client, season):
    """Published, a season's page linked its unpublished concours (a 404 for a visitor),
    and only its exact address led to it."""
    hidden = services.tournament_create(organiser=season.club.memberships.get().user,
                                        club=season.club, name="Vendredi caché",
                                        slug="cache", date=DAY)
    Season.objects.filter(pk=season.pk).update(published=True)
    hidden.season = season
    hidden.save(update_fields=["season"])
    other = services.season_create(club=season.club, name="Brouillon", start=DAY, end=DAY,
                                   points_table="100")  # not published: not listed
    listed = client.get(reverse("tournament:seasons", args=[season.club.slug]))
    assert listed.status_code == 200
    text = listed.content.decode()
    assert url("season", season) in text and url("season", other) not in text
    assert "Nouvelle saison" not in text
    home = client.get(reverse("tournament:home")).content.decode()
    assert url("season", season) in home and "Brouillon" not in home
    page = client.get(url("season", season)).content.decode()
    assert "Vendredi caché" in page
    assert reverse("tournament:detail", args=["cache"]) not in page
    assert reverse("tournament:detail", args=["vendredi"]) in page  # published: linked


def form_data(season, **changes):
    data = {"name": "Challenge", "start": "2026-09-01", "end": "2027-06-30",
            "concours": [str(t.pk) for t in season.tournaments.all()], "kind": "table",
            "points_table": "100,90,80", "beyond": "zero", "participation": "5", "best": "",
            "min_ranked": "", "min_lot": "4", "tie_break_0": "wins", "tie_break_1": "score",
            "tie_break_2": "", "tie_break_3": "", "published": "on"}
    data.update(changes)
    return data


def test_an_organisateur_changes_the_season_and_a_table_de_marque_may_not(client, season):
    client.force_login(member(season.club, ROLE_MARQUE))
    assert client.get(url("season_edit", season)).status_code == 403
    assert client.post(url("season_edit", season), form_data(season)).status_code == 403
    assert client.post(url("season_delete", season)).status_code == 403
    client.force_login(member(season.club, ROLE_ORGANISATEUR))
    response = client.post(url("season_edit", season), form_data(season))
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.participation, season.min_lot, season.published) == (
        "Challenge", 5, 4, True)


@pytest.mark.parametrize("changes, words", [
    ({"points_table": "100,90,x"}, "Place 3 : « x »"),
    ({"participation": "99999999999999999999"}, "un nombre entier de 0 à 10000"),
    ({"end": "2026-01-01"}, "finit avant de commencer"),
    ({"tie_break_1": "wins"}, "Chaque départage une seule fois"),
])
def test_a_bad_season_form_is_refused_in_french_and_changes_nothing(client, owner, season,
                                                                    changes, words):
    client.force_login(owner)
    response = client.post(url("season_edit", season), form_data(season, **changes))
    assert response.status_code == 400
    assert words in response.content.decode()
    season.refresh_from_db()
    assert season.name == "Challenge d'hiver"


def test_a_new_season_from_the_form(client, owner, season):
    client.force_login(owner)
    address = reverse("tournament:season_create", args=[season.club.slug])
    page = client.get(address).content.decode()
    assert "Vendredi de novembre" not in page  # already in a season: not offered
    response = client.post(address, form_data(season, concours=[], name="Été"))
    assert response.status_code == 302
    assert Season.objects.filter(name="Été", club=season.club).exists()


def test_the_responsable_deletes_a_season_and_its_concours_stay(client, owner, season):
    client.force_login(owner)
    assert client.post(url("season_delete", season)).status_code == 302
    assert not Season.objects.exists()
    assert season.club.tournaments.count() == 1


def test_the_standings_page_says_which_concours_it_includes(client, owner, season):
    client.force_login(owner)
    page = client.get(url("season", season)).content.decode()
    assert "Classement sur 1 concours" in page and "Vendredi de novembre" in page
    assert page.count("data-player=") == 8


def test_the_pdf_reads_back_the_standings_and_the_grid(client, owner, season):
    client.force_login(owner)
    response = client.get(url("season_pdf", season))
    assert response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Challenge d'hiver" in text and "Grille" in text
    assert "Joueur 1A" in text and "Vendredi de novembre" in text


def test_the_workbook_has_the_standings_and_the_grid(client, owner, season):
    client.force_login(owner)
    response = client.get(url("season_xlsx", season))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Classement", "Grille"]
    rows = list(book["Classement"].iter_rows(min_row=3, values_only=True))
    assert len(rows) == 8 and {row[2] for row in rows} <= {100, 90, 80, 70}
    assert "Vendredi de novembre" in book["Grille"].cell(row=2, column=3).value
    # The grid's points are numbers (« 100 * » was a text no spreadsheet sums), the counted
    # ones in bold; the header's bold stays.
    grid = book["Grille"]
    cells = [grid.cell(row=row, column=3) for row in range(3, 3 + len(rows))]
    assert [cell.value for cell in cells] == [row[2] for row in rows]
    assert all(type(cell.value) is int and cell.font.b for cell in cells)
    assert grid.cell(row=2, column=1).font.b and not grid.cell(row=3, column=1).font.b


def test_the_season_downloads_are_named_by_the_season_its_club_and_its_dates(
        client, owner, season):
    """Issue 32: « saison-<old address>-<key>-<download's date> » named them; now the
    season's name, the club's current name and the season's dates."""
    services.club_rename(club=season.club, name="Cœur d'Atout", by=Actor.of_user(owner))
    client.force_login(owner)
    response = client.get(url("season_xlsx", season))
    assert response["Content-Disposition"] == (
        'attachment; filename="saison-challenge-d-hiver-coeur-d-atout-2026-11-21-2026-11-21'
        '.xlsx"')


def test_the_workbook_grid_sets_apart_a_result_not_counted(client, owner, season):
    """Best 1 of 2: the lower result is a plain number, the counted one bold."""
    t = drawn(owner=owner, teams=4, slug="samedi", name="Samedi", date=DAY)
    register_linked(t)
    played(t)
    Season.objects.filter(pk=season.pk).update(best=1)
    t.season = season
    t.save(update_fields=["season"])
    client.force_login(owner)
    grid = load_workbook(io.BytesIO(client.get(url("season_xlsx", season)).content))["Grille"]
    lines = [[grid.cell(row=row, column=column) for column in (3, 4)]
             for row in range(3, grid.max_row + 1)]
    assert lines and all(type(cell.value) is int for line in lines for cell in line)
    assert all(sum(cell.font.b for cell in line) == 1 for line in lines)
    for line in lines:  # the bold one is the higher (or equal) of the two
        counted = next(cell.value for cell in line if cell.font.b)
        assert counted == max(cell.value for cell in line)


def test_only_the_responsable_and_organisateurs_create_a_season(client, season):
    address = reverse("tournament:season_create", args=[season.club.slug])
    assert client.get(address).status_code == 404
    client.force_login(organiser())  # a member of another club only
    assert client.get(address).status_code == 404
    client.force_login(member(season.club, ROLE_MARQUE))
    assert client.get(address).status_code == 403
    assert client.post(address, form_data(season, concours=[])).status_code == 403
    client.force_login(member(season.club, ROLE_ORGANISATEUR))
    assert client.get(address).status_code == 200
    assert Season.objects.count() == 1


def test_the_home_page_links_a_members_club_seasons(client, owner, season):
    client.force_login(owner)
    page = client.get(reverse("tournament:home")).content.decode()
    assert reverse("tournament:seasons", args=[season.club.slug]) in page


@pytest.mark.parametrize("name", [*PAGES, "season_edit"])
def test_every_season_page_and_document_speaks_french(client, owner, season, name):
    from tests.system.test_french_everywhere import FORBIDDEN, visible_text

    # A player unranked (too few concours) and a rule with every part shown.
    services.season_update(season=season, name=season.name, start=DAY, end=DAY, kind="table",
                           points_table="100,90", beyond="last", participation=3, best=None,
                           min_ranked=2, min_lot=1, tie_breaks=["played", "best"],
                           published=False,
                           concours=[t.pk for t in season.tournaments.all()])
    client.force_login(owner)
    text = visible_text(client.get(url(name, season)))
    assert not FORBIDDEN.findall(text)
    assert "None" not in text
