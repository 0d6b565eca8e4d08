"""Backups: export_tournament writes one JSON file, import_tournament restores it identically;
a bad file restores nothing; the dashboard offers the download to the organiser only."""

import contextlib
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import Side
from tests.builders import made, melee, play_to_the_end, register_players, tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import AuditEntry, DonneRecord, Game, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db
OWNER = "sauveur"  # the conftest's owner, as the commands name it


@pytest.fixture
def concours(owner):
    """Five teams (a bye each round), a finished round 1 with a forfeit, a withdrawn team,
    round 2 half entered through a table link, rules changed once."""
    t = tournament(owner=owner, teams=5, slug="sauvegarde", max_donnes=6, target=None)
    by = Actor.of_user(owner)
    first = services.round_generate(tournament=t, seed=8, by=by)
    games = list(first.games.filter(team_ew__isnull=False).order_by("table"))
    services.game_forfeit(game=games[0], side=Side.EW.value, by=by)
    play_to_the_end(games[1])
    services.tournament_rules_update(tournament=t, confirm=True, rounding=False, by=by)
    second = services.round_generate(tournament=t, by=by)
    game = second.games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(points=95, belote_ns=1),
                          by=Actor.of_table(game))
    services.donne_record(game=game, number=1, donne=made(points=99), by=by)
    services.team_update(team=t.teams.get(number=5), club="Club de Lyon", by=by)
    return register_players(Tournament.objects.get(pk=t.pk))


def test_export_then_import_restores_the_tournament_identically(owner, concours):
    first = backup.export_data(concours)
    scores = list(Game.objects.filter(round__tournament=concours).order_by(
        "round__number", "table").values_list("score_ns", "score_ew", "finished", "winner"))
    services.tournament_delete(tournament=concours)
    assert not DonneRecord.objects.exists()
    restored = backup.import_data(json.loads(json.dumps(first)), organiser=owner)
    assert backup.export_data(restored) == first
    assert list(Game.objects.filter(round__tournament=restored).order_by(
        "round__number", "table").values_list("score_ns", "score_ew", "finished",
                                               "winner")) == scores
    assert restored.organiser == owner
    assert AuditEntry.objects.filter(tournament=restored, user=owner).exists()
    # The table links printed before the backup still open the same tables.
    assert {row["token"] for r in first["rounds"] for row in r["games"]} == set(
        Game.objects.values_list("token", flat=True))


def test_the_commands_write_and_restore_one_file(owner, concours, tmp_path):
    path = tmp_path / "concours.json"
    call_command("export_tournament", concours.slug, output=str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["tournament"]["slug"] == "sauvegarde" and len(saved["rounds"]) == 2
    with pytest.raises(CommandError, match="existe déjà"):
        call_command("import_tournament", str(path), organiser="sauveur")
    call_command("import_tournament", str(path), organiser="sauveur", replace=True)
    assert backup.export_data(Tournament.objects.get(slug="sauvegarde")) == saved


def test_an_unknown_slug_or_owner_is_a_clear_error(concours, tmp_path):
    with pytest.raises(CommandError, match="Aucun concours"):
        call_command("export_tournament", "inconnu", output=str(tmp_path / "x.json"))
    path = tmp_path / "ok.json"
    call_command("export_tournament", concours.slug, output=str(path))
    with pytest.raises(CommandError, match="introuvable"):
        call_command("import_tournament", str(path), organiser="personne")


def game_at(data: dict, partie: int, table: int) -> dict:
    """The game at `table` of `partie` in the file (a bye is numbered after the tables)."""
    return next(game for game in data["rounds"][partie - 1]["games"] if game["table"] == table)


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="autre chose"),
    lambda d: d.update(version=99),
    lambda d: d["teams"].pop(),  # a game then names an unknown team
    lambda d: game_at(d, 2, 1)["donnes"][0].update(contract=85),  # not a contract
    lambda d: game_at(d, 1, 2)["donnes"].append(
        dict(game_at(d, 1, 2)["donnes"][0], number=99)),  # a donne after the end
    lambda d: d["tournament"].update(surcoinche_factor=5),
    lambda d: d["tournament"].pop("name"),
])
def test_a_damaged_file_restores_nothing(owner, concours, damage):
    data = backup.export_data(concours)
    services.tournament_delete(tournament=concours)
    counts = (Tournament.objects.count(), Game.objects.count(), AuditEntry.objects.count())
    damage(data)
    with pytest.raises(UserError):
        backup.import_data(data, organiser=owner)
    assert (Tournament.objects.count(), Game.objects.count(),
            AuditEntry.objects.count()) == counts


