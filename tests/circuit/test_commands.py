"""The comité's commands: a club added with its one-time code, revoked; a circuit created
with its rule and qualification, refused in French (exit 1, nothing created) when its rule
cannot be applied."""

import io

import pytest
from django.core.management import call_command

from circuit import services
from circuit.models import Circuit, MemberClub
from circuit.rules import RuleError, parse_qualify
from circuit.selectors import club_by_token

pytestmark = pytest.mark.django_db


def run(name, *args):
    out, err = io.StringIO(), io.StringIO()
    call_command(name, *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def refused(name, *args):
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command(name, *args, stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    return err.getvalue()


def test_a_club_added_gets_a_code_its_laptop_exchanges_then_revoked():
    out, _err = run("circuit_club", "--add", "Belote de Lectoure")
    code = out.split("code d'adhésion ")[1].split(" ")[0]
    club, token = services.club_join(code=code)
    assert club.slug == "belote-de-lectoure" and club_by_token(token) == club
    run("circuit_club", "--revoke", club.slug)
    assert club_by_token(token) is None
    assert "Aucun club « inconnu »" in refused("circuit_club", "--code", "inconnu")


def test_a_circuit_is_created_with_its_clubs_and_qualification():
    club = services.member_club_create(name="Belote de Auch")
    out, _err = run("circuit_create", "--name", "Circuit du Gers", "--start", "2026-09-01",
                    "--end", "2027-06-30", "--points-table", "100,90,80", "--best", "5",
                    "--qualify", "steps:0=4,9=6", "--clubs", club.slug)
    circuit = Circuit.objects.get()
    assert f"/circuit/circuits/{circuit.slug}/" in out
    assert circuit.qualify == {"kind": "steps", "steps": [[0, 4], [9, 6]]}
    assert list(circuit.clubs.all()) == [club] and circuit.best == 5


@pytest.mark.parametrize(("args", "said"), [
    (["--qualify", "ratio:0"], "divise par zéro"),
    (["--qualify", "steps:0=4,9"], "ne se lit pas"),
    (["--points-table", "10,20"], "plus que la place précédente"),
    (["--clubs", "inconnu"], "Aucun club « inconnu »"),
    (["--best", "0"], "au moins 1"),
])
def test_a_circuit_that_cannot_be_applied_is_refused_and_not_created(args, said):
    base = {"--name": "C", "--start": "2026-09-01", "--end": "2027-06-30",
            "--points-table": "100,90"}
    for key, value in zip(args[::2], args[1::2], strict=True):
        base[key] = value
    assert said in refused("circuit_create", *[x for pair in base.items() for x in pair])
    assert not Circuit.objects.exists() and not MemberClub.objects.exists()


def test_the_qualification_as_typed():
    assert parse_qualify("top:12") == {"kind": "top", "count": 12}
    assert parse_qualify("none") == {"kind": "none"}
    assert parse_qualify("ratio:10") == {"kind": "ratio", "per": 10}
    with pytest.raises(RuleError, match="ne se lit pas"):
        parse_qualify("top:douze")
