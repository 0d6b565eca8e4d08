"""Outcome rules 1 to 5 (counting `faits` and classique), and counting `demandes`."""

import dataclasses

import pytest

from scoring import Coinche, Donne, DonneScore, Outcome, Rules, Trump, score_donne

from .builders import (
    CAPOT_250,
    CLASSIQUE,
    CONTRAT_MULTIPLIE,
    CONTRAT_SEUL,
    EW,
    EXACT,
    FFB,
    NS,
    SANS_ANNONCES,
    play,
    take,
)


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


# Rules 2 and 4: made when the takers' total reaches the value and beats the defence's.
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


# Rules 2 and 4: below the value, or below the defence: chute.
def test_below_the_contract_is_a_chute():
    assert outcome(take(NS, 100, 99)) is Outcome.DOWN


def test_reaching_the_contract_below_the_defence_is_a_chute():
    assert outcome(take(NS, 80, 80)) is Outcome.DOWN  # 80 against 82


def test_a_tie_below_the_contract_is_a_chute_not_a_litige():
    assert outcome(take(NS, 90, 81)) is Outcome.DOWN


# Rule 5: a tie at or above the value.
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
    assert score_donne(donne, CLASSIQUE) == DonneScore(81, 0, Outcome.LITIGE, 81)


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


def test_demandes_capot_bid_needs_the_capot_even_with_enough_points():
    assert outcome(take(NS, None, 161, belote_ns=1), CONTRAT_SEUL) is Outcome.DOWN


# Rule 3: with `beat_defence` off, reaching the contract is enough (003).
def test_without_beat_defence_reaching_the_contract_below_the_defence_is_made():
    # 80 against 82: a chute for the FFB, made for contrat multiplié.
    assert outcome(take(NS, 80, 80), CONTRAT_MULTIPLIE) is Outcome.MADE
    assert score_donne(take(NS, 80, 80), CONTRAT_MULTIPLIE) == DonneScore(160, 82, Outcome.MADE, 0)


def test_without_beat_defence_a_tie_is_made_and_never_a_litige():
    rules = Rules(beat_defence=False, litige=True, tie_to_takers=False)
    assert outcome(take(NS, 80, 81), rules) is Outcome.MADE
    assert outcome(take(NS, 80, 81, coinche=Coinche.COINCHE), rules) is Outcome.MADE


def test_without_beat_defence_below_the_contract_is_still_a_chute():
    assert outcome(take(NS, 90, 89), CONTRAT_MULTIPLIE) is Outcome.DOWN


def test_without_beat_defence_a_capot_bid_still_needs_the_capot():
    assert outcome(take(NS, None, 161, annonces_ns=200), CONTRAT_MULTIPLIE) is Outcome.DOWN


def test_without_beat_defence_the_contract_counts_belote_and_annonces():
    # 60 + 20 + 20 = 100 against 102 + 0: made.
    donne = take(EW, 100, 60, belote_ew=1, annonces_ew=20)
    assert outcome(donne, CONTRAT_MULTIPLIE) is Outcome.MADE


# `belote_in_contract` off: belotes are scored but do not decide (002, classique).
def test_without_belote_in_contract_the_takers_belote_does_not_help():
    # 75 + 20 would beat 87 with the belote counted; 75 against 87 without it.
    assert outcome(play(NS, 75, belote_ns=1), CLASSIQUE) is Outcome.MADE
    assert outcome(play(NS, 75, belote_ns=1), SANS_ANNONCES) is Outcome.DOWN


def test_without_belote_in_contract_the_defences_belote_does_not_hurt():
    # 82 against 80 + 20: made on card points alone, and each belote is scored.
    assert outcome(play(NS, 82, belote_ew=1), CLASSIQUE) is Outcome.DOWN
    score = score_donne(play(NS, 82, belote_ew=1), SANS_ANNONCES)
    assert score == DonneScore(82, 80 + 20, Outcome.MADE, 0)


def test_without_belote_in_contract_81_81_is_a_chute_in_classique_sans_annonces():
    # Litige off and tie = chute: "au moins 82 points".
    score = score_donne(play(EW, 81, belote_ew=1), SANS_ANNONCES)
    assert score == DonneScore(162, 20, Outcome.DOWN, 0)


def test_without_belote_in_contract_the_coinche_contract_ignores_the_belote():
    rules = Rules(belote_in_contract=False, rounding=False)
    assert outcome(take(NS, 90, 80, belote_ns=1), rules) is Outcome.DOWN  # 80 < 90
    assert outcome(take(NS, 90, 80, belote_ns=1), EXACT) is Outcome.MADE  # 100 ≥ 90
    # A tie of card points is a litige, whatever the belotes; the takers' belote goes
    # into the pot with their total.
    score = score_donne(take(NS, 80, 81, belote_ns=1), rules)
    assert score == DonneScore(0, 81, Outcome.LITIGE, 101)


def test_without_belote_in_contract_demandes_needs_the_value_in_card_points():
    rules = dataclasses.replace(CONTRAT_SEUL, belote_in_contract=False)
    assert outcome(take(NS, 80, 60, belote_ns=1), CONTRAT_SEUL) is Outcome.MADE
    assert outcome(take(NS, 80, 60, belote_ns=1), rules) is Outcome.DOWN


# A takers' capot takes the defence's annonces before the outcome is decided.
def test_a_takers_capot_beats_big_defence_annonces():
    # Without the change of hands: 252 against 400, a chute. With it: 652 against 0.
    donne = take(NS, 80, 162, capot=NS, annonces_ew=400)
    assert score_donne(donne, FFB) == DonneScore(730, 0, Outcome.MADE, 0)  # 252 + 400 + 80


def test_a_takers_capot_not_bid_reaches_a_high_contract_with_the_defences_annonces():
    # 252 < 300, but 252 + 100 ≥ 300: the annonces changed hands first, bid or not.
    assert outcome(take(NS, 300, 162, capot=NS, annonces_ew=100)) is Outcome.MADE
    assert outcome(take(NS, 300, 162, capot=NS)) is Outcome.DOWN


def test_a_takers_capot_in_classique_takes_the_defences_annonces():
    donne = play(EW, 162, capot=EW, annonces_ns=300, belote_ns=1)
    assert score_donne(donne, CAPOT_250) == DonneScore(20, 550, Outcome.MADE, 0)


def test_a_takers_capot_below_the_contract_is_a_chute():
    # 252 < 260: a capot made is made only when it reaches the value.
    score = score_donne(take(NS, 260, 162, capot=NS, belote_ns=1), Rules(rounding=False))
    assert score.outcome is Outcome.MADE  # 272 ≥ 260 with the belote
    rules = Rules(rounding=False, belote_in_contract=False)
    score = score_donne(take(NS, 260, 162, capot=NS, belote_ns=1), rules)
    assert score == DonneScore(20, 162 + 260, Outcome.DOWN, 0)
