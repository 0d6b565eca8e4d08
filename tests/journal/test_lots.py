"""Lots through the journal (read, restored) and the backup (carried, bad lots refused)."""
import json

import pytest
from django.urls import reverse

from tests.builders import melee, organiser, tournament
from tournament import journal as audit
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry
from tournament.services import backup

pytestmark = pytest.mark.django_db


def _lots(t):
    return list(t.prizes.order_by("order", "id").values_list("start", "end", "from_last",
                                                             "label"))


def test_a_lots_entry_reads_and_restores(client):
    owner = organiser("o")
    t = tournament(owner=owner, slug="lots")
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Lot")
    entry = AuditEntry.objects.filter(tournament=t).latest("id")
    assert audit.restorable(entry)
    # The journal sums the lots up as the prizes page does (selectors.lots_summary).
    assert audit.describe(entry) == ("lots : 1er : Jambon",
                                     "lots : 1er : Jambon ; dernier : Lot")
    client.force_login(owner)
    page = client.get(reverse("tournament:journal", args=[t.slug])).content.decode()
    assert "illisible" not in page and "dernier : Lot" in page
    services.audit_restore(entry=entry, which="before")
    assert _lots(t) == [(1, 1, False, "Jambon")]


def test_the_journal_names_a_melee_s_lots_by_players_and_says_when_none_is_left():
    t = melee(players=8, slug="lots-melee")
    services.prize_add(tournament=t, start=1, end=None, from_last=False, label="Café")
    added = AuditEntry.objects.filter(tournament=t).latest("id")
    assert audit.describe(added) == ("lots : aucun lot", "lots : tous les joueurs : Café")
    services.prize_add(tournament=tournament(slug="lots-teams"), start=1, end=None,
                       from_last=False, label="Café")
    teams = AuditEntry.objects.filter(tournament__slug="lots-teams").latest("id")
    assert audit.describe(teams)[1] == "lots : toutes les équipes : Café"


def test_a_concours_with_lots_comes_back_from_its_backup():
    owner = organiser("o")
    t = tournament(owner=owner, slug="lots", teams=4)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    services.prize_add(tournament=t, start=2, end=None, from_last=False, label="Vin")
    data = json.loads(backup.export_json(t))
    assert data["prizes"] == [
        {"start": 1, "end": 1, "from_last": False, "label": "Jambon", "value": None},
        {"start": 2, "end": None, "from_last": False, "label": "Vin", "value": None}]
    restored = backup.import_data(data, organiser=owner, replace=True)
    assert _lots(restored) == [(1, 1, False, "Jambon"), (2, None, False, "Vin")]


@pytest.mark.parametrize("prizes", [
    "jambon", [{"start": 0, "end": 1, "from_last": False, "label": "x", "value": None}],
    [{"start": 1, "end": 3, "from_last": False, "label": "a", "value": None},
     {"start": 3, "end": 3, "from_last": False, "label": "b", "value": 500}],
    [{"start": 1, "end": 1, "from_last": False, "label": "a\x07", "value": None}],
])
def test_a_backup_s_bad_lots_are_refused(prizes):
    owner = organiser("o")
    t = tournament(owner=owner, slug="lots")
    data = json.loads(backup.export_json(t))
    data["prizes"] = prizes
    with pytest.raises(UserError, match=r"^Lots : "):
        backup.import_data(data, organiser=owner, replace=True)
    assert t.prizes.count() == 0
