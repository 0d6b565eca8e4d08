"""Every worked example of SCORING.md (FFB coinche preset, rounding on)."""

from scoring import PRESETS, Coinche, DonneScore, Outcome, Trump, score_donne

from .builders import EW, NS, take

FFB = PRESETS["ffb-coinche"]


def test_ns_80_hearts_made_with_95():
    assert score_donne(take(NS, 80, 95), FFB) == DonneScore(180, 70, Outcome.MADE, 0)


def test_ns_100_spades_with_98_is_a_chute():
    score = score_donne(take(NS, 100, 98, Trump.SPADES), FFB)
    assert score == DonneScore(0, 260, Outcome.DOWN, 0)


def test_a_litige_then_the_next_winner_takes_the_pot():
    litige = score_donne(take(NS, 80, 81, Trump.DIAMONDS), FFB)
    assert litige == DonneScore(0, 80, Outcome.LITIGE, 80)
    after = score_donne(take(EW, 90, 100, Trump.CLUBS), FFB, pot=litige.pot)
    assert after == DonneScore(60, 270, Outcome.MADE, 0)


def test_ns_120_coinched_made_with_130():
    score = score_donne(take(NS, 120, 130, coinche=Coinche.COINCHE), FFB)
    assert score == DonneScore(560, 0, Outcome.MADE, 0)


def test_ew_90_surcoinched_down_keeps_its_belote():
    donne = take(EW, 90, 70, Trump.SPADES, Coinche.SURCOINCHE, belote_ew=1)
    assert score_donne(donne, FFB) == DonneScore(1000, 20, Outcome.DOWN, 0)


def test_ns_capot_bid_and_made():
    score = score_donne(take(NS, None, 162, capot=NS), FFB)
    assert score == DonneScore(500, 0, Outcome.MADE, 0)


def test_ns_capot_not_bid_takes_the_defences_annonces():
    score = score_donne(take(NS, 80, 162, capot=NS, annonces_ew=50), FFB)
    assert score == DonneScore(380, 0, Outcome.MADE, 0)
