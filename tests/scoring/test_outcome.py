"""Outcome rules 1 to 4 (counting `faits` and classique), and counting `demandes`."""

import pytest

from scoring import PRESETS, Coinche, Donne, Outcome, Rules, Trump, score_donne

from .builders import EW, EXACT, FFB, NS, take

CLASSIQUE = PRESETS["ffb-classique"]
CONTRAT_SEUL = PRESETS["contrat-seul"]


def outcome(donne, rules=FFB):
    return score_donne(donne, rules).outcome


# Rule 1: a capot bid is made only if the takers made capot.
def test_a_capot_bid_without_all_the_tricks_is_a_chute():
    score = score_donne(take(NS, None, 161), FFB)
    assert score.outcome is Outcome.DOWN
    assert (score.ns, score.ew) == (0, 160 + 250)


def test_a_capot_bid_is_a_chute_when_the_defence_makes_capot():
    assert outcome(take(EW, None, 0, capot=NS)) is Outcome.DOWN


def test_a_capot_bid_with_all_the_tricks_is_made():
    assert outcome(take(EW, None, 162, capot=EW)) is Outcome.MADE


# Rule 2: made when the takers' total reaches the value and beats the defence's.
def test_belote_counts_towards_the_contract():
    # 72 + 20 = 92 >= 90 and > 90.
    assert outcome(take(NS, 90, 72, belote_ns=1)) is Outcome.MADE


def test_annonces_count_towards_the_contract():
    # 75 + 20 = 95 >= 90 and > 87.
    assert outcome(take(NS, 90, 75, annonces_ns=20)) is Outcome.MADE


def test_the_defences_belote_and_annonces_count_against_the_takers():
    # 90 >= 90 but the defence has 72 + 20 + 20 = 112.
    assert outcome(take(NS, 90, 90, belote_ew=1, annonces_ew=20)) is Outcome.DOWN


def test_exactly_the_contract_is_enough():
    assert outcome(take(EW, 100, 100)) is Outcome.MADE


# Rule 3: below the value, or below the defence: chute.
def test_below_the_contract_is_a_chute():
    assert outcome(take(NS, 100, 99)) is Outcome.DOWN


def test_reaching_the_contract_below_the_defence_is_a_chute():
    assert outcome(take(NS, 80, 80)) is Outcome.DOWN  # 80 against 82


def test_a_tie_below_the_contract_is_a_chute_not_a_litige():
    assert outcome(take(NS, 90, 81)) is Outcome.DOWN


# Rule 4: a tie at or above the value.
def test_a_coinched_tie_is_a_chute():
    score = score_donne(take(NS, 80, 81, coinche=Coinche.COINCHE), FFB)
    assert score.outcome is Outcome.DOWN
    assert (score.ns, score.ew) == (0, (160 + 80) * 2)


def test_a_surcoinched_tie_is_a_chute_even_without_litige():
    rules = Rules(litige=False, tie_to_takers=True)
    assert outcome(take(NS, 80, 81, coinche=Coinche.SURCOINCHE), rules) is Outcome.DOWN


def test_a_tie_is_a_litige_when_litige_is_on():
    assert outcome(take(NS, 80, 81)) is Outcome.LITIGE


def test_a_tie_with_litige_off_is_made_when_the_tournament_says_so():
    score = score_donne(take(NS, 80, 81), Rules(litige=False, tie_to_takers=True))
    assert score.outcome is Outcome.MADE
    assert (score.ns, score.ew) == (160, 80)  # 161 -> 160, 81 -> 80


def test_a_tie_with_litige_off_is_a_chute_by_default():
    score = score_donne(take(NS, 80, 81), Rules(litige=False))
    assert score.outcome is Outcome.DOWN
    assert (score.ns, score.ew) == (0, 240)


def test_outcomes_are_decided_on_exact_totals_not_rounded_ones():
    # 89 would round to 90, but rounding never helps to reach a contract.
    score = score_donne(take(NS, 90, 89), FFB)
    assert score.outcome is Outcome.DOWN
    assert score.ew == 160 + 90


# Classique: value 0, so the takers only have to beat the defence.
def test_classique_takers_beating_the_defence_make_it():
    assert outcome(Donne(taker=NS, trump=Trump.CLUBS, taker_points=82), CLASSIQUE) is Outcome.MADE


def test_classique_takers_below_the_defence_are_dedans():
    assert outcome(Donne(taker=NS, trump=Trump.CLUBS, taker_points=80), CLASSIQUE) is Outcome.DOWN


def test_classique_81_81_is_a_litige():
    donne = Donne(taker=EW, trump=Trump.CLUBS, taker_points=81)
    assert score_donne(donne, CLASSIQUE) == score_donne(donne, CLASSIQUE).__class__(
        81, 0, Outcome.LITIGE, 81
    )


# Counting `demandes`: made when the takers' total reaches the value; no litige.
@pytest.mark.parametrize(
    ("donne", "expected"),
    [
        (take(NS, 80, 80), Outcome.MADE),  # 80 >= 80 though the defence has 82
        (take(NS, 80, 81), Outcome.MADE),  # a tie is no litige
        (take(NS, 80, 79), Outcome.DOWN),
        (take(NS, 80, 60, belote_ns=1), Outcome.MADE),  # 60 + 20
        (take(EW, None, 162, capot=EW), Outcome.MADE),
        (take(EW, None, 161), Outcome.DOWN),
    ],
)
def test_counting_demandes_outcomes(donne, expected):
    assert outcome(donne, CONTRAT_SEUL) is expected


def test_rounding_off_decides_the_same_way():
    assert outcome(take(NS, 80, 81), EXACT) is Outcome.LITIGE
