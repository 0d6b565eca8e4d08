"""Every worked example of SCORING.md version 3: its three tables and the `belote_multiplied` one.
"""

import dataclasses

import pytest

from scoring import PRESETS, Coinche, Donne, DonneScore, Outcome, Rules, Trump, score_donne

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
        # A failed capot bid is worth 500 too.
        ("coinche-concours", take(NS, None, 150), DonneScore(0, 500, DOWN, 0)),
        # No capot bonus: 162 + 80 = 242 -> 240.
        ("coinche-concours", take(NS, 80, 162, capot=NS), DonneScore(240, 0, MADE, 0)),
        # Dedans: 162 + the takers' belote.
        ("classique-dedans", play(NS, 70, belote_ns=1), DonneScore(0, 182, DOWN, 0)),
        # A dedans where the defence won every trick: 252 + every annonce.
        ("classique-dedans", play(NS, 0, capot=EW, annonces_ns=50), DonneScore(0, 302, DOWN, 0)),
        # A tie is dedans.
        ("classique-dedans", play(NS, 81), DonneScore(0, 162, DOWN, 0)),
    ],
    ids=["contrat-seul-made", "contrat-seul-contre", "contrat-multiplie-81-81",
         "sans-annonces-75", "capot-250", "concours-capot-bid-failed",
         "concours-capot-not-bid", "dedans-70-belote", "dedans-defence-capot", "dedans-tie"],
)
def test_other_presets(preset, donne, expected):
    assert score_donne(donne, PRESETS[preset]) == expected


# Version 3 options (FFB coinche otherwise, rounding on unless said).
def rules(**options) -> Rules:
    return dataclasses.replace(FFB, **options)


def generale(taker, points, trump=Trump.SPADES, coinche=Coinche.NONE, **figures) -> Donne:
    """A générale bid by `taker` (no contract value, no capot bid)."""
    return Donne(taker=taker, generale_bid=True, trump=trump, coinche=coinche,
                 taker_points=points, **figures)


THRESHOLD = dict(counting="faits_seuls", rounding_decides=True, beat_defence=False,
                 litige=False)
CHUTE_160 = dict(rounding=False, chute_base=160)


