"""Time called ("fin du temps"): every unfinished game of a partie ends after the donne in
play; the organiser ticks the tables where one is being played. Undone while no later partie
exists. Standings, sheets, the workbook and the journal show it."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import Side, score_game
from tests.builders import made, play_to_the_end, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def partie(owner):
    """Six teams at three tables, FFB coinche to 2000: table 1 has 2 donnes, table 2 one,
    table 3 none."""
    t = tournament(owner=owner, teams=6, slug="temps")
    round_ = services.round_generate(tournament=t, seed=3)
    services.donne_record(game=table(round_, 1), number=None, donne=made(points=100))
    services.donne_record(game=table(round_, 1), number=None, donne=made(Side.EW, points=120))
    services.donne_record(game=table(round_, 2), number=None, donne=made(points=130))
    return round_


def table(round_, number) -> Game:
    return round_.games.get(table=number)


def test_a_ticked_table_plays_its_donne_in_play_then_stops(partie):
    services.round_time_call(round_=partie, in_play=[1])
    game = table(partie, 1)
    assert game.stop_after == 3 and not game.finished
    services.donne_record(game=game, number=None, donne=made(points=90))
    game.refresh_from_db()
    assert game.finished and game.played == 3
    assert_scores_recomputed(game)
    result = score_game([r.to_donne() for r in game.donnes.all()], partie.tournament.rules)
    # The winner is the higher total although nobody reached 2000.
    assert not result.finished and game.winner == ("NS" if game.score_ns > game.score_ew
                                                   else "EW")
    with pytest.raises(UserError, match="terminée"):
        services.donne_record(game=game, number=None, donne=made())


def test_an_unticked_table_stops_on_its_donnes_entered(partie):
    services.round_time_call(round_=partie, in_play=[1])
    game = table(partie, 2)
    assert game.stop_after == 1 and game.finished and game.winner == "NS"


def test_a_table_with_no_donne_entered_always_plays_one(partie):
    services.round_time_call(round_=partie, in_play=[])
    game = table(partie, 3)
    assert game.stop_after == 1 and not game.finished


def test_finished_games_are_not_stopped(owner):
    t = tournament(owner=owner, teams=4, slug="fini")
    round_ = services.round_generate(tournament=t, seed=1)
    play_to_the_end(table(round_, 1))
    services.round_time_call(round_=round_, in_play=[2])
    assert table(round_, 1).stop_after is None and table(round_, 2).stop_after == 1


def test_time_cannot_be_called_twice_nor_on_unknown_tables(partie):
    with pytest.raises(UserError, match="Table 9"):
        services.round_time_call(round_=partie, in_play=[9])
    assert table(partie, 1).stop_after is None
    services.round_time_call(round_=partie, in_play=[1])
    with pytest.raises(UserError, match="déjà annoncée"):
        services.round_time_call(round_=partie, in_play=[1])


def test_undoing_time_called_lets_the_games_play_on(partie):
    services.round_time_call(round_=partie, in_play=[])
    assert table(partie, 2).finished
    services.round_time_cancel(round_=partie)
    partie.refresh_from_db()
    game = table(partie, 2)
    assert partie.time_called is None and game.stop_after is None and not game.finished
    actions = list(AuditEntry.objects.filter(kind="round", round_number=1)
                   .order_by("at", "id").values_list("action", flat=True))
    assert actions[-2:] == ["time", "untime"]


def test_time_called_cannot_be_undone_once_the_next_partie_is_drawn(partie):
    services.round_time_call(round_=partie, in_play=[])
    for number in (1, 3):
        game = table(partie, number)
        while not game.finished:
            services.donne_record(game=game, number=None, donne=made(points=100))
            game.refresh_from_db()
    services.round_generate(tournament=partie.tournament)
    with pytest.raises(UserError, match="suivante"):
        services.round_time_cancel(round_=partie)
    assert table(partie, 2).stop_after == 1


def test_equal_totals_at_time_called_play_one_more_donne(owner):
    t = tournament(owner=owner, teams=2, slug="egalite")
    round_ = services.round_generate(tournament=t, seed=1)
    game = table(round_, 1)
    # NS 80 made with 82 points (160 – 80), then EW the same: 160 – 160... rounded: 160, 80.
    services.donne_record(game=game, number=None, donne=made(Side.NS, 80, 82))
    services.donne_record(game=game, number=None, donne=made(Side.EW, 80, 82))
    game.refresh_from_db()
    assert game.score_ns == game.score_ew
    services.round_time_call(round_=round_, in_play=[])
    game.refresh_from_db()
    assert game.stop_after == 2 and not game.finished  # equal: one more donne decides
    services.donne_record(game=game, number=None, donne=made(points=100))
    game.refresh_from_db()
    assert game.finished and game.winner == "NS"


# --- Pages --------------------------------------------------------------------------------


def test_the_organiser_confirms_time_called_on_its_own_page(client, owner, partie):
    client.force_login(owner)
    url = reverse("tournament:round_time", args=["temps", 1])
    page = client.get(url).content.decode()
    assert 'name="in_play" value="1"' in page and 'name="in_play" value="2"' in page
    assert "Confirmer la fin du temps" in page
    response = client.post(url, {"in_play": ["1", "2"]})
    assert response.status_code == 302
    assert [table(partie, n).stop_after for n in (1, 2, 3)] == [3, 2, 1]
    round_page = client.get(reverse("tournament:round", args=["temps", 1])).content.decode()
    assert "Fin du temps annoncée" in round_page and "Annuler la fin du temps" in round_page


def test_a_bad_table_number_changes_nothing(client, owner, partie):
    client.force_login(owner)
    url = reverse("tournament:round_time", args=["temps", 1])
    response = client.post(url, {"in_play": ["1", "9" * 5000]}, follow=True)
    assert "Numéro de table invalide" in response.content.decode()
    partie.refresh_from_db()
    assert partie.time_called is None and table(partie, 1).stop_after is None


def test_standings_sheets_and_workbook_name_the_games_ended_on_time(client, owner, partie):
    services.round_time_call(round_=partie, in_play=[])
    client.force_login(owner)
    standings = client.get(reverse("tournament:standings", args=["temps"])).content.decode()
    # Tables 1 and 2 have ended; table 3 still plays its one donne.
    assert "Arrêtées par la fin du temps — partie 1 : tables 1 et 2." in standings
    sheets = client.get(reverse("tournament:score_sheets", args=["temps", 1]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheets.content)).pages)
    assert "Fin du temps : la partie s'arrête après la donne 2" in " ".join(text.split())
    book = load_workbook(io.BytesIO(client.get(
        reverse("tournament:standings_xlsx", args=["temps"])).content))
    states = [row[10] for row in book["Parties"].iter_rows(min_row=3, values_only=True)]
    assert states == ["terminée (fin du temps)", "terminée (fin du temps)", "fin du temps"]


def test_the_journal_says_which_tables_stop_after_which_donne(client, owner, partie):
    services.round_time_call(round_=partie, in_play=[1])
    client.force_login(owner)
    page = client.get(reverse("tournament:journal", args=["temps"])).content.decode()
    assert "fin du temps" in page and "table 1 : après la donne 3" in page
