"""Each scoring bullet of SCORING.md, rounding, and the presets' formulas."""

import dataclasses

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
    PASSED,
    play,
    take,
)

NOT_MULTIPLIED = Rules(belote_multiplied=False)
CONTRACT_ROUNDED = Rules(multiply="contract")


def points(donne, rules=FFB, pot=0):
    score = score_donne(donne, rules, pot)
    return score.ns, score.ew


# Totals: card points, capot_points for a capot, belotes, annonces after the change of hands.
def test_made_not_coinched_scores_both_totals_exactly_with_rounding_off():
    assert points(take(NS, 80, 95), EXACT) == (95 + 80, 67)


def test_made_not_coinched_counts_belote_and_annonces_in_the_totals():
    # NS: 90 + 20 belote + 50 annonces + 100; EW: 72.
    assert points(take(NS, 100, 90, belote_ns=1, annonces_ns=50), EXACT) == (260, 72)


def test_a_capot_made_moves_the_defences_annonces_but_not_its_belote():
    donne = take(NS, 80, 162, capot=NS, annonces_ew=50, belote_ew=1)
    assert points(donne, EXACT) == (252 + 80 + 50, 20)


def test_a_capot_bid_made_scores_252_plus_250():
    assert points(take(EW, None, 162, capot=EW), EXACT) == (0, 502)


def test_capot_points_250_gives_the_capot_side_250_card_points():
    rules = Rules(capot_points=250, rounding=False)
    assert points(take(EW, None, 162, capot=EW), rules) == (0, 250 + 250)
    assert points(take(NS, 80, 162, capot=NS, annonces_ew=20), rules) == (250 + 20 + 80, 0)
    assert points(play(EW, 162, capot=EW, belote_ns=1), CAPOT_250) == (20, 250)


def test_capot_points_250_in_a_chute_made_by_a_defence_capot():
    # The chute is worth its base whatever the capot is worth.
    rules = Rules(capot_points=250, rounding=False)
    assert points(take(NS, 80, 0, capot=EW), rules) == (0, 162 + 80)


def test_a_defences_capot_moves_no_annonces_and_its_chute_scores_both_sides_annonces():
    # Only a takers' capot moves annonces. The takers (0 + 20) lose to 252: a chute, and
    # the chute hands both sides' annonces to the defence.
    assert points(take(NS, 80, 0, capot=EW, annonces_ns=20), EXACT) == (0, 162 + 20 + 80)


# Made, coinché, multiply = score.
def test_made_coinched_multiplies_base_annonces_value_and_the_winners_belote():
    donne = take(NS, 100, 110, Trump.SPADES, Coinche.COINCHE, annonces_ns=20, belote_ns=1)
    assert points(donne) == ((160 + 20 + 100 + 20) * 2, 0)


def test_made_coinched_with_belote_multiplied_off_adds_the_belote_after():
    donne = take(NS, 100, 110, Trump.SPADES, Coinche.COINCHE, annonces_ns=20, belote_ns=1)
    assert points(donne, NOT_MULTIPLIED) == ((160 + 20 + 100) * 2 + 20, 0)


def test_made_coinched_takes_the_defences_annonces_and_leaves_it_its_belote():
    donne = take(NS, 100, 110, coinche=Coinche.COINCHE, annonces_ew=20, belote_ew=1)
    assert points(donne) == ((160 + 20 + 100) * 2, 20)  # the loser's belote: never multiplied


def test_made_coinched_with_a_capot_not_bid_counts_250():
    donne = take(EW, 90, 162, coinche=Coinche.COINCHE, capot=EW)
    assert points(donne) == (0, (250 + 90) * 2)


def test_made_coinched_capot_counts_250_even_with_capot_points_250_or_rounding_off():
    donne = take(EW, 90, 162, coinche=Coinche.COINCHE, capot=EW, belote_ew=1)
    assert points(donne, Rules(capot_points=250, rounding=False)) == (0, (250 + 90 + 20) * 2)
    assert points(donne, EXACT) == (0, (250 + 90 + 20) * 2)


def test_a_capot_bid_coinched_and_made():
    donne = take(NS, None, 162, coinche=Coinche.COINCHE, capot=NS)
    assert points(donne) == ((250 + 250) * 2, 0)


