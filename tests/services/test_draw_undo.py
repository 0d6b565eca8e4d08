"""Draws: « Annuler le tirage » of the last partie while nothing is played in it, a
confirmation before drawing past the planned parties, the draw button on a partie's page, and
a refusal that names the unfinished tables."""

import pytest
from django.urls import reverse

from scoring.paper import PaperTotals
from tests.builders import made, play_to_the_end, tournament
from tournament import selectors, services
from tournament.errors import UserError
from tournament.models import AuditEntry, Game, Round

pytestmark = pytest.mark.django_db


# The conftest's concours: five teams, partie 1 drawn: two tables and a bye.
CONCOURS = {"teams": 5, "slug": "annule", "published": False}


def finish(round_: Round) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)


def test_undoing_the_first_draw_removes_the_partie_and_journals_its_tables(concours):
    round_ = concours.rounds.get()
    seating = {game.table: [game.team_ns.number, game.team_ew.number if game.team_ew else None]
               for game in round_.games.select_related("team_ns", "team_ew")}
    assert services.round_undo(round_=round_) is None
    assert not concours.rounds.exists() and not Game.objects.exists()
    entries = AuditEntry.objects.filter(kind="pairing", action="delete", round_number=1)
    assert {entry.table: entry.before for entry in entries} == seating
    assert all(entry.after is None for entry in entries)


def test_a_draw_with_a_donne_entered_cannot_be_undone(concours):
    round_ = concours.rounds.get()
    services.donne_record(game=round_.games.get(table=1), number=None, donne=made())
    with pytest.raises(UserError, match="Des donnes de la partie 1 sont saisies"):
        services.round_undo(round_=round_)
    assert concours.rounds.count() == 1 and round_.games.count() == 3


def test_a_draw_with_a_forfeit_cannot_be_undone(concours):
    round_ = concours.rounds.get()
    services.game_forfeit(game=round_.games.get(table=2), side="EW")
    with pytest.raises(UserError, match="Un forfait est déclaré"):
        services.round_undo(round_=round_)
    assert concours.rounds.count() == 1


def test_only_the_last_draw_can_be_undone(concours):
    finish(concours.rounds.get())
    services.round_generate(tournament=concours)
    with pytest.raises(UserError, match="dernière partie"):
        services.round_undo(round_=concours.rounds.get(number=1))
    assert concours.rounds.count() == 2


def test_undoing_reopens_the_partie_the_draw_closed(concours):
    finish(concours.rounds.get())
    services.round_generate(tournament=concours)
    assert concours.rounds.get(number=1).closed
    previous = services.round_undo(round_=concours.rounds.get(number=2))
    assert previous.number == 1 and not previous.closed
    assert list(concours.rounds.values_list("number", "closed")) == [(1, False)]
    actions = list(AuditEntry.objects.filter(kind="round", round_number=1)
                   .values_list("action", "number"))
    assert actions[:2] == [("reopen", None), ("close", 2)]


def test_undoing_leaves_closed_a_partie_the_organiser_closed_himself(concours):
    finish(concours.rounds.get())
    services.round_close(round_=concours.rounds.get())
    services.round_generate(tournament=concours)
    services.round_undo(round_=concours.rounds.get(number=2))
    assert concours.rounds.get(number=1).closed


def test_the_next_draw_after_an_undo_is_partie_2_again(concours):
    finish(concours.rounds.get())
    services.round_generate(tournament=concours)
    services.round_undo(round_=concours.rounds.get(number=2))
    again = services.round_generate(tournament=concours)
    assert again.number == 2 and concours.rounds.get(number=1).closed


def test_drawing_past_the_planned_parties_asks_for_a_confirmation(owner):
    t = tournament(owner=owner, teams=4, parties_planned=1)
    finish(services.round_generate(tournament=t, seed=1))
    with pytest.raises(UserError, match=r"Tirer une partie 2 alors que 1 est prévue \?") as error:
        services.round_generate(tournament=t)
    assert error.value.field == "beyond_planned" and t.rounds.count() == 1
    assert services.round_generate(tournament=t, beyond_planned=True).number == 2


def test_the_refusal_of_an_unfinished_partie_names_its_tables(owner):
    t = tournament(owner=owner, teams=8)
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.exclude(table__in=[2, 4]):
        play_to_the_end(game)
    with pytest.raises(UserError, match=r"pas terminée à toutes les tables : tables 2 et 4\."):
        services.round_generate(tournament=t)
    play_to_the_end(round_.games.get(table=2))
    with pytest.raises(UserError, match=r"toutes les tables : table 4\.$"):
        services.round_generate(tournament=t)


def test_tables_are_named_in_french():
    assert selectors.tables_phrase([7]) == "table 7"
    assert selectors.tables_phrase([7, 3]) == "tables 3 et 7"
    assert selectors.tables_phrase([7, 3, 12]) == "tables 3, 7 et 12"


