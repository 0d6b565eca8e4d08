"""Every refusal of SCORING.md's "Bad input" for a donne: a French message naming the field.

The refusals of a rule set are in test_rules.py.
"""

import pytest

from scoring import Coinche, Donne, DonneScore, Outcome, Rules, ScoringError, Trump, score_donne

from .builders import CLASSIQUE, EW, FFB, NS, PASSED, take

SA_TA = Rules(sa_ta=True)
NO_ANNONCES = Rules(annonces=False)


def refused(donne, rules=FFB, pot=0) -> ScoringError:
    with pytest.raises(ScoringError) as error:
        score_donne(donne, rules, pot)
    return error.value


@pytest.mark.parametrize("contract", [70, 0, -80, 85, 510, 600, 95])
def test_a_contract_below_80_above_500_or_not_a_multiple_of_10_is_refused(contract):
    error = refused(take(NS, contract, 100))
    assert error.field == "contract"
    assert "Contrat" in str(error)


@pytest.mark.parametrize("contract", [80, 160, 250, 500])
def test_contracts_from_80_to_500_are_accepted(contract):
    score_donne(take(NS, contract, 100), FFB)


@pytest.mark.parametrize("contract", [80.0, "80", True])
def test_a_contract_that_is_not_an_integer_is_refused(contract):
    assert refused(take(NS, contract, 100)).field == "contract"


@pytest.mark.parametrize("points", [-1, 163, 200])
def test_points_outside_0_to_162_are_refused(points):
    error = refused(take(NS, 80, points))
    assert error.field == "taker_points"
    assert "Points faits" in str(error)


@pytest.mark.parametrize("points", [100.0, None, True])
def test_points_that_are_not_an_integer_are_refused(points):
    assert refused(take(NS, 80, points)).field == "taker_points"


def test_a_takers_capot_needs_162_points():
    error = refused(take(NS, 80, 150, capot=NS))
    assert error.field == "taker_points" and "162" in str(error)


def test_a_defence_capot_needs_0_points():
    error = refused(take(NS, 80, 10, capot=EW))
    assert error.field == "taker_points" and "0 point" in str(error)


def test_no_trump_and_all_trump_are_refused_while_sa_ta_is_off():
    for trump in (Trump.NO_TRUMP, Trump.ALL_TRUMP):
        error = refused(take(NS, 80, 100, trump))
        assert error.field == "trump" and "sans atout" in str(error)
        score_donne(take(NS, 80, 100, trump), SA_TA)


def test_a_belote_at_no_trump_is_refused():
    error = refused(take(NS, 80, 100, Trump.NO_TRUMP, belote_ew=1), SA_TA)
    assert error.field == "belote_ew" and "sans atout" in str(error)


def test_more_than_one_belote_outside_all_trump_is_refused():
    assert refused(take(NS, 80, 100, belote_ns=1, belote_ew=1)).field == "belote_ns"
    assert refused(take(NS, 80, 100, belote_ew=2)).field == "belote_ew"


def test_up_to_four_belotes_at_all_trump_and_no_more():
    score = score_donne(take(NS, 80, 100, Trump.ALL_TRUMP, belote_ns=2, belote_ew=2), SA_TA)
    assert score.ns == 100 + 40 + 80 and score.ew == 60 + 40  # 62 + 40 = 102 -> 100
    error = refused(take(NS, 80, 100, Trump.ALL_TRUMP, belote_ns=3, belote_ew=2), SA_TA)
    assert "au plus 4" in str(error)


@pytest.mark.parametrize("field", ["belote_ns", "belote_ew", "annonces_ns", "annonces_ew"])
@pytest.mark.parametrize("value", [-1, 1.5, "1"])
def test_negative_or_non_integer_counts_are_refused(field, value):
    assert refused(take(NS, 80, 100, **{field: value})).field == field


def test_annonces_are_refused_while_off():
    error = refused(take(NS, 80, 100, annonces_ns=20), NO_ANNONCES)
    assert error.field == "annonces_ns" and "Annonces" in str(error)


def test_annonces_on_both_sides_are_refused():
    assert refused(take(NS, 80, 100, annonces_ns=20, annonces_ew=50)).field == "annonces_ew"


@pytest.mark.parametrize("annonces", [10, 30, 25, 45, 55])
def test_annonces_that_are_no_sum_of_20_50_100_150_200_are_refused(annonces):
    assert refused(take(NS, 80, 100, annonces_ew=annonces)).field == "annonces_ew"


@pytest.mark.parametrize("annonces", [20, 40, 50, 70, 100, 150, 200, 250, 370, 540, 550])
def test_sums_of_annonces_up_to_550_are_accepted(annonces):
    score_donne(take(NS, 80, 100, annonces_ns=annonces), FFB)


