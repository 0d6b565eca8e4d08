"""The backup's upgrade steps (services/backup/upgrade.py), each on a real file of its version.

tests/backup/files/version-N.json: one small concours (five teams, two parties, a forfeit, a
finished game, a donne corrected, a team's club changed) as each version wrote it, from an
export of version 4 taken back field by field (the versions' docstrings: what each added),
and before scoring version 3 for versions 1 to 3; version 6's is version 5's restored, then
given the desk's money and the pointage (its teams marked arrived), and exported; version
7's is version 6's restored and exported, taken back to version 7 (no phases); version 8's
is version 7's restored and exported (before the parties' countdown). Each step
gives the next version's shape; the reader reads only the latest version; every file of
every version restores."""

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.builders import organiser
from tournament import services
from tournament.errors import UserError
from tournament.models import DonneRecord, Game
from tournament.services import backup
from tournament.services.backup import upgrade

FILES = Path(__file__).parent / "files"


def version(n: int) -> dict[str, Any]:
    return json.loads((FILES / f"version-{n}.json").read_text(encoding="utf-8"))


def shape(value: object) -> object:
    """The keys of a document, all the way down (a list: the union of its items' shapes)."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        merged: dict[str, object] = {}
        for item in value:
            item_shape = shape(item)
            if isinstance(item_shape, dict):
                merged.update(item_shape)
        return [merged] if merged else []
    return None


def counter() -> Any:
    numbers = itertools.count(1)
    return lambda: f"{next(numbers):022d}"


def without_values(data: dict[str, Any]) -> dict[str, Any]:
    """The document but its journal entries' values (written by the journal, whose older
    entries lack the fields added since: audit.check_value reads them as they are)."""
    data = copy.deepcopy(data)
    for entry in data["audit"]:
        entry["before"] = entry["after"] = None
    return data


@pytest.mark.parametrize("n", [1, 2, 3])
def test_each_step_gives_the_shape_of_the_next_version(n):
    step = upgrade.STEPS[n]
    upgraded = step(version(n))
    assert upgraded["version"] == n + 1
    if n + 1 == 4:  # the file of version 4 was written after scoring version 3
        upgraded = upgrade.scoring_v3(upgraded)
    assert shape(without_values(upgraded)) == shape(without_values(version(n + 1)))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_a_step_leaves_its_file_unchanged(n):
    data = version(n)
    upgrade.upgraded(data)
    assert data == version(n)


def test_version_1_to_2_gives_each_donne_a_new_key_and_scoring_v2_the_scores_of_version_1():
    data = upgrade.v1_to_v2(version(1), new_key=counter())
    donnes = [donne for round_ in data["rounds"] for game in round_["games"]
              for donne in game["donnes"]]
    assert [donne["key"] for donne in donnes] == [f"{n:022d}" for n in range(1, 6)]
    assert {(donne["awarded_ns"], donne["awarded_ew"]) for donne in donnes} == {(0, 0)}
    assert {round_["time_called"] for round_ in data["rounds"]} == {None}
    assert {game["stop_after"] for round_ in data["rounds"] for game in round_["games"]} == {
        None}
    assert {entry["donne_key"] for entry in data["audit"]} == {""}
    # Scoring v2's options as migration 0003 gave existing concours.
    assert {name: data["tournament"][name] for name in upgrade.V1_RULES} == upgrade.V1_RULES
    assert data["tournament"]["demandes_belote"] is False  # counting "faits"
    demandes = version(1)
    demandes["tournament"]["counting"] = "demandes"
    assert upgrade.v1_to_v2(demandes)["tournament"]["demandes_belote"] is True
    # What version 2 holds otherwise is version 1's (the journal's entries then name no
    # donne; version 2's file has the keys the export gave).
    expected = version(2)
    for round_, expected_round in zip(data["rounds"], expected["rounds"], strict=True):
        for game, expected_game in zip(round_["games"], expected_round["games"], strict=True):
            for donne, expected_donne in zip(game["donnes"], expected_game["donnes"],
                                             strict=True):
                expected_donne["key"] = donne["key"]
    for entry in expected["audit"]:
        entry["donne_key"] = ""
    expected["tournament"].update(upgrade.V1_RULES, demandes_belote=False)
    assert without_values(data) == without_values(expected)


def test_version_2_to_3_has_each_partie_play_to_its_tournaments_end():
    data = upgrade.v2_to_v3(version(2))
    assert [(round_["target"], round_["max_donnes"]) for round_ in data["rounds"]] == [
        (None, None), (None, None)]
    expected = version(3)
    for round_ in expected["rounds"]:
        round_.update(target=None, max_donnes=None)
    assert data == expected


def test_version_3_to_4_numbers_each_teams_players_2n_minus_1_and_2n():
    data = upgrade.v3_to_v4(version(3))
    old = {team["number"]: team for team in version(3)["teams"]}
    players = {player["number"]: player for player in data["players"]}
    for team in data["teams"]:
        n = team["number"]
        assert (team["first"], team["second"]) == (2 * n - 1, 2 * n)
        assert [players[2 * n - 1]["name"], players[2 * n]["name"]] == [
            old[n]["player1"], old[n]["player2"]]
        assert {players[2 * n - 1]["club"], players[2 * n]["club"]} == {old[n]["club"]}
    assert {player["licence"] for player in data["players"]} == {""}
    assert data["prizes"] == []
    assert {name: data["tournament"][name] for name in upgrade.V3_TOURNAMENT} == (
        upgrade.V3_TOURNAMENT)
    games = [game for round_ in data["rounds"] for game in round_["games"]]
    assert {game["token_ew"] for game in games} == {None}  # the import gives new links
    # Everything else is what version 4 wrote (its East-West links, the draw's method, and
    # scoring v3's options then being new).
    expected = version(4)
    for option in upgrade.SCORING_V3_TOURNAMENT:
        del expected["tournament"][option]
    for round_ in expected["rounds"]:
        round_["draw_method"] = ""
        for game in round_["games"]:
            game["token_ew"] = None
            for donne in game["donnes"]:
                del donne["generale_bid"], donne["generale_made"]
    assert without_values(data) == without_values(expected)


def test_a_version_4_file_called_3_is_refused_for_its_players():
    data = version(4)
    data["version"] = 3
    with pytest.raises(UserError, match="champ inconnu : players"):
        upgrade.upgraded(data)


def test_scoring_v3_gives_its_options_to_a_file_written_before_it():
    data = upgrade.scoring_v3(upgrade.v3_to_v4(version(3)))
    assert {name: data["tournament"][name] for name in upgrade.SCORING_V3_TOURNAMENT} == (
        upgrade.SCORING_V3_TOURNAMENT)
    current = version(4)
    assert upgrade.scoring_v3(current) == current  # nothing to add to a current file


def test_scoring_v3_gives_a_donne_lacking_them_its_options_and_leaves_the_file_read_alone():
    """One donne without scoring v3's fields is enough for them to be added (the others
    keep theirs); the file as read is not changed (a copy is)."""
    data = version(4)
    donnes = [donne for round_ in data["rounds"] for game in round_["games"]
              for donne in game["donnes"]]
    assert len(donnes) >= 2
    donnes[0]["generale_made"] = True
    del donnes[-1]["generale_bid"]
    before = copy.deepcopy(data)
    upgraded = upgrade.scoring_v3(data)
    assert data == before
    read = [donne for round_ in upgraded["rounds"] for game in round_["games"]
            for donne in game["donnes"]]
    assert read[-1]["generale_bid"] is False
    assert read[0]["generale_made"] is True
    assert [{**donne, "generale_bid": None} for donne in read] == [
        {**donne, "generale_bid": None} for donne in donnes]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_reader_reads_only_the_latest_version(n):
    """An older file's fields are not the latest's: read as version 4, it is refused."""
    data = version(n)
    data["version"] = 4
    with pytest.raises(UserError, match="champ"):
        backup.read(data)


def test_version_4_to_5_gives_each_player_no_register_identity():
    data = upgrade.v4_to_v5(version(4))
    expected = version(5)
    assert all(player["registered"] is not None
               for player in expected["players"] if player["number"] != 8)
    for player in expected["players"]:
        player["registered"] = None
    assert data == expected  # the rest is what version 4 held


def test_a_version_4_file_called_5_is_refused_for_its_players():
    data = version(4)
    data["version"] = 5
    with pytest.raises(UserError, match="registered"):
        backup.read(data)


def test_version_5_to_6_gives_no_fee_arrival_payment_cash_prize_or_lots_value():
    data = upgrade.v5_to_v6(version(5))
    assert (data["tournament"]["fee"], data["tournament"]["fee_per"]) == (0, "team")
    assert {row["arrived"] for row in (*data["teams"], *data["players"])} == {False}
    assert (data["payments"], data["cash_prizes"]) == ([], [])
    # Version 6's file is version 5's concours restored, then its teams pointed, its fee
    # set, four payments taken (one offered, one partly refunded), two lots (one valued)
    # and a cash prize pool (a percentage and an amount) given: the rest is version 5's.
    expected = version(6)
    assert expected["payments"] and expected["cash_prizes"] and expected["prizes"]
    assert {team["arrived"] for team in expected["teams"]} == {True}
    expected["tournament"].update(fee=0, fee_per="team")
    for team in expected["teams"]:
        team["arrived"] = False
    expected["payments"] = expected["cash_prizes"] = expected["prizes"] = []
    assert expected["season"]["name"] == "Challenge du vendredi"
    expected["season"] = None
    added = expected["audit"][len(version(5)["audit"]):]
    assert {entry["kind"] for entry in added} == {"money", "rules"}  # the lots: "rules"
    expected["audit"] = expected["audit"][:len(version(5)["audit"])]
    assert data == expected


def test_a_step_5_to_6_gives_each_lot_no_value():
    data = version(5)
    data["prizes"] = [{"start": 1, "end": 1, "from_last": False, "label": "Un jambon"}]
    assert upgrade.v5_to_v6(data)["prizes"] == [{**data["prizes"][0], "value": None}]


@pytest.mark.parametrize("name", ["payments", "cash_prizes", "season"])
def test_a_version_6_file_called_5_is_refused_for_its_money(name):
    data = version(6)
    data["version"] = 5
    for other in ("payments", "cash_prizes", "season"):
        if other != name:
            del data[other]
    with pytest.raises(UserError, match=f"champ inconnu : {name}"):
        upgrade.upgraded(data)


def test_a_version_5_file_called_6_is_refused_for_what_it_lacks():
    data = version(5)
    data["version"] = 6
    with pytest.raises(UserError, match="champ manquant : payments, cash_prizes, season"):
        backup.read(data)
    data.update(payments=[], cash_prizes=[], season=None)
    with pytest.raises(UserError, match="Concours : champ manquant : fee, fee_per"):
        backup.read(data)


def test_version_7_to_8_gives_no_phases_and_every_partie_none():
    upgraded = upgrade.v7_to_v8(version(7))
    assert upgraded["version"] == 8 and upgraded["phases"] is None
    assert [(r["phase"], r["poule"]) for r in upgraded["rounds"]] == [(None, None)] * 2
    assert backup.read(upgraded).phases is None


def test_version_8_to_9_gives_every_partie_no_countdown():
    upgraded = upgrade.v8_to_v9(version(8))
    assert upgraded["version"] == 9
    assert [(r["clock_minutes"], r["clock_ends"]) for r in upgraded["rounds"]] == [
        (None, None)] * 2
    # The file of version 8 is version 7's shape with the phases: as that version wrote it.
    assert shape(without_values(upgrade.v7_to_v8(version(7)))) == shape(
        without_values(version(8)))
    assert [(r.fields["clock_minutes"], r.fields["clock_ends"])
            for r in backup.read(upgraded).rounds] == [(None, None)] * 2


@pytest.mark.django_db
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_a_file_of_each_version_restores_its_concours(n):
    owner = organiser()
    restored = backup.import_data(version(n), organiser=owner)
    again = backup.export_data(restored)
    assert again["version"] == upgrade.VERSION
    assert [team["name"] for team in again["teams"]] == [
        team["name"] for team in version(n)["teams"]]
    assert Game.objects.filter(round__tournament=restored).count() == 6
    assert DonneRecord.objects.filter(game__round__tournament=restored).count() == 5
    assert len(again["audit"]) == len(version(n)["audit"])
    if n > 1:  # version 1 has no donne keys: new ones
        assert [donne["key"] for round_ in again["rounds"] for game in round_["games"]
                for donne in game["donnes"]] == [
            donne["key"] for round_ in version(n)["rounds"] for game in round_["games"]
            for donne in game["donnes"]]
    services.tournament_delete(tournament=restored)


# JSON values as a file may hold them (hand-edited or crafted).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "x", "demandes"]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["tournament", "teams", "rounds", "games", "donnes",
                                       "audit", "number", "key", "players", "prizes",
                                       "player1", "counting", "payments", "cash_prizes",
                                       "arrived", "fee", "value", "season"]), children,
                                      max_size=4),
    max_leaves=12)


@given(st.sampled_from([1, 2, 3, 4, 5, 6, 7, 8]), st.dictionaries(
    st.sampled_from(["tournament", "teams", "rounds", "audit", "players", "prizes", "payments",
                     "cash_prizes", "season", "phases"]),
    json_values, max_size=6))
def test_any_document_upgrades_or_is_refused_in_french_and_is_left_unchanged(n, body):
    data = {**body, "format": upgrade.FORMAT, "version": n}
    before = copy.deepcopy(data)
    try:
        upgraded = upgrade.upgraded(data)
    except UserError as error:
        assert error.message.startswith("Sauvegarde : champ inconnu")
    else:
        assert upgraded["version"] == upgrade.VERSION
    assert data == before