def test_surcoinche_multiplies_by_four():
    assert points(take(NS, 80, 100, coinche=Coinche.SURCOINCHE)) == ((160 + 80) * 4, 0)


def test_surcoinche_multiplies_by_three_when_the_tournament_says_so():
    rules = Rules(surcoinche_factor=3)
    assert points(take(NS, 80, 100, coinche=Coinche.SURCOINCHE), rules) == ((160 + 80) * 3, 0)
    donne = take(NS, 80, 100, coinche=Coinche.SURCOINCHE, belote_ns=1)
    assert points(donne, rules) == ((160 + 80 + 20) * 3, 0)


def test_made_coinched_uses_162_when_rounding_is_off():
    assert points(take(NS, 80, 100, coinche=Coinche.COINCHE), EXACT) == ((162 + 80) * 2, 0)


# Chute, multiply = score.
def test_a_chute_gives_the_defence_base_plus_value():
    assert points(take(EW, 110, 100)) == (160 + 110, 0)


def test_a_chute_gives_the_defence_both_sides_annonces_and_its_own_belote():
    donne = take(NS, 120, 90, annonces_ns=20, belote_ew=1)
    assert points(donne) == (0, 160 + 20 + 120 + 20)


def test_a_chute_leaves_the_takers_their_belote():
    assert points(take(NS, 120, 80, belote_ns=1)) == (20, 160 + 120)


def test_a_coinched_chute_multiplies_the_defences_belote_but_not_the_takers():
    donne = take(NS, 120, 90, coinche=Coinche.COINCHE, annonces_ns=20, belote_ew=1)
    assert points(donne) == (0, (160 + 20 + 120 + 20) * 2)
    donne = take(NS, 120, 70, coinche=Coinche.COINCHE, annonces_ns=20, belote_ns=1)
    assert points(donne) == (20, (160 + 20 + 120) * 2)


def test_a_coinched_chute_with_belote_multiplied_off_adds_the_defences_belote_after():
    donne = take(NS, 120, 90, coinche=Coinche.COINCHE, annonces_ns=20, belote_ew=1)
    assert points(donne, NOT_MULTIPLIED) == (0, (160 + 20 + 120) * 2 + 20)


def test_a_chute_is_worth_base_even_when_the_defence_made_capot():
    assert points(take(NS, 80, 0, capot=EW)) == (0, 160 + 80)
    assert points(take(NS, 80, 0, capot=EW), EXACT) == (0, 162 + 80)


# Multiply = contract (preset contrat-multiplié): the belote is never multiplied.
def test_made_coinched_multiplies_the_contract_only():
    donne = take(NS, 100, 110, coinche=Coinche.COINCHE)
    assert points(donne, CONTRACT_ROUNDED) == (110 + 100 * 2, 50)  # 310; 52 -> 50
    assert points(donne, CONTRAT_MULTIPLIE) == (110 + 100 * 2, 52)


def test_made_coinched_multiply_contract_keeps_the_takers_belote_outside():
    donne = take(NS, 100, 110, coinche=Coinche.COINCHE, belote_ns=1)
    assert points(donne, CONTRAT_MULTIPLIE) == (110 + 20 + 100 * 2, 52)


def test_made_surcoinched_multiplies_the_contract_only_and_moves_annonces_on_capot():
    donne = take(NS, 100, 162, coinche=Coinche.SURCOINCHE, capot=NS, annonces_ew=50)
    assert points(donne, CONTRACT_ROUNDED) == (700, 0)  # 252 + 100 × 4 + 50 = 702 -> 700
    assert points(donne, CONTRAT_MULTIPLIE) == (702, 0)


def test_a_chute_with_multiply_contract_adds_base_annonces_and_the_multiplied_value():
    donne = take(NS, 120, 90, coinche=Coinche.COINCHE, annonces_ns=20, belote_ew=1)
    assert points(donne, CONTRACT_ROUNDED) == (0, 160 + 20 + 120 * 2 + 20)
    assert points(donne, CONTRAT_MULTIPLIE) == (0, 162 + 20 + 120 * 2 + 20)


