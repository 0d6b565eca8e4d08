"""The pages of a concours in phases: the formule's page (from the rules page) says the
formule in words and shows the rules' refusals beside the form; the poules' page draws the
poules, swaps two teams, draws a poule partie and shows each poule's grid and ranking."""

import pytest
from django.urls import reverse

from tests.builders import play_to_the_end, teams_written, tournament
from tournament.models import Game, PhasePlan, PouleSeat

pytestmark = pytest.mark.django_db

FORMULE = {"qualification": "poules", "poule_style": "toutes", "qualified": "2",
           "consolante": "on", "cadrage": "tetes", "placement": "complet", "tetes": ""}


@pytest.fixture
def evening(owner, client):
    t = tournament(owner=owner, teams=0, slug="ascee")
    teams_written(t, 16)
    client.force_login(owner)
    return t


def test_the_formule_is_chosen_from_the_rules_page_and_said_in_words(evening, client):
    rules = client.get(reverse("tournament:rules", args=[evening.slug])).content.decode()
    url = reverse("tournament:phase_plan", args=[evening.slug])
    assert url in rules
    refused = client.post(url, {**FORMULE, "tetes": "1, 2, 3, 4, 5"})
    assert refused.status_code == 422
    assert "Plus de têtes de série (5) que de poules (4)" in refused.content.decode()
    assert not PhasePlan.objects.filter(tournament=evening).exists()
    typed = client.post(url, {**FORMULE, "tetes": "un"})
    assert "Des numéros d&#x27;équipe séparés par des virgules" in typed.content.decode()
    response = client.post(url, {**FORMULE, "tetes": "4; 9"}, follow=True)
    page = response.content.decode()
    assert "16 équipes : 4 poules de 4, puis un tableau principal de 8 et une consolante de " \
           "8 ; chaque équipe joue 6 parties" in page
    assert PhasePlan.objects.get(tournament=evening).tetes == [4, 9]


def test_the_formule_s_page_says_why_the_entrants_so_far_cannot_play_it(owner, client):
    t = tournament(owner=owner, teams=0, slug="trop-peu")
    teams_written(t, 4)
    client.force_login(owner)
    saved = client.post(reverse("tournament:phase_plan", args=[t.slug]), FORMULE)
    assert saved.status_code == 302
    page = client.get(reverse("tournament:phase_plan", args=[t.slug])).content.decode()
    # A colon, then no capital, and a full stop.
    assert ("Avec les 4 équipes d'aujourd'hui : il faut au moins 6 équipes pour jouer en "
            "poules.") in page


def test_the_poules_are_drawn_swapped_played_and_ranked_on_their_page(evening, client):
    client.post(reverse("tournament:phase_plan", args=[evening.slug]), FORMULE)
    poules = reverse("tournament:poules", args=[evening.slug])
    assert "pas encore tirées" in client.get(poules).content.decode()
    client.post(reverse("tournament:poules_draw", args=[evening.slug]), {"seed": "2016"})
    seats = list(PouleSeat.objects.filter(tournament=evening).order_by("poule", "position")
                 .values_list("team__number", flat=True))
    assert len(seats) == 16
    response = client.post(reverse("tournament:poules_swap", args=[evening.slug]),
                           {"first": str(seats[0]), "second": str(seats[4])}, follow=True)
    assert "échangées" in response.content.decode()
    assert PouleSeat.objects.get(tournament=evening, poule=1, position=1).team.number == \
        seats[4]
    response = client.post(reverse("tournament:poule_partie_generate", args=[evening.slug]),
                           follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:round",
                                                     args=[evening.slug, 1])
    game = Game.objects.get(round__tournament=evening, table=1)
    play_to_the_end(game)
    game.refresh_from_db()
    client.logout()  # the poules are public
    page = client.get(poules).content.decode()
    for name in "ABCD":
        assert f'id="poule-{name}"' in page
    assert f"{game.score_ns}–{game.score_ew}" in page
    assert "Classement provisoire" in page
    assert 'id="poules-swap"' not in page


def test_the_desk_calls_a_tableau_match_from_the_tree(evening, client):
    from tournament import services
    from tournament.models import Round, TableauMatch

    services.phase_plan_set(tournament=evening, qualification="poules")
    services.poules_draw(tournament=evening, seed=1)
    for _partie in range(3):
        round_ = services.poule_partie_generate(tournament=evening)
        for game in round_.games.all():
            services.game_forfeit(game=game, side="EW")
    page = reverse("tournament:tableaux", args=[evening.slug])
    blank = client.get(page).content.decode()
    assert 'id="tableaux-draw"' in blank
    # Before the tableaux, their blank tree by poule places (7): A1–B2, B1–A2 … (3.1).
    assert "<span>1er poule A</span></div><div class=\"team\"><span>2e poule B</span>" in blank
    client.post(reverse("tournament:tableaux_draw", args=[evening.slug]))
    tree = client.get(page).content.decode()
    assert "Quarts de finale" in tree and "Demi-finales" in tree and "Finale" in tree
    call = reverse("tournament:tableau_match_call", args=[evening.slug, "principal", 1, 2])
    assert call in tree
    response = client.post(call, {"table": "7"}, follow=True)
    match = TableauMatch.objects.get(tableau__name="principal", round_index=0, index=1)
    assert match.game.table == 7
    assert f"Table 7 : {match.game.team_ns.name} – {match.game.team_ew.name}" in \
        response.content.decode()
    assert Round.objects.get(pk=match.game.round_id).phase == "principal"
    # Its sheet, on the desk and on the phones, says where it stands.
    sheet = client.get(reverse("tournament:game", args=[evening.slug,
                                                        match.game.round.number, 7]))
    assert "Quart de finale — tableau principal" in sheet.content.decode()
    phone = client.get(reverse("tournament:table_link", args=[match.game.token]))
    assert "Quart de finale — tableau principal" in phone.content.decode()
    # Level after its last donne (time called at 1, say): the donne décisive is said.
    Game.objects.filter(pk=match.game.pk).update(played=1, stop_after=1)
    assert "Quart de finale — tableau principal · donne décisive" in client.get(
        reverse("tournament:table_link", args=[match.game.token])).content.decode()
    poule_sheet = client.get(reverse("tournament:game", args=[evening.slug, 1, 1]))
    assert '<p class="phase" id="game-phase"><strong>Poule A</strong></p>' in \
        poule_sheet.content.decode()
    refused = client.post(call, {"table": "7"}, follow=True).content.decode()
    assert "ne peut pas être appelé" in refused
    client.post(reverse("tournament:tableau_match_uncall",
                        args=[evening.slug, "principal", 1, 2]))
    assert not TableauMatch.objects.exists()


def test_the_reglement_states_the_formule_in_words(evening):
    from tournament import services
    from tournament.exports import pdf

    assert 'id="formule"' not in pdf.reglement_html(evening)
    services.phase_plan_set(tournament=evening, qualification="poules", placement="complet")
    assert ("Formule : 16 équipes : 4 poules de 4, puis un tableau principal de 8 et une "
            "consolante de 8 ; chaque équipe joue 6 parties") in pdf.reglement_html(evening)


def test_a_poule_of_three_names_its_exempt_at_each_partie(owner, client):
    from tournament import services
    from tournament.selectors.phases import poules_view

    t = tournament(owner=owner, slug="sept")
    teams_written(t, 7)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=2)
    b = [row.number for row in poules_view(t).poules[1].rows]
    page = client.get(reverse("tournament:poules", args=[t.slug])).content.decode()
    assert f"Partie 1 : n° {b[0]} · Partie 2 : n° {b[1]} · Partie 3 : n° {b[2]}" in page
