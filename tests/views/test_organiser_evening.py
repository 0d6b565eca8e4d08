"""What a new organiser tripped on during an evening in phases (16 doublettes, poules then
principal and consolante), each fixed where it showed: a table's sheet with no way back to
its partie, the projector naming « la partie 17 », every team « en attente » of a table on a
tableau's last partie, two teams swapped across poules from a partie's page, a hall screen's
address without its host, a règlement counting the teams left after a withdrawal, the
concours page saying « tirage : au classement » of an evening in phases, a forfeit read as
a lost game, and a poule's grid pushing a phone's page sideways."""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.builders import drawn, play_to_the_end, teams_written, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import Game, Team
from tournament.selectors.phases import formule_summary, phase_plan_formule, phase_plan_of

pytestmark = pytest.mark.django_db


def _final_played(owner):
    """A direct tableau of two, its final played: the concours in phases is over."""
    t = tournament(owner=owner, slug="finale-jouee", max_donnes=1, published=False)
    teams_written(t, 2)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False)
    tableau = services.tableaux_draw(tournament=t, seed=1)[0]
    game = services.tableau_match_call(tableau=tableau, round_index=0, index=0).game
    play_to_the_end(game)
    return t, game


def _poules(owner, slug: str, teams: int = 8):
    t = tournament(owner=owner, slug=slug, published=False)
    teams_written(t, teams)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    return t


def test_a_tables_sheet_leads_back_to_its_partie_while_the_partie_is_played(owner, client):
    t = drawn(owner=owner, published=False)
    client.force_login(owner)
    page = client.get(reverse("tournament:game", args=[t.slug, 1, 1])).content.decode()
    back = reverse("tournament:round", args=[t.slug, 1])
    assert f'id="game-back"><a href="{back}">← Partie 1 : toutes ses tables</a>' in page


def test_a_tableau_matchs_sheet_leads_back_to_the_tableaux(owner, client):
    t, game = _final_played(owner)
    client.force_login(owner)
    page = client.get(reverse("tournament:game", args=[t.slug, game.round.number,
                                                       game.table])).content.decode()
    tableaux = reverse("tournament:tableaux", args=[t.slug])
    assert f'id="game-back"><a href="{tableaux}">← Les tableaux</a>' in page


def test_the_projector_of_a_concours_in_phases_over_says_final_not_a_partie_and_no_call(
        owner, client):
    t, game = _final_played(owner)
    client.force_login(owner)
    page = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    assert 'data-subtitle="Classement final des tableaux."' in page
    assert f"Classement après la partie {game.round.number}" not in page
    # Its calls no longer promise the next matches: there are none.
    assert 'id="calls-over">Tous les matchs sont joués' in page
    assert "les prochains s'affichent ici" not in page


def test_two_teams_of_a_poules_partie_are_not_swapped_across_its_tables(owner, client):
    t = _poules(owner, "poules-echange")
    services.poule_partie_generate(tournament=t)
    game_a, game_b = Game.objects.filter(round__tournament=t).order_by("table")[:2]
    seats = [(game.team_ns_id, game.team_ew_id) for game in (game_a, game_b)]
    with pytest.raises(UserError, match="page des poules"):
        services.round_swap_teams(round_=game_a.round, team_a=game_a.team_ns_id,
                                  team_b=game_b.team_ns_id)
    assert [(game.team_ns_id, game.team_ew_id) for game in Game.objects.filter(
        pk__in=[game_a.pk, game_b.pk]).order_by("table")] == seats
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=[t.slug, game_a.round.number]))
    assert 'id="swap"' not in page.content.decode()


def test_a_hall_screens_address_is_whole_and_says_the_screen_must_be_logged_in(
        owner, client):
    t = tournament(owner=owner, slug="ecran-bar", published=False)
    services.screen_add(tournament=t)
    client.force_login(owner)
    whole = "http://testserver" + reverse("tournament:hall_screen", args=[t.slug, 1])
    settings_page = client.get(reverse("tournament:screen_settings", args=[t.slug, 1]))
    listed = client.get(reverse("tournament:screens", args=[t.slug]))
    for page in (settings_page.content.decode(), listed.content.decode()):
        assert f">{whole}</a>" in page
        assert 'id="screen-login"' in page


def test_the_reglement_counts_the_teams_the_poules_seated_after_a_withdrawal(owner):
    t = _poules(owner, "poules-retrait", teams=16)
    services.team_withdraw(team=Team.objects.get(tournament=t, number=12))
    words = formule_summary(t, phase_plan_formule(phase_plan_of(t), t)).words
    assert words.startswith("16 équipes : 4 poules de 4, puis un tableau principal de 8")