# --- Pages --------------------------------------------------------------------------------


def test_the_undo_asks_for_a_confirmation_then_undoes(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:round_undo", args=[concours.slug, 1])
    page = client.get(url).content.decode()
    assert "Annuler le tirage de la partie 1 ?" in page and "Équipe 1" in page
    assert concours.rounds.count() == 1  # a GET changes nothing
    response = client.post(url)
    assert response["Location"] == reverse("tournament:detail", args=[concours.slug])
    assert not concours.rounds.exists()


def test_the_undo_page_says_why_once_donnes_are_entered(client, owner, concours):
    services.donne_record(game=concours.rounds.get().games.get(table=1), number=None,
                          donne=made())
    client.force_login(owner)
    url = reverse("tournament:round_undo", args=[concours.slug, 1])
    page = client.get(url).content.decode()
    assert "ne peut plus être annulé" in page and 'type="submit" class="danger"' not in page
    client.post(url)
    assert concours.rounds.count() == 1
    round_page = client.get(reverse("tournament:round", args=[concours.slug, 1])).content
    assert b"undo-draw" not in round_page


def test_the_partie_page_offers_the_undo_then_the_next_draw(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:round", args=[concours.slug, 1])
    page = client.get(url).content.decode()
    assert 'id="undo-draw"' in page and "Tirer la partie suivante" not in page
    assert "encore tables 1 et 2" not in page  # the undo is shown instead while nothing is played
    services.donne_record(game=concours.rounds.get().games.get(table=1), number=None,
                          donne=made())
    page = client.get(url).content.decode()
    assert "encore tables 1 et 2." in page
    finish(concours.rounds.get())
    page = client.get(url).content.decode()
    assert "Tirer la partie suivante" in page
    response = client.post(reverse("tournament:round_generate", args=[concours.slug]),
                           {"back": "1"})
    assert response["Location"] == reverse("tournament:round", args=[concours.slug, 2])


def test_a_draw_past_the_planned_parties_shows_a_question_first(client, owner):
    t = tournament(owner=owner, teams=4, parties_planned=1, slug="une-seule")
    finish(services.round_generate(tournament=t, seed=1))
    client.force_login(owner)
    url = reverse("tournament:round_generate", args=[t.slug])
    page = client.post(url, {"back": "1"}).content.decode()
    assert "Tirer une partie 2 alors que 1 est prévue ?" in page
    assert 'name="confirm" value="1"' in page and t.rounds.count() == 1
    response = client.post(url, {"back": "1", "confirm": "1"})
    assert response["Location"] == reverse("tournament:round", args=[t.slug, 2])


def test_a_refused_draw_from_a_partie_page_comes_back_to_it(client, owner, concours):
    client.force_login(owner)
    response = client.post(reverse("tournament:round_generate", args=[concours.slug]),
                           {"back": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament:round", args=[concours.slug, 1])
    assert "tables 1 et 2." in response.content.decode()


# Paper totals (`Game.by_totals`) are a result as much as donnes and forfeits: the undo, a
# swap of teams and a change of the rules must see them (`selectors.rules.games_with_results`).
SHEET = PaperTotals(score_ns=1100, score_ew=974, donnes=12, belotes=2, capots=1)


@pytest.fixture
def totals_entered(owner):
    """Four teams of classique sans annonces, partie 1 drawn, table 1 entered by its totals."""
    t = tournament(owner=owner, teams=4, slug="totaux", preset="classique-sans-annonces")
    round_ = services.round_generate(tournament=t, seed=3)
    services.game_totals_record(game=round_.games.get(table=1), totals=SHEET)
    return round_


def test_a_draw_with_paper_totals_cannot_be_undone(totals_entered):
    round_ = totals_entered
    assert selectors.round_started(round_) and not selectors.round_undoable(round_)
    with pytest.raises(UserError, match="Des totaux de la partie 1 sont saisis"):
        services.round_undo(round_=round_)
    game = round_.games.get(table=1)
    assert game.by_totals and (game.paper_ns, game.paper_ew) == (1100, 974)


def test_teams_with_paper_totals_cannot_be_swapped(totals_entered):
    round_ = totals_entered
    one, two = round_.games.get(table=1), round_.games.get(table=2)
    with pytest.raises(UserError, match="La partie a commencé"):
        services.round_swap_teams(round_=round_, team_a=one.team_ns_id, team_b=two.team_ns_id)
    assert round_.games.get(table=1).team_ns_id == one.team_ns_id


def test_a_change_of_rules_after_paper_totals_asks_for_a_confirmation(totals_entered):
    t = totals_entered.tournament
    assert selectors.has_donnes(t) and selectors.rules_change_default_partie(t) == 2
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=t, max_donnes=8, from_partie=1)
    assert error.value.field == "confirm"
    t.refresh_from_db()
    assert totals_entered.rules.max_donnes != 8
