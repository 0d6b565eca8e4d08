"""Views, per role: the organiser, another organiser, a logged-out visitor; and never
another tournament's data."""

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import Side, score_game
from tests.builders import criteria_post, made, organiser, play_to_the_end, tournament, xlsx_file
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.models import DonneRecord, Game, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def other():
    t = tournament(slug="autre", name="Le concours d'à côté")
    # Two teams: one table, and no bye (a bye is numbered after the tables: a third team's
    # would be at table 2, which only `concours` must have).
    for name in ("Les Voisins", "Les Étrangers"):
        services.team_create(tournament=t, name=name, player1="Secret", player2="Caché")
    services.round_generate(tournament=t, seed=1)
    return t


def as_owner(client, owner):
    client.force_login(owner)
    return client


def game_url(t, number=1, table=1, suffix=""):
    return reverse("tournament:game", args=[t.slug, number, table]) + suffix


READ_URLS = [
    lambda t: reverse("tournament:detail", args=[t.slug]),
    lambda t: reverse("tournament:teams", args=[t.slug]),
    lambda t: reverse("tournament:team", args=[t.slug, 1]),
    lambda t: reverse("tournament:round", args=[t.slug, 1]),
    lambda t: game_url(t),
    lambda t: reverse("tournament:standings", args=[t.slug]),
]


@pytest.mark.parametrize("url", READ_URLS)
def test_pages_are_readable_by_everyone(client, concours, url):
    response = client.get(url(concours))
    assert response.status_code == 200
    assert concours.name in response.content.decode()


@pytest.mark.parametrize(
    "args",
    [
        ("tournament:team", ["autre", 4]),  # concours has a team 4, autre has not
        ("tournament:round", ["autre", 2]),
        ("tournament:game", ["autre", 1, 2]),  # concours has a table 2, autre has not
        ("tournament:detail", ["inconnu"]),
    ],
)
def test_objects_are_looked_up_under_their_own_tournament(client, concours, other, args):
    name, url_args = args
    assert client.get(reverse(name, args=url_args)).status_code == 404


@pytest.mark.parametrize("url", READ_URLS)
def test_no_page_shows_another_tournaments_data(client, owner, concours, other, url):
    as_owner(client, owner)
    page = client.get(url(concours)).content.decode()
    for secret in ("Les Voisins", "Les Étrangers", "Les Inconnus", "Secret", "à côté"):
        assert secret not in page


WRITES = [
    ("tournament:rules", lambda t: [t.slug], {}),
    ("tournament:teams", lambda t: [t.slug], {"name": "X", "player1": "a", "player2": "b"}),
    ("tournament:round_generate", lambda t: [t.slug], {}),
    ("tournament:game", lambda t: [t.slug, 1, 1], {"taker": ""}),
    ("tournament:game_preview", lambda t: [t.slug, 1, 1], {"taker": ""}),
    ("tournament:game_forfeit", lambda t: [t.slug, 1, 1], {"side": "NS"}),
    ("tournament:donne_delete", lambda t: [t.slug, 1, 1, 1], {}),
    ("tournament:round", lambda t: [t.slug, 1], {"team_a": 1, "team_b": 2}),
    ("tournament:team", lambda t: [t.slug, 1], {"active": "0"}),
]


@pytest.mark.parametrize(("name", "args", "data"), WRITES)
def test_a_logged_out_visitor_cannot_write(client, concours, name, args, data):
    response = client.post(reverse(name, args=args(concours)), data)
    assert response.status_code in (302, 404)
    if response.status_code == 302:
        assert reverse("login") in response["Location"]
    assert not DonneRecord.objects.exists()
    assert concours.teams.count() == 4 and concours.teams.filter(active=True).count() == 4
    assert not Game.objects.filter(forfeit__gt="").exists()


@pytest.mark.parametrize(("name", "args", "data"), WRITES)
def test_another_organiser_finds_nothing_to_write(client, concours, name, args, data):
    client.force_login(organiser("intrus"))
    response = client.post(reverse(name, args=args(concours)), data)
    assert response.status_code == 404  # another club's concours: nothing there for them
    assert not DonneRecord.objects.exists() and concours.rounds.count() == 1
    assert concours.teams.filter(active=True).count() == 4