@pytest.mark.parametrize("annonces", [560, 600, 1000])
@pytest.mark.parametrize("field", ["annonces_ns", "annonces_ew"])
def test_annonces_above_550_for_one_side_are_refused(annonces, field):
    error = refused(take(NS, 80, 100, **{field: annonces}))
    assert error.field == field and "550" in str(error)


def test_a_contract_above_max_contract_is_refused_naming_the_bound():
    rules = Rules(max_contract=160)
    error = refused(take(NS, 170, 100), rules)
    assert error.field == "contract"
    assert str(error) == "Contrat : un multiple de 10 entre 80 et 160 est attendu."
    score_donne(take(NS, 160, 100), rules)


def test_a_capot_bid_is_always_allowed_whatever_max_contract():
    score = score_donne(take(NS, None, 162, capot=NS), Rules(max_contract=80))
    assert score.outcome is Outcome.MADE


# Points attribués: whole numbers from 0 to 1000, on any donne.
@pytest.mark.parametrize("field", ["awarded_ns", "awarded_ew"])
@pytest.mark.parametrize("value", [-1, 1001, 1.5, "10", True, None])
def test_points_attribues_that_are_not_whole_numbers_from_0_to_1000_are_refused(field, value):
    for donne in (take(NS, 80, 100, **{field: value}), Donne(**{field: value})):
        error = refused(donne)
        assert error.field == field and "Points attribués" in str(error)
        assert "1000" in str(error)


@pytest.mark.parametrize("value", [0, 1, 999, 1000])
def test_points_attribues_from_0_to_1000_are_accepted_even_on_a_passed_donne(value):
    assert score_donne(Donne(awarded_ns=value), FFB) == DonneScore(value, 0, Outcome.PASSED, 0)
    assert score_donne(take(NS, 80, 100, awarded_ew=value), FFB).ew == 60 + value


def test_coinche_in_classique_is_refused():
    donne = Donne(taker=NS, trump=Trump.HEARTS, coinche=Coinche.COINCHE, taker_points=100)
    assert refused(donne, CLASSIQUE).field == "coinche"


def test_a_contract_value_in_classique_is_refused():
    assert refused(take(NS, 80, 100), CLASSIQUE).field == "contract"


def test_a_capot_bid_in_classique_is_refused():
    assert refused(take(NS, None, 162, capot=NS), CLASSIQUE).field == "capot_bid"


def test_a_capot_bid_with_a_value_is_refused():
    donne = Donne(taker=NS, contract=80, capot_bid=True, trump=Trump.HEARTS, taker_points=162,
                  capot=NS)
    error = refused(donne)
    assert error.field == "contract" and "250" in str(error)


def test_a_coinche_donne_with_neither_value_nor_capot_bid_is_refused():
    donne = Donne(taker=NS, trump=Trump.HEARTS, taker_points=100)
    assert refused(donne).field == "contract"


def test_a_taken_donne_without_trump_is_refused():
    donne = Donne(taker=NS, contract=80, taker_points=100)
    error = refused(donne)
    assert error.field == "trump" and "Atout" in str(error)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("contract", 80),
        ("capot_bid", True),
        ("trump", Trump.HEARTS),
        ("coinche", Coinche.COINCHE),
        ("taker_points", 100),
        ("capot", NS),
        ("belote_ns", 1),
        ("belote_ew", 1),
        ("annonces_ns", 20),
        ("annonces_ew", 20),
    ],
)
def test_any_figure_on_a_passed_donne_is_refused(field, value):
    error = refused(Donne(**{field: value}))
    assert error.field == field and "passée" in str(error)


@pytest.mark.parametrize(
    ("field", "value"),
    [("taker", "N"), ("trump", "hearts"), ("coinche", "double"), ("capot", "S"), ("coinche", None)],
)
def test_unknown_enum_values_are_refused(field, value):
    donne = take(NS, 80, 100)
    error = refused(Donne(**{**donne.__dict__, field: value}))
    assert error.field == field


def test_a_capot_bid_that_is_not_a_bool_is_refused():
    assert refused(Donne(taker=NS, capot_bid="yes", trump="H", taker_points=100)).field == (
        "capot_bid"
    )


@pytest.mark.parametrize("pot", [-10, 1.5, None])
def test_a_bad_pot_is_refused(pot):
    assert refused(take(NS, 80, 100), pot=pot).field == "pot"


def test_messages_are_french():
    assert str(
        refused(take(NS, 85, 100))
    ) == "Contrat : un multiple de 10 entre 80 et 500 est attendu."
    assert str(refused(PASSED, pot=-10)) == (
        "Pot du litige : un nombre entier positif ou nul est attendu."
    )


