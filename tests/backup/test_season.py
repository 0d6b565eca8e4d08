"""Backup version 6 carries the club's season a concours counts for: restored in another
club, the concours joins that club's season of the same name and dates (made from the file
when there is none); a season's values are checked as its form checks them."""

import datetime
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.builders import organiser, tournament
from tests.forms.test_forms_text import rules_data
from tournament import services
from tournament.errors import UserError
from tournament.models import Season, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_season(owner):
    t = tournament(owner=owner, teams=4, slug="vendredi")
    season = services.season_create(
        club=t.club, name="Challenge", start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30), points_table="100,90,80", beyond="last",
        participation=5, best=10, min_ranked=2, min_lot=4, tie_breaks=["score", "wins"],
        concours=[t.pk])
    return Tournament.objects.get(pk=t.pk), season


def test_the_season_is_in_the_backup(in_season):
    t, _season = in_season
    assert backup.export_data(t)["season"] == {
        "name": "Challenge", "start": "2026-09-01", "end": "2027-06-30", "kind": "table",
        "points_table": [100, 90, 80], "beyond": "last", "participation": 5, "best": 10,
        "min_ranked": 2, "min_lot": 4, "tie_breaks": ["score", "wins"], "published": False}


def test_restored_in_another_club_the_season_is_made_then_found_again(in_season):
    t, season = in_season
    data = backup.export_data(t)
    other = organiser("ailleurs")
    restored = backup.import_data({**data, "tournament": {**data["tournament"],
                                                          "slug": "copie-1"}},
                                  organiser=other)
    made = restored.season
    assert made is not None and made != season and made.club == restored.club
    assert (made.name, made.points_table, made.beyond, made.participation, made.best,
            made.min_ranked, made.min_lot, made.tie_breaks) == (
        "Challenge", [100, 90, 80], "last", 5, 10, 2, 4, ["score", "wins"])
    again = backup.import_data({**data, "tournament": {**data["tournament"],
                                                       "slug": "copie-2"}},
                               organiser=other)
    assert again.season == made
    assert Season.objects.filter(club=restored.club).count() == 1
    # And back home, over itself: the club's own season.
    home = backup.import_data(data, organiser=t.organiser, replace=True)
    assert home.season == season


def test_a_concours_in_no_season_restores_in_none(owner):
    t = tournament(owner=owner, teams=4, slug="seul")
    data = backup.export_data(t)
    assert data["season"] is None
    assert backup.import_data(data, organiser=owner, replace=True).season is None


@pytest.mark.parametrize(("change", "message"), [
    ({"points_table": [100, "x"]}, "barème"),
    ({"points_table": "100,90"}, "barème"),
    ({"start": "1er septembre"}, "date ISO"),
    ({"end": "2026-01-01"}, "finit avant de commencer"),
    ({"kind": "loterie"}, "Règle inconnue"),
    ({"tie_breaks": ["wins", "wins"]}, "Départages"),
    ({"participation": -1}, "Saison"),
    ({"participation": 10**12}, "Saison"),
    ({"name": "\u202eChallenge"}, "Saison"),
    ({"best": True}, "Saison"),
    # The concours (21/11/2026) outside the season's dates: refused, said.
    ({"start": "2027-01-01"}, "n'est pas dans les dates de la saison « Challenge »"),
    ({"end": "2026-11-20"}, "du 01/09/2026 au 20/11/2026"),
])
def test_a_bad_season_is_refused_and_nothing_is_written(in_season, change, message):
    t, _season = in_season
    data = backup.export_data(t)
    data["tournament"]["slug"] = "copie"
    data["season"] = {**data["season"], **change}
    seasons, concours = Season.objects.count(), Tournament.objects.count()
    with pytest.raises(UserError, match=message):
        backup.import_data(data, organiser=t.organiser)
    assert (Season.objects.count(), Tournament.objects.count()) == (seasons, concours)


# --- Copying a concours, restoring one written before its season (issue 32) -----------------


def test_copier_ce_concours_puts_the_copy_in_no_season_and_the_page_says_it(
        client, in_season):
    t, season = in_season
    copy = backup.tournament_copy(tournament=t, organiser=t.organiser, slug="vendredi-2",
                                  name="Vendredi (copie)")
    assert copy.season is None  # in the original's, the season would count it twice
    assert list(season.tournaments.all()) == [t]
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:backup_restore", args=[t.slug])).content.decode()
    assert "La copie ne compte pour aucune saison" in html.unescape(page)


def test_the_copys_season_is_chosen_on_its_settings_where_the_copy_opens(client, in_season):
    """Issue 32: the warning pointed to a season choice that did not exist. The copy now
    opens on its settings at « Saison », which offers the club's seasons holding its date
    only; the choice is saved and journaled."""
    t, season = in_season
    services.season_create(club=t.club, name="Été", start=datetime.date(2027, 7, 1),
                           end=datetime.date(2027, 8, 31), points_table="10")
    client.force_login(t.organiser)
    page = html.unescape(client.get(
        reverse("tournament:backup_restore", args=[t.slug])).content.decode())
    assert f'href="{reverse("tournament:rules", args=[t.slug])}#id_season"' in page
    done = client.post(reverse("tournament:tournament_copy", args=[t.slug]),
                       {"name": "Vendredi (copie)", "slug": "vendredi-2"})
    assert done["Location"] == reverse("tournament:rules", args=["vendredi-2"]) + "#id_season"
    copy = Tournament.objects.get(slug="vendredi-2")
    settings = client.get(done["Location"])
    choices = [str(label) for _value, label in settings.context["form"].fields["season"].choices]
    assert choices == ["aucune saison", "Challenge"]  # not « Été »
    assert 'id="id_season"' in settings.content.decode()
    posted = client.post(reverse("tournament:rules", args=["vendredi-2"]),
                         rules_data(copy, season=season.pk))
    assert posted.status_code == 302
    assert Tournament.objects.get(slug="vendredi-2").season == season
    entry = copy.audit.filter(kind="season").latest("pk")
    assert (entry.before, entry.after) == ({"season": None}, {"season": "Challenge"})
    # A season whose dates do not hold the concours is refused, nothing changed.
    summer = Season.objects.get(name="Été")
    with pytest.raises(UserError, match="pas dans les dates de la saison « Été »"):
        services.tournament_details_update(tournament=copy, season=summer)
    assert Tournament.objects.get(slug="vendredi-2").season == season


def test_a_backup_written_before_the_season_keeps_the_concours_in_it(client, owner):
    t = tournament(owner=owner, teams=4, slug="vendredi")
    written_before = backup.export_data(t)
    assert written_before["season"] is None
    season = services.season_create(
        club=t.club, name="Challenge", start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30), points_table="100,90,80", beyond="last",
        participation=5, best=10, min_ranked=2, min_lot=4, tie_breaks=["score", "wins"],
        concours=[t.pk])
    services.team_create(tournament=t, name="Arrivée après", player1="A", player2="B")
    client.force_login(owner)
    page = client.post(reverse("tournament:backup_restore", args=[t.slug]), {
        "file": SimpleUploadedFile("s.json", json.dumps(written_before).encode()),
        "mode": "replace"})
    text = html.unescape(page.content.decode())
    # The comparison says the season is kept, and what the concours loses.
    assert "Challenge (gardée" in text.replace("<small>", "")
    assert page.context["lost"] == ["1 équipe inscrite", "2 joueurs"]
    done = client.post(reverse("tournament:backup_restore_confirm", args=[t.slug]),
                       {"pending": page.context["pending"], "seen": page.context["seen"]})
    assert done.status_code == 302
    assert Tournament.objects.get(slug="vendredi").season == season
