"""The help page, linked from every page; the journal written in French words, never as
stored codes ("closed : oui", "forfeit : NS", a raw {'1': [4, 1]})."""

import re

import pytest
from django.urls import reverse

from tests.builders import made, organiser, tournament
from tournament import services

pytestmark = pytest.mark.django_db


def test_the_help_page_explains_the_evening_in_french(client):
    page = client.get(reverse("help")).content.decode()
    for section in ("Comment se déroule la soirée", "Saisir une donne au clavier",
                    "Les liens des tables", "Une équipe en retard, une équipe qui part",
                    "Fin du temps", "Saisir une donne en dix touches au plus"):
        assert section in page
    # The desk's shortcuts and what the phone offers (issue 38), said in its words.
    for shortcut in ("« 92b »", "« 92d »", "« 0c »", "« 8x »", "« Belote NS »"):
        assert shortcut in page


def test_every_page_links_to_the_help(client):
    owner = organiser("aidant")
    t = tournament(owner=owner, teams=4, slug="avec-aide")
    services.round_generate(tournament=t, seed=2)
    client.force_login(owner)
    for url in (reverse("tournament:home"), reverse("tournament:detail", args=[t.slug]),
                reverse("tournament:teams", args=[t.slug]),
                reverse("tournament:round", args=[t.slug, 1]),
                reverse("tournament:standings", args=[t.slug]),
                reverse("tournament:journal", args=[t.slug]),
                reverse("tournament:rules", args=[t.slug])):
        assert f'href="{reverse("help")}"' in client.get(url).content.decode(), url


def test_the_journal_writes_draws_closures_forfeits_and_coinches_in_words(client):
    owner = organiser("chroniqueur")
    t = tournament(owner=owner, teams=5, slug="chronique")
    round_ = services.round_generate(tournament=t, seed=2)
    game = round_.games.get(table=1)
    from scoring import Coinche

    services.donne_record(game=game, number=None, donne=made(coinche=Coinche.COINCHE))
    services.game_forfeit(game=round_.games.get(table=2), side="EW")
    services.round_close(round_=round_)
    client.force_login(owner)
    page = client.get(reverse("tournament:journal", args=[t.slug])).content.decode()
    rows = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "graine 2" in rows and "contre" in rows and "exempte" in rows
    assert "forfait EO" in rows and "aucun forfait" in rows and "close" in rows
    assert "NS 80 ♥ coinché 100 pts" in rows
    assert "victoires" in rows.lower() and "wins" not in rows
    for code in ("{'", "closed", "forfeit", "seed", "tables :"):
        assert code not in rows, code
