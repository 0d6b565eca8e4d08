"""Version 3's formulas, one branch each, worked by hand from SCORING.md ("One donne")."""

import dataclasses

import pytest

from scoring import (
    PRESETS,
    Coinche,
    Donne,
    DonneScore,
    GameScore,
    Outcome,
    Rules,
    Trump,
    score_donne,
)

from .builders import EW, FFB, NS, scored_game, take

MADE, DOWN, LITIGE = Outcome.MADE, Outcome.DOWN, Outcome.LITIGE
COINCHE, SURCOINCHE = Coinche.COINCHE, Coinche.SURCOINCHE


def rules(**options) -> Rules:
    return dataclasses.replace(FFB, **options)


def generale(taker, points, capot=None, made=False, coinche=Coinche.NONE, **figures) -> Donne:
    return Donne(taker=taker, generale_bid=True, trump=Trump.SPADES, coinche=coinche,
                 taker_points=points, capot=capot, generale_made=made, **figures)


# coinche_made.
def test_points_by_contract_adds_the_multiplied_contract_to_the_takers_total():
    donne = take(NS, 120, 130, coinche=COINCHE, belote_ns=1)
    score = score_donne(donne, rules(multiply="contract", coinche_made="points"))
    assert score == DonneScore(390, 30, MADE, 0)  # 150 + 120 × 2; 32 -> 30


def test_points_by_score_without_belote_multiplied_leaves_the_belote_beside():
    donne = take(NS, 120, 130, coinche=COINCHE, belote_ns=1)
    score = score_donne(donne, rules(coinche_made="points", belote_multiplied=False))
    assert score == DonneScore(520, 30, MADE, 0)  # (130 + 120) × 2 + 20


