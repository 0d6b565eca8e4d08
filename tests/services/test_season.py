"""A season's checks (services.season): clear French refusals that change nothing, a
concours in at most one season of its own club, within the season's dates."""

import datetime

import pytest

from tests.builders import organiser, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import Season, Tournament

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)


def create(t, **values):
    for name, value in (("points_table", "100,90,80"), ("club", t.club), ("name", "Saison"),
                        ("start", DAY), ("end", DAY), ("concours", [t.pk])):
        values.setdefault(name, value)
    return services.season_create(**values)


def test_a_season_includes_the_concours_chosen_with_its_rule():
    t = tournament()
    season = create(t, participation=5, best=3, min_ranked=2, min_lot=4,
                    tie_breaks=["score", "wins"], beyond="last")
    t.refresh_from_db()
    assert t.season == season
    assert (season.points_table, season.participation, season.best, season.tie_breaks,
            season.beyond) == ([100, 90, 80], 5, 3, ["score", "wins"], "last")


@pytest.mark.parametrize("values, field, words", [
    ({"points_table": "100,90,x"}, "points_table", "Place 3 : « x »"),
    ({"points_table": ""}, "points_table", "Tapez les points"),
    ({"points_table": "10,20"}, "points_table", "plus que la place précédente"),
    ({"end": DAY - datetime.timedelta(days=1)}, "end", "finit avant de commencer"),
    ({"kind": "autre"}, "kind", "Règle inconnue"),
    ({"beyond": "tout"}, "beyond", "au-delà"),
    ({"best": 0}, "best", "un nombre entier de 1"),
    ({"participation": 10_001}, "participation", "de 0 à 10000"),
    ({"tie_breaks": ["wins", "wins"]}, "tie_breaks", "une seule fois"),
    ({"name": "a\u200bb"}, "name", "invisible"),
])
def test_a_bad_season_is_refused_in_french_and_nothing_is_written(values, field, words):
    t = tournament()
    with pytest.raises(UserError, match=words) as refusal:
        create(t, **values)
    assert refusal.value.field == field
    assert not Season.objects.exists()


def test_a_concours_counts_for_one_season_at_most():
    t = tournament(name="Vendredi")
    create(t, name="Première")
    with pytest.raises(UserError, match="« Vendredi » est déjà dans la saison « Première »"):
        create(t, name="Seconde")
    assert Season.objects.count() == 1


def test_a_concours_of_another_club_is_refused():
    mine, theirs = tournament(), tournament(owner=organiser())
    with pytest.raises(UserError, match="n'est pas un concours du club"):
        create(mine, concours=[mine.pk, theirs.pk])
    assert Tournament.objects.filter(season__isnull=False).count() == 0


def test_a_concours_outside_the_seasons_dates_is_refused():
    t = tournament(date=DAY + datetime.timedelta(days=3))
    with pytest.raises(UserError, match="n'est pas dans les dates"):
        create(t)


def test_an_update_changes_the_concours_and_a_deletion_frees_them():
    owner = organiser()
    a, b = tournament(owner=owner), tournament(owner=owner)
    season = create(a)
    services.season_update(season=season, name="Renommée", start=DAY, end=DAY, kind="formula",
                           points_table="", beyond="zero", participation=0, best=None,
                           min_ranked=0, min_lot=0, tie_breaks=[], published=True,
                           concours=[b.pk])
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.season, b.season.name, b.season.kind) == (None, "Renommée", "formula")
    services.season_delete(season=b.season)
    b.refresh_from_db()
    assert b.season is None and not Season.objects.exists()


def test_joining_and_leaving_a_season_is_journaled_in_each_concours():
    from tournament import journal
    from tournament.journal.log import Actor
    from tournament.models import AuditEntry

    owner = organiser()
    a, b = tournament(owner=owner), tournament(owner=owner)
    season = create(a, name="Hiver", by=Actor.of_user(owner))
    entry = AuditEntry.objects.get(tournament=a, kind="season")
    assert (entry.actor, entry.before, entry.after) == (owner.username, {"season": None},
                                                        {"season": "Hiver"})
    assert journal.describe(entry) == ("aucune saison", "saison « Hiver »")
    services.season_update(season=season, name="Hiver", start=DAY, end=DAY, kind="table",
                           points_table="10", beyond="zero", participation=0, best=None,
                           min_ranked=0, min_lot=0, tie_breaks=[], published=False,
                           concours=[a.pk, b.pk])
    assert AuditEntry.objects.filter(kind="season").count() == 2  # b joined; a unchanged
    services.season_delete(season=season)
    left = AuditEntry.objects.filter(kind="season", after={"season": None})
    assert sorted(left.values_list("tournament_id", flat=True)) == sorted([a.pk, b.pk])


def test_a_concours_date_moved_out_of_its_season_is_refused_and_kept():
    """The season kept counting it, then refused any change of its own (« n'est pas dans
    les dates de la saison ») until the date came back."""
    t = tournament(date=DAY)
    season = create(t, end=DAY + datetime.timedelta(days=30))
    services.tournament_details_update(tournament=t, date=DAY + datetime.timedelta(days=30))
    with pytest.raises(UserError) as refused:
        services.tournament_details_update(tournament=t, date=DAY + datetime.timedelta(days=31))
    assert refused.value.field == "date" and "saison « Saison »" in refused.value.message
    t.refresh_from_db()
    assert t.date == DAY + datetime.timedelta(days=30) and t.season == season
    # Out of the season, its date is free again.
    services.season_update(season=season, name="Saison", start=DAY,
                           end=DAY + datetime.timedelta(days=30), kind="table",
                           points_table="100,90,80", beyond="zero", participation=0,
                           best=None, min_ranked=0, min_lot=0, tie_breaks=["wins", "score"],
                           published=False, concours=[])
    services.tournament_details_update(tournament=t, date=DAY + datetime.timedelta(days=60))


def test_a_concours_moved_out_of_its_season_before_the_check_still_saves_its_settings():
    t = tournament(date=DAY)
    create(t)
    Tournament.objects.filter(pk=t.pk).update(date=DAY + datetime.timedelta(days=400))
    t.refresh_from_db()
    services.tournament_details_update(tournament=t, date=t.date, name="Renommé")
    t.refresh_from_db()
    assert t.name == "Renommé"