def test_the_concours_page_says_its_formule_en_phases_not_a_draw_method(owner, client):
    t = _poules(owner, "poules-formule")
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    line = page.split('id="formule-line">')[1].split("</li>")[0]
    assert "en phases : 8 équipes : 2 poules de 4" in line
    assert "tirage" not in line
    # Poules and tableaux score no exemption: the line is not offered; parties
    # qualificatives have one, as drawn parties do.
    assert 'id="exempt-line"' not in page
    parties = tournament(owner=owner, slug="parties-exemption", published=False)
    teams_written(parties, 8)
    services.phase_plan_set(tournament=parties, qualification="parties", parties=3,
                            principal=4, consolante=False)
    page = client.get(reverse("tournament:detail", args=[parties.slug])).content.decode()
    assert "Score d'une exemption" in page.split('id="exempt-line">')[1]


def test_a_forfeited_partie_reads_par_forfait_on_each_teams_page(owner, client):
    t = drawn(owner=owner, published=False)
    game = Game.objects.get(round__tournament=t, table=1)
    services.game_forfeit(game=game, side="EW")
    client.force_login(owner)
    winner = client.get(reverse("tournament:team", args=[t.slug, game.team_ns.number]))
    loser = client.get(reverse("tournament:team", args=[t.slug, game.team_ew.number]))
    assert "gagnée par forfait" in winner.content.decode()
    assert "perdue par forfait" in loser.content.decode()


def test_a_poules_grid_scrolls_in_its_own_box_on_a_phone(owner, client):
    t = _poules(owner, "poules-telephone")
    client.force_login(owner)
    page = client.get(reverse("tournament:poules", args=[t.slug])).content.decode()
    assert page.count('<div class="poule-scroll" tabindex="0"><table class="grid">') == 2
    css = (Path(settings.BASE_DIR) / "static" / "tournament" / "site.css").read_text()
    assert ".poule-scroll { overflow-x: auto; }" in css
    assert "main select { max-width: 100%; }" in css


def test_a_tableaus_partie_is_named_by_its_round_on_its_page_and_in_the_final_pack(
        owner, client):
    from tournament.exports.final_pack import partie_results, results_htmls

    t, game = _final_played(owner)
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=[t.slug, game.round.number]))
    assert ('id="tableau-round"><strong>Finale — tableau principal</strong>'
            in page.content.decode())
    assert [partie.phase_words for partie in partie_results(t)] == [
        "Finale — tableau principal"]
    pack = results_htmls(t)[0]
    assert f"Partie {game.round.number} — Finale — tableau principal</h2>" in pack
    assert "Classement après la partie" not in pack


def test_the_final_workbook_says_each_partie_of_a_concours_in_phases_poules_or_its_round(
        owner):
    from openpyxl import load_workbook

    from tournament.exports.final_pack import final_workbook

    t = _poules(owner, "classeur-tours")
    services.poule_partie_generate(tournament=t)
    sheet = load_workbook(io.BytesIO(final_workbook(t)), read_only=True)["Parties"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[1][:3] == ("Partie", "Tour", "Table")
    assert {row[1] for row in rows[2:]} == {"Poules"}


def test_a_team_typed_at_the_desk_is_said_registered_by_its_number_and_its_name(
        owner, client):
    t = tournament(owner=owner, slug="inscription-dite", published=False)
    client.force_login(owner)
    page = client.post(reverse("tournament:teams", args=[t.slug]),
                       {"name": "Les Pique-Nique", "player1": "Maurice François",
                        "player2": "Paulette François", "club": ""}, follow=True)
    assert "Équipe n° 1 « Les Pique-Nique » inscrite." in page.content.decode()


def test_a_hall_screens_views_are_named_as_the_screen_titles_them(owner, client):
    t = tournament(owner=owner, slug="ecran-vues", published=False)
    services.screen_add(tournament=t)
    client.force_login(owner)
    page = client.get(reverse("tournament:screen_settings", args=[t.slug, 1])).content.decode()
    # « Les appels » is the title of the tables' view of a concours in phases, not of « où ».
    assert "Où je joue ? : chaque équipe (chaque joueur) et sa table" in page
    assert "Les tables de la partie (en phases : les appels" in page
    assert "Les appels : où joue chaque équipe" not in page


def test_a_team_withdrawn_during_the_poules_is_marked_retiree_in_its_poule(owner, client):
    t = _poules(owner, "poule-retiree")
    services.team_withdraw(team=Team.objects.get(tournament=t, number=3))
    services.poule_partie_generate(tournament=t)
    client.force_login(owner)
    page = client.get(reverse("tournament:poules", args=[t.slug])).content.decode()
    # In its poule's grid and, its forfeit counted, in the ranking.
    assert page.count('Équipe 3 <span class="note withdrawn-note">retirée</span>') == 2


def test_the_formule_form_says_which_qualification_each_field_belongs_to():
    from tournament.forms.phases import PhasePlanForm

    form = PhasePlanForm()
    assert form.fields["poule_style"].help_text == "Qualification en poules seulement."
    assert form.fields["qualified"].help_text == "Qualification en poules seulement."
    for name in ("parties", "principal"):
        assert form.fields[name].help_text == (
            "Qualification par parties seulement (vide sinon).")