def test_belote_multiplied_has_no_effect_with_multiply_contract():
    donne = take(NS, 120, 90, coinche=Coinche.COINCHE, belote_ew=1)
    on = dataclasses.replace(CONTRAT_MULTIPLIE, belote_multiplied=True)
    off = dataclasses.replace(CONTRAT_MULTIPLIE, belote_multiplied=False)
    assert points(donne, on) == points(donne, off) == (0, 162 + 240 + 20)


# Counting `demandes` (preset contrat seul).
def test_demandes_made_scores_the_contract_only():
    assert points(take(NS, 100, 130), CONTRAT_SEUL) == (100, 0)


def test_demandes_down_gives_the_contract_to_the_defence():
    assert points(take(NS, 100, 99), CONTRAT_SEUL) == (0, 100)


def test_demandes_coinche_doubles_and_surcoinche_triples():
    assert points(take(EW, 90, 100, coinche=Coinche.COINCHE), CONTRAT_SEUL) == (0, 180)
    assert points(take(EW, 90, 100, coinche=Coinche.SURCOINCHE), CONTRAT_SEUL) == (0, 270)
    assert points(take(EW, 90, 80, coinche=Coinche.SURCOINCHE), CONTRAT_SEUL) == (270, 0)


def test_contrat_seul_marks_no_belote():
    assert points(take(NS, 80, 60, belote_ns=1), CONTRAT_SEUL) == (80, 0)  # 60 + 20 = 80
    assert points(take(NS, 100, 60, belote_ew=1), CONTRAT_SEUL) == (0, 100)


def test_demandes_belote_marks_each_sides_belote_unmultiplied():
    rules = dataclasses.replace(CONTRAT_SEUL, demandes_belote=True)
    assert points(take(NS, 80, 60, belote_ns=1), rules) == (100, 0)
    assert points(take(NS, 100, 60, belote_ew=1), rules) == (0, 120)
    assert points(take(NS, 100, 60, coinche=Coinche.COINCHE, belote_ns=1), rules) == (20, 200)


def test_demandes_capot_bid_is_worth_250():
    assert points(take(NS, None, 162, capot=NS), CONTRAT_SEUL) == (250, 0)


def test_demandes_capot_not_bid_marks_only_the_bid():
    assert points(take(NS, 90, 162, capot=NS), CONTRAT_SEUL) == (90, 0)


# Classique: value 0, m 1, rounding off.
def test_classique_made_scores_each_total():
    donne = play(NS, 100, belote_ns=1, annonces_ew=20)
    assert points(donne, CLASSIQUE) == (120, 82)


def test_classique_dedans_gives_162_and_the_annonces_to_the_defence():
    down = play(NS, 30, annonces_ns=20, belote_ew=1)
    assert points(down, CLASSIQUE) == (0, 162 + 20 + 20)


def test_classique_capot():
    donne = play(EW, 162, Trump.SPADES, capot=EW, annonces_ns=20)
    assert points(donne, CLASSIQUE) == (0, 252 + 20)


# Rounding: nearest ten, half up, for each side's score.
def test_rounding_goes_half_up():
    # The defence: 65 + 20 belote = 85 -> 90; then 64 + 20 = 84 -> 80.
    assert points(take(NS, 80, 97, belote_ew=1)) == (180, 90)  # 177 -> 180
    assert points(take(NS, 80, 98, belote_ew=1)) == (180, 80)  # 178 -> 180
    assert points(take(NS, 80, 105)) == (190, 60)  # 185 -> 190, 57 -> 60
    assert points(take(NS, 80, 104)) == (180, 60)  # 184 -> 180, 58 -> 60


def test_with_rounding_off_every_figure_is_exact():
    assert points(take(NS, 80, 97, belote_ew=1), EXACT) == (177, 85)
    assert points(take(NS, 100, 98), EXACT) == (0, 262)


# A passed donne.
def test_a_passed_donne_scores_nothing_and_leaves_the_pot_waiting():
    assert score_donne(PASSED, FFB, pot=90) == DonneScore(0, 0, Outcome.PASSED, 90)


def test_enum_fields_accept_their_string_values():
    donne = Donne(taker="NS", contract=80, trump="H", coinche="coinche", taker_points=100)
    assert score_donne(donne, FFB) == DonneScore((160 + 80) * 2, 0, Outcome.MADE, 0)
    assert score_donne(Donne(taker="EW", contract=80, trump="S", taker_points=162, capot="EW"),
                       FFB).ew == 330
