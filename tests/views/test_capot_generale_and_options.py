"""Scoring version 3 in the concours: the rules page (eight presets, the new options with
French help, shown only where they apply), migration 0010 giving existing concours version 2's
values, the journal and backups carrying the new options and the générale of a donne."""

import dataclasses
import datetime
import json
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from scoring import PRESETS, Coinche, Donne, Side, Trump
from tests.builders import criteria_post, tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import summary
from tournament.models import DonneRecord, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db

V3_OPTIONS = ["coinche_made", "chute_base", "rounding_160", "rounding_decides",
              "losing_belote", "capot_takes_annonces", "defence_capot_bonus",
              "capot_bid_score", "generale_score"]


def rules_page(client, owner, slug):
    client.force_login(owner)
    return client.get(reverse("tournament:rules", args=[slug])).content.decode()


def hidden_options(page: str) -> set[str]:
    return set(re.findall(r'data-option="(\w+)"[^>]* hidden>', page))


def preset_post(t, key: str, **changes) -> dict[str, str]:
    """The rules page posted with preset `key`'s options (and `changes`)."""
    data = {"name": t.name, "date": "2026-11-21", "place": "", "preset": key,
            "parties_planned": 4, **criteria_post("wins", "points"), "bye_points": 1000,
            "forfeit_points": 1000, "max_donnes": ""}
    options = {**dataclasses.asdict(PRESETS[key]), **changes}
    for name, value in options.items():
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    return data


def test_the_rules_page_offers_the_eight_presets_with_their_v3_options(client, owner):
    tournament(owner=owner, slug="huit")
    page = rules_page(client, owner, "huit")
    for key in ("coinche-concours", "classique-dedans"):
        assert f'<option value="{key}"' in page
    options = json.loads(re.search(r'id="preset-options"[^>]*>(.*?)</script>', page,
                                   re.S).group(1))
    assert set(options) == set(PRESETS) and len(options) == 8
    assert (options["coinche-concours"]["capot_bid_score"],
            options["coinche-concours"]["capot_points"],
            options["coinche-concours"]["annonces"]) == (500, 162, False)
    dedans = options["classique-dedans"]
    assert (dedans["losing_belote"], dedans["capot_takes_annonces"],
            dedans["defence_capot_bonus"]) == ("winner", False, True)
    assert options["ffb-coinche"]["generale_score"] == ""  # none
    for name in V3_OPTIONS:
        assert f'data-option="{name}"' in page, name


def test_every_v3_option_has_a_french_help_text(client, owner):
    tournament(owner=owner, slug="aides3")
    page = rules_page(client, owner, "aides3")
    for name in V3_OPTIONS:
        block = re.search(rf'<p class="option" data-option="{name}".*?</p>', page, re.S)
        assert block and 'class="help"' in block.group(0), name


def test_only_the_v3_options_that_apply_are_shown(client, owner):
    tournament(owner=owner, slug="classique3", preset="ffb-classique")
    tournament(owner=owner, slug="coinche3", preset="ffb-coinche")
    tournament(owner=owner, slug="concours3", preset="coinche-concours")
    classique = hidden_options(rules_page(client, owner, "classique3"))
    # Classique: no générale, no capot bid, no coinche; rounding off hides its variants.
    assert {"generale_score", "capot_bid_score", "coinche_made", "rounding_160",
            "rounding_decides"} <= classique
    assert not {"losing_belote", "defence_capot_bonus", "chute_base",
                "capot_takes_annonces"} & classique
    coinche = hidden_options(rules_page(client, owner, "coinche3"))
    assert not set(V3_OPTIONS) & coinche
    # No annonces in the concours sheet: whether a capot takes them does not apply.
    assert "capot_takes_annonces" in hidden_options(rules_page(client, owner, "concours3"))


