"""Scoring version 2 in the tournament: the rules page (six presets, only the options that
apply), points attribués entered on the organiser's page and on a table link, migration 0003
keeping existing tournaments' version-1 scores."""

import datetime
import json
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from scoring import PRESETS, Rules
from tests.builders import criteria_post, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.models import AuditEntry, DonneRecord, Tournament

pytestmark = pytest.mark.django_db

COINCHE_ONLY = ["counting", "multiply", "surcoinche_factor", "belote_multiplied",
                "beat_defence", "max_contract"]


def rules_page(client, owner, slug):
    client.force_login(owner)
    return client.get(reverse("tournament:rules", args=[slug])).content.decode()


def hidden_options(page: str) -> set[str]:
    return set(re.findall(r'data-option="(\w+)"[^>]* hidden>', page))


def test_the_rules_page_offers_the_six_presets_and_their_options(client, owner):
    tournament(owner=owner, slug="six")
    page = rules_page(client, owner, "six")
    for key in PRESETS:
        assert f'<option value="{key}"' in page
    options = json.loads(re.search(r'id="preset-options"[^>]*>(.*?)</script>', page,
                                   re.S).group(1))
    assert set(options) == set(PRESETS)
    assert options["classique-capot-250"]["capot_points"] == 250
    assert options["contrat-seul"]["demandes_belote"] is False


def test_classique_hides_the_coinche_options_and_coinche_shows_them(client, owner):
    tournament(owner=owner, slug="classique", preset="ffb-classique")
    tournament(owner=owner, slug="coinche", preset="ffb-coinche")
    assert set(COINCHE_ONLY) <= hidden_options(rules_page(client, owner, "classique"))
    shown = rules_page(client, owner, "coinche")
    assert not set(COINCHE_ONLY) & hidden_options(shown)
    # Options that apply to one counting only: FFB counts "faits".
    assert "demandes_belote" in hidden_options(shown)
    for option in ("belote_multiplied", "belote_in_contract", "belote_exception",
                   "capot_points", "max_contract"):
        assert f'data-option="{option}"' in shown


def test_every_option_has_a_french_help_text(client, owner):
    tournament(owner=owner, slug="aides")
    page = rules_page(client, owner, "aides")
    rows = re.findall(r'<p class="option" data-option="(\w+)".*?</p>', page, re.S)
    blocks = re.findall(r'(<p class="option" data-option="\w+".*?</p>)', page, re.S)
    from tournament.models import RULE_FIELDS

    assert set(RULE_FIELDS) <= set(rows)
    for block in blocks:
        name = re.search(r'data-option="(\w+)"', block).group(1)
        if name in RULE_FIELDS:
            assert 'class="help"' in block, name