def test_a_passed_donne_is_valid():
    score_donne(PASSED, FFB)


def test_counts_of_an_int_subclass_are_accepted():
    class Count(int):
        pass

    donne = take(NS, Count(80), Count(100), belote_ns=Count(1), awarded_ew=Count(5))
    assert score_donne(donne, FFB) == DonneScore(200, 60 + 5, Outcome.MADE, 0)


@pytest.mark.parametrize("annonces", [70, 100])
def test_annonces_are_checked_before_scoring_in_classique_too(annonces):
    score = score_donne(Donne(taker=NS, trump="H", taker_points=100, annonces_ns=annonces),
                        CLASSIQUE)
    assert score.ns == 100 + annonces
    assert refused(Donne(taker=NS, trump="H", taker_points=100, annonces_ns=600),
                   CLASSIQUE).field == "annonces_ns"


@pytest.mark.parametrize("trump", [Trump.NO_TRUMP, Trump.ALL_TRUMP])
def test_a_donne_at_sans_atout_or_tout_atout_is_worth_162_too(trump):
    # 000 §11 gives the valet 0 at sans atout: a misprint, a donne is always 162.
    score = score_donne(take(NS, 80, 162, trump), Rules(sa_ta=True, rounding=False))
    assert (score.ns, score.ew) == (162 + 80, 0)
    assert refused(take(NS, 80, 163, trump), SA_TA).field == "taker_points"


# Version 3: the générale.
GENERALE = Rules(generale_score=1000)


def generale(taker=NS, points=162, capot=NS, made=False, **fields) -> Donne:
    return Donne(taker=taker, generale_bid=True, trump=Trump.SPADES, taker_points=points,
                 capot=capot, generale_made=made, **fields)


def test_a_generale_bid_where_it_is_not_played_names_generale_bid():
    error = refused(generale(), FFB)
    assert error.field == "generale_bid" and "Générale" in str(error)


def test_a_generale_bid_in_classique_names_generale_bid():
    donne = Donne(taker=NS, generale_bid=True, trump=Trump.SPADES, taker_points=100)
    rules = Rules(game="classique", rounding=False, generale_score=1000)
    assert refused(donne, rules).field == "generale_bid"


def test_a_generale_with_a_capot_bid_names_capot_bid():
    assert refused(generale(capot_bid=True), GENERALE).field == "capot_bid"


def test_a_generale_with_a_value_names_contract():
    error = refused(generale(contract=160), GENERALE)
    assert error.field == "contract" and "1000" in str(error)


def test_generale_made_without_a_generale_bid_names_generale_made():
    donne = take(NS, 80, 162, capot=NS, generale_made=True)
    assert refused(donne, GENERALE).field == "generale_made"
    assert refused(take(NS, None, 162, capot=NS, generale_made=True), GENERALE).field == (
        "generale_made"
    )


@pytest.mark.parametrize(("points", "capot"), [(162, None), (0, EW), (150, None)])
def test_generale_made_without_the_takers_capot_names_generale_made(points, capot):
    error = refused(generale(points=points, capot=capot, made=True), GENERALE)
    assert error.field == "generale_made" and "capot" in str(error)


@pytest.mark.parametrize("field", ["generale_bid", "generale_made"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_the_generale_flags_take_only_booleans(field, value):
    donne = take(NS, 80, 100, **{field: value})
    error = refused(donne, GENERALE)
    assert error.field == field and "oui ou non" in str(error)


@pytest.mark.parametrize("field", ["generale_bid", "generale_made"])
def test_a_generale_on_a_passed_donne_is_refused(field):
    assert refused(Donne(**{field: True}), GENERALE).field == field


def test_a_failed_generale_may_be_any_donne_its_bidder_did_not_sweep():
    # The partner won a trick (the takers' capot), the defence won some, or every trick.
    for points, capot in ((162, NS), (100, None), (0, EW)):
        assert score_donne(generale(points=points, capot=capot), GENERALE).outcome is (
            Outcome.DOWN
        )


def test_a_coinche_donne_without_value_capot_or_generale_names_the_three():
    error = refused(Donne(taker=NS, trump=Trump.HEARTS, taker_points=100), GENERALE)
    assert error.field == "contract" and "générale" in str(error)


def test_a_capot_bid_with_a_value_gives_the_flat_score_in_its_message():
    donne = Donne(taker=NS, contract=250, capot_bid=True, trump=Trump.HEARTS, taker_points=162,
                  capot=NS)
    error = refused(donne, Rules(capot_bid_score=500))
    assert error.field == "contract" and "500" in str(error)
