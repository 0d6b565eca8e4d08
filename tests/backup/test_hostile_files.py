"""Backups written by hand or crafted: every fault is refused whole, in French, naming what is
wrong, before anything is written (rows counted before and after); never a traceback."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.builders import made, melee, organiser, register_players, tournament, with_money
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.management.commands import import_tournament
from tournament.models import (
    AuditEntry,
    CashPrize,
    DonneRecord,
    Game,
    Payment,
    Player,
    Prize,
    Round,
    Team,
    Tournament,
)
from tournament.services import backup

pytestmark = pytest.mark.django_db
OWNER = "hote"  # the conftest's owner, as the commands name it


@pytest.fixture
def saved(owner) -> dict:
    """The backup of a tournament of five teams (a bye), three donnes at table 1 of round 1,
    then that tournament deleted: the file is imported into a database without it."""
    t = tournament(owner=owner, teams=5, slug="hostile")
    round_ = services.round_generate(tournament=t, seed=4, by=Actor.of_user(owner))
    game = round_.games.get(table=1)
    for points in (100, 90, 120):
        services.donne_record(game=game, number=None, donne=made(points=points))
    services.tournament_rules_update(tournament=t, rounding=False, confirm=True)
    t = register_players(Tournament.objects.get(pk=t.pk))  # the service changed the row
    data = backup.export_data(t)
    services.tournament_delete(tournament=t)
    return data


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count()
                 for model in (Tournament, Player, Team, Round, Game, DonneRecord, AuditEntry,
                               Prize, Payment, CashPrize))


def refused(data: dict, owner, match: str, *, replace: bool = False) -> str:
    """Import `data`: it must be refused with a message containing `match`, changing
    nothing. Returns the message."""
    before = counts()
    with pytest.raises(UserError) as error:
        backup.import_data(data, organiser=owner, replace=replace)
    assert match in error.value.message
    assert counts() == before
    return error.value.message


def game_at(data: dict, table: int, partie: int = 1) -> dict:
    """The game at `table` of `partie` in the file (a bye is numbered after the tables)."""
    games = data["rounds"][partie - 1]["games"]
    return next(game for game in games if game["table"] == table)


def table_one(data: dict) -> dict:
    return game_at(data, 1)


def table_two(data: dict) -> dict:
    return game_at(data, 2)


def bye_of(data: dict) -> dict:
    return next(game for game in data["rounds"][0]["games"] if game["ew"] is None)


def test_the_file_imports_as_it_is(saved, owner):
    restored = backup.import_data(saved, organiser=owner)
    assert backup.export_data(restored) == saved


def test_a_slug_with_a_slash_is_refused(saved, owner):
    saved["tournament"]["slug"] = "a/b"  # it made the home page a server error for everyone
    refused(saved, owner, "Adresse")


def test_a_reserved_slug_is_refused(saved, owner):
    saved["tournament"]["slug"] = "new"
    refused(saved, owner, "réservée")


@pytest.mark.parametrize("criteria", [["wins", "chance"], [], ["wins", "wins"], "wins", [1]])
def test_unknown_or_repeated_ranking_criteria_are_refused(saved, owner, criteria):
    saved["tournament"]["criteria"] = criteria
    refused(saved, owner, "ritère")


def test_a_bad_first_dealer_is_refused(saved, owner):
    table_one(saved)["first_dealer"] = "X"
    message = refused(saved, owner, "premier donneur")
    assert message.startswith("Partie 1, table 1")


@pytest.mark.parametrize("token", ["a/b", "x", "", None, 7, "a" * 21 + "/", "é" * 22])
def test_a_token_of_the_wrong_format_is_refused(saved, owner, token):
    table_one(saved)["token"] = token
    refused(saved, owner, "lien de table")


def test_a_token_given_twice_is_refused(saved, owner):
    table_two(saved)["token"] = table_one(saved)["token"]
    refused(saved, owner, "deux fois")


def test_a_token_of_another_tournament_is_refused(saved, owner):
    other = tournament(teams=2)
    taken = services.round_generate(tournament=other, seed=1).games.get().token
    table_one(saved)["token"] = taken
    refused(saved, owner, "autre concours")


def test_a_donne_key_given_twice_is_refused(saved, owner):
    donnes = table_one(saved)["donnes"]
    donnes[1]["key"] = donnes[0]["key"]
    refused(saved, owner, "deux fois")


def test_donnes_numbered_with_a_gap_are_refused(saved, owner):
    table_one(saved)["donnes"][1]["number"] = 3
    del table_one(saved)["donnes"][2]
    refused(saved, owner, "numérotées 1, 2, 3")


def test_rounds_numbered_with_a_gap_are_refused(saved, owner):
    saved["rounds"][0]["number"] = 2
    refused(saved, owner, "numérotées 1, 2, 3")


def test_a_team_playing_itself_is_refused(saved, owner):
    table_one(saved)["ew"] = table_one(saved)["ns"]
    message = refused(saved, owner, "elle-même")
    assert message == ("Partie 1, table 1 : une équipe ne peut pas jouer contre "
                       "elle-même.")


def test_a_team_playing_twice_in_a_round_is_refused(saved, owner):
    table_two(saved)["ns"] = table_one(saved)["ns"]
    refused(saved, owner, "deux fois dans cette partie")


def test_a_table_given_twice_in_a_round_is_refused(saved, owner):
    saved["rounds"][0]["games"][2]["table"] = 1
    refused(saved, owner, "figure deux fois")


def test_team_numbers_and_names_are_each_given_once(saved, owner):
    saved["teams"][1]["number"] = 1
    refused(saved, owner, "deux équipes")


def test_a_name_differing_only_by_its_accents_encoding_is_the_same_team(saved, owner):
    saved["teams"][0]["name"], saved["teams"][1]["name"] = "Élan", "E\u0301LAN"
    refused(saved, owner, "figure deux fois")


def test_a_team_name_too_long_is_refused_naming_the_team(saved, owner):
    saved["teams"][2]["name"] = "x" * 500
    message = refused(saved, owner, "Équipe 3, nom")
    assert "120 caractères au plus" in message


@pytest.mark.parametrize("name", ["Nul\x00", "\u200b", "", 12])
def test_a_team_name_the_form_refuses_is_refused(saved, owner, name):
    saved["teams"][0]["name"] = name
    refused(saved, owner, "Équipe 1, nom")


def test_an_audit_entry_with_unknown_values_is_refused(saved, owner):
    entry = next(e for e in saved["audit"] if e["kind"] == "rules" and e["action"] == "update")
    entry["before"] = {**entry["before"], "organiser_id": 1}
    refused(saved, owner, "valeur inconnue : organiser_id")


@pytest.mark.parametrize(("field", "value", "match"), [
    ("kind", "tournoi", "objet inconnu"),
    ("action", "vol", "action inconnu"),
    ("at", "hier", "date et une heure"),
    ("table", -1, "nombre entier"),
    ("table", 2**63, "nombre entier"),
    ("user", ["x"], "identifiant"),
    ("donne_key", "a/b", "clé de la donne"),
    ("after", {"taker": "NS"}, "valeur manquante"),
    ("after", [[[[["profond"]]]]], "des valeurs nommées"),
])
def test_an_audit_entry_of_the_wrong_shape_is_refused(saved, owner, field, value, match):
    entry = next(e for e in saved["audit"] if e["kind"] == "donne")
    entry[field] = value
    refused(saved, owner, match)


@pytest.mark.parametrize("damage", [
    lambda d: d["rounds"][0].update(seed=2**63),
    lambda d: d["teams"][0].update(number=2**63),
    lambda d: d["tournament"].update(bye_points=2**63),
    lambda d: d["tournament"].update(target=2**31),
    lambda d: d["tournament"].update(parties_planned=40_000),
    lambda d: d["tournament"].update(forfeit_points=-1),
    lambda d: table_one(d)["donnes"][0].update(taker_points=40_000),
    lambda d: table_one(d)["donnes"][0].update(version=0),
    lambda d: table_one(d).update(table=True),
    lambda d: d["teams"][0].update(number=1.0),
], ids=["seed", "team", "bye", "target", "parties", "negative", "smallint", "version",
        "bool", "float"])
def test_integers_beyond_their_column_or_not_integers_are_refused(saved, owner, damage):
    damage(saved)
    refused(saved, owner, "nombre entier")


@pytest.mark.parametrize(("where", "field"), [
    ("tournament", "published"), ("round", "closed"), ("team", "active"),
    ("donne", "capot_bid"),
])
def test_a_boolean_written_as_text_is_refused(saved, owner, where, field):
    row = {"tournament": saved["tournament"], "round": saved["rounds"][0],
           "team": saved["teams"][0], "donne": table_one(saved)["donnes"][0]}[where]
    row[field] = "yes"
    refused(saved, owner, "true ou false")


@pytest.mark.parametrize(("damage", "match"), [
    (lambda d: d["tournament"].update(date="21/11/2026"), "date ISO"),
    (lambda d: d["tournament"].update(preset="poker"), "Règlement inconnu"),
    (lambda d: d["tournament"].update(litige="yes"), "règlement"),
    (lambda d: d["tournament"].update(game=["coinche"]), "règlement"),
    (lambda d: d["tournament"].update(counting="demandes"), "annonces"),
    (lambda d: d["tournament"].update(owner="quelqu'un"), "champ inconnu : owner"),
    (lambda d: d["tournament"].pop("name"), "champ manquant : name"),
    (lambda d: d["tournament"].update(place="\x1b[2J"), "Concours, lieu"),
    (lambda d: table_one(d)["donnes"][0].update(trump="X"), "atout inconnu"),
    (lambda d: table_one(d)["donnes"][0].update(contract=85), "Contrat"),
    (lambda d: table_one(d).update(forfeit="nord"), "forfait inconnu"),
    (lambda d: table_one(d).update(ew=None), "exempte"),
    (lambda d: table_one(d).update(ew=99), "n'existe pas"),
    (lambda d: bye_of(d)["donnes"].append(table_one(d)["donnes"][0]), "exempte"),
    (lambda d: table_one(d).update(table=0), "table 0"),
    (lambda d: d.update(teams={"1": "x"}), "une liste"),
    (lambda d: d.update(version=True), "Version"),
    (lambda d: d.update(extra=[]), "champ inconnu : extra"),
])
def test_other_faults_are_named(saved, owner, damage, match):
    damage(saved)
    refused(saved, owner, match)


def test_replace_takes_over_no_other_organisers_tournament(saved, owner, tmp_path):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    call_command("import_tournament", str(path), organiser="hote")
    kept = backup.export_data(Tournament.objects.get(slug="hostile"))
    organiser("intrus")
    before = counts()
    with pytest.raises(CommandError, match="appartient à un autre organisateur"):
        call_command("import_tournament", str(path), organiser="intrus", replace=True)
    assert counts() == before
    assert Tournament.objects.get(slug="hostile").organiser == owner
    assert backup.export_data(Tournament.objects.get(slug="hostile")) == kept
    call_command("import_tournament", str(path), organiser="hote", replace=True)  # its own
    assert backup.export_data(Tournament.objects.get(slug="hostile")) == kept


def test_deeply_nested_json_is_a_clean_refusal(owner, tmp_path):
    path = tmp_path / "profond.json"
    path.write_text('{"format": "concours-belote", "audit": ' + "[" * 200_000
                    + "]" * 200_000 + "}", encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError, match="imbriquées trop profondément"):
        call_command("import_tournament", str(path), organiser="hote")
    assert counts() == before


@pytest.mark.parametrize(("content", "match"), [
    (b"\xff\xfe{}", "UTF-8"),
    (b'{"format": ', "pas du JSON"),
    (b'{"version": ' + b"9" * 5000 + b"}", "pas du JSON"),
    (b"[]", "pas une sauvegarde"),
])
def test_a_file_that_is_not_a_backup_is_a_clean_refusal(owner, tmp_path, content, match):
    path = tmp_path / "autre.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=match):
        call_command("import_tournament", str(path), organiser="hote")


def test_a_file_beyond_the_size_cap_is_refused_before_it_is_parsed(owner, tmp_path,
                                                                   monkeypatch):
    monkeypatch.setattr(import_tournament, "MAX_BYTES", 100)
    path = tmp_path / "gros.json"
    path.write_text(json.dumps({"format": "concours-belote", "x": "y" * 200}))
    with pytest.raises(CommandError, match="trop gros"):
        call_command("import_tournament", str(path), organiser="hote")


def test_a_missing_file_is_a_clean_refusal(owner, tmp_path):
    with pytest.raises(CommandError, match="Lecture impossible"):
        call_command("import_tournament", str(tmp_path / "absent.json"), organiser="hote")


def test_without_organiser_the_first_staff_account_organises_the_import(saved, tmp_path):
    users = get_user_model().objects
    users.create_superuser("admin", password="x" * 12)  # created first, yet not chosen
    staff = users.create_user("organisateur", password="x" * 12, is_staff=True)
    users.filter(username="admin").update(is_staff=False)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    call_command("import_tournament", str(path))
    assert Tournament.objects.get(slug="hostile").organiser == staff


# --- Found by a second read: dates, bounds, time called, long games -------------------------


@pytest.mark.parametrize("moment", ["9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+05:00",
                                    "1999-12-31T23:00:00+00:00"])
@pytest.mark.parametrize("where", ["audit", "time_called"])
def test_a_date_out_of_any_concours_is_refused(saved, owner, moment, where):
    # 9999 imported, then the journal and the partie's page overflowed converting it to local
    # time (a server error); year 1 with an offset overflowed while saving (a traceback).
    if where == "audit":
        saved["audit"][0]["at"] = moment
    else:
        saved["rounds"][0]["time_called"] = moment
    refused(saved, owner, "une date entre 2000 et 2100")


@pytest.mark.parametrize(("option", "value", "match"), [
    ("max_donnes", 30_000, "un nombre entier de 1 à 64"),
    ("target", 30_000, "un nombre entier de 100 à 10000"),
    ("parties_planned", 30_000, "un nombre entier de 1 à 30"),
    ("target", 50, "un nombre entier de 100 à 10000"),
    ("bye_points", 20_000, "un nombre entier de 0 à 10000"),
    ("max_contract", 40, "80"),  # scoring's own refusal: 80 to 500
])
def test_the_options_bounds_of_the_rules_form_hold_for_backups(saved, owner, option, value,
                                                                  match):
    saved["tournament"][option] = value
    refused(saved, owner, match)


def test_a_game_stopped_by_time_never_called_is_refused(saved, owner):
    # It would end finished for ever: undoing time called needs time called.
    table_one(saved)["stop_after"] = 3
    refused(saved, owner, "sans fin du temps annoncée")


def test_a_game_with_more_donnes_than_any_partie_is_refused_before_it_is_scored(saved, owner):
    donnes = table_one(saved)["donnes"]
    passed = {**donnes[0], "taker": "", "contract": None, "trump": "", "taker_points": 0,
              "capot_bid": False, "coinche": "none", "capot": "", "belote_ns": 0,
              "belote_ew": 0, "annonces_ns": 0, "annonces_ew": 0, "awarded_ns": 0,
              "awarded_ew": 0}
    table_one(saved)["donnes"] = [{**passed, "number": n, "key": f"{n:022d}"}
                                  for n in range(1, 302)]
    refused(saved, owner, "300 au plus")


def test_the_first_refused_donne_of_a_long_game_is_named(saved, owner):
    donnes = table_one(saved)["donnes"]
    template = {**donnes[0], "taker": "", "contract": None, "trump": "", "taker_points": 0,
                "capot_bid": False, "coinche": "none", "capot": "", "belote_ns": 0,
                "belote_ew": 0, "annonces_ns": 0, "annonces_ew": 0, "awarded_ns": 0,
                "awarded_ew": 0}
    rows = [{**template, "number": n, "key": f"{n:022d}"} for n in range(1, 201)]
    rows[136]["taker_points"] = 5  # a passed donne with a figure: donne 137 is refused
    table_one(saved)["donnes"] = rows
    refused(saved, owner, "donne 137")


def test_checking_a_backup_writes_nothing_and_holds_no_transaction(saved, owner,
                                                                   django_assert_num_queries):
    # The whole document is read before the transaction that writes: a refused file costs
    # the tables' phones no wait for the write lock. Reading it runs no query at all.
    saved["teams"][0]["name"] = "\u200b"
    with django_assert_num_queries(0), pytest.raises(UserError):
        backup.read(saved)


# --- Version 4: players, partie teams, the format's options, results --------------------------


@pytest.fixture
def saved_melee(owner) -> dict:
    """The backup of a mêlée of nine players (one with a licence), partie 1 drawn (two
    tables and an exempt player), table 1 entered by its paper totals, a donne at table 2;
    then deleted."""
    from scoring import PaperTotals

    t = melee(owner=owner, players=9, slug="melee-hostile", max_donnes=4, target=None)
    services.player_update(player=t.players.get(number=3), licence="L-3")
    round_ = services.round_generate(tournament=t, seed=4)
    services.game_totals_record(game=round_.games.get(table=1),
                                totals=PaperTotals(score_ns=420, score_ew=310, donnes=4))
    services.donne_record(game=round_.games.get(table=2), number=None, donne=made())
    services.prize_add(tournament=t, start=1, end=3, from_last=False, label="Un jambon")
    data = backup.export_data(register_players(Tournament.objects.get(pk=t.pk)))
    services.tournament_delete(tournament=t)
    return data


def test_a_melee_file_imports_as_it_is(saved_melee, owner):
    restored = backup.import_data(saved_melee, organiser=owner)
    assert backup.export_data(restored) == saved_melee


def _partie_team(data: dict, table: int, side: str = "ns") -> dict:
    number = game_at(data, table)[side]
    return next(team for team in data["rounds"][0]["teams"] if team["number"] == number)


@pytest.mark.parametrize(("damage", "match"), [
    (lambda d: d["players"][1].update(number=1), "deux joueurs"),
    (lambda d: d["players"][1].update(number=0), "nombre entier"),
    (lambda d: d["players"][0].update(name="\u200b"), "Joueur 1, nom"),
    (lambda d: d["players"][0].update(licence="l-3"), "déjà celle du joueur"),
    (lambda d: d["players"][0].update(active="oui"), "true ou false"),
    (lambda d: d["players"][0].update(points=3), "champ inconnu : points"),
    (lambda d: d.pop("players"), "champ manquant : players"),
    (lambda d: d.update(players={"1": "Ana"}), "une liste"),
    (lambda d: _partie_team(d, 1).update(first=99), "le joueur 99 n'existe pas"),
    (lambda d: _partie_team(d, 1).update(second=_partie_team(d, 1)["first"]),
     "avec lui-même"),
    (lambda d: _partie_team(d, 1, "ew").update(first=_partie_team(d, 1)["first"]),
     "est déjà dans l'équipe"),
    (lambda d: _partie_team(d, 1).update(first=None), "nombre entier"),
    (lambda d: _partie_team(d, 1).update(number=_partie_team(d, 2)["number"]),
     "deux équipes"),
    (lambda d: game_at(d, 2).update(ns=99), "l'équipe 99 n'existe pas"),
    (lambda d: d["rounds"][0].update(draw_method="au hasard"), "tirage inconnu"),
    (lambda d: d["tournament"].update(format="triplettes"), "Formule inconnue"),
    (lambda d: d["tournament"].update(draw_method="standings"), "ne convient pas"),
    (lambda d: d["tournament"].update(draw_method=["melee"]), "tirage inconnue"),
    (lambda d: d["tournament"].update(exempt_rule="rien"), "exemption inconnu"),
    (lambda d: d["tournament"].update(points_win=10**6), "nombre entier"),
    (lambda d: d["tournament"].update(points_loss="2"), "nombre entier"),
    (lambda d: d["tournament"].update(two_confirmations=1), "true ou false"),
    (lambda d: game_at(d, 1)["paper"].update(ew=420), "totaux de la feuille"),
    (lambda d: game_at(d, 1)["paper"].update(donnes=-1), "nombre entier"),
    (lambda d: game_at(d, 1)["paper"].pop("capots"), "champ manquant : capots"),
    (lambda d: game_at(d, 1).update(donnes=[{**game_at(d, 2)["donnes"][0], "key": "k" * 22}]),
     "n'a pas de donne"),
    (lambda d: bye_of(d).update(paper=game_at(d, 1)["paper"]), "pas de feuille"),
    (lambda d: game_at(d, 2).update(token_ew=game_at(d, 1)["token"]), "deux fois"),
    (lambda d: game_at(d, 2).update(token_ew="court"), "lien de table Est-Ouest"),
    (lambda d: game_at(d, 2).update(awaiting="nord"), "confirmation attendue inconnu"),
    (lambda d: game_at(d, 2).update(disputed=None), "true ou false"),
    (lambda d: game_at(d, 2).update(table=0), "table 0"),
    (lambda d: d["prizes"].append({**d["prizes"][0], "label": "Un autre"}), "mêmes rangs"),
    (lambda d: d["prizes"][0].update(end=0), "rangs de 1 à 32767, dans l'ordre"),
    (lambda d: d["prizes"][0].update(label="\u200b"), "Lot : caractère invisible"),
    (lambda d: d["prizes"][0].update(prix=5), "un lot a un rang"),
    (lambda d: d.update(prizes=[d["prizes"][0]] * 201), "200 lots au plus"),
    (lambda d: d.pop("prizes"), "champ manquant : prizes"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_faulty_melee_file_is_refused_naming_the_fault(saved_melee, owner, damage, match):
    damage(saved_melee)
    refused(saved_melee, owner, match)


def test_a_file_before_version_4_names_its_teams_players_not_a_list_of_players(saved, owner):
    saved["version"] = 3
    refused(saved, owner, "champ")  # a version 4 file called 3: its teams are not version 3's
    saved["players"] = []
    refused(saved, owner, "champ inconnu : players")


def test_a_registered_teams_players_are_checked_too(saved, owner):
    saved["teams"][1]["first"] = saved["teams"][0]["second"]
    refused(saved, owner, "est déjà dans l'équipe 1")
    saved["teams"][1]["first"] = 1000
    refused(saved, owner, "le joueur 1000 n'existe pas")
    saved["teams"][1]["second"] = None
    refused(saved, owner, "nombre entier")  # a registered doublette has its two players


# --- Version 6: the desk's money and the pointage --------------------------------------------


@pytest.fixture
def saved_money(owner) -> dict:
    """The backup of five teams, four pointed, with a fee, four payments (team 3's offered,
    team 4's partly refunded), two lots (the first valued) and a cash prize pool (line 1 a
    percentage, line 2 an amount), partie 1 drawn; then deleted."""
    t = with_money(tournament(owner=owner, teams=5, slug="caisse-hostile"), owner)
    data = backup.export_data(t)
    services.tournament_delete(tournament=t)
    return data


@pytest.fixture
def saved_melee_money(owner) -> dict:
    """The same in a mêlée of nine players: its payments name players."""
    t = with_money(melee(owner=owner, players=9, slug="caisse-melee-hostile"), owner)
    data = backup.export_data(t)
    services.tournament_delete(tournament=t)
    return data


def test_a_file_with_money_imports_as_it_is(saved_money, saved_melee_money, owner):
    for data in (saved_money, saved_melee_money):
        restored = backup.import_data(data, organiser=owner)
        assert backup.export_data(restored) == data
        assert Payment.objects.filter(tournament=restored).count() == 4


def pay(data: dict, number: int) -> dict:
    return next(row for row in data["payments"] if row["number"] == number)


def line(data: dict, index: int) -> dict:
    return data["cash_prizes"][index - 1]


@pytest.mark.parametrize(("damage", "match"), [
    # The fee.
    (lambda d: d["tournament"].update(fee=100_001),
     "Concours, droit d'inscription : un nombre entier de 0 à 100000 est attendu."),
    (lambda d: d["tournament"].update(fee=-1), "droit d'inscription : un nombre entier"),
    (lambda d: d["tournament"].update(fee=10.0), "droit d'inscription : un nombre entier"),
    (lambda d: d["tournament"].update(fee="1000"), "droit d'inscription : un nombre entier"),
    (lambda d: d["tournament"].update(fee=True), "droit d'inscription : un nombre entier"),
    (lambda d: d["tournament"].update(fee_per="equipe"), "Concours : droit demandé inconnu"),
    (lambda d: d["tournament"].pop("fee"), "Concours : champ manquant : fee."),
    # The pointage.
    (lambda d: d["teams"][0].update(arrived="oui"), "Équipe 1 : arrivée : true ou false"),
    (lambda d: d["teams"][0].pop("arrived"), "Équipe (la 1e du fichier) : champ manquant"),
    (lambda d: d["players"][0].update(arrived=1), "Joueur 1 : arrivé : true ou false"),
    (lambda d: d["rounds"][0]["teams"].append({**d["teams"][0]}), "champ inconnu : arrived"),
    # The lots' values.
    (lambda d: d["prizes"][0].update(value=-1),
     "Lots, lot 1, valeur (centimes) : un nombre entier de 0 à 10000000 est attendu."),
    (lambda d: d["prizes"][1].update(value=10_000_001), "Lots, lot 2, valeur (centimes)"),
    (lambda d: d["prizes"][0].update(value=25.0), "Lots, lot 1, valeur (centimes)"),
    (lambda d: d["prizes"][0].update(value="25"), "Lots, lot 1, valeur (centimes)"),
    (lambda d: d["prizes"][0].pop("value"), "Lots, lot 1 : champ manquant : value."),
    (lambda d: d["prizes"][0].update(valeur=5), "un lot a un rang"),
    # The payments.
    (lambda d: d.update(payments={"1": 2000}), "Paiements : une liste est attendue."),
    (lambda d: d.pop("payments"), "Sauvegarde : champ manquant : payments."),
    (lambda d: d["payments"].append("2000"), "Paiement (le 5e du fichier) : des valeurs"),
    (lambda d: pay(d, 1).update(number=99),
     "Paiement de l'équipe 99 : l'équipe 99 n'existe pas."),
    (lambda d: pay(d, 1).update(number=0), "Paiement (le 1e du fichier), numéro"),
    (lambda d: pay(d, 2).update(number=1),
     "Paiement de l'équipe 1 : un inscrit ne paie qu'une fois"),
    (lambda d: pay(d, 1).update(due=200_001),
     "Paiement de l'équipe 1, dû (centimes) : un nombre entier de 0 à 200000 est attendu."),
    (lambda d: pay(d, 1).update(amount=10_000_001),
     "Paiement de l'équipe 1, payé (centimes) : un nombre entier de 0 à 10000000"),
    (lambda d: pay(d, 1).update(amount=20.0), "payé (centimes) : un nombre entier"),
    (lambda d: pay(d, 1).update(amount=-5), "payé (centimes) : un nombre entier"),
    (lambda d: pay(d, 1).update(method="bitcoin"),
     "Paiement de l'équipe 1 : moyen de paiement inconnu : \"bitcoin\"."),
    (lambda d: pay(d, 3).update(amount=100), "Paiement de l'équipe 3 : un droit offert"),
    (lambda d: pay(d, 1).update(paid_at="hier"),
     "Paiement de l'équipe 1, payé le : une date et une heure ISO sont attendues."),
    (lambda d: pay(d, 1).update(paid_at=None), "payé le : une date et une heure ISO"),
    (lambda d: pay(d, 1).update(paid_at="9999-12-31T00:00:00+00:00"),
     "payé le : une date entre 2000 et 2100"),
    (lambda d: pay(d, 4).update(refunded_at="demain"), "remboursé le : une date et une heure"),
    (lambda d: pay(d, 4).update(refunded=2001),
     "Paiement de l'équipe 4 : le remboursement dépasse ce qui a été payé."),
    (lambda d: pay(d, 3).update(refunded=1), "le remboursement dépasse"),  # offered: 0 paid
    (lambda d: pay(d, 1).update(refunded=100), "un montant et une date, ou ni l'un"),
    (lambda d: pay(d, 4).update(refunded_at=None), "un montant et une date, ou ni l'un"),
    (lambda d: pay(d, 1).update(refunded_at=pay(d, 4)["refunded_at"]), "un montant et une"),
    (lambda d: pay(d, 1).update(team=1), "Paiement (le 1e du fichier) : champ inconnu : team"),
    (lambda d: pay(d, 1).pop("due"), "champ manquant : due."),
    # The cash prize pool.
    (lambda d: d.update(cash_prizes="1er 30 %"), "Prix en espèces : une liste est attendue."),
    (lambda d: d.pop("cash_prizes"), "Sauvegarde : champ manquant : cash_prizes."),
    (lambda d: line(d, 1).update(percent=12.5),
     "Prix en espèces, ligne 1 : pourcentage : un nombre écrit avec deux décimales"),
    (lambda d: line(d, 1).update(percent="12.5"), "ligne 1 : pourcentage : un nombre écrit"),
    (lambda d: line(d, 1).update(percent="1e2"), "ligne 1 : pourcentage : un nombre écrit"),
    (lambda d: line(d, 1).update(percent="NaN"), "ligne 1 : pourcentage : un nombre écrit"),
    (lambda d: line(d, 1).update(percent="0.00"),
     "Prix en espèces, ligne 1 : un pourcentage va de plus de 0 à 100."),
    (lambda d: line(d, 1).update(percent="100.01"), "un pourcentage va de plus de 0 à 100"),
    (lambda d: line(d, 1).update(amount=100), "ligne 1 : un montant ou un pourcentage"),
    (lambda d: line(d, 2).update(amount=None), "ligne 2 : un montant ou un pourcentage"),
    (lambda d: line(d, 1).update(start=0),
     "Prix en espèces, ligne 1, du rang : un nombre entier de 1 à 9999 est attendu."),
    (lambda d: line(d, 2).update(end=1), "ligne 2, au rang : un nombre entier de 2 à 9999"),
    (lambda d: line(d, 2).update(end=10_000), "ligne 2, au rang : un nombre entier"),
    (lambda d: line(d, 2).update(amount=10_000_001),
     "ligne 2, montant (centimes) : un nombre entier de 0 à 10000000"),
    (lambda d: line(d, 2).update(amount=10.0), "ligne 2, montant (centimes)"),
    (lambda d: d["cash_prizes"].append({"start": 3, "end": 4, "amount": 500, "percent": None}),
     "un rang ne reçoit qu'un prix"),
    (lambda d: d.update(cash_prizes=[{"start": 1, "end": 9, "amount": None,
                                      "percent": "12.00"}]), "100 % au plus"),
    (lambda d: d.update(cash_prizes=[{"start": n, "end": n, "amount": 1, "percent": None}
                                     for n in range(1, 52)]),
     "Prix en espèces : 50 lignes au plus."),
    (lambda d: line(d, 1).update(order=1), "ligne 1 : champ inconnu : order"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_faulty_money_or_pointage_is_refused_naming_the_place(saved_money, owner, damage,
                                                                 match):
    damage(saved_money)
    refused(saved_money, owner, match)


@pytest.mark.parametrize(("damage", "match"), [
    (lambda d: pay(d, 1).update(number=99),
     "Paiement du joueur 99 : le joueur 99 n'existe pas."),
    (lambda d: pay(d, 2).update(number=1), "Paiement du joueur 1 : un inscrit ne paie qu'une"),
    (lambda d: d["players"][8].update(arrived="non"), "Joueur 9 : arrivé : true ou false"),
    (lambda d: d["rounds"][0]["teams"][0].update(arrived=True), "champ inconnu : arrived"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_melees_payment_names_a_player_of_the_file(saved_melee_money, owner, damage, match):
    damage(saved_melee_money)
    refused(saved_melee_money, owner, match)


def test_a_faulty_payment_replacing_a_concours_leaves_its_money_as_it_was(saved_money, owner):
    restored = backup.import_data(saved_money, organiser=owner)
    kept = backup.export_data(restored)
    pay(saved_money, 4).update(refunded=2001)
    refused(saved_money, owner, "le remboursement dépasse", replace=True)
    assert backup.export_data(Tournament.objects.get(pk=restored.pk)) == kept