def test_choosing_a_preset_on_the_rules_page_saves_it_with_its_options(client, owner):
    t = tournament(owner=owner, slug="bascule")
    client.force_login(owner)
    data = {"name": t.name, "date": "2026-11-21", "place": "", "preset": "classique-capot-250",
            "parties_planned": 4, **criteria_post("wins", "points"), "bye_points": 1000,
            "forfeit_points": 1000, "target": 1000, "max_donnes": ""}
    for name, value in PRESETS["classique-capot-250"].__dict__.items():
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    response = client.post(reverse("tournament:rules", args=["bascule"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert t.preset == "classique-capot-250" and t.rules == PRESETS["classique-capot-250"]
    entry = AuditEntry.objects.filter(kind="rules", action="update").get()
    assert entry.after["preset"] == "classique-capot-250"
    journal = client.get(reverse("tournament:journal", args=["bascule"])).content.decode()
    assert "Belote classique, capot à 250" in journal and "capot-250" not in journal


@pytest.mark.parametrize("value", ["85", "70", "510"])
def test_a_highest_contract_off_the_scale_is_refused(client, owner, value):
    t = tournament(owner=owner, slug="plafond")
    client.force_login(owner)
    data = {"name": t.name, "date": "2026-11-21", "preset": "ffb-coinche",
            "parties_planned": 4, **criteria_post("wins"), "bye_points": 1000,
            "forfeit_points": 1000, "target": 2000}
    for name, item in PRESETS["ffb-coinche"].__dict__.items():
        if isinstance(item, bool):
            if item:
                data[name] = "on"
        elif item is not None:
            data[name] = str(item)
    data["max_contract"] = value
    response = client.post(reverse("tournament:rules", args=["plafond"]), data)
    assert response.status_code == 200
    t.refresh_from_db()
    assert t.max_contract == 500


# --- Points attribués ------------------------------------------------------------------------

DONNE = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "100"}


@pytest.fixture
def table_game(owner):
    t = tournament(owner=owner, teams=2, slug="penalite")
    return services.round_generate(tournament=t, seed=1).games.get(table=1)


def test_the_organiser_enters_points_attribues_beside_the_donne(client, owner, table_game):
    client.force_login(owner)
    url = reverse("tournament:game", args=["penalite", 1, 1])
    page = client.get(url).content.decode()
    assert '<details class="penalty">' in page and 'name="awarded_ew"' in page
    client.post(url, {**DONNE, "awarded_ew": "50", "position": "1"})
    record = DonneRecord.objects.get(game=table_game)
    # SCORING.md's example: NS 80 ♥ made with 100, EW awarded 50: 180 – 110.
    assert (record.awarded_ns, record.awarded_ew, record.score_ns, record.score_ew) == (
        0, 50, 180, 110)
    page = client.get(url).content.decode()
    assert "+50 EO" in page
    journal = client.get(reverse("tournament:journal", args=["penalite"])).content.decode()
    assert "pénalité +50 EO" in journal


def test_a_table_link_enters_points_attribues_too(client, table_game):
    url = reverse("tournament:table_link", args=[table_game.token])
    page = client.get(url).content.decode()
    assert "Pénalité (points attribués par l'arbitre)" in page
    client.post(url, {**DONNE, "awarded_ns": "20", "position": "1"})
    record = DonneRecord.objects.get(game=table_game)
    assert (record.awarded_ns, record.score_ns, record.score_ew) == (20, 200, 60)


@pytest.mark.parametrize("value", ["1001", "-10", "99999999999999999999"])
def test_points_attribues_beyond_1000_are_refused_and_nothing_is_stored(client, owner,
                                                                         table_game, value):
    client.force_login(owner)
    url = reverse("tournament:game", args=["penalite", 1, 1])
    response = client.post(url, {**DONNE, "awarded_ns": value, "position": "1"})
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    assert not DonneRecord.objects.filter(game=table_game).exists()


def test_a_passed_donne_may_carry_points_attribues(client, owner, table_game):
    client.force_login(owner)
    url = reverse("tournament:game", args=["penalite", 1, 1])
    client.post(url, {"taker": "P", "awarded_ns": "30", "position": "1"})
    record = DonneRecord.objects.get(game=table_game)
    assert (record.outcome, record.score_ns, record.score_ew) == ("passed", 30, 0)


def test_the_score_of_a_stored_game_equals_scoring_with_points_attribues(client, owner,
                                                                         table_game):
    client.force_login(owner)
    url = reverse("tournament:game", args=["penalite", 1, 1])
    client.post(url, {**DONNE, "awarded_ew": "50", "position": "1"})
    client.post(url, {**DONNE, "taker": "EW", "awarded_ns": "100", "position": "2"})
    assert_scores_recomputed(table_game)


# --- Migration 0003 ------------------------------------------------------------------------

BEFORE = [("tournament", "0002_safety")]
AFTER = [("tournament", "0003_scoring_v2")]


@pytest.mark.django_db(transaction=True)
def test_migration_0003_keeps_the_version_1_reading_of_existing_tournaments():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="ancien")
    Old = old.get_model("tournament", "Tournament")
    common = dict(date=datetime.date(2026, 1, 1), organiser_id=user.pk, surcoinche_factor=4,
                  litige=True, tie_to_takers=False, rounding=True, sa_ta=False)
    Old.objects.create(name="FFB", slug="ffb", preset="ffb-coinche", game="coinche",
                       counting="faits", multiply="score", annonces=True, **common)
    Old.objects.create(name="Seul", slug="seul", preset="contrat-seul", game="coinche",
                       counting="demandes", multiply="contract", annonces=False, **common)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("tournament", "Tournament")
    ffb, seul = new.objects.get(slug="ffb"), new.objects.get(slug="seul")
    for row in (ffb, seul):
        assert (row.belote_multiplied, row.belote_in_contract, row.belote_exception,
                row.beat_defence, row.capot_points, row.max_contract) == (
                    False, True, True, True, 252, 500)
    assert (ffb.demandes_belote, seul.demandes_belote) == (False, True)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_new_tournament_takes_the_version_2_preset(owner):
    t = tournament(owner=owner, slug="neuf", preset="ffb-coinche")
    assert Tournament.objects.get(pk=t.pk).rules == PRESETS["ffb-coinche"] == Rules()


@pytest.mark.django_db(transaction=True)
def test_migration_0005_rescores_every_game_and_names_those_version_2_refuses(capsys):
    before = [("tournament", "0004_donne_keys")]
    after = [("tournament", "0005_recompute_v2")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="ancien")
    tournament_row = old.get_model("tournament", "Tournament").objects.create(
        name="Ancien", slug="ancien", date=datetime.date(2026, 1, 1), organiser_id=user.pk,
        preset="ffb-coinche", **{name: getattr(Rules(), name) for name in (
            "game", "counting", "multiply", "surcoinche_factor", "litige", "tie_to_takers",
            "rounding", "sa_ta", "annonces", "target", "max_donnes", "belote_multiplied",
            "belote_in_contract", "demandes_belote", "belote_exception", "beat_defence",
            "capot_points", "max_contract")})
    Team = old.get_model("tournament", "Team")
    teams = [Team.objects.create(tournament=tournament_row, number=n, name=f"T{n}",
                                 player1="a", player2="b") for n in range(1, 5)]
    round_ = old.get_model("tournament", "Round").objects.create(tournament=tournament_row,
                                                                 number=1)
    Game = old.get_model("tournament", "Game")
    stale = Game.objects.create(round=round_, table=1, team_ns=teams[0], team_ew=teams[1],
                                token="a" * 22, score_ns=1, score_ew=2, played=9)
    refused = Game.objects.create(round=round_, table=2, team_ns=teams[2], team_ew=teams[3],
                                  token="b" * 22, score_ns=7, score_ew=8)
    Record = old.get_model("tournament", "DonneRecord")
    # NS 120 ♥ coinché made with 130 and the belote: version 2 gives (160 + 120 + 20) × 2.
    Record.objects.create(game=stale, number=1, key="c" * 22, taker="NS", contract=120,
                          trump="H", coinche="coinche", taker_points=130, belote_ns=1)
    Record.objects.create(game=refused, number=1, key="d" * 22, taker="NS", contract=80,
                          trump="H", taker_points=100,
                          annonces_ns=1000)  # stored before version 2 bounded them at 550

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps.get_model("tournament", "Game")
    rescored, kept = new.objects.get(table=1), new.objects.get(table=2)
    assert (rescored.score_ns, rescored.score_ew, rescored.played) == (600, 0, 1)
    assert (kept.score_ns, kept.score_ew) == (7, 8)
    assert "partie 1, table 2" in capsys.readouterr().out
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
