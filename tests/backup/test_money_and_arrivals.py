"""Backup version 6: the desk's money and the pointage go through a backup and come back as
they were (export → import → export identical), in doublettes (a payment a team) and in a
mêlée (a payment a player); a copy of the concours keeps them; an older file restores a free
concours where nobody arrived or paid."""

import json

import pytest

from tests.builders import melee, tournament, with_money
from tournament import selectors, services
from tournament.journal import Actor
from tournament.models import CashPrize, Payment, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def doublettes(owner):
    return with_money(tournament(owner=owner, teams=5, slug="caisse"), owner)


@pytest.fixture
def melee_money(owner):
    return with_money(melee(owner=owner, players=9, slug="caisse-melee"), owner)


def money(t):
    """What the desk's money and the pointage are, read from the database."""
    t = Tournament.objects.get(pk=t.pk)
    return (t.fee, t.fee_per, selectors.payment_rows(t), selectors.pool_of(t),
            list(t.prizes.values_list("label", "value")),
            list(t.teams.filter(round__isnull=True, arrived=True).values_list("number",
                                                                              flat=True)),
            list(t.players.filter(arrived=True).values_list("number", flat=True)),
            selectors.caisse(t).balance)


def test_a_doublettes_money_and_arrivals_are_in_its_backup(doublettes):
    data = backup.export_data(doublettes)
    assert data["version"] == backup.VERSION
    assert (data["tournament"]["fee"], data["tournament"]["fee_per"]) == (1000, "player")
    assert [team["arrived"] for team in data["teams"]] == [True, True, True, True, False]
    assert {player["arrived"] for player in data["players"]} == {False}  # the team arrives
    assert all("arrived" not in team for round_ in data["rounds"] for team in round_["teams"])
    assert [(lot["label"], lot["value"]) for lot in data["prizes"]] == [
        ("Un jambon", 2500), ("Une bouteille", None)]
    # Each payment names its team by number; amounts in cents, times in ISO.
    assert [(row["number"], row["due"], row["amount"], row["method"], row["refunded"])
            for row in data["payments"]] == [
        (1, 2000, 2000, "especes", 0), (2, 2000, 1850, "cheque", 0), (3, 2000, 0, "offert", 0),
        (4, 2000, 2000, "carte", 500)]
    refunded = data["payments"][3]
    assert Payment.objects.get(team__number=4).refunded_at.isoformat() == (
        refunded["refunded_at"])
    assert data["cash_prizes"] == [
        {"start": 1, "end": 1, "amount": None, "percent": "12.50"},
        {"start": 2, "end": 3, "amount": 1000, "percent": None}]
    # No float anywhere in the file: every amount is whole cents, a percentage is text.
    assert not floats(data)
    assert all(type(row[name]) is int for row in data["payments"]
               for name in ("due", "amount", "refunded"))


def floats(value: object) -> list[float]:
    if isinstance(value, dict):
        return [found for item in value.values() for found in floats(item)]
    if isinstance(value, list):
        return [found for item in value for found in floats(item)]
    return [value] if isinstance(value, float) else []


@pytest.mark.parametrize("which", ["doublettes", "melee_money"])
def test_export_import_export_is_identical_with_the_money_and_arrivals(owner, which, request):
    t = request.getfixturevalue(which)
    first = backup.export_data(t)
    before = money(t)
    services.tournament_delete(tournament=t)
    assert not Payment.objects.exists() and not CashPrize.objects.exists()
    restored = backup.import_data(json.loads(json.dumps(first)), organiser=owner)
    assert backup.export_data(restored) == first
    assert money(restored) == before
    assert Payment.objects.get(tournament=restored, amount=1850).method == "cheque"


def test_a_melees_payments_name_its_players(melee_money):
    data = backup.export_data(melee_money)
    assert data["teams"] == []
    assert [row["number"] for row in data["payments"]] == [1, 2, 3, 4]
    assert [player["number"] for player in data["players"] if player["arrived"]] == list(
        range(1, 9))
    assert data["payments"][0]["due"] == 1000  # a mêlée's player owes the fee once
    payment = Payment.objects.get(tournament=melee_money, player__number=4)
    assert (payment.team, payment.refunded) == (None, 500)


def test_a_copy_keeps_the_money_and_arrivals(owner, doublettes):
    copy = backup.tournament_copy(tournament=doublettes, organiser=owner, slug="caisse-2",
                                    name="Copie")
    assert money(copy) == money(doublettes)
    assert Payment.objects.filter(tournament=doublettes).count() == 4  # the original's own


def test_a_backup_restored_over_its_concours_brings_its_money_back(owner, doublettes):
    data = backup.export_data(doublettes)
    before = money(doublettes)
    by = Actor.of_user(owner)
    services.payment_take(tournament=doublettes, number=5, method="virement", by=by)
    services.refund_undo(tournament=doublettes, number=4, by=by)
    services.cash_pool_set(tournament=doublettes, lines=[], by=by)
    assert money(doublettes) != before
    restored = backup.backup_restore(organiser=owner, data=data, mode="replace",
                                     tournament=doublettes)
    assert money(restored) == before


@pytest.mark.parametrize("n", [4, 5])
def test_an_older_file_restores_a_free_concours_where_nobody_arrived_or_paid(owner, n):
    from tests.backup.test_upgrade import version

    restored = backup.import_data(version(n), organiser=owner)
    assert money(restored)[:7] == (0, "team", [], [], [], [], [])
