"""What recording a donne costs (issue 14), fixed in queries so that a change that adds one
is seen: a post from a table link, as the phones and the load test send it (X-Fragment), is
eight queries — the game with its round, tournament, teams and players; the transaction, the
game locked and its donnes read, the donne, the game's result and the journal written — and
its answer is the sheet as written, without reading it again; on PostgreSQL one more, the
partie and the concours locked for share before the game (services.game_locked). The two
confirmations and the exempt rule cost a query only when they change something.

Inside a test the transaction is a savepoint (the test's own transaction around it): BEGIN
and COMMIT count as SAVEPOINT and RELEASE, the same number."""

import re

import pytest
from django.db import connection
from django.urls import reverse

from scoring import Coinche, Side
from tests.builders import made, melee, organiser, tournament
from tournament import selectors, services
from tournament.errors import UserError
from tournament.models import AuditEntry, DonneRecord, Game, Tournament
from tournament.services.donnes import exempt_points

pytestmark = pytest.mark.django_db

FRAGMENT = {"X-Fragment": "1"}
PLAIN = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "95"}  # 180 – 0
# A surcoinched 160 made ends a game played to 1000 at once.
WINNING = {"taker": "NS", "contract": "160", "trump": "H", "coinche": "surcoinche",
           "taker_points": "162"}
# On PostgreSQL the concours then the partie are locked for share, in two statements (one
# joining both locked them in the join's order, against the services' lock order).
SHARED = 2 if connection.vendor == "postgresql" else 0
ENTRY_QUERIES = 8 + SHARED


def concours(slug: str, teams: int = 5, **options) -> Tournament:
    """Five teams: tables 1 and 2 and a bye, partie 1 drawn."""
    t = tournament(owner=organiser(slug), teams=teams, slug=slug, **options)
    services.round_generate(tournament=t, seed=3)
    return t


def table(t: Tournament, number: int = 1) -> Game:
    return Game.objects.get(round__tournament=t, round__number=1, table=number)


def post(client, game: Game, data: dict, position: int, token: str = "token"):
    return client.post(reverse("tournament:table_link", args=[getattr(game, token)]),
                       {**data, "position": str(position)}, headers=FRAGMENT)


def test_recording_a_donne_from_a_table_link_costs_eight_queries(
        client, django_assert_num_queries):
    t = concours("huit")
    game = table(t)
    post(client, game, PLAIN, 1)
    with django_assert_num_queries(ENTRY_QUERIES) as captured:
        response = post(client, game, PLAIN, 2)
    assert response.status_code == 200 and response["X-Entry"] == "sheet"
    sql = [query["sql"] for query in captured.captured_queries]
    for _lock in range(SHARED):  # the concours' row, then the partie's
        assert sql.pop(2).endswith("FOR SHARE")
    assert [s.split()[0] for s in sql] == ["SELECT", "SAVEPOINT", "SELECT", "SELECT", "INSERT",
                                           "UPDATE", "INSERT", "RELEASE"]
    assert "tournament_player" in sql[0]  # the players come with the game, not one by one
    # The game's result only is written, not every column of the game.
    assert '"token"' not in sql[5] and '"score_ns"' in sql[5]
    assert AuditEntry.objects.filter(kind="donne", action="create").count() == 2
    page = response.content.decode()
    assert "Donne 2 enregistrée." in page and 'id="total-ns">360<' in page
    assert 'name="position" value="3"' in page


def test_a_correction_costs_the_same_and_is_still_checked_against_its_version(
        client, django_assert_num_queries):
    t = concours("correction")
    game = table(t)
    post(client, game, PLAIN, 1)
    record = DonneRecord.objects.get(game=game, number=1)
    url = reverse("tournament:table_link", args=[game.token])
    with django_assert_num_queries(ENTRY_QUERIES):
        response = client.post(url, {**PLAIN, "taker_points": "100", "number": "1",
                                     "version": str(record.version), "key": record.key},
                               headers=FRAGMENT)
    assert response.status_code == 200 and "Donne 1 corrigée." in response.content.decode()
    stale = client.post(url, {**PLAIN, "taker_points": "110", "number": "1",
                              "version": str(record.version), "key": record.key},
                        headers=FRAGMENT)
    assert stale.status_code == 422
    assert "vient d&#x27;être modifiée par quelqu&#x27;un d&#x27;autre" in stale.content.decode()
    assert DonneRecord.objects.get(game=game, number=1).taker_points == 100


def test_the_answer_to_a_save_is_the_sheet_a_fresh_page_shows(client):
    # The answer is built from what the save wrote (services.Written), not read again: it
    # must be the sheet a reload shows, rescored donnes and totals included.
    t = concours("fraiche", target=1000)
    game = table(t)
    for position, data in enumerate([PLAIN, {"taker": "P"}, PLAIN], start=1):
        post(client, game, data, position)
    url = reverse("tournament:table_link", args=[game.token])
    record = DonneRecord.objects.get(game=game, number=1)
    # Donne 1 corrected into a chute: the later donnes' running totals change.
    answer = client.post(url, {**PLAIN, "taker_points": "70", "number": "1",
                               "version": str(record.version), "key": record.key},
                         headers=FRAGMENT)
    reloaded = client.get(url, headers=FRAGMENT)

    def sheet(response) -> str:
        page = response.content.decode()
        table = page.index('<table class="grid phone-donnes"')
        return page[page.index('<div class="phone-teams">'):page.index("<form")] + \
            page[table:page.index("</table>", table)]

    assert answer.status_code == 200
    assert sheet(answer) == sheet(reloaded)
    game.refresh_from_db()
    assert game.score_ew > 0  # the chute's points to the defence
    assert f'id="total-ew">{game.score_ew}<' in sheet(answer)