def test_the_dashboard_offers_the_backup_to_the_organiser_only(client, owner, concours):
    url = reverse("tournament:backup", args=[concours.slug])
    assert client.get(url).status_code == 404  # published, but a backup is the desk's
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[concours.slug])).content.decode()
    assert url in page
    response = client.get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == backup.export_data(concours)


def as_version_7(data: dict) -> dict:
    """`data` as version 7 wrote it, before the phases (issue 35): no formule, no partie of
    a phase. Only a file of a concours of drawn parties."""
    data = json.loads(json.dumps(data))
    data["version"] = 7
    assert data.pop("phases") is None
    for round_ in data["rounds"]:
        assert round_.pop("phase") is None and round_.pop("poule") is None
    return data


def as_version_6(data: dict) -> dict:
    """`data` as version 6 wrote it, before the hall (issue 37): no screen, no sponsor.
    Only a file without either."""
    data = as_version_7(data)
    data["version"] = 6
    assert data.pop("screens") == [] and data.pop("sponsors") == []
    del data["tournament"]["sponsors_in_pdfs"]
    return data


def as_version_5(data: dict) -> dict:
    """`data` as version 5 wrote it, before the money and the arrivals (issue 25): no fee,
    no arrival, no lot's value. Only a file without payments or cash prizes."""
    data = as_version_6(data)
    data["version"] = 5
    assert data.pop("payments") == [] and data.pop("cash_prizes") == []
    for name in ("fee", "fee_per"):
        del data["tournament"][name]
    for row in (*data["teams"], *data["players"]):
        del row["arrived"]
    for lot in data["prizes"]:
        del lot["value"]
    return data


def as_version_3(data: dict) -> dict:
    """`data` as version 3 wrote it, before players (issue 12) and results (issue 13): teams
    naming their two players, none of the concours' format options, no partie teams, no
    East-West links, confirmations or paper totals, no lots. Only a doublette concours'
    file without lots."""
    data = as_version_5(data)
    data["version"] = 3
    names = {player["number"]: player["name"] for player in data.pop("players")}
    assert data.pop("prizes") == []
    data["teams"] = [{"number": team["number"], "name": team["name"],
                      "player1": names[team["first"]], "player2": names[team["second"]],
                      "club": team["club"], "active": team["active"]}
                     for team in data["teams"]]
    for option in backup.FORMAT_FIELDS:
        del data["tournament"][option]
    for round_ in data["rounds"]:
        assert round_.pop("teams") == []
        del round_["draw_method"]
        for game in round_["games"]:
            for name in ("token_ew", "awaiting", "disputed", "paper"):
                del game[name]
    return data


def as_version_1(data: dict) -> dict:
    """`data` as version 1 wrote it, before scoring v2: no donne keys, no points attribués,
    no time called, no journal keys, none of scoring v2's rule options."""
    data = as_version_3(data)
    data["version"] = 1
    for option in ("belote_multiplied", "belote_in_contract", "demandes_belote",
                   "belote_exception", "beat_defence", "capot_points", "max_contract"):
        del data["tournament"][option]
    for round_ in data["rounds"]:
        del round_["time_called"]
        for game in round_["games"]:
            del game["stop_after"]
            for donne in game["donnes"]:
                for name in ("key", "awarded_ns", "awarded_ew"):
                    del donne[name]
    for entry in data["audit"]:
        del entry["donne_key"]
    return data