def test_the_show_conditions_accept_either_counting_of_points_faits(client, owner):
    tournament(owner=owner, slug="seuils", preset="ffb-coinche")
    page = rules_page(client, owner, "seuils")
    condition = re.search(r'data-option="beat_defence" data-show-if="([^"]*)"', page).group(1)
    assert "counting=faits|faits_seuls" in condition.split(" ")


@pytest.mark.parametrize("key", ["coinche-concours", "classique-dedans"])
def test_choosing_a_new_preset_saves_its_options(client, owner, key):
    t = tournament(owner=owner, slug=f"choix-{key}")
    client.force_login(owner)
    data = preset_post(t, key)
    response = client.post(reverse("tournament:rules", args=[t.slug]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    t.refresh_from_db()
    assert t.preset == key and t.rules == PRESETS[key]


def test_v3_options_posted_are_saved_and_told_in_the_journal(client, owner):
    t = tournament(owner=owner, slug="options3")
    client.force_login(owner)
    data = preset_post(t, "ffb-coinche", generale_score=1000, losing_belote="winner",
                       rounding_160=True, coinche_made="points", chute_base=162)
    response = client.post(reverse("tournament:rules", args=[t.slug]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    t.refresh_from_db()
    rules = t.rules
    assert (rules.generale_score, rules.losing_belote, rules.rounding_160, rules.coinche_made,
            rules.chute_base) == (1000, "winner", True, "points", 162)
    journal = client.get(reverse("tournament:journal", args=[t.slug])).content.decode()
    assert "au gagnant (prenable)" in journal and "chaque camp ses points" in journal


@pytest.mark.parametrize(("changes", "field"), [
    (dict(generale_score=255), "generale_score"),
    (dict(capot_bid_score=2010), "capot_bid_score"),
    (dict(rounding=False, rounding_160=True), "rounding_160"),
    (dict(counting="faits_seuls", multiply="contract"), "multiply"),
])
def test_a_v3_option_refused_by_scoring_is_shown_on_its_field_and_nothing_changes(
        client, owner, changes, field):
    t = tournament(owner=owner, slug="refus3")
    client.force_login(owner)
    data = preset_post(t, "ffb-coinche", **changes)
    response = client.post(reverse("tournament:rules", args=[t.slug]), data)
    assert response.status_code == 200
    page = response.content.decode()
    block = re.search(rf'<p class="option" data-option="{field}".*?</p>', page, re.S).group(0)
    assert "errorlist" in block, block
    # Shown, though its condition may not hold (rounding_160 without rounding).
    assert f'data-option="{field}"' in page and field not in hidden_options(page)
    assert Tournament.objects.get(pk=t.pk).rules == PRESETS["ffb-coinche"]


# --- The générale of a donne: stored, journaled, backed up ---------------------------------

@pytest.fixture
def generale_game(owner):
    t = tournament(owner=owner, teams=2, slug="generale", preset="ffb-coinche",
                   generale_score=1000)
    return services.round_generate(tournament=t, seed=1).games.get(table=1)


GENERALE = Donne(taker=Side.NS, generale_bid=True, trump=Trump.SPADES, coinche=Coinche.NONE,
                 taker_points=162, capot=Side.NS, generale_made=True)


def test_a_generale_is_stored_scored_and_told_in_the_journal(generale_game):
    record = services.donne_record(game=generale_game, number=None, donne=GENERALE).record
    record = DonneRecord.objects.get(pk=record.pk)
    assert (record.generale_bid, record.generale_made, record.score_ns, record.score_ew) == (
        True, True, 1000, 0)
    assert record.to_donne() == GENERALE
    from tournament.models import AuditEntry

    entry = AuditEntry.objects.filter(kind="donne").latest("pk")
    assert "générale réussie" in summary("donne", entry.after)


def test_a_journal_entry_written_before_v3_still_reads():
    value = {"taker": "NS", "contract": 80, "capot_bid": False, "trump": "H",
             "coinche": "none", "taker_points": 100, "capot": None, "belote_ns": 0,
             "belote_ew": 0, "annonces_ns": 0, "annonces_ew": 0}
    from tournament.journal import check_value

    check_value("donne", "update", value)
    assert summary("donne", value).startswith("NS 80 ♥")


def test_a_backup_carries_the_v3_options_and_the_generale(owner, generale_game):
    services.donne_record(game=generale_game, number=None, donne=GENERALE)
    t = generale_game.round.tournament
    data = backup.export_data(t)
    assert data["tournament"]["generale_score"] == 1000
    assert data["tournament"]["losing_belote"] == "kept"
    restored = backup.import_data(json.loads(json.dumps(data)), organiser=owner,
                                  replace=True)
    assert restored.rules == t.rules
    record = DonneRecord.objects.get(game__round__tournament=restored)
    assert (record.generale_bid, record.generale_made, record.score_ns) == (True, True, 1000)


def test_a_backup_written_before_v3_reads_with_version_2_values(owner, generale_game):
    t = generale_game.round.tournament
    services.donne_record(game=generale_game, number=None,
                          donne=Donne(taker=Side.NS, contract=80, trump=Trump.HEARTS,
                                      taker_points=100))
    data = backup.export_data(t)
    for name in V3_OPTIONS:
        del data["tournament"][name]
    for game in data["rounds"][0]["games"]:
        for donne in game["donnes"]:
            del donne["generale_bid"], donne["generale_made"]
    restored = backup.import_data(json.loads(json.dumps(data)), organiser=owner,
                                  replace=True)
    assert restored.rules == dataclasses.replace(t.rules, generale_score=None)
    assert DonneRecord.objects.get(game__round__tournament=restored).generale_bid is False


def test_a_backup_with_a_generale_flag_that_is_no_bool_is_refused(owner, generale_game):
    services.donne_record(game=generale_game, number=None, donne=GENERALE)
    data = backup.export_data(generale_game.round.tournament)
    data["rounds"][0]["games"][0]["donnes"][0]["generale_made"] = 1
    with pytest.raises(UserError) as error:
        backup.import_data(json.loads(json.dumps(data)), organiser=owner, replace=True)
    assert "générale réussie" in error.value.message


# --- Migration 0010 ---------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_migration_0010_gives_existing_concours_version_2_values():
    before = [("tournament", "0009_journal_players")]
    after = [("tournament", "0010_scoring_v3")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="ancien3")
    Old = old.get_model("tournament", "Tournament")
    Old.objects.create(name="FFB", slug="ffb3", preset="ffb-coinche", game="coinche",
                       counting="faits", multiply="score", surcoinche_factor=4, litige=True,
                       tie_to_takers=False, rounding=True, sa_ta=False, annonces=True,
                       target=2000, date=datetime.date(2026, 1, 1), organiser_id=user.pk)
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps.get_model("tournament", "Tournament")
    row = new.objects.get(slug="ffb3")
    assert {name: getattr(row, name) for name in V3_OPTIONS} == {
        "coinche_made": None, "chute_base": None, "rounding_160": False,
        "rounding_decides": False, "losing_belote": "kept", "capot_takes_annonces": True,
        "defence_capot_bonus": False, "capot_bid_score": None, "generale_score": None}
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


# --- Entry: a capot or a générale bid says whether it was made ---------------------------

from tournament.forms import DonneForm  # noqa: E402

FFB = PRESETS["ffb-coinche"]
WITH_GENERALE = dataclasses.replace(FFB, generale_score=1000)


def row(rules=FFB, phone=False, **fields):
    data = {"taker": "NS", "trump": "H", "coinche": "none", **fields}
    form = DonneForm(data, rules=rules, phone=phone)
    form.is_valid()
    return form


@pytest.mark.parametrize("typed", ["c+", "C+", "c +"])
def test_c_plus_is_a_capot_bid_and_made_without_points_or_capot(typed):
    form = row(contract=typed)
    assert not form.errors, form.errors
    donne = form.cleaned_data["donne"]
    assert (donne.capot_bid, donne.capot, donne.taker_points) == (True, Side.NS, 162)


def test_c_minus_is_a_capot_bid_failed_whose_points_are_typed():
    form = row(contract="c-", taker_points="150")
    donne = form.cleaned_data["donne"]
    assert (donne.capot_bid, donne.capot, donne.taker_points) == (True, None, 150)
    assert row(contract="c-").errors["taker_points"]  # the points are still asked


@pytest.mark.parametrize("points", ["162", ""])
def test_c_alone_with_162_points_or_none_asks_whether_it_was_made(points):
    form = row(contract="c", taker_points=points)
    assert "donne" not in form.cleaned_data
    message = " ".join(form.errors["contract"])
    assert "réussi ou chuté" in message and "« c+ »" in message and "« c- »" in message
    assert "taker_points" not in form.errors  # one question, not two


def test_c_alone_needs_no_question_when_the_row_tells():
    assert row(contract="c", taker_points="150").cleaned_data["donne"].capot is None
    made = row(contract="c", taker_points="162", capot="NS").cleaned_data["donne"]
    assert made.capot == Side.NS
    assert row(contract="c", capot="EW").cleaned_data["donne"].taker_points == 0


def test_a_made_capot_against_the_defences_capot_is_refused():
    assert "contract" in row(contract="c+", capot="EW").errors
    assert "contract" in row(contract="c-", capot="NS", taker_points="162").errors


def test_g_plus_is_a_generale_made():
    donne = row(WITH_GENERALE, contract="g+").cleaned_data["donne"]
    assert (donne.generale_bid, donne.generale_made, donne.capot, donne.taker_points) == (
        True, True, Side.NS, 162)


def test_g_minus_with_the_takers_capot_is_a_generale_the_partner_spoiled():
    donne = row(WITH_GENERALE, contract="g-", capot="NS").cleaned_data["donne"]
    assert (donne.generale_bid, donne.generale_made, donne.capot) == (True, False, Side.NS)


def test_g_alone_with_the_takers_capot_asks():
    form = row(WITH_GENERALE, contract="g", capot="NS")
    assert "« g+ »" in " ".join(form.errors["contract"])


def test_a_generale_where_none_is_played_is_refused_on_the_contract():
    form = row(FFB, contract="g+")
    assert "générale" in " ".join(form.errors["contract"]).lower()


def test_the_phone_takes_a_capot_made_with_one_button():
    form = row(phone=True, bid="c+")
    donne = form.cleaned_data["donne"]
    assert (donne.capot_bid, donne.capot, donne.taker_points) == (True, Side.NS, 162)
    assert [value for value, _label in form.fields["bid"].choices] == ["c+", "c-"]
    phone = DonneForm(rules=WITH_GENERALE, phone=True)
    assert [value for value, _label in phone.fields["bid"].choices] == [
        "c+", "c-", "g+", "g-"]
    assert "bid" not in DonneForm(rules=FFB).fields  # the keyboard types c+ instead
    assert "bid" not in DonneForm(rules=PRESETS["ffb-classique"], phone=True).fields


def test_a_phone_page_of_a_concours_with_generales_offers_them_after_one_without(client):
    # The blank row of a phone is rendered once per process for its key: a concours that
    # plays générales must not get the buttons of one that does not, served first.
    pages = []
    for slug, options in (("sans-generale", {}), ("avec-generale", {"generale_score": 1000})):
        t = tournament(teams=2, slug=slug, **options)
        services.round_generate(tournament=t, seed=1)
        token = t.rounds.get().games.get(table=1).token
        pages.append(client.get(reverse("tournament:table_link", args=[token])).content.decode())
    without, with_generale = pages
    assert "value=\"c+\"" in without and "value=\"g-\"" not in without
    assert "value=\"c+\"" in with_generale and "value=\"g-\"" in with_generale
    assert DonneForm(rules=FFB, phone=True).blank_key != DonneForm(
        rules=WITH_GENERALE, phone=True).blank_key


def test_a_stored_capot_or_generale_comes_back_as_typed():
    record = DonneRecord(taker="NS", capot_bid=True, capot="NS", trump="H", taker_points=162)
    assert DonneForm.initial_for(record)["contract"] == "c+"
    record.capot = ""
    assert DonneForm.initial_for(record)["contract"] == "c-"
    record = DonneRecord(taker="EW", generale_bid=True, generale_made=True, capot="EW",
                         trump="S", taker_points=162)
    assert DonneForm.initial_for(record)["contract"] == "g+"


# --- Score sheets: classique without Contrat, Coinche nor SA/TA; a générale named ---------

from tournament.exports import documents  # noqa: E402


def test_a_classique_score_sheet_leaves_out_contract_coinche_and_sa_ta(owner):
    t = tournament(owner=owner, teams=2, slug="feuille-classique", preset="ffb-classique")
    round_ = services.round_generate(tournament=t, seed=1)
    sheet = documents.score_sheets(round_)[0]
    head = documents.sheet_head(sheet.keep)
    assert "Contrat" not in head and "Coinche" not in head and "Atout" in head
    assert all(len(line) == documents.sheet_width(sheet.keep) for line in sheet.lines)
    assert "SA/TA" not in documents.rules_line(t, round_)
    html = __import__("tournament.exports.pdf", fromlist=["pdf"]).score_sheets_html(round_)
    assert f"width: {documents.sheet_width(sheet.keep)}ch;" in html
    blank = documents.blank_score_sheets(t, 1)[0]
    assert blank.keep == sheet.keep


def test_a_coinche_score_sheet_keeps_them(owner):
    t = tournament(owner=owner, teams=2, slug="feuille-coinche", preset="ffb-coinche")
    round_ = services.round_generate(tournament=t, seed=1)
    sheet = documents.score_sheets(round_)[0]
    head = documents.sheet_head(sheet.keep)
    assert "Contrat" in head and "Coinche" in head
    assert "SA/TA : non" in documents.rules_line(t, round_)
    # Classique with SA/TA played says so.
    assert "SA/TA : oui" in documents.rules_line(
        tournament(owner=owner, slug="classique-sa", preset="ffb-classique", sa_ta=True))


def test_a_score_sheet_writes_a_generale_made_or_failed(generale_game):
    services.donne_record(game=generale_game, number=None, donne=GENERALE)
    failed = dataclasses.replace(GENERALE, generale_made=False, taker_points=150, capot=None)
    services.donne_record(game=generale_game, number=None, donne=failed)
    sheet = documents.score_sheets(generale_game.round)[0]
    assert "gén.+" in sheet.lines[0] and "gén.-" in sheet.lines[1]


def test_the_sheets_rules_line_names_the_v3_options_a_scorer_marks(owner):
    t = tournament(owner=owner, slug="ligne3", preset="coinche-concours", generale_score=1000,
                   losing_belote="winner", rounding_160=True)
    line = documents.rules_line(t)
    for words in ("capot annoncé : 500, réussi ou chuté", "générale : 1000", "belote prenable",
                  "arrondi : preneur dès 6, défense dès 7"):
        assert words in line
    assert "prenable" not in documents.rules_line(tournament(owner=owner, slug="ligne2"))


def test_the_none_of_coinche_made_and_chute_base_is_said_in_words(client, owner):
    tournament(owner=owner, slug="vide3")
    page = rules_page(client, owner, "vide3")
    assert "selon l&#x27;arrondi (160 avec, 162 sans)" in page or \
        "selon l'arrondi (160 avec, 162 sans)" in page
    assert "selon la coinche" in page and "---------" not in page


def test_the_phone_refuses_a_contract_value_and_a_capot_button_together():
    form = row(phone=True, bid="c+", contract="80")
    assert "pas les deux" in " ".join(form.errors["contract"])
    assert "donne" not in form.cleaned_data
