"""The desk's shortcuts (issue 38): a belote, a capot and a coinche typed in the field the
cursor is already in, the contract in tens; what the rules make impossible refused where it
was typed; the row read back before it is saved. Pure: the form and scoring, no database."""

import dataclasses

import pytest

from scoring import Coinche, Side
from scoring.rules import PRESETS
from tournament.forms import DonneForm
from tournament.forms.donnes import points_typed

RULES = PRESETS["ffb-coinche"]
TA = dataclasses.replace(RULES, sa_ta=True)
PLAIN = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "92"}


def donne(rules=RULES, phone=False, **typed):
    data = {**PLAIN, **typed}
    if phone and "coinche" in data:
        data["coinche"] = "none"
    form = DonneForm(data, rules=rules, phone=phone)
    assert form.is_valid(), form.errors
    return form.cleaned_data["donne"], form


def errors(rules=RULES, **typed):
    form = DonneForm({**PLAIN, **typed}, rules=rules)
    assert not form.is_valid()
    return {name: " ".join(messages) for name, messages in form.errors.items()}


@pytest.mark.parametrize(("typed", "belote_ns", "belote_ew"), [
    ("92b", 1, 0), ("92d", 0, 1), ("92B", 1, 0), (" 92b ", 1, 0)])
def test_a_letter_after_the_points_is_a_belote_of_the_takers_or_the_defence(
        typed, belote_ns, belote_ew):
    row, _form = donne(taker_points=typed)
    assert (row.taker_points, row.belote_ns, row.belote_ew) == (92, belote_ns, belote_ew)
    row, _form = donne(taker="EW", taker_points=typed)
    assert (row.belote_ns, row.belote_ew) == (belote_ew, belote_ns)  # sides follow the taker


def test_c_alone_is_the_takers_capot_and_0c_the_defences_without_typing_162():
    row, form = donne(taker="EW", taker_points="c")
    assert (row.capot, row.taker_points, row.capot_bid) == (Side.EW, 162, False)
    assert form.read_back() == "EO 80 ♥, 162 points, capot EO"
    assert form.typed_columns() == {"belote_ns": "", "belote_ew": "", "capot": "EO"}
    assert donne(taker_points="92d")[1].typed_columns()["belote_ew"] == "1"
    assert donne(capot="NS", taker_points="")[1].typed_columns()["capot"] == ""  # its column
    row, _form = donne(taker_points="0c")
    assert (row.capot, row.taker_points) == (Side.EW, 0)
    row, _form = donne(taker_points="162cb")
    assert (row.capot, row.belote_ns) == (Side.NS, 1)


def test_x_after_the_contract_is_a_coinche_and_a_contract_in_tens_is_read_times_ten():
    row, form = donne(contract="8x", taker_points="100b")
    assert (row.contract, row.coinche, row.belote_ns) == (80, Coinche.COINCHE, 1)
    assert form.read_back() == "NS 80 ♥ coinché, 100 points, belote NS"
    row, _form = donne(contract="12xx")
    assert (row.contract, row.coinche) == (120, Coinche.SURCOINCHE)
    row, _form = donne(contract="c+x", taker_points="")
    assert (row.capot_bid, row.coinche, row.capot) == (True, Coinche.COINCHE, Side.NS)
    assert donne(contract="9")[0].contract == 90
    assert donne(contract="80")[0].contract == 80  # the whole figure still reads as typed


def test_a_belote_twice_is_refused_on_the_points_field_where_it_was_typed():
    assert "une seule belote" in errors(taker_points="92bb")["taker_points"]
    assert "une seule belote" in errors(taker_points="92bd")["taker_points"]
    said_twice = errors(taker_points="92b", belote_ns="1")
    assert "Belote indiquée deux fois" in said_twice["taker_points"]
    # At tout atout two belotes of one side are possible: « bb » says two.
    row, _form = donne(rules=TA, trump="TA", taker_points="92bb")
    assert row.belote_ns == 2
    assert "pas de belote à sans atout" in errors(rules=TA, trump="SA",
                                                  taker_points="92b")["taker_points"]


def test_a_capot_with_points_for_the_other_side_is_refused_clearly():
    assert "pas 92 points" in errors(taker_points="92c")["taker_points"]
    assert "une seule fois" in errors(taker_points="cc")["taker_points"]
    assert "deux fois" in errors(taker_points="c", capot="EW")["taker_points"]
    assert "deux fois" in errors(contract="8x", coinche="surcoinche")["contract"]
    assert "ni belote ni capot" in errors(taker="P", contract="", trump="",
                                          taker_points="b")["taker_points"]


@pytest.mark.parametrize("typed", ["92q", "b92", "92-", "-1", "1000", "٩٢b", "9 2"])
def test_what_is_not_points_and_shortcuts_is_refused_with_what_is_expected(typed):
    assert errors(taker_points=typed)["taker_points"]


def test_points_typed_reads_each_shortcut_and_bounds_the_figure():
    assert points_typed("") == points_typed("  ")
    assert points_typed("bd").points is None
    assert points_typed("162c").capot_by_takers is True
    assert points_typed("0c").capot_by_takers is False
    assert points_typed("92").capot_by_takers is None
    with pytest.raises(Exception, match="162 points au plus"):
        points_typed("163")


def test_the_phones_belote_is_one_toggle_and_its_capot_one_button():
    row, _form = donne(phone=True, belote_ew="on")
    assert row.belote_ew == 1
    row, _form = donne(phone=True, capot="NS", taker_points="")
    assert (row.capot, row.taker_points) == (Side.NS, 162)
    form = DonneForm(rules=RULES, phone=True)
    assert form.contract_values == [80, 90, 100, 110, 120, 130, 140, 150, 160]
    assert [field.name for field in form.belote_toggles] == ["belote_ns", "belote_ew"]
    assert not DonneForm(rules=TA, phone=True).belote_toggles  # up to four: a count


def _game(rules, stop_after=None, by_totals=False):
    from types import SimpleNamespace
    return SimpleNamespace(round=SimpleNamespace(rules=rules), stop_after=stop_after,
                           by_totals=by_totals)


def test_a_paper_sheet_of_a_partie_in_a_fixed_number_of_donnes_starts_with_that_number():
    from tournament.forms.paper import PaperTotalsForm
    twelve = dataclasses.replace(RULES, target=None, max_donnes=12)
    assert PaperTotalsForm.initial_for(_game(twelve)) == {"donnes": 12}
    # Time called after donne 9: the sheet stops there.
    assert PaperTotalsForm.initial_for(_game(twelve, stop_after=9)) == {"donnes": 9}
    # Played to a target (or whichever comes first), the number is not known: not guessed.
    assert PaperTotalsForm.initial_for(_game(dataclasses.replace(RULES, max_donnes=12))) == {}
    assert PaperTotalsForm.initial_for(_game(RULES)) == {}
