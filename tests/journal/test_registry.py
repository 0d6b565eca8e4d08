"""The journal's entry kinds as a registry (tournament.journal): the model's choices, the
restorers and every check, word and restore go through it; the journal imports no service."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from hypothesis import event, given
from hypothesis import strategies as st

from tournament import journal
from tournament.journal import registry
from tournament.journal.kind import EntryKind
from tournament.models import AuditEntry, Tournament
from tournament.services.journal import RESTORERS

PACKAGE = Path(journal.__file__).resolve().parent


def test_the_models_kinds_are_the_registrys_keys_and_labels_in_order():
    # The registry itself, handed to the model (apps.py): the column keeps no choices, so a
    # new kind takes no migration.
    assert AuditEntry.kinds is journal.KIND
    assert not AuditEntry._meta.get_field("kind").choices
    assert [(key, str(kind.label)) for key, kind in AuditEntry.kinds.items()] == [
        (kind.key, str(kind.label)) for kind in journal.KINDS]
    assert AuditEntry(kind="pairing").get_kind_display() == "tables"


def test_an_entry_of_a_kind_the_registry_does_not_know_is_refused():
    concours = Tournament(name="Concours")
    with pytest.raises(ValueError, match="not a journal entry kind: 'fee'"):
        journal.entry(concours, journal.SYSTEM, "fee", "update")
    entry = journal.entry(concours, journal.SYSTEM, "team", "update")
    assert entry.kind == "team"
    with pytest.raises(ValidationError) as refused:
        AuditEntry(kind="fee").clean()
    assert refused.value.message_dict == {"kind": ["Objet inconnu : fee."]}


def test_each_restorable_kind_has_a_restorer_and_no_other_kind_has_one():
    assert set(RESTORERS) == {kind.key for kind in journal.KINDS if kind.restores}
    assert set(RESTORERS) == {"donne", "team", "player", "rules", "pairing"}
    # Each carried by its kind's own module.
    assert {kind.key for kind in journal.KINDS if kind.restore is not None} == set(RESTORERS)


def _imports(path: Path) -> set[str]:
    """The modules of the app that `path` imports, by absolute name."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = ["tournament", "journal"][: 3 - node.level]
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            names.update([module] if module else [alias.name for alias in node.names])
    return {name for name in names if name and name.startswith("tournament")}


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda path: path.name)
def test_the_journal_imports_no_service_view_form_or_export(path):
    # Services import the journal to log their changes: it importing them back was the cycle
    # audit <-> services.paper/donnes/confirmations.
    forbidden = ("tournament.services", "tournament.views", "tournament.forms",
                 "tournament.exports", "tournament.journal.registry")
    bad = [name for name in _imports(path) if name.startswith(forbidden)]
    if path.name in ("registry.py", "__init__.py"):
        bad = [name for name in bad if not name.startswith("tournament.journal.registry")]
    assert bad == []


def test_writing_the_journal_imports_only_models():
    assert {name.rsplit(".", 1)[0] if name.count(".") > 1 else name
            for name in _imports(PACKAGE / "log.py")} == {"tournament.models"}


def test_a_kind_added_to_the_registry_is_checked_shown_and_restorable_through_it(monkeypatch):
    def check(action: str, value: object) -> None:
        if value != {"fee": 5}:
            raise journal.BadValue("pas un droit d'inscription")

    fee = EntryKind("fee", "droit", check, lambda value, melee: f"{value['fee']} €",
                    restores=("fee",))
    monkeypatch.setitem(registry.KIND, "fee", fee)
    entry = AuditEntry(kind="fee", action="update", before={"fee": 5}, after=None)
    assert journal.describe(entry) == ("5 €", "—")
    assert journal.restorable(entry)
    entry.after = {"fee": 6}
    assert not journal.well_formed(entry) and not journal.restorable(entry)


def test_an_unknown_kind_is_refused_and_shown_by_its_keys():
    with pytest.raises(journal.BadValue, match="objet inconnu : fee"):
        journal.check_value("fee", "update", {"fee": 5})
    assert journal.summary("fee", {"parties_planned": 4}) == "parties prévues : 4"
    assert not journal.restorable(AuditEntry(kind="fee", action="update"))


