"""Every worked example of SCORING.md version 2: both tables, and the `belote_multiplied` one."""

import dataclasses

import pytest

from scoring import PRESETS, Coinche, DonneScore, Outcome, Trump, score_donne

from .builders import EW, NS, play, take

FFB = PRESETS["ffb-coinche"]
MADE, DOWN, LITIGE = Outcome.MADE, Outcome.DOWN, Outcome.LITIGE


# Worked examples (FFB coinche preset, rounding on).
def test_ns_80_hearts_made_with_95():
    # 95 + 80 = 175 -> 180; 67 -> 70.
    assert score_donne(take(NS, 80, 95), FFB) == DonneScore(180, 70, MADE, 0)


def test_ns_100_spades_with_98_is_a_chute():
    # 98 < 100: chute; 160 + 100.
    score = score_donne(take(NS, 100, 98, Trump.SPADES), FFB)
    assert score == DonneScore(0, 260, DOWN, 0)


def test_a_litige_then_the_next_winner_takes_the_pot():
    # NS 80 ♦, 81-81: the pot 80 waits; then EW 90 ♣ make 100: 100 + 90 = 190, + the pot 80.
    litige = score_donne(take(NS, 80, 81, Trump.DIAMONDS), FFB)
    assert litige == DonneScore(0, 80, LITIGE, 80)
    after = score_donne(take(EW, 90, 100, Trump.CLUBS), FFB, pot=litige.pot)
    assert after == DonneScore(60, 270, MADE, 0)  # NS: 62 -> 60


def test_ns_120_coinched_made_with_130():
    # (160 + 120) × 2.
    score = score_donne(take(NS, 120, 130, coinche=Coinche.COINCHE), FFB)
    assert score == DonneScore(560, 0, MADE, 0)


def test_ns_120_coinched_made_with_130_and_the_belote_multiplies_it():
    # (160 + 120 + 20) × 2: the winner's belote is multiplied.
    score = score_donne(take(NS, 120, 130, coinche=Coinche.COINCHE, belote_ns=1), FFB)
    assert score == DonneScore(600, 0, MADE, 0)


def test_ew_90_surcoinched_down_keeps_its_belote_unmultiplied():
    # NS: (160 + 90) × 4; EW keep their belote, not multiplied.
    donne = take(EW, 90, 70, Trump.SPADES, Coinche.SURCOINCHE, belote_ew=1)
    assert score_donne(donne, FFB) == DonneScore(1000, 20, DOWN, 0)


def test_ew_90_surcoinched_down_multiplies_the_defences_belote():
    # NS: (160 + 90 + 20) × 4.
    donne = take(EW, 90, 70, Trump.SPADES, Coinche.SURCOINCHE, belote_ns=1)
    assert score_donne(donne, FFB) == DonneScore(1080, 0, DOWN, 0)


def test_ns_capot_bid_and_made():
    # 252 + 250 = 502 -> 500.
    score = score_donne(take(NS, None, 162, capot=NS), FFB)
    assert score == DonneScore(500, 0, MADE, 0)


def test_ns_capot_not_bid_takes_the_defences_annonces():
    # 252 + 50 + 80 = 382 -> 380.
    score = score_donne(take(NS, 80, 162, capot=NS, annonces_ew=50), FFB)
    assert score == DonneScore(380, 0, MADE, 0)


def test_points_awarded_to_ew_for_a_renonce_of_ns():
    # NS 80 ♥ make 100: 180; EW 62 -> 60, + 50 awarded.
    score = score_donne(take(NS, 80, 100, awarded_ew=50), FFB)
    assert score == DonneScore(180, 110, MADE, 0)


# The example of `belote_multiplied` in the options.
def test_belote_multiplied_example_and_its_opposite():
    donne = take(NS, 120, 130, coinche=Coinche.COINCHE, belote_ns=1)
    assert score_donne(donne, FFB) == DonneScore(600, 0, MADE, 0)  # (160 + 120 + 20) × 2
    off = dataclasses.replace(FFB, belote_multiplied=False)
    assert score_donne(donne, off) == DonneScore(580, 0, MADE, 0)  # (160 + 120) × 2 + 20


# Other presets.
@pytest.mark.parametrize(
    ("preset", "donne", "expected"),
    [
        # Only the bid is marked.
        ("contrat-seul", take(NS, 80, 100, belote_ns=1), DonneScore(80, 0, MADE, 0)),
        # 80 < 90: 90 × 2 to the defence; no belote marked.
        (
            "contrat-seul",
            take(NS, 90, 60, coinche=Coinche.COINCHE, belote_ns=1),
            DonneScore(0, 180, DOWN, 0),
        ),
        # 81 ≥ 80 is enough: made, 81 + 80.
        ("contrat-multiplie", take(NS, 80, 81), DonneScore(161, 81, MADE, 0)),
        # 75 < 82 card points: chute; the belote stays.
        ("classique-sans-annonces", play(NS, 75, belote_ns=1), DonneScore(20, 162, DOWN, 0)),
        # Capot is 250.
        ("classique-capot-250", play(NS, 162, capot=NS), DonneScore(250, 0, MADE, 0)),
    ],
    ids=["contrat-seul-made", "contrat-seul-contre", "contrat-multiplie-81-81",
         "sans-annonces-75", "capot-250"],
)
def test_other_presets(preset, donne, expected):
    assert score_donne(donne, PRESETS[preset]) == expected