def test_points_on_a_takers_capot_counts_capot_points_and_their_annonces():
    donne = take(NS, 120, 162, coinche=COINCHE, capot=NS, annonces_ew=50)
    score = score_donne(donne, rules(coinche_made="points"))
    assert score == DonneScore((252 + 50 + 120) * 2 // 10 * 10, 0, MADE, 0)  # 844 -> 840


@pytest.mark.parametrize(("losing", "ns", "ew"), [("kept", 420, 20), ("winner", 440, 0),
                                                   ("lost", 420, 0)])
def test_base_by_contract_gives_the_defence_its_belote_only(losing, ns, ew):
    donne = take(NS, 120, 130, coinche=COINCHE, belote_ns=1, belote_ew=0, trump=Trump.ALL_TRUMP)
    donne = dataclasses.replace(donne, belote_ew=1)
    options = rules(multiply="contract", coinche_made="base", losing_belote=losing, sa_ta=True)
    # 160 + 120 × 2 + NS's 20 (+ EW's 20 with belote prenable).
    assert score_donne(donne, options) == DonneScore(ns, ew, MADE, 0)


def test_base_by_contract_on_a_capot_counts_the_base_not_the_capot():
    donne = take(NS, 120, 162, coinche=COINCHE, capot=NS)
    score = score_donne(donne, rules(multiply="contract", coinche_made="base"))
    assert score == DonneScore(160 + 240, 0, MADE, 0)


@pytest.mark.parametrize(("capot_points", "ns"), [(252, 740), (250, 740), (162, 560)])
def test_base_by_score_on_a_coinched_capot_counts_250_unless_there_is_no_capot_bonus(
    capot_points, ns
):
    donne = take(NS, 120, 162, coinche=COINCHE, capot=NS)
    score = score_donne(donne, rules(capot_points=capot_points))
    assert score == DonneScore(ns, 0, MADE, 0)  # (250 + 120) × 2, or (160 + 120) × 2


def test_chute_base_162_is_the_base_of_a_contract_made_coinche_too():
    donne = take(NS, 120, 130, coinche=COINCHE)
    score = score_donne(donne, rules(rounding=False, chute_base=162))
    assert score == DonneScore(564, 0, MADE, 0)  # (162 + 120) × 2


# defence_capot_bonus.
def test_the_defences_capot_counts_250_inside_a_coinched_bracket():
    donne = take(NS, 80, 0, coinche=COINCHE, capot=EW)
    assert score_donne(donne, rules(defence_capot_bonus=True)) == DonneScore(0, 660, DOWN, 0)
    off = rules(defence_capot_bonus=True, belote_multiplied=False)
    assert score_donne(dataclasses.replace(donne, belote_ew=1), off) == DonneScore(
        0, 680, DOWN, 0)  # (250 + 80) × 2 + 20


def test_without_a_capot_bonus_the_defences_capot_is_162_outside_a_bracket_base_inside():
    options = rules(rounding=False, chute_base=160, capot_points=162, defence_capot_bonus=True)
    assert score_donne(take(NS, 80, 0, capot=EW), options) == DonneScore(0, 242, DOWN, 0)
    coinched = take(NS, 80, 0, coinche=COINCHE, capot=EW)
    assert score_donne(coinched, options) == DonneScore(0, 480, DOWN, 0)  # (160 + 80) × 2


def test_the_defences_capot_bonus_by_contract_is_outside_any_bracket():
    options = rules(multiply="contract", defence_capot_bonus=True, rounding=False)
    donne = take(NS, 80, 0, coinche=SURCOINCHE, capot=EW)
    assert score_donne(donne, options) == DonneScore(0, 252 + 320, DOWN, 0)


# Flat bids.
def test_a_flat_bid_by_contract_multiplies_only_its_score():
    donne = take(NS, None, 162, coinche=COINCHE, capot=NS, belote_ns=1, annonces_ew=50)
    score = score_donne(donne, rules(multiply="contract", capot_bid_score=500))
    assert score == DonneScore(1070, 0, MADE, 0)  # 500 × 2 + 50 + 20


def test_a_flat_bid_without_belote_multiplied_leaves_the_belote_beside():
    donne = take(NS, None, 162, coinche=COINCHE, capot=NS, belote_ns=1, annonces_ew=50)
    score = score_donne(donne, rules(capot_bid_score=500, belote_multiplied=False))
    assert score == DonneScore(1120, 0, MADE, 0)  # (500 + 50) × 2 + 20


@pytest.mark.parametrize(("losing", "ns", "ew"), [("kept", 20, 500), ("winner", 0, 520),
                                                   ("lost", 0, 500)])
def test_the_loser_of_a_flat_bid_scores_its_belote_as_losing_belote_says(losing, ns, ew):
    donne = take(NS, None, 120, belote_ns=1)
    score = score_donne(donne, rules(capot_bid_score=500, losing_belote=losing))
    assert score == DonneScore(ns, ew, DOWN, 0)


def test_a_flat_bids_annonces_go_to_its_winner_even_when_the_capot_leaves_them():
    donne = take(NS, None, 162, capot=NS, annonces_ew=100)
    score = score_donne(donne, rules(capot_bid_score=500, capot_takes_annonces=False))
    assert score == DonneScore(600, 0, MADE, 0)


def test_a_generale_counting_faits_seuls_still_scores_its_score():
    score = score_donne(generale(NS, 162, capot=NS, made=True),
                        rules(counting="faits_seuls", generale_score=500))
    assert score == DonneScore(500, 0, MADE, 0)


def test_a_generale_worth_less_than_a_capot_bid_is_scored_as_set():
    options = rules(generale_score=250)
    assert score_donne(generale(EW, 162, capot=EW, made=True), options) == DonneScore(
        0, 250, MADE, 0)


# Counting demandes.
CONTRAT_SEUL = PRESETS["contrat-seul"]


@pytest.mark.parametrize(("losing", "ns", "ew"), [("kept", 80, 20), ("winner", 100, 0),
                                                   ("lost", 80, 0)])
def test_demandes_belote_hands_the_losers_belote_as_losing_belote_says(losing, ns, ew):
    options = dataclasses.replace(CONTRAT_SEUL, demandes_belote=True, losing_belote=losing)
    score = score_donne(take(NS, 80, 100, belote_ew=1), options)
    assert score == DonneScore(ns, ew, MADE, 0)


def test_demandes_belote_on_a_chute_gives_the_defence_the_contract_and_its_belote():
    options = dataclasses.replace(CONTRAT_SEUL, demandes_belote=True, losing_belote="winner")
    score = score_donne(take(NS, 90, 60, belote_ns=1), options)
    assert score == DonneScore(0, 110, DOWN, 0)


def test_a_generale_counted_demandes_is_worth_its_score():
    options = dataclasses.replace(CONTRAT_SEUL, generale_score=500)
    assert score_donne(generale(NS, 162, capot=NS, made=True), options) == DonneScore(
        500, 0, MADE, 0)
    assert score_donne(generale(NS, 162, capot=NS, coinche=COINCHE), options) == DonneScore(
        0, 1000, DOWN, 0)


def test_a_flat_capot_bid_counted_demandes_is_worth_its_score():
    options = dataclasses.replace(CONTRAT_SEUL, capot_bid_score=400)
    assert score_donne(take(NS, None, 162, capot=NS), options) == DonneScore(400, 0, MADE, 0)


# rounding_decides and rounding_160.
def test_rounding_decides_rounds_both_totals_so_84_against_78_is_a_litige():
    score = score_donne(take(NS, 80, 84), rules(rounding_decides=True))
    assert score == DonneScore(0, 80, LITIGE, 80)
    coinched = score_donne(take(NS, 80, 84, coinche=COINCHE), rules(rounding_decides=True))
    assert coinched.outcome is DOWN


def test_with_rounding_160_too_the_takers_85_does_not_make_90():
    options = rules(rounding_decides=True, rounding_160=True)
    assert score_donne(take(NS, 90, 85), options).outcome is DOWN
    assert score_donne(take(NS, 90, 86), options).outcome is MADE


def test_rounding_decides_without_belote_in_contract_rounds_the_totals_without_belote():
    options = rules(rounding_decides=True, belote_in_contract=False)
    # 85 -> 90 makes 90 though the belote is left out of the decision.
    assert score_donne(take(NS, 90, 85, belote_ew=1), options).outcome is MADE


def test_the_litige_pot_rounds_like_the_takers_score():
    # 71 + 20 = 91 against 91: the pot is 90 whichever rounding.
    options = rules(rounding_160=True)
    assert score_donne(take(NS, 80, 71, belote_ns=1), options) == DonneScore(0, 90, LITIGE, 90)


# capot_takes_annonces.
def test_with_capot_takes_annonces_off_a_takers_capot_may_be_a_chute_by_rule_4():
    # 252 against the defence's 300 of annonces: the capot does not beat the defence.
    donne = take(NS, 250, 162, capot=NS, annonces_ew=300)
    score = score_donne(donne, rules(capot_takes_annonces=False))
    assert score == DonneScore(0, 160 + 300 + 250, DOWN, 0)


def test_with_capot_takes_annonces_off_a_capot_bid_is_still_decided_by_rule_1():
    donne = take(NS, None, 162, capot=NS, annonces_ew=300)
    score = score_donne(donne, rules(capot_takes_annonces=False))
    assert score == DonneScore(500, 300, MADE, 0)  # 252 + 250 -> 500; EW keep their 300


# One game: FFB 10.3 with version 3's cases.
def test_a_defence_made_capot_that_wins_a_failed_generale_thanks_to_its_belote_waits():
    # EW's générale fails though EW won every trick; NS, made capot, reach 510 only with
    # their belote: they wait for a trick, then cross in donne 1.
    options = rules(generale_score=500, target=510)
    failed = generale(EW, 162, capot=EW, belote_ns=1)
    assert scored_game([failed], options) == GameScore(
        (DonneScore(520, 0, DOWN, 0),), 520, 0, False, None, 1)
    again_capot = take(EW, 80, 162, capot=EW)
    waiting = scored_game([failed, again_capot], options)
    assert not waiting.finished
    trick = take(NS, 80, 100)
    game = scored_game([failed, again_capot, trick], options)
    assert (game.finished, game.winner) == (True, NS)


def test_a_belote_received_from_the_loser_counts_as_the_waiting_sides_belote():
    # Belote prenable: NS, made capot by EW's failed générale, receive EW's belote.
    options = rules(generale_score=500, target=510, losing_belote="winner")
    failed = generale(EW, 162, capot=EW, belote_ew=1)
    game = scored_game([failed], options)
    assert (game.ns, game.ew, game.finished) == (520, 0, False)
    kept = scored_game([failed], rules(generale_score=500, target=500))
    assert (kept.ns, kept.ew, kept.finished, kept.winner) == (500, 20, True, NS)


def test_a_belote_lost_cannot_make_a_side_wait():
    # The takers chuted keep nothing of their belote: they reach 20 + … only by other points.
    options = rules(losing_belote="lost", target=200, belote_exception=True)
    donne = take(NS, 130, 82, belote_ns=1)
    game = scored_game([donne], options)
    assert (game.ns, game.ew, game.finished, game.winner) == (0, 290, True, EW)