def test_the_organiser_creates_a_tournament_from_a_preset(client, owner):
    as_owner(client, owner)
    response = client.post(reverse("tournament:create"), {
        "name": "Coinche de Noël", "slug": "noel", "date": "2026-12-20", "place": "Salle des fêtes",
        "preset": "contrat-seul"})
    assert response.status_code == 302
    t = Tournament.objects.get(slug="noel")
    assert (t.organiser, t.counting, t.target) == (owner, "demandes", 1000)


def test_creating_a_tournament_needs_a_login(client):
    response = client.get(reverse("tournament:create"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_rules_form_changes_an_option_and_asks_for_confirmation_once_donnes_exist(
        client, owner, concours):
    as_owner(client, owner)
    url = reverse("tournament:rules", args=[concours.slug])
    form = client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.pop("criteria", None)
    data.update({"date": "2026-11-21", "rounding": "", **criteria_post("wins", "diff")})
    for flag in ("litige", "annonces"):
        data[flag] = "on" if form.initial[flag] else ""
    data.pop("tie_to_takers", None)
    data.pop("sa_ta", None)
    services.donne_record(game=concours.rounds.get().games.get(table=1), number=None,
                          donne=made(points=95))
    response = client.post(url, data)
    assert response.status_code == 200 and "Confirmez" in response.content.decode()
    data["confirm"] = "on"
    assert client.post(url, data).status_code == 302
    concours.refresh_from_db()
    assert concours.rounding is False and concours.criteria == ["wins", "diff"]
    assert Game.objects.get(round__tournament=concours, table=1).score_ns == 175


def test_unknown_criteria_are_refused(client, owner, concours):
    as_owner(client, owner)
    url = reverse("tournament:rules", args=[concours.slug])
    form = client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data.pop("criteria", None)
    data.update({"date": "2026-11-21", **criteria_post("wins", "chance")})
    response = client.post(url, data)
    assert "Sélectionnez un choix valide" in response.content.decode()
    concours.refresh_from_db()
    assert concours.criteria == ["wins", "points", "diff"]


def test_the_organiser_registers_a_team_from_the_form(client, owner, concours):
    as_owner(client, owner)
    response = client.post(reverse("tournament:teams", args=[concours.slug]), {
        "name": "Les Rois", "player1": "Anne", "player2": "Basile", "club": "Lyon"})
    assert response.status_code == 302
    assert concours.teams.get(name="Les Rois").number == 5


def test_an_xlsx_import_registers_twenty_teams(client, owner):
    t = tournament(owner=owner, slug="inscriptions")
    as_owner(client, owner)
    rows = [["équipe", "joueur 1", "joueur 2", "club"]] + [
        [f"Équipe {n}", f"Joueur {n}a", f"Joueur {n}b", "Club"] for n in range(1, 21)]
    response = client.post(reverse("tournament:teams_import", args=[t.slug]),
                           {"file": xlsx_file(rows)})
    assert response.status_code == 302
    assert t.teams.count() == 20 and t.teams.get(number=20).name == "Équipe 20"


def test_an_import_lists_its_bad_lines_and_imports_nothing(client, owner):
    t = tournament(owner=owner, slug="inscriptions")
    as_owner(client, owner)
    rows = [["équipe", "joueur 1", "joueur 2", "club"], ["A", "a", "b", ""], ["B", "", "c", ""],
            ["A", "d", "e", ""]]
    response = client.post(reverse("tournament:teams_import", args=[t.slug]),
                           {"file": xlsx_file(rows)})
    content = response.content.decode()
    assert response.status_code == 422
    assert "Ligne 3" in content and "Ligne 4" in content
    assert t.teams.count() == 0


def test_a_csv_import_with_semicolons(client, owner):
    t = tournament(owner=owner, slug="csv")
    as_owner(client, owner)
    data = io.BytesIO("équipe;joueur 1;joueur 2;club\nLes As;Ana;Bob;Metz\n".encode())
    data.name = "equipes.csv"
    response = client.post(reverse("tournament:teams_import", args=[t.slug]), {"file": data})
    assert response.status_code == 302
    assert list(t.teams.values_list("name", "club")) == [("Les As", "Metz")]


def test_an_unknown_file_type_is_refused(client, owner, concours):
    as_owner(client, owner)
    data = io.BytesIO(b"x")
    data.name = "equipes.pdf"
    response = client.post(reverse("tournament:teams", args=[concours.slug]), {"file": data})
    assert "xlsx" in response.content.decode() and concours.teams.count() == 4


def _post_donne(client, t, data, **headers):
    return client.post(game_url(t), data, headers=headers)


def test_the_organiser_enters_a_donne_and_the_page_shows_its_score(client, owner, concours):
    as_owner(client, owner)
    response = _post_donne(client, concours, {"taker": "NS", "contract": "80", "trump": "H",
                                              "coinche": "none", "taker_points": "95"})
    assert response.status_code == 302
    page = client.get(game_url(concours)).content.decode()
    assert ">180<" in page and ">70<" in page


def test_a_fragment_request_returns_the_sheet_with_the_new_totals(client, owner, concours):
    as_owner(client, owner)
    response = _post_donne(client, concours, {"taker": "EW", "contract": "c", "trump": "S",
                                              "coinche": "none", "capot": "EW"}, X_Fragment="1")
    assert response.status_code == 200
    assert 'id="total-ew">500<' in response.content.decode()


def test_a_scoring_error_shows_in_french_beside_the_row_and_nothing_is_saved(
        client, owner, concours):
    as_owner(client, owner)
    response = _post_donne(client, concours, {"taker": "NS", "contract": "85", "trump": "H",
                                              "coinche": "none", "taker_points": "95"},
                           X_Fragment="1")
    assert response.status_code == 422
    assert "un multiple de 10" in response.content.decode()
    assert not DonneRecord.objects.exists()


def test_points_must_be_typed_unless_a_capot_says_them(client, owner, concours):
    as_owner(client, owner)
    response = _post_donne(client, concours, {"taker": "NS", "contract": "80", "trump": "H",
                                              "coinche": "none"})
    assert "Indiquez les points" in response.content.decode()
    assert not DonneRecord.objects.exists()


def test_the_preview_scores_a_complete_row_without_saving(client, owner, concours):
    as_owner(client, owner)
    url = game_url(concours, suffix="preview/")
    response = client.post(url, {"taker": "NS", "contract": "120", "trump": "H",
                                 "coinche": "coinche", "taker_points": "130"})
    assert response.json()["ns"] == 560 and response.json()["outcome"] == "made"
    bad = client.post(url, {"taker": "NS", "contract": "120", "trump": "SA",
                            "coinche": "none", "taker_points": "130"})
    assert bad.status_code == 422 and "trump" in bad.json()["errors"]
    assert not DonneRecord.objects.exists()


def test_editing_an_earlier_donne_rescores_and_the_totals_equal_score_game(
        client, owner, concours):
    as_owner(client, owner)
    game = concours.rounds.get().games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(points=81))
    services.donne_record(game=game, number=None, donne=made(contract=90, points=100))
    page = client.get(game_url(concours, suffix="?edit=1"))
    assert page.context["form"].initial["taker_points"] == 81
    client.post(game_url(concours), {"number": "1", "version": "1", "taker": "NS",
                                     "key": page.context["form"].initial["key"],
                                     "contract": "80", "trump": "H", "coinche": "none",
                                     "taker_points": "120"})
    game.refresh_from_db()
    expected = score_game([made(points=120), made(contract=90, points=100)], concours.rules)
    assert (game.score_ns, game.score_ew) == (expected.ns, expected.ew)
    assert_scores_recomputed(game)
    page = client.get(game_url(concours)).content.decode()
    assert f'id="total-ns">{expected.ns}<' in page


def test_the_end_of_the_game_is_shown(client, owner):
    t = tournament(owner=owner, teams=2, slug="fin", target=500)
    services.round_generate(tournament=t, seed=1)
    play_to_the_end(Game.objects.get(round__tournament=t))
    page = client.get(game_url(t)).content.decode()
    assert "Partie terminée" in page and 'id="entry"' not in page


def test_the_dealer_turns_from_the_first_dealer(client, owner, concours):
    game = concours.rounds.get().games.get(table=1)
    for _ in range(5):
        services.donne_record(game=game, number=None, donne=made())
    as_owner(client, owner)
    lines = client.get(game_url(concours)).context["lines"]
    assert [line.dealer for line in lines] == ["N", "E", "S", "O", "N"]


def test_deleting_a_donne(client, owner, concours):
    game = concours.rounds.get().games.get(table=1)
    services.donne_record(game=game, number=None, donne=made())
    as_owner(client, owner)
    client.post(reverse("tournament:donne_delete", args=[concours.slug, 1, 1, 1]),
                {"key": game.donnes.get().key})
    assert not game.donnes.exists()


def test_a_forfeit_is_recorded(client, owner, concours):
    as_owner(client, owner)
    client.post(game_url(concours, suffix="forfeit/"), {"side": "EW"})
    game = concours.rounds.get().games.get(table=1)
    assert (game.finished, game.winner) == (True, "NS")


def test_the_organiser_generates_round_two_after_round_one_is_played(client, owner, concours):
    as_owner(client, owner)
    for game in concours.rounds.get().games.all():
        play_to_the_end(game)
    response = client.post(reverse("tournament:round_generate", args=[concours.slug]))
    assert response.status_code == 302 and concours.rounds.count() == 2


def test_a_bad_seed_is_refused(client, owner):
    t = tournament(owner=owner, teams=4, slug="graine")
    as_owner(client, owner)
    client.post(reverse("tournament:round_generate", args=[t.slug]), {"seed": "abc"})
    assert not t.rounds.exists()
    client.post(reverse("tournament:round_generate", args=[t.slug]), {"seed": "12"})
    assert t.rounds.get().seed == 12


def test_swapping_two_teams(client, owner, concours):
    as_owner(client, owner)
    round_ = concours.rounds.get()
    one, two = round_.games.get(table=1), round_.games.get(table=2)
    a, b = one.team_ns.number, two.team_ns.number
    client.post(reverse("tournament:round", args=[concours.slug, 1]), {"team_a": a, "team_b": b})
    assert round_.games.get(table=1).team_ns.number == b


def test_withdrawing_and_editing_a_team(client, owner, concours):
    as_owner(client, owner)
    url = reverse("tournament:team", args=[concours.slug, 1])
    client.post(reverse("tournament:team_withdraw", args=[concours.slug, 1]))
    assert not concours.teams.get(number=1).active
    client.post(url, {"name": "Nouveau nom", "player1": "A", "player2": "B", "club": ""})
    assert concours.teams.get(number=1).name == "Nouveau nom"


def test_the_team_page_lists_its_games(client, owner, concours):
    game = concours.rounds.get().games.get(table=1)
    play_to_the_end(game)
    page = client.get(reverse("tournament:team", args=[concours.slug, game.team_ns.number]))
    assert game.team_ew.name in page.content.decode() and "gagnée" in page.content.decode()


def test_the_standings_page_orders_by_the_criteria(client, owner, concours):
    # Table 1: NS wins with surcoinched 160s (EW scores nothing); table 2: EW wins donne by
    # donne with 80s made, NS scoring its defence's points. Four different records.
    one, two = concours.rounds.get().games.order_by("table")
    play_to_the_end(one)
    while not two.finished:
        services.donne_record(game=two, number=None, donne=made(Side.EW, 80, 100))
        two.refresh_from_db()
    # The expected order, computed from the games alone: wins, then points, then difference.
    record = {}
    for game in (one, two):
        game.refresh_from_db()
        for team, own, other, side in ((game.team_ns, game.score_ns, game.score_ew, "NS"),
                                       (game.team_ew, game.score_ew, game.score_ns, "EW")):
            record[team.name] = (int(game.winner == side), own, own - other)
    assert len(set(record.values())) == 4  # no tie: the order below is the only right one
    expected = sorted(record, key=lambda name: record[name], reverse=True)

    response = client.get(reverse("tournament:standings", args=[concours.slug]))
    rows = response.context["table"].rows
    assert [row.record.team.name for row in rows] == expected
    assert [row.record.row.rank for row in rows] == [1, 2, 3, 4]
    assert [(row.record.row.wins, row.record.row.points, row.record.row.diff)
            for row in rows] == [record[name] for name in expected]
    assert expected[0] in {one.team_ns.name, two.team_ew.name}  # a winner leads


def test_teams_still_tied_after_every_criterion_share_their_rank(client, owner, concours):
    for game in concours.rounds.get().games.all():
        play_to_the_end(game)  # the same donnes at both tables: two winners alike, two losers
    response = client.get(reverse("tournament:standings", args=[concours.slug]))
    assert [row.record.row.rank for row in response.context["table"].rows] == [1, 1, 3, 3]


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_standings_and_game_pages_use_a_constant_number_of_queries(client, owner):
    small = tournament(owner=owner, teams=4, slug="petit")
    large = tournament(owner=owner, teams=30, slug="grand")
    for t in (small, large):
        round_ = services.round_generate(tournament=t, seed=2)
        for game in round_.games.all():
            play_to_the_end(game)
    as_owner(client, owner)
    standings = [_queries(client, reverse("tournament:standings", args=[t.slug]))
                 for t in (small, large)]
    assert standings[0] == standings[1]
    games = [_queries(client, game_url(t)) for t in (small, large)]
    assert games[0] == games[1]


def test_digits_python_counts_but_int_refuses_are_refused_in_french(client, owner, concours):
    # "²".isdigit() is True, int("²") raises: every number typed is read as plain digits.
    as_owner(client, owner)
    response = _post_donne(client, concours, {"taker": "NS", "contract": "8²", "trump": "H",
                                              "taker_points": "100"})
    assert "Un nombre (80, 90, …)" in response.content.decode()
    # A hidden donne number that is not one is refused, never read as "a new donne".
    response = _post_donne(client, concours, {"taker": "NS", "contract": "80", "trump": "H",
                                              "taker_points": "100", "number": "¹",
                                              "position": "¹"})
    assert response.status_code == 200 and "Numéro de donne invalide" in response.content.decode()
    assert not DonneRecord.objects.exists()
    assert client.get(game_url(concours, suffix="?edit=¹")).status_code == 404
    response = client.post(reverse("tournament:round_generate", args=[concours.slug]),
                           {"seed": "³"}, follow=True)
    assert "La graine du tirage est un nombre entier de 18 chiffres" in response.content.decode()
    assert concours.rounds.count() == 1


def test_the_entrants_lists_have_no_empty_last_column(client, owner):
    """Issue 32: the teams' and the players' lists ended with a column without a heading,
    empty but for a withdrawn entrant's « retirée », now said beside its name."""
    import re

    from tests.builders import melee

    doublettes, mixed = tournament(owner=owner, teams=2), melee(owner=owner, players=2)
    services.team_withdraw(team=doublettes.teams.get(number=2))
    services.player_withdraw(player=mixed.players.get(number=2))
    client.force_login(owner)
    for url, gone in ((reverse("tournament:teams", args=[doublettes.slug]), "retirée"),
                      (reverse("tournament:players", args=[mixed.slug]), "retiré")):
        page = client.get(url).content.decode()
        table = page[page.index("<table"):page.index("</table>")]
        headings = re.findall(r"<th>(.*?)</th>", table)
        assert headings and all(headings), headings  # no heading left blank
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
        assert [row.count("<td") for row in rows] == [len(headings)] * 2
        assert f"<small>({gone})</small>" in rows[1] and gone not in rows[0]