@pytest.mark.parametrize(
    ("options", "donne", "expected"),
    [
        # 85 -> 90 makes 90; each side its rounded points, no contract scored.
        (THRESHOLD, take(NS, 90, 85, Trump.SPADES), DonneScore(90, 80, MADE, 0)),
        # 160 × 2: nothing but the base is multiplied.
        (
            dict(counting="faits_seuls"),
            take(NS, 90, 100, Trump.SPADES, Coinche.COINCHE),
            DonneScore(320, 0, MADE, 0),
        ),
        # (130 + 120) × 2; EW keep 32 -> 30.
        (
            dict(coinche_made="points"),
            take(NS, 120, 130, coinche=Coinche.COINCHE),
            DonneScore(500, 30, MADE, 0),
        ),
        # (130 + 20 + 120) × 2.
        (
            dict(coinche_made="points"),
            take(NS, 120, 130, coinche=Coinche.COINCHE, belote_ns=1),
            DonneScore(540, 30, MADE, 0),
        ),
        # 160 + 120 × 2; EW only their belote.
        (
            dict(multiply="contract", coinche_made="base"),
            take(NS, 120, 130, coinche=Coinche.COINCHE),
            DonneScore(400, 0, MADE, 0),
        ),
        # Exact; [ContrAI]'s own example.
        (CHUTE_160, take(NS, 90, 102), DonneScore(192, 60, MADE, 0)),
        # 160 + 100, exact.
        (CHUTE_160, take(NS, 100, 98, Trump.SPADES), DonneScore(0, 260, DOWN, 0)),
        # 197: 7 ≥ 6 -> 200; 45: 5 < 7 -> 40.
        (dict(rounding_160=True), take(NS, 80, 117), DonneScore(200, 40, MADE, 0)),
        # 175: 5 < 6 -> 170; 67: 7 -> 70.
        (dict(rounding_160=True), take(NS, 80, 95), DonneScore(170, 70, MADE, 0)),
        # 85 -> 90 reaches 90 and beats 77 -> 80; 175 -> 180.
        (dict(rounding_decides=True), take(NS, 90, 85), DonneScore(180, 80, MADE, 0)),
        # Chute: 160 + 130 + NS's belote.
        (
            dict(losing_belote="winner"),
            take(NS, 130, 82, belote_ns=1),
            DonneScore(0, 310, DOWN, 0),
        ),
        # 160 + 130; the belote is nobody's.
        (dict(losing_belote="lost"), take(NS, 130, 82, belote_ns=1), DonneScore(0, 290, DOWN, 0)),
        # EW's belote joins NS's bracket: (160 + 120 + 20) × 2.
        (
            dict(losing_belote="winner"),
            take(NS, 120, 130, coinche=Coinche.COINCHE, belote_ew=1),
            DonneScore(600, 0, MADE, 0),
        ),
        # 252 + 80 = 332 -> 330; EW keep their tierce.
        (
            dict(capot_takes_annonces=False),
            take(NS, 80, 162, capot=NS, annonces_ew=20),
            DonneScore(330, 20, MADE, 0),
        ),
        # 252 + 80 = 332 -> 330 (version 2: 160 + 80).
        (dict(defence_capot_bonus=True), take(NS, 80, 0, capot=EW), DonneScore(0, 330, DOWN, 0)),
        # Flat 500.
        (dict(capot_bid_score=500), take(NS, None, 162, capot=NS), DonneScore(500, 0, MADE, 0)),
        # Failed: 500 to the defence (version 2: 410).
        (dict(capot_bid_score=500), take(NS, None, 150), DonneScore(0, 500, DOWN, 0)),
        # 500 × 2.
        (
            dict(capot_bid_score=500),
            take(NS, None, 162, coinche=Coinche.COINCHE, capot=NS),
            DonneScore(1000, 0, MADE, 0),
        ),
        # Flat 1000.
        (
            dict(generale_score=1000),
            generale(NS, 162, capot=NS, generale_made=True),
            DonneScore(1000, 0, MADE, 0),
        ),
        # Failed: the bidder did not win them alone.
        (dict(generale_score=1000), generale(NS, 162, capot=NS), DonneScore(0, 1000, DOWN, 0)),
        # (1000 + 20) × 2.
        (
            dict(generale_score=1000),
            generale(NS, 150, coinche=Coinche.COINCHE, belote_ew=1),
            DonneScore(0, 2040, DOWN, 0),
        ),
        # 162 + 80 = 242 -> 240.
        (dict(capot_points=162), take(NS, 80, 162, capot=NS), DonneScore(240, 0, MADE, 0)),
    ],
    ids=[
        "faits-seuls-threshold", "faits-seuls-coinche", "coinche-made-points",
        "coinche-made-points-belote", "contract-coinche-made-base", "chute-base-160-made",
        "chute-base-160-down", "rounding-160-117", "rounding-160-95", "rounding-decides",
        "losing-belote-winner", "losing-belote-lost", "losing-belote-winner-coinche",
        "capot-keeps-annonces", "defence-capot-bonus", "capot-bid-500-made",
        "capot-bid-500-failed", "capot-bid-500-coinche", "generale-made",
        "generale-failed-partner", "generale-coinche-failed", "capot-points-162",
    ],
)
def test_version_3_options(options, donne, expected):
    assert score_donne(donne, rules(**options)) == expected


def test_the_version_2_figures_the_v3_table_quotes():
    # "version 2: 160 + 80" and "version 2: 410".
    assert score_donne(take(NS, 80, 0, capot=EW), FFB) == DonneScore(0, 240, DOWN, 0)
    assert score_donne(take(NS, None, 150), FFB) == DonneScore(0, 410, DOWN, 0)
