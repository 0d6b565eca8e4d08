"""The formats, draw methods, exempt rule and ranking points through the services and the
pages: the new concours page, the rules page, the concours' page and a mêlée's standings."""

import datetime
import html
import re

import pytest
from django.urls import reverse

from tests.builders import (
    criteria_post,
    form_posted,
    melee_bulk,
    melee_partie,
    play_partie,
    play_to_the_end,
    tournament,
)
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, Player, Tournament

pytestmark = pytest.mark.django_db


def _create(owner, **options):
    return services.tournament_create(organiser=owner, name="Essai", slug="essai",
                                      date=datetime.date(2026, 11, 21), **options)


# --- Services ---------------------------------------------------------------------------------


def test_a_concours_is_created_with_its_format_draw_exempt_rule_and_ranking_points(owner):
    t = _create(owner, format="melee", exempt_rule="half", points_win=4, points_loss=2,
                points_exempt=3, points_forfeit=0)
    assert (t.format, t.draw_method, t.exempt_rule) == ("melee", "melee", "half")
    assert (t.points_win, t.points_loss, t.points_exempt, t.points_forfeit) == (4, 2, 3, 0)
    doublettes = services.tournament_create(organiser=owner, name="Deux", slug="deux",
                                            date=datetime.date(2026, 11, 21))
    assert (doublettes.format, doublettes.draw_method, doublettes.exempt_rule) == (
        "doublettes", "standings", "fixed")
    assert doublettes.points_win is None


@pytest.mark.parametrize(("options", "field", "message"), [
    ({"format": "melee", "draw_method": "standings"}, "draw_method",
     "ne convient pas à une mêlée"),
    ({"draw_method": "melee"}, "draw_method", "ne convient qu'à une mêlée"),
    ({"draw_method": "suisse"}, "draw_method", "Méthode de tirage inconnue : suisse."),
    ({"format": "triplettes"}, "format", "Formule inconnue"),
    ({"exempt_rule": "tiers"}, "exempt_rule", "Score d'une exemption inconnu"),
    ({"points_win": 10_001}, "points_win", "de 0 à 10000 est attendu"),
    ({"points_loss": -1}, "points_loss", "de 0 à 10000 est attendu"),
    ({"points_exempt": True}, "points_exempt", "un nombre entier"),
])
def test_a_bad_option_is_refused_in_french_and_creates_nothing(owner, options, field,
                                                                message):
    with pytest.raises(UserError, match=message) as refusal:
        _create(owner, **options)
    assert refusal.value.field == field
    assert not Tournament.objects.filter(slug="essai").exists()


def test_the_ranking_points_change_when_given_none_included_and_stay_when_left_out(owner):
    t = _create(owner, points_win=4, points_loss=2)
    services.tournament_update(tournament=t, points_win=5)
    t.refresh_from_db()
    assert (t.points_win, t.points_loss) == (5, 2)
    services.tournament_update(tournament=t, points_loss=None, name="Essai bis")
    t.refresh_from_db()
    assert (t.points_win, t.points_loss, t.name) == (5, None, "Essai bis")


def test_the_format_changes_until_someone_registers(owner):
    t = _create(owner)
    services.tournament_update(tournament=t, format="melee")
    t.refresh_from_db()
    # The doublettes' method no longer suits: the mêlée's own replaces it.
    assert (t.format, t.draw_method) == ("melee", "melee")
    Player.objects.create(tournament=t, number=1, name="Anne")
    with pytest.raises(UserError, match="La formule ne change plus") as refusal:
        services.tournament_update(tournament=t, format="doublettes")
    assert refusal.value.field == "format"
    t.refresh_from_db()
    assert t.format == "melee"


def test_a_draw_method_for_the_other_format_is_refused_on_update(owner):
    t = tournament(owner=owner, teams=2, slug="deux-equipes")
    services.tournament_update(tournament=t, draw_method="rotation")
    t.refresh_from_db()
    assert t.draw_method == "rotation"
    with pytest.raises(UserError, match="ne convient qu'à une mêlée"):
        services.tournament_update(tournament=t, draw_method="melee")
    t.refresh_from_db()
    assert t.draw_method == "rotation"


# --- Pages ------------------------------------------------------------------------------------


def test_the_new_concours_page_offers_formats_and_draw_methods_by_format(client, owner):
    client.force_login(owner)
    url = reverse("tournament:create")
    page = client.get(url).content.decode()
    assert 'name="format"' in page and "Mêlée" in page
    assert re.search(r'<option value="melee" data-format="melee"', page)
    assert re.search(r'<option value="standings" data-format="doublettes"', page)
    assert "tournament/rules.js" in page
    posted = {"name": "Mêlée du jeudi", "date": "2026-11-21", "preset": "ffb-coinche",
              "format": "melee", "draw_method": "standings"}
    response = client.post(url, posted)
    assert "ne convient pas à une mêlée" in response.content.decode()
    assert response.context["form"].errors["draw_method"]
    assert not Tournament.objects.filter(name="Mêlée du jeudi").exists()
    response = client.post(url, {**posted, "draw_method": "melee"})
    assert response.status_code == 302
    t = Tournament.objects.get(name="Mêlée du jeudi")
    assert (t.format, t.draw_method) == ("melee", "melee")