def test_a_finished_game_awaiting_the_other_side_costs_one_query_more(
        client, django_assert_num_queries):
    t = concours("confirmer", target=1000)
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True)
    game = table(t)
    post(client, game, PLAIN, 1)
    assert table(t).awaiting == ""  # not finished: nothing awaits, no query for it
    with django_assert_num_queries(ENTRY_QUERIES + 1):  # awaiting East-West is written
        response = post(client, game, WINNING, 2)
    assert response.status_code == 200
    assert table(t).finished and table(t).awaiting == Side.EW.value
    assert 'id="awaiting-other"' in response.content.decode()


def test_the_byes_cost_nothing_under_a_fixed_score_and_follow_the_partie_otherwise(
        client, django_assert_num_queries):
    fixed = concours("exempt-fixe")
    assert Game.objects.filter(round__tournament=fixed, team_ew__isnull=True).exists()
    game = table(fixed)
    post(client, game, PLAIN, 1)
    with django_assert_num_queries(ENTRY_QUERIES):
        post(client, game, PLAIN, 2)
    average = concours("exempt-moyenne", exempt_rule="average", target=1000)
    game = table(average)
    post(client, game, PLAIN, 1)
    # The byes locked, the partie's scores read, the byes rewritten: three queries more.
    with django_assert_num_queries(ENTRY_QUERIES + 3):
        post(client, game, WINNING, 2)  # the game ends: the average moves
    bye = Game.objects.select_related("round__tournament").get(round__tournament=average,
                                                                team_ew__isnull=True)
    assert bye.score_ns == exempt_points(round_=bye.round) > 0


def test_a_table_links_preview_costs_two_light_queries_and_writes_nothing(
        client, django_assert_num_queries):
    t = concours("apercu")
    game = table(t)
    url = reverse("tournament:table_link_preview", args=[game.token])
    client.post(url, PLAIN, headers={"HX-Request": "true"})
    with django_assert_num_queries(2) as captured:  # the game, its donnes
        response = client.post(url, PLAIN, headers={"HX-Request": "true"})
    assert "Aperçu : réussi" in response.content.decode()
    # A preview shows no team: its lookup reads neither the teams nor their players.
    assert "tournament_team" not in captured.captured_queries[0]["sql"]
    assert not DonneRecord.objects.exists()


def test_the_preview_is_scored_by_the_selector_and_a_refusal_is_a_user_error():
    t = concours("selecteur", target=1000)
    game = table(t)
    winning = made(Side.NS, 160, 162, coinche=Coinche.SURCOINCHE)
    services.donne_record(game=game, number=None, donne=made(points=120))
    preview = selectors.row_preview(game, made(points=95), editing=1)
    assert (preview.ns, preview.ew, preview.outcome, preview.outcome_words) == (
        180, 70, "made", "réussi")
    assert (preview.total_ns, preview.total_ew) == (180, 70)
    assert not preview.finished and preview.winner is None and preview.winner_name == ""
    assert "outcome_words" not in preview.figures() and preview.figures()["ns"] == 180
    ending = selectors.row_preview(game, winning, editing=None)
    assert ending.finished and ending.winner == "NS" and ending.winner_name == "Nord-Sud"
    assert ending.final_ns == ending.total_ns > 1000
    assert not DonneRecord.objects.filter(game=game, number=2).exists()  # nothing written
    # Once the game is over, one more donne is scoring's refusal, as a user error.
    services.donne_record(game=game, number=None, donne=winning)
    with pytest.raises(UserError, match="La partie est terminée"):
        selectors.row_preview(game, made(), editing=None)


def test_a_melee_tables_page_names_each_sides_players_once(client):
    t = melee(owner=organiser("melee-page"), players=8, slug="melee-page")
    services.round_generate(tournament=t, seed=2)
    game = Game.objects.select_related("team_ns__first", "team_ns__second").get(
        round__tournament=t, table=1)
    page = client.get(reverse("tournament:table_link", args=[game.token])).content.decode()
    start = page.index('<div class="phone-teams">')
    teams = page[start:page.index("</div>\n</div>", start)]
    first, second = game.team_ns.first.name, game.team_ns.second.name
    assert f"{first} et {second}" in teams
    assert teams.count(first) == 1 and f"{first}, {second}" not in teams
    # The organiser's game page too.
    client.force_login(t.organiser)
    page = client.get(reverse("tournament:game", args=["melee-page", 1, 1])).content.decode()
    start = page.index('<div class="teams">')
    teams = page[start:page.index("</div>\n</div>", start)]
    assert f"{first} et {second}" in teams
    assert teams.count(first) == 1 and f"({first}, {second})" not in teams
    client.logout()
    # A doublette's team keeps its name and, under it, its two players.
    doublettes = concours("doublette-page", teams=4)
    page = client.get(reverse("tournament:table_link",
                              args=[table(doublettes).token])).content.decode()
    assert re.search(r"Équipe \d<br><small>Joueur \dA, Joueur \dB</small>", page)
