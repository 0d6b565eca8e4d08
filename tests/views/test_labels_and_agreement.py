"""The evening's cosmetic slips: French agreement, the journal's words for lots, a labelled
Forfait drop-down, « + » on positive differences, the blank sheets' hint in full."""

import pytest
from django.urls import reverse

from scoring import PRESETS
from scoring.paper import paper_check_kind
from tests.builders import melee, organiser, play_to_the_end, tournament
from tournament import journal as audit
from tournament import services
from tournament.exports.pdf import standings_html
from tournament.models import AuditEntry, Game

pytestmark = pytest.mark.django_db


def test_the_classique_paper_check_says_les_annonces_ne_sont_pas_saisies():
    text = paper_check_kind(PRESETS["ffb-classique"]).explanation
    assert "les annonces ne sont pas saisies" in text and "saisis)" not in text
    contracts = paper_check_kind(PRESETS["contrat-multiplie"]).explanation
    assert "les contrats ne sont pas saisis" in contracts


def test_a_player_registered_is_said_without_a_gender(client):
    t = melee(owner=organiser("zelie"), slug="zelie")
    client.force_login(t.organiser)
    page = client.post(reverse("tournament:players", args=["zelie"]),
                       {"name": "Zélie Zoé"}, follow=True).content.decode()
    assert "Inscription enregistrée : 1. Zélie Zoé." in page and "Zoé inscrit" not in page


def test_the_journal_names_lots_as_lots_not_as_a_rules_saisie(client):
    t = tournament(owner=organiser("journal-lots"), slug="journal-lots")
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    entry = AuditEntry.objects.filter(tournament=t).latest("id")
    assert entry.action_label == "lot ajouté"
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:journal", args=["journal-lots"])).content.decode()
    assert "Règlement : lot ajouté" in page
    assert page.count("Règlement : saisie") == 1  # the concours' creation, not the lot
    assert audit.describe(entry)[1] == "lots : 1er : Jambon"


def test_the_forfait_drop_down_has_a_label(client):
    t = tournament(owner=organiser("forfait"), teams=2, slug="forfait")
    services.round_generate(tournament=t, seed=1)
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:game", args=["forfait", 1, 1])).content.decode()
    assert '<label for="id_side">Camp qui déclare forfait</label>' in page


def test_the_standings_pdf_prints_a_plus_on_positive_differences():
    t = tournament(teams=2, slug="plus")
    round_ = services.round_generate(tournament=t, seed=1)
    play_to_the_end(Game.objects.get(round=round_, table=1))
    page = standings_html(t)
    game = Game.objects.get(round=round_, table=1)
    difference = abs(game.score_ns - game.score_ew)
    # The difference is a line's last figure (pdf.figures_text: right-aligned, a space after).
    assert f' +{difference} </td>' in page
    assert f' -{difference} </td>' in page


def test_the_blank_sheets_hint_is_written_beside_the_box_not_cut_inside_it(client):
    t = tournament(owner=organiser("vierges"), slug="vierges")
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:detail", args=["vierges"])).content.decode()
    assert "(1 table pour 2 équipes)" in page and 'placeholder="1 pour' not in page