# Any JSON a backup file may hold for an entry's value.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**64, 2**64) | st.text(max_size=8)
    | st.sampled_from(["NS", "EW", "H", "none", "coinche", "1", "melee"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from([*journal.DONNE_FIELDS, *journal.TEAM_FIELDS, *journal.RULE_OPTIONS,
                         "prizes", "forfeit", "closed", "seed", "tables", "stop_after",
                         "keys", "donnes", "awaiting", "1"]), children, max_size=5),
    max_leaves=10)


# Values each kind writes, one of their keys then given any value: near misses of the shapes.
WRITTEN = [
    {**dict.fromkeys(journal.DONNE_FIELDS, 0), "taker": "NS", "trump": "H", "contract": 80,
     "coinche": "none", "capot_bid": False, "capot": None, "generale_bid": False,
     "generale_made": False},
    {"name": "Les As", "player1": "Ana", "player2": "Léo", "club": "", "active": True,
     "licence1": "", "licence2": ""},
    {"name": "Ana", "club": "Metz", "licence": "", "active": False},
    {"parties_planned": 4, "criteria": ["wins"], "format": "melee", "paper_by_tables": True},
    {"prizes": []}, {"forfeit": "EW"}, [3, None], {"closed": True}, {"stop_after": {"1": 3}},
    {"seed": 7, "tables": {"1": [1, 2], "2": [3, None]}}, {"donnes": 1, "keys": ["abc"]},
    {"awaiting": "NS", "disputed": False, "score_ns": 90, "score_ew": -10},
    {"score_ns": 900, "score_ew": 700, "donnes": 8, "passed": 0, "belotes": None,
     "capots": 1, "awarded_ns": 0, "awarded_ew": 0},
]


@st.composite
def near_misses(draw: st.DrawFn) -> object:
    value = draw(st.sampled_from(WRITTEN))
    if isinstance(value, dict) and value and draw(st.booleans()):
        value = {**value, draw(st.sampled_from(sorted(value))): draw(json_values)}
    return value


@pytest.mark.parametrize(("kind", "action", "field", "base"), [
    ("donne", "create", "capot", WRITTEN[0]), ("donne", "create", "taker", WRITTEN[0]),
    ("donne", "create", "trump", WRITTEN[0]), ("donne", "create", "coinche", WRITTEN[0]),
    ("pairing", "forfeit", "forfeit", {"forfeit": "EW"}),
    ("game", "confirm", "awaiting", {"awaiting": "NS", "disputed": False, "score_ns": 90,
                                     "score_ew": -10}),
])
@pytest.mark.parametrize("odd", [[], {}, ["NS"]])
def test_a_list_or_an_object_where_a_side_or_a_trump_is_expected_is_refused(kind, action,
                                                                           field, base, odd):
    # Found by the property below: the sets of sides, trumps and coinches are hashed, and a
    # list from a crafted file raised TypeError (a server error) instead of BadValue.
    with pytest.raises(journal.BadValue):
        journal.check_value(kind, action, {**base, field: odd})
    with pytest.raises(journal.BadValue):
        journal.check_value(["donne"], action, base)  # type: ignore[arg-type]


@given(st.sampled_from([kind.key for kind in journal.KINDS]),
       st.sampled_from([*AuditEntry.ACTIONS, "bogus"]), json_values | near_misses(),
       json_values | near_misses())
def test_any_value_is_refused_in_french_or_shown_never_a_crash(kind, action, before, after):
    # A crafted backup's entry: the journal page shows it (or says it cannot), never a 500.
    entry = AuditEntry(kind=kind, action=action, before=before, after=after,
                       tournament=Tournament(format="melee"))
    words = journal.describe(entry)
    event(f"{kind}: {'shown' if journal.well_formed(entry) else 'refused'}")
    if journal.well_formed(entry):
        assert all(isinstance(word, str) for word in words)
    else:
        assert words == ("(valeur illisible)", "(valeur illisible)")
        assert not journal.restorable(entry)