def test_the_rules_page_sets_the_draw_the_exempt_rule_and_the_ranking_points(client, owner):
    t = tournament(owner=owner, teams=4, slug="reglages")
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    response = client.get(url)
    page = html.unescape(response.content.decode())
    for label in ("Tirage des tables", "Score d'une exemption",
                  "Points de classement d'une victoire", "Points de classement d'un forfait"):
        assert label in page
    assert '<option value="ranking_points">Points de classement</option>' in page
    # Teams are registered: the format is fixed, only the doublettes' methods are offered.
    assert 'value="melee"' not in page.split('name="draw_method"')[1].split("</select>")[0]
    data = form_posted(response.context["form"])
    data.pop("criteria_0"), data.pop("criteria_1"), data.pop("criteria_2")
    data.update({"draw_method": "random", "exempt_rule": "average", "points_win": "4",
                 "points_loss": "2", "points_exempt": "3", "points_forfeit": "",
                 **criteria_post("ranking_points", "points")})
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert (t.draw_method, t.exempt_rule, t.criteria) == ("random", "average",
                                                          ["ranking_points", "points"])
    assert (t.points_win, t.points_loss, t.points_exempt, t.points_forfeit) == (4, 2, 3, None)
    entry = AuditEntry.objects.filter(tournament=t, kind="rules", action="update").get()
    assert entry.after["criteria"] == ["ranking_points", "points"]
    detail = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    assert "points de classement : victoire 4, défaite 2, exemption 3" in detail
    assert "la moyenne de la partie" in detail and "au hasard" in detail.lower()


@pytest.mark.parametrize("value", ["10001", "-1", "2,5"])
def test_the_rules_page_refuses_ranking_points_out_of_bounds(client, owner, value):
    t = tournament(owner=owner, teams=2, slug="bornes")
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    data = {**form_posted(client.get(url).context["form"]), "points_win": value}
    response = client.post(url, data)
    assert response.status_code == 200 and response.context["form"].errors["points_win"]
    t.refresh_from_db()
    assert t.points_win is None


def test_the_rules_page_shows_the_fixed_exempt_score_only_under_the_fixed_rule(client, owner):
    t = tournament(owner=owner, slug="fixe")
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    rows = {field.name: (condition, applies) for field, condition, applies
            in client.get(url).context["form"].option_rows()}
    assert rows["bye_points"] == ("exempt_rule=fixed", True)
    services.tournament_update(tournament=t, exempt_rule="half")
    rows = {field.name: applies for field, _c, applies
            in client.get(url).context["form"].option_rows()}
    assert rows["bye_points"] is False and rows["exempt_rule"] is True


def test_before_anyone_registers_the_rules_page_changes_the_format(client, owner):
    t = tournament(owner=owner, slug="vide-formule")
    client.force_login(owner)
    url = reverse("tournament:rules", args=[t.slug])
    data = {**form_posted(client.get(url).context["form"]), "format": "melee",
            "draw_method": "melee"}
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert (t.format, t.draw_method) == ("melee", "melee")
    Player.objects.create(tournament=t, number=1, name="Anne")
    form = client.get(url).context["form"]
    assert form.fields["format"].disabled
    data = {**form_posted(form), "format": "doublettes", "draw_method": "standings"}
    response = client.post(url, data)
    assert response.context["form"].errors["draw_method"]  # a team method for a mêlée
    t.refresh_from_db()
    assert (t.format, t.draw_method) == ("melee", "melee")


def test_a_melee_standings_page_ranks_players_with_their_ranking_points(client, owner):
    t = melee_bulk(owner=owner, players=9, slug="melee-page")
    services.tournament_update(tournament=t, points_win=4, points_loss=1, points_exempt=3)
    for seed in (1, 2):
        play_partie(melee_partie(t, seed))
    response = client.get(reverse("tournament:standings", args=[t.slug]))
    page = response.content.decode()
    header = page.split("<thead")[1].split("</thead>")[0]
    assert "Joueur" in header and "Joueurs" not in header and "Équipe" not in header
    assert "Points de classement" in header and "Club" in header
    assert page.count("data-player=") == 9 and "data-team=" not in page
    assert "Classement individuel" in page and "le joueur exempt" in page
    rows = response.context["table"].rows
    assert sorted(row.record.name for row in rows) == [f"Joueur {n}" for n in range(1, 10)]
    assert sum(row.record.row.ranking_points for row in rows) == \
        4 * 4 * 2 + 1 * 4 * 2 + 3 * 1 * 2  # per partie: 4 winners, 4 losers, 1 exempt


def test_a_doublette_standings_page_keeps_its_columns_without_ranking_points(client, owner):
    t = tournament(owner=owner, teams=4, slug="doublettes-page")
    play_to_the_end(services.round_generate(tournament=t, seed=1).games.order_by("table")[0])
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    header = page.split("<thead")[1].split("</thead>")[0]
    assert "Équipe" in header and "Joueurs" in header
    assert "Points de classement" not in header and "Club" not in header
    assert page.count("data-team=") == 4 and "data-player=" not in page


def test_a_melee_concours_page_counts_its_players_and_names_its_draw(client, owner):
    t = melee_bulk(owner=owner, players=6, slug="melee-accueil", exempt_rule="average")
    Player.objects.filter(tournament=t, number=6).update(active=False)
    page = html.unescape(client.get(reverse("tournament:detail", args=[t.slug]))
                         .content.decode())
    assert "5 joueurs actifs" in page and "équipes actives" not in page
    assert reverse("tournament:players", args=[t.slug]) in page
    assert "Formule : Mêlée — tirage : à la mêlée" in page
    assert "Score d'une exemption : la moyenne de la partie" in page
    assert "points de classement :" not in page  # none given
    line = next(line for line in
                client.get(reverse("tournament:standings", args=[t.slug])).context["table"]
                .rows if line.record.number == 6)
    assert "(retiré)" in line.get_cell("team")
    assert reverse("tournament:player", args=[t.slug, 6]) in line.get_cell("team")