def test_a_version_1_file_still_imports_its_donnes_getting_new_keys(owner, concours):
    data = backup.export_data(concours)
    services.tournament_delete(tournament=concours)
    restored = backup.import_data(as_version_1(data), organiser=owner)
    keys = list(DonneRecord.objects.filter(game__round__tournament=restored)
                .values_list("key", flat=True))
    assert keys and len(set(keys)) == len(keys) and all(len(key) == 22 for key in keys)
    # Scoring v2's options take the values that keep version-1 scores (migration 0003).
    assert (restored.belote_multiplied, restored.beat_defence, restored.capot_points) == (
        False, True, 252)
    again = backup.export_data(restored)
    assert as_version_3(again)["teams"] == as_version_3(data)["teams"]
    assert len(again["audit"]) == len(data["audit"])
    assert [[g["token"] for g in r["games"]] for r in again["rounds"]] == [
        [g["token"] for g in r["games"]] for r in data["rounds"]]


def test_a_donne_restored_from_a_backup_keeps_its_journal(owner, concours):
    data = backup.export_data(concours)
    services.tournament_delete(tournament=concours)
    restored = backup.import_data(data, organiser=owner)
    game = Game.objects.get(round__tournament=restored, round__number=2, table=1)
    correction = AuditEntry.objects.get(tournament=restored, kind="donne", action="update")
    services.audit_restore(entry=correction, which="before")
    assert game.donnes.get(number=1).taker_points == 95


def test_an_unwritable_output_is_a_clear_error(concours, tmp_path):
    with pytest.raises(CommandError, match="Écriture impossible"):
        call_command("export_tournament", concours.slug,
                     output=str(tmp_path / "absent" / "x.json"))


# --- Version 4: players, a mêlée's partie teams, results --------------------------------------


@pytest.fixture
def melee_concours(owner):
    """A mêlée of nine players (an exempt player each partie), one with a licence, one
    withdrawn after partie 1; partie 1 finished, table 1 entered by its paper totals and
    confirmed; partie 2 drawn; ranking points and the half-partie exempt rule."""
    from scoring import PaperTotals

    t = melee(owner=owner, players=9, slug="melee-sauvee", max_donnes=4, target=None,
              exempt_rule="half", points_win=4, points_loss=2)
    # No service sets the results options yet (the rules form will): set as a form would.
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True, paper_by_tables=True)
    by = Actor.of_user(owner)
    services.player_update(player=t.players.get(number=2), licence="L-2", by=by)
    first = services.round_generate(tournament=t, seed=4, by=by)
    one, two = first.games.filter(team_ew__isnull=False).order_by("table")
    services.game_totals_record(game=one, totals=PaperTotals(
        score_ns=420, score_ew=310, donnes=4), by=by)
    play_to_the_end(two)
    services.player_withdraw(player=t.players.get(number=9), by=by)
    services.round_generate(tournament=t, seed=5, by=by)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon", by=by)
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Une bouteille",
                       by=by)
    return register_players(Tournament.objects.get(pk=t.pk))


