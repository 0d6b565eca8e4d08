"""Two confirmations (issue 13): a score finished from one side's phone awaits the other
side's confirmation (its own link, token_ew for East-West), or the organiser's; saying it is
wrong keeps it awaiting and shows the organiser; the organiser's own entry never awaits."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import Coinche, Side
from scoring.paper import PaperTotals
from tests.builders import made, organiser, tournament
from tournament import selectors, services
from tournament.access import linked_side
from tournament.errors import UserError
from tournament.models import AuditEntry, Game, Tournament
from tournament.services.donnes import score_changed

pytestmark = pytest.mark.django_db

# A surcoinched 160 made: 4 × (250 + 160) + … : one donne ends a game played to 1000.
WINNING = made(Side.NS, 160, 162, coinche=Coinche.SURCOINCHE)


@pytest.fixture
def concours():
    """Two confirmations on; five teams: tables 1 and 2 and a bye."""
    t = tournament(owner=organiser("signatures"), teams=5, slug="signatures", target=1000)
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True)
    services.round_generate(tournament=t, seed=5)
    return Tournament.objects.get(pk=t.pk)


def table(t, number: int = 1) -> Game:
    return Game.objects.select_related("round__tournament").get(
        round__tournament=t, round__number=1, table=number)


def enter(game, side, donne=WINNING, number=None):
    return services.donne_record(game=game, side=side, number=number, donne=donne,
                                open_only=side is not None)


# --- The services ---------------------------------------------------------------------------


def test_a_game_finished_from_one_sides_phone_awaits_the_other_side(concours):
    game = table(concours)
    enter(game, Side.NS, made())
    assert table(concours).awaiting == ""  # not finished: nothing to confirm yet
    enter(game, Side.NS)
    game = table(concours)
    assert game.finished and game.awaiting == "EW"
    assert selectors.awaiting_games(concours) == {game.pk}


def test_only_the_awaited_side_or_the_organiser_confirms(concours):
    game = table(concours)
    enter(game, Side.NS)
    with pytest.raises(UserError, match="c'est à l'équipe adverse"):
        services.game_confirm(game=game, side=Side.NS)
    game = services.game_confirm(game=game, side=Side.EW,
                                 score=(table(concours).score_ns, table(concours).score_ew))
    assert table(concours).awaiting == "" and selectors.awaiting_games(concours) == set()
    entry = AuditEntry.objects.get(kind="game", action="confirm")
    assert entry.before["awaiting"] == "EW" and entry.after["awaiting"] == ""
    with pytest.raises(UserError, match="n'attend aucune confirmation"):
        services.game_confirm(game=game, side=None)


def test_a_score_changed_meanwhile_is_not_confirmed_unseen(concours):
    game = table(concours)
    enter(game, Side.NS)
    with pytest.raises(UserError, match="Le score vient de changer"):
        services.game_confirm(game=game, side=Side.EW, score=(1, 2))
    assert table(concours).awaiting == "EW"


def test_a_change_after_the_end_from_the_other_phone_awaits_the_first(concours):
    game = table(concours)
    enter(game, Side.NS)
    services.game_confirm(game=game, side=Side.EW)
    enter(game, Side.EW, made(Side.NS, 160, 160, coinche=Coinche.SURCOINCHE), number=1)
    assert table(concours).awaiting == "NS"


def test_the_same_donne_saved_again_changes_nothing(concours):
    game = table(concours)
    enter(game, Side.NS)
    services.game_confirm(game=game, side=Side.EW)
    enter(game, Side.NS, number=1)
    assert table(concours).awaiting == ""


def test_the_organisers_entry_never_awaits_and_clears_what_did(concours):
    game = table(concours)
    enter(game, None)
    assert table(concours).finished and table(concours).awaiting == ""
    enter(table(concours, 2), Side.EW)
    assert table(concours, 2).awaiting == "NS"
    enter(table(concours, 2), None, made(Side.NS, 160, 160, coinche=Coinche.SURCOINCHE),
          number=1)
    assert table(concours, 2).awaiting == ""


def test_a_change_outside_the_entry_clears_what_awaited_from_the_copy_locked_before(concours):
    # What a journal's restore does (services.journal._restore_donne): the game locked, a
    # donne service called, then score_changed(game, None) with the copy locked before the
    # change. It clears what awaited and leaves the scores the change wrote.
    game = table(concours)
    enter(game, Side.NS)
    services.game_dispute(game=game, side=Side.EW)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        services.donne_record(game=locked, number=1,  # East-West made it, not North-South
                              donne=made(Side.EW, 160, 162, coinche=Coinche.SURCOINCHE))
        score_changed(locked, None)
    after = table(concours)
    assert (after.awaiting, after.disputed) == ("", False)
    assert after.finished and after.winner == "EW" and after.score_ew > 1000 > after.score_ns


def test_a_side_may_be_given_by_its_value(concours):
    # Views hold a side's value ("NS", "EW"); the services turn it into a scoring.Side.
    game = table(concours)
    services.donne_record(game=game, side="NS", number=None, donne=WINNING, open_only=True)
    assert table(concours).awaiting == "EW"
    with pytest.raises(UserError, match="c'est à l'équipe adverse"):
        services.game_confirm(game=game, side="NS")
    services.game_dispute(game=game, side="EW")
    services.game_confirm(game=game, side="EW")
    assert (table(concours).awaiting, table(concours).disputed) == ("", False)


def test_without_the_option_nothing_awaits(concours):
    Tournament.objects.filter(pk=concours.pk).update(two_confirmations=False)
    enter(table(concours), Side.NS)
    assert table(concours).finished and table(concours).awaiting == ""


def test_saying_the_score_is_wrong_keeps_it_awaiting_for_the_organiser(concours):
    game = table(concours)
    enter(game, Side.NS)
    with pytest.raises(UserError):
        services.game_dispute(game=game, side=Side.NS)
    services.game_dispute(game=game, side=Side.EW)
    services.game_dispute(game=game, side=Side.EW)  # twice: one entry
    game = table(concours)
    assert game.disputed and game.awaiting == "EW"
    assert selectors.disputed_games(concours) == {game.pk} == selectors.awaiting_games(concours)
    assert AuditEntry.objects.filter(kind="game", action="dispute").count() == 1
    services.game_confirm(game=game, side=None)
    game = table(concours)
    assert not game.disputed and game.awaiting == ""


def test_paper_totals_from_a_phone_await_the_other_side_too():
    t = tournament(teams=2, preset="classique-sans-annonces")
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True, paper_by_tables=True)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    sheet = PaperTotals(score_ns=1100, score_ew=974, donnes=12, belotes=2, capots=1)
    services.game_totals_record(game=game, totals=sheet, side=Side.EW)
    assert Game.objects.get(pk=game.pk).awaiting == "NS"
    services.game_totals_record(game=game, totals=sheet)  # the same: nothing changes
    assert Game.objects.get(pk=game.pk).awaiting == "NS"
    services.game_totals_record(game=game, totals=PaperTotals(
        score_ns=1000, score_ew=1074, donnes=12, belotes=2, capots=1))
    assert Game.objects.get(pk=game.pk).awaiting == ""  # the organiser's


# --- The links ------------------------------------------------------------------------------


def link(game, which="token", suffix=""):
    return reverse("tournament:table_link", args=[getattr(game, which)]) + suffix


def test_the_east_west_link_opens_the_same_game_as_east_west(client, concours):
    game = table(concours)
    # The side's value, as views and templates use it (services turn it into a Side).
    assert linked_side(game.token) == (game, "NS")
    assert linked_side(game.token_ew) == (game, "EW")
    page = client.get(link(game, "token_ew")).content.decode()
    assert f"Lien de l'équipe Est-Ouest : {game.team_ew.name}" in page
    bye = Game.objects.get(round__tournament=concours, team_ew__isnull=True)
    for token in (bye.token_ew, bye.token, "x" * 22, table(concours, 2).token_ew[:-1]):
        assert client.get(reverse("tournament:table_link", args=[token])).status_code == 404


def test_each_side_sees_what_it_has_to_do(client, concours):
    game = table(concours)
    posted = {"taker": "NS", "contract": "160", "trump": "H", "coinche": "surcoinche",
              "taker_points": "162", "position": "1"}
    assert client.post(link(game), posted).status_code == 302
    game = table(concours)
    assert game.awaiting == "EW"
    assert AuditEntry.objects.get(kind="donne").actor == "Table 1 (lien NS)"
    mine = client.get(link(game)).content.decode()
    assert "En attente de la confirmation de l'équipe Est-Ouest" in mine
    assert "Confirmer le score" not in mine
    theirs = client.get(link(game, "token_ew")).content.decode()
    assert "Score final à confirmer" in theirs and "Confirmer le score" in theirs
    assert "Le score est faux" in theirs

    score = {"score_ns": game.score_ns, "score_ew": game.score_ew}
    refused = client.post(link(game, suffix="confirm/"), score, follow=True).content.decode()
    assert "c&#x27;est à l&#x27;équipe adverse" in refused and table(concours).awaiting == "EW"
    said = client.post(link(game, "token_ew", "confirm/"), score, follow=True)
    assert "Score confirmé." in said.content.decode() and table(concours).awaiting == ""
    assert AuditEntry.objects.get(kind="game").actor == "Table 1 (lien EO)"


def test_a_dispute_from_the_phone_shows_on_the_organisers_page(client, concours):
    game = table(concours)
    enter(game, Side.EW)  # East-West finished it: North-South is awaited
    game = table(concours)
    score = {"score_ns": game.score_ns, "score_ew": game.score_ew}
    page = client.post(link(game, suffix="dispute/"), score, follow=True).content.decode()
    assert "l&#x27;organisateur est prévenu" in page and table(concours).disputed
    client.force_login(concours.organiser)
    url = reverse("tournament:game", args=[concours.slug, 1, 1])
    organiser_page = client.get(url).content.decode()
    assert "À confirmer par Nord-Sud" in organiser_page and "Contesté" in organiser_page
    confirm = reverse("tournament:game_confirm", args=[concours.slug, 1, 1])
    assert client.post(confirm, {"score_ns": "1", "score_ew": "2"}).status_code == 302
    assert table(concours).awaiting == "NS"  # a score that changed is not confirmed
    client.post(confirm, score)
    assert table(concours).awaiting == "" and not table(concours).disputed


def closed_awaiting_east_west(concours):
    """Table 1 finished from North-South's link, awaiting East-West, its partie closed: the
    game read again and the score its pages show."""
    game = table(concours)
    enter(game, Side.NS)
    services.round_close(round_=game.round, closed=True)
    game = table(concours)
    return game, {"score_ns": game.score_ns, "score_ew": game.score_ew}


def test_a_closed_partie_still_takes_a_confirmation_from_a_link(client, concours):
    # Drawing the next partie closes this one: a score awaiting confirmation must still be
    # confirmed (or disputed) from the phone, which changes no score; donnes stay refused.
    game, score = closed_awaiting_east_west(concours)
    page = client.get(link(game, "token_ew")).content.decode()
    assert "Confirmer le score" in page and "Le score est faux" in page
    assert client.post(link(game, "token_ew", "dispute/"), score).status_code == 302
    assert table(concours).disputed and table(concours).awaiting == "EW"
    said = client.post(link(game, "token_ew", "confirm/"), score, follow=True)
    assert "Score confirmé." in said.content.decode()
    after = table(concours)
    assert (after.awaiting, after.disputed) == ("", False)
    assert (after.score_ns, after.score_ew) == (game.score_ns, game.score_ew)
    posted = {"taker": "EW", "contract": "80", "trump": "H", "taker_points": "100",
              "position": "1"}
    assert client.post(link(game, "token_ew"), posted).status_code == 403
    assert client.post(link(game, "token_ew", "totals/"), {}).status_code == 403
    assert table(concours).played == game.played


def test_a_closed_partie_still_refuses_a_confirmation_from_the_wrong_side(client, concours):
    game, score = closed_awaiting_east_west(concours)
    refused = client.post(link(game, suffix="confirm/"), score, follow=True).content.decode()
    assert "c&#x27;est à l&#x27;équipe adverse" in refused and table(concours).awaiting == "EW"


def round_page(client, t) -> str:
    client.force_login(t.organiser)
    return client.get(reverse("tournament:round", args=[t.slug, 1])).content.decode()


def state_cell(page: str, number: int) -> str:
    """The partie page's row of table `number`, from its table link to the row's end."""
    start = page.index(f'data-table-link="{number}"')
    row_start = page.rindex("<tr>", 0, start)
    return page[row_start:page.index("</tr>", start)]


def test_the_partie_page_marks_awaiting_and_disputed_tables(client, concours):
    enter(table(concours), Side.NS)  # table 1: East-West awaited
    enter(table(concours, 2), Side.EW)
    services.game_dispute(game=table(concours, 2), side=Side.NS)  # table 2: disputed
    page = round_page(client, concours)
    one, two = state_cell(page, 1), state_cell(page, 2)
    assert "à confirmer" in one and "contesté" not in one
    assert "contesté" in two and "à confirmer" not in two
    services.game_confirm(game=table(concours), side=None)
    one = state_cell(round_page(client, concours), 1)
    assert "à confirmer" not in one and "contesté" not in one


def test_the_partie_page_lists_both_links_with_two_confirmations(client, concours):
    page = round_page(client, concours)
    for number in (1, 2):
        game = table(concours, number)
        row = state_cell(page, number)
        assert reverse("tournament:table_link", args=[game.token]) in row
        assert reverse("tournament:table_link", args=[game.token_ew]) in row
    Tournament.objects.filter(pk=concours.pk).update(two_confirmations=False)
    enter(table(concours), Side.NS)
    page = round_page(client, concours)
    assert table(concours).token_ew not in page
    assert "à confirmer" not in state_cell(page, 1)


def test_the_partie_page_reads_what_awaits_in_constant_queries(client, concours):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            client.get(reverse("tournament:round", args=[concours.slug, 1]))
        return len(captured)

    client.force_login(concours.organiser)
    enter(table(concours), None)  # both tables finished by the desk: nothing awaits
    enter(table(concours, 2), None)
    queries()  # what the first page caches (the session's user) is not counted
    before = queries()
    Game.objects.filter(pk=table(concours).pk).update(awaiting="EW")
    Game.objects.filter(pk=table(concours, 2).pk).update(awaiting="NS", disputed=True)
    page = client.get(reverse("tournament:round", args=[concours.slug, 1])).content.decode()
    assert "à confirmer" in state_cell(page, 1) and "contesté" in state_cell(page, 2)
    assert queries() == before


def test_the_public_game_page_marks_an_unconfirmed_score(client, concours):
    enter(table(concours), Side.NS)
    services.tournament_publish(tournament=concours, published=True)
    page = client.get(reverse("tournament:game", args=[concours.slug, 1, 1])).content.decode()
    assert "À confirmer par Est-Ouest" in page and "Confirmer le score" not in page


def test_turning_the_option_off_hides_what_awaited(client, concours):
    enter(table(concours), Side.NS)
    Tournament.objects.filter(pk=concours.pk).update(two_confirmations=False)
    concours.refresh_from_db()
    assert selectors.awaiting_games(concours) == set()
    page = client.get(link(table(concours), "token_ew")).content.decode()
    assert "Confirmer le score" not in page
    Tournament.objects.filter(pk=concours.pk).update(two_confirmations=True)
    concours.refresh_from_db()
    assert selectors.awaiting_games(concours) == {table(concours).pk}