def test_a_melee_round_trips_with_its_players_and_the_teams_of_each_partie(owner,
                                                                           melee_concours):
    data = backup.export_data(melee_concours)
    assert data["version"] == backup.VERSION and data["tournament"]["format"] == "melee"
    assert data["teams"] == []  # a mêlée registers players, not teams
    entry = melee_concours.players.get(number=2).registered
    assert data["players"][1] == {"number": 2, "name": "Joueur 2", "club": "Club B",
                                  "licence": "L-2", "active": True, "arrived": False,
                                  "registered": {
                                      "uid": str(entry.uid), "licence": "L-2",
                                      "name": "Joueur 2", "first_name": "",
                                      "home_club": "Club B"}}
    assert not data["players"][8]["active"]
    first = data["rounds"][0]
    assert first["draw_method"] == "melee" and len(first["teams"]) == 5  # 4 pairs, 1 alone
    assert sorted(p for team in first["teams"] for p in (team["first"], team["second"])
                  if p is not None) == list(range(1, 10))
    paper = game_at(data, 1, 1)["paper"]
    assert paper is not None and (paper["ns"], paper["ew"], paper["donnes"]) == (420, 310, 4)
    assert len(data["rounds"][1]["teams"]) == 4  # the withdrawn player is not drawn
    assert [(lot["label"], lot["from_last"]) for lot in data["prizes"]] == [
        ("Un jambon", False), ("Une bouteille", True)]
    scores = list(Game.objects.filter(round__tournament=melee_concours).order_by(
        "round__number", "table").values_list("score_ns", "score_ew", "finished", "winner"))

    def donne_scores(tournament):  # the donnes' cached scores, as the restore computes them
        return list(DonneRecord.objects.filter(game__round__tournament=tournament).order_by(
            "game__round__number", "game__table", "number").values_list(
            "score_ns", "score_ew", "outcome"))

    donnes = donne_scores(melee_concours)
    assert len(donnes) >= 4 and {outcome for *_, outcome in donnes} != {""}
    services.tournament_delete(tournament=melee_concours)
    restored = backup.import_data(json.loads(json.dumps(data)), organiser=owner)
    assert backup.export_data(restored) == data
    assert list(Game.objects.filter(round__tournament=restored).order_by(
        "round__number", "table").values_list("score_ns", "score_ew", "finished",
                                               "winner")) == scores
    assert donne_scores(restored) == donnes
    assert (restored.format, restored.exempt_rule, restored.points_win) == ("melee", "half", 4)
    assert AuditEntry.objects.filter(tournament=restored, kind="player").count() == 11
    assert AuditEntry.objects.filter(tournament=restored, kind="game").exists()


def test_a_version_3_file_gives_each_team_its_two_players_numbered_2n_minus_1_and_2n(
        owner, concours):
    data = as_version_3(backup.export_data(concours))
    services.tournament_delete(tournament=concours)
    restored = backup.import_data(data, organiser=owner)
    team = restored.teams.get(number=5)
    assert (team.first.number, team.second.number) == (9, 10)
    assert (team.first.club, team.first.licence, team.player2) == (
        "Club de Lyon", "", data["teams"][4]["player2"])
    assert (restored.format, restored.draw_method, restored.points_win) == (
        "doublettes", "standings", None)


@contextlib.contextmanager
def small_files():
    """Files limited to 4 KiB, as a nearly full disk would cut them: a write beyond fails
    with an OSError (EFBIG, the signal that would kill the process ignored). Only around the
    export itself: pytest writes its report to files too (its output, when sent to a file,
    is already longer than that)."""
    import resource
    import signal

    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)


def test_a_failed_export_leaves_the_previous_backup_whole(concours, tmp_path):
    path = tmp_path / "concours.json"
    path.write_text('{"la": "sauvegarde d\'hier"}', encoding="utf-8")
    assert len(backup.export_json(concours).encode()) > 4096
    with pytest.raises(CommandError, match="Écriture impossible"), small_files():
        call_command("export_tournament", concours.slug, output=str(path))
    assert path.read_text(encoding="utf-8") == '{"la": "sauvegarde d\'hier"}'
    assert [file.name for file in tmp_path.iterdir()] == ["concours.json"]  # no leftover


def test_an_export_replaces_the_previous_backup(concours, tmp_path):
    path = tmp_path / "concours.json"
    path.write_text("ancienne", encoding="utf-8")
    call_command("export_tournament", concours.slug, output=str(path))
    assert json.loads(path.read_text(encoding="utf-8")) == backup.export_data(concours)


def test_the_command_restores_a_copy_beside_the_original(owner, concours, tmp_path):
    path = tmp_path / "concours.json"
    call_command("export_tournament", concours.slug, output=str(path))
    call_command("import_tournament", str(path), organiser="sauveur",
                 copy=["sauvegarde-bis", "Copie du concours"])
    copy = Tournament.objects.get(slug="sauvegarde-bis")
    assert copy.name == "Copie du concours" and copy.rounds.count() == 2
    assert Tournament.objects.filter(slug="sauvegarde").exists()
    with pytest.raises(CommandError, match="ne vont pas ensemble"):
        call_command("import_tournament", str(path), organiser="sauveur", replace=True,
                     copy=["x", "X"])
    with pytest.raises(CommandError, match="adresse est déjà prise"):
        call_command("import_tournament", str(path), organiser="sauveur",
                     copy=["sauvegarde", "X"])
