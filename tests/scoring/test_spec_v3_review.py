"""An independent second read of SCORING.md version 3, written from the spec's words alone.

Every expected figure is worked by hand in a comment from the sentence it tests; only the public
API of "Python API" is used (no builders, no internals), as the hidden tests of the spec will.
"""

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring
from scoring import (
    PRESETS,
    Coinche,
    CoincheMade,
    Counting,
    Donne,
    DonneScore,
    Game,
    GameScore,
    LosingBelote,
    Multiply,
    Outcome,
    Rules,
    ScoringError,
    Side,
    Trump,
    score_donne,
    score_game,
)

NS, EW = Side.NS, Side.EW
H, S, D, C, TA = Trump.HEARTS, Trump.SPADES, Trump.DIAMONDS, Trump.CLUBS, Trump.ALL_TRUMP
CO, SUR = Coinche.COINCHE, Coinche.SURCOINCHE
MADE, DOWN, LITIGE, PASSED = Outcome.MADE, Outcome.DOWN, Outcome.LITIGE, Outcome.PASSED


def bid(taker: Side, contract: int | None, points: int, trump: Trump = H, **more: Any) -> Donne:
    """A coinche donne: `contract` None is a capot bid."""
    return Donne(taker=taker, contract=contract, capot_bid=contract is None, trump=trump,
                 taker_points=points, **more)


def gen(taker: Side, points: int, capot: Side | None, made: bool, **more: Any) -> Donne:
    """A générale bid, entered as the spec's API section says."""
    return Donne(taker=taker, generale_bid=True, trump=S, taker_points=points, capot=capot,
                 generale_made=made, **more)


def took(taker: Side, points: int, trump: Trump = H, **more: Any) -> Donne:
    """A classique donne (no contract value)."""
    return Donne(taker=taker, trump=trump, taker_points=points, **more)


def pair(donne: Donne, rules: Rules, pot: int = 0) -> tuple[int, int]:
    score = score_donne(donne, rules, pot)
    return score.ns, score.ew


def field_of(build: Any) -> str:
    with pytest.raises(ScoringError) as caught:
        build()
    assert isinstance(caught.value, ValueError)
    assert caught.value.field
    return str(caught.value.field)


FFB = Rules()


# --- Python API ----------------------------------------------------------------------------

def test_the_package_exports_exactly_the_named_names():
    names = {"Side", "Trump", "Coinche", "Outcome", "Game", "Counting", "Multiply", "Rules",
             "PRESETS", "Donne", "DonneScore", "GameScore", "ScoringError", "score_donne",
             "score_game", "CoincheMade", "LosingBelote"}
    assert set(scoring.__all__) == names


def test_the_new_enums_and_values():
    assert [(m.name, m.value) for m in CoincheMade] == [("BASE", "base"), ("POINTS", "points")]
    assert [(m.name, m.value) for m in LosingBelote] == [
        ("KEPT", "kept"), ("WINNER", "winner"), ("LOST", "lost")]
    assert [m.value for m in Counting] == ["faits", "demandes", "faits_seuls"]
    assert Counting.FAITS_SEULS == "faits_seuls"
    assert [m.value for m in Game] == ["coinche", "classique"]
    assert [m.value for m in Multiply] == ["score", "contract"]
    assert [m.value for m in Trump] == ["S", "H", "D", "C", "SA", "TA"]
    assert [m.value for m in Coinche] == ["none", "coinche", "surcoinche"]
    assert [m.value for m in Outcome] == ["made", "down", "litige", "passed"]
    assert NS.other is EW and EW.other is NS


def test_rules_fields_in_order_with_their_defaults():
    # v2's fields unchanged, v3's appended, each default version 2's behaviour.
    expected = [
        ("game", Game.COINCHE), ("counting", Counting.FAITS), ("multiply", Multiply.SCORE),
        ("surcoinche_factor", 4), ("litige", True), ("tie_to_takers", False),
        ("rounding", True), ("sa_ta", False), ("annonces", True), ("target", 2000),
        ("max_donnes", None), ("belote_multiplied", True), ("belote_in_contract", True),
        ("demandes_belote", False), ("belote_exception", True), ("beat_defence", True),
        ("capot_points", 252), ("max_contract", 500),
        ("coinche_made", None), ("chute_base", None), ("rounding_160", False),
        ("rounding_decides", False), ("losing_belote", LosingBelote.KEPT),
        ("capot_takes_annonces", True), ("defence_capot_bonus", False),
        ("capot_bid_score", None), ("generale_score", None),
    ]
    assert [(f.name, f.default) for f in dataclasses.fields(Rules)] == expected
    assert Rules.__dataclass_params__.frozen


def test_donne_and_result_fields_in_order_with_their_defaults():
    expected = [
        ("taker", None), ("contract", None), ("capot_bid", False), ("trump", None),
        ("coinche", Coinche.NONE), ("taker_points", 0), ("capot", None), ("belote_ns", 0),
        ("belote_ew", 0), ("annonces_ns", 0), ("annonces_ew", 0), ("awarded_ns", 0),
        ("awarded_ew", 0), ("generale_bid", False), ("generale_made", False),
    ]
    assert [(f.name, f.default) for f in dataclasses.fields(Donne)] == expected
    assert [f.name for f in dataclasses.fields(DonneScore)] == ["ns", "ew", "outcome", "pot"]
    assert [f.name for f in dataclasses.fields(GameScore)] == [
        "donnes", "ns", "ew", "finished", "winner", "played"]
    assert issubclass(ScoringError, ValueError)


def test_stop_after_is_keyword_only():
    with pytest.raises(TypeError):
        score_game([], FFB, 3)


def test_enum_fields_accept_their_string_values():
    rules = Rules(counting="faits_seuls", coinche_made="points",
                  losing_belote="winner")
    assert rules.counting == Counting.FAITS_SEULS
    assert rules.coinche_made == CoincheMade.POINTS
    assert rules.losing_belote == LosingBelote.WINNER


# --- Presets: the exact field values --------------------------------------------------------

def test_the_presets_exact_values():
    expected = {
        "ffb-coinche": Rules(),
        "ffb-classique": Rules(game=Game.CLASSIQUE, rounding=False, target=1000),
        "contrat-seul": Rules(counting=Counting.DEMANDES, multiply=Multiply.CONTRACT,
                              surcoinche_factor=3, litige=False, rounding=False, annonces=False,
                              target=1000, belote_exception=False, demandes_belote=False,
                              max_contract=160),
        "contrat-multiplie": Rules(multiply=Multiply.CONTRACT, rounding=False, sa_ta=True,
                                   litige=False, belote_multiplied=False, beat_defence=False),
        "classique-sans-annonces": Rules(game=Game.CLASSIQUE, litige=False,
                                         tie_to_takers=False, rounding=False, annonces=False,
                                         belote_in_contract=False, belote_exception=False,
                                         target=1000),
        "classique-capot-250": Rules(game=Game.CLASSIQUE, rounding=False, capot_points=250,
                                     target=1000),
        "coinche-concours": Rules(annonces=False, capot_points=162, capot_bid_score=500),
        "classique-dedans": Rules(game=Game.CLASSIQUE, rounding=False, litige=False,
                                  tie_to_takers=False, target=1000,
                                  losing_belote=LosingBelote.WINNER,
                                  capot_takes_annonces=False, defence_capot_bonus=True),
    }
    assert dict(PRESETS) == expected
    assert list(PRESETS) == ["ffb-coinche", "ffb-classique", "contrat-seul",
                             "contrat-multiplie", "classique-sans-annonces",
                             "classique-capot-250", "coinche-concours", "classique-dedans"]


# --- Worked examples, all three tables ------------------------------------------------------

P = PRESETS
WORKED = [
    # FFB coinche.
    (FFB, bid(NS, 80, 95), 0, (180, 70, MADE, 0)),  # 175 -> 180; 67 -> 70
    (FFB, bid(NS, 100, 98, S), 0, (0, 260, DOWN, 0)),  # 160 + 100
    (FFB, bid(NS, 80, 81, D), 0, (0, 80, LITIGE, 80)),  # pot 81 -> 80; EW 81 -> 80
    (FFB, bid(EW, 90, 100, C), 80, (60, 270, MADE, 0)),  # 190 + pot 80; 62 -> 60
    (FFB, bid(NS, 120, 130, coinche=CO), 0, (560, 0, MADE, 0)),  # (160 + 120) × 2
    (FFB, bid(NS, 120, 130, coinche=CO, belote_ns=1), 0, (600, 0, MADE, 0)),
    (FFB, bid(EW, 90, 70, S, coinche=SUR, belote_ew=1), 0, (1000, 20, DOWN, 0)),
    (FFB, bid(EW, 90, 70, S, coinche=SUR, belote_ns=1), 0, (1080, 0, DOWN, 0)),
    (Rules(belote_multiplied=False),  # "Worked for belote_multiplied": (160 + 120) × 2 + 20
     bid(NS, 120, 130, coinche=CO, belote_ns=1), 0, (580, 0, MADE, 0)),
    (FFB, bid(NS, None, 162, capot=NS), 0, (500, 0, MADE, 0)),  # 252 + 250 -> 500
    (FFB, bid(NS, 80, 162, capot=NS, annonces_ew=50), 0, (380, 0, MADE, 0)),
    (FFB, bid(NS, 80, 100, awarded_ew=50), 0, (180, 110, MADE, 0)),
    # Other presets.
    (P["contrat-seul"], bid(NS, 80, 100, belote_ns=1), 0, (80, 0, MADE, 0)),
    (P["contrat-seul"], bid(NS, 90, 60, coinche=CO, belote_ns=1), 0, (0, 180, DOWN, 0)),
    (P["contrat-multiplie"], bid(NS, 80, 81), 0, (161, 81, MADE, 0)),
    (P["classique-sans-annonces"], took(NS, 75, belote_ns=1), 0, (20, 162, DOWN, 0)),
    (P["classique-capot-250"], took(NS, 162, capot=NS), 0, (250, 0, MADE, 0)),
    (P["coinche-concours"], bid(NS, None, 150), 0, (0, 500, DOWN, 0)),
    (P["coinche-concours"], bid(NS, 80, 162, capot=NS), 0, (240, 0, MADE, 0)),
    (P["classique-dedans"], took(NS, 70, belote_ns=1), 0, (0, 182, DOWN, 0)),
    (P["classique-dedans"], took(NS, 0, capot=EW, annonces_ns=50), 0, (0, 302, DOWN, 0)),
    (P["classique-dedans"], took(NS, 81), 0, (0, 162, DOWN, 0)),
    # Version 3 options.
    (Rules(counting="faits_seuls", rounding_decides=True,
           beat_defence=False, litige=False), bid(NS, 90, 85, S), 0, (90, 80, MADE, 0)),
    (Rules(counting="faits_seuls"),
     bid(NS, 90, 100, S, coinche=CO), 0, (320, 0, MADE, 0)),
    (Rules(coinche_made="points"),
     bid(NS, 120, 130, coinche=CO), 0, (500, 30, MADE, 0)),
    (Rules(coinche_made="points"),
     bid(NS, 120, 130, coinche=CO, belote_ns=1), 0, (540, 30, MADE, 0)),
    (Rules(multiply="contract", coinche_made="base"),
     bid(NS, 120, 130, coinche=CO), 0, (400, 0, MADE, 0)),
    (Rules(rounding=False, chute_base=160), bid(NS, 90, 102), 0, (192, 60, MADE, 0)),
    (Rules(rounding=False, chute_base=160), bid(NS, 100, 98, S), 0, (0, 260, DOWN, 0)),
    (Rules(rounding_160=True), bid(NS, 80, 117), 0, (200, 40, MADE, 0)),
    (Rules(rounding_160=True), bid(NS, 80, 95), 0, (170, 70, MADE, 0)),
    (Rules(rounding_decides=True), bid(NS, 90, 85), 0, (180, 80, MADE, 0)),
    (Rules(losing_belote="winner"),
     bid(NS, 130, 82, belote_ns=1), 0, (0, 310, DOWN, 0)),
    (Rules(losing_belote="lost"),
     bid(NS, 130, 82, belote_ns=1), 0, (0, 290, DOWN, 0)),
    (Rules(losing_belote="winner"),
     bid(NS, 120, 130, coinche=CO, belote_ew=1), 0, (600, 0, MADE, 0)),
    (Rules(capot_takes_annonces=False),
     bid(NS, 80, 162, capot=NS, annonces_ew=20), 0, (330, 20, MADE, 0)),
    (Rules(defence_capot_bonus=True), bid(NS, 80, 0, capot=EW), 0, (0, 330, DOWN, 0)),
    (Rules(capot_bid_score=500), bid(NS, None, 162, capot=NS), 0, (500, 0, MADE, 0)),
    (Rules(capot_bid_score=500), bid(NS, None, 150), 0, (0, 500, DOWN, 0)),
    (Rules(capot_bid_score=500),
     bid(NS, None, 162, capot=NS, coinche=CO), 0, (1000, 0, MADE, 0)),
    (Rules(generale_score=1000), gen(NS, 162, NS, True), 0, (1000, 0, MADE, 0)),
    (Rules(generale_score=1000), gen(NS, 162, NS, False), 0, (0, 1000, DOWN, 0)),
    (Rules(generale_score=1000),
     gen(NS, 150, None, False, coinche=CO, belote_ew=1), 0, (0, 2040, DOWN, 0)),
    (Rules(capot_points=162), bid(NS, 80, 162, capot=NS), 0, (240, 0, MADE, 0)),
]


@pytest.mark.parametrize(("rules", "donne", "pot", "expected"), WORKED)
def test_every_worked_example(rules: Rules, donne: Donne, pot: int, expected: tuple) -> None:
    assert score_donne(donne, rules, pot) == DonneScore(*expected)


# --- counting faits_seuls -------------------------------------------------------------------

FS = Rules(counting=Counting.FAITS_SEULS)


def test_faits_seuls_made_scores_the_points_only():
    # V = 0: NS 100 + 0 = 100; EW 62 -> 60.
    assert score_donne(bid(NS, 90, 100), FS) == DonneScore(100, 60, MADE, 0)


def test_faits_seuls_chute_is_the_base_alone():
    # 80 < 90: chute; EW base 160 + A 0 + V 0 × 1 = 160 ([kydos] "défense = 160 FIXE").
    assert pair(bid(NS, 90, 80), FS) == (0, 160)
    # coinché: (160 + 0 + 0) × 2 = 320; surcoinché × 4 = 640.
    assert pair(bid(NS, 90, 80, coinche=CO), FS) == (0, 320)
    assert pair(bid(NS, 90, 80, coinche=SUR), FS) == (0, 640)


def test_faits_seuls_surcoinche_made_is_640():
    # (160 + 0 + 0) × 4.
    assert pair(bid(NS, 90, 100, coinche=SUR), FS) == (640, 0)


def test_faits_seuls_with_coinche_made_points_multiplies_the_takers_points():
    # (100 + 0 annonces + V 0) × 2 = 200; EW keep their total 62 -> 60.
    rules = Rules(counting=Counting.FAITS_SEULS, coinche_made=CoincheMade.POINTS)
    assert pair(bid(NS, 90, 100, coinche=CO), rules) == (200, 60)


def test_faits_seuls_capot_bid_is_a_threshold_too():
    # A capot bid's value (250) decides by rule 1 but is not scored: 252 + 0 -> 250.
    assert score_donne(bid(NS, None, 162, capot=NS), FS) == DonneScore(250, 0, MADE, 0)
    # failed: EW base 160 + V 0.
    assert score_donne(bid(NS, None, 150), FS) == DonneScore(0, 160, DOWN, 0)


def test_faits_seuls_still_scores_a_flat_bid():
    # "a flat bid's score still counts": S = 500.
    rules = Rules(counting=Counting.FAITS_SEULS, generale_score=500)
    assert pair(gen(NS, 162, NS, True), rules) == (500, 0)


# --- coinche_made ---------------------------------------------------------------------------

def test_coinche_made_none_is_points_with_multiply_contract():
    # takers' total 130 + 120 × 2 = 370; EW keep 32 -> 30.
    assert pair(bid(NS, 120, 130, coinche=CO), Rules(multiply=Multiply.CONTRACT)) == (370, 30)


def test_coinche_made_points_with_a_capot_counts_capot_points():
    # annonces change hands: (252 + 50 + 80) × 2 = 764 -> 760; EW total 0.
    rules = Rules(coinche_made=CoincheMade.POINTS)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO, annonces_ew=50), rules) == (760, 0)


def test_coinche_made_points_without_belote_multiplied():
    # (130 + 0 + 120) × 2 + 20 = 520; EW 32 -> 30.
    rules = Rules(coinche_made=CoincheMade.POINTS, belote_multiplied=False)
    assert pair(bid(NS, 120, 130, coinche=CO, belote_ns=1), rules) == (520, 30)


def test_coinche_made_points_leaves_the_defence_its_belote_in_its_total():
    # Not a losing-belote place: EW total 32 + 20 = 52 -> 50 whatever losing_belote says.
    # NS (130 + 120) × 2 = 500.
    for losing in LosingBelote:
        rules = Rules(coinche_made=CoincheMade.POINTS, losing_belote=losing)
        assert pair(bid(NS, 120, 130, coinche=CO, belote_ew=1), rules) == (500, 50)


def test_coinche_made_points_by_contract_with_a_capot():
    # multiply contract: total 252 + 80 × 2 = 412 -> 410.
    rules = Rules(multiply=Multiply.CONTRACT, coinche_made=CoincheMade.POINTS)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO), rules) == (410, 0)


def test_coinche_made_base_by_contract_takes_the_capot_bonus_away():
    # base + A + V × m + bel_W = 160 + 0 + 80 × 2 = 320 ("base, never capot_points").
    rules = Rules(multiply=Multiply.CONTRACT, coinche_made=CoincheMade.BASE)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO), rules) == (320, 0)


@pytest.mark.parametrize(("losing", "expected"), [
    (LosingBelote.KEPT, (400, 20)),  # 160 + 120 × 2; EW its belote
    (LosingBelote.WINNER, (420, 0)),  # 160 + 120 × 2 + 20
    (LosingBelote.LOST, (400, 0)),
])
def test_coinche_made_base_by_contract_and_the_defence_belote(losing, expected):
    rules = Rules(multiply=Multiply.CONTRACT, coinche_made=CoincheMade.BASE, losing_belote=losing)
    assert pair(bid(NS, 120, 130, coinche=CO, belote_ew=1), rules) == expected


def test_coinche_made_base_belote_not_multiplied_and_given_to_the_winner():
    # (160 + 0 + 120) × 2 + bel_W 20 = 580.
    rules = Rules(belote_multiplied=False, losing_belote=LosingBelote.WINNER)
    assert pair(bid(NS, 120, 130, coinche=CO, belote_ew=1), rules) == (580, 0)


def test_coinche_made_base_with_capot_points_162_counts_the_base():
    # C = base (capot_points 162): (160 + 0 + 80) × 2 = 480.
    rules = Rules(capot_points=162)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO), rules) == (480, 0)
    # a coinched capot bid: (160 + 250) × 2 = 820 ("counts the base, not 250").
    assert pair(bid(NS, None, 162, capot=NS, coinche=CO), rules) == (820, 0)


def test_coinche_made_base_counts_250_for_the_takers_capot_exactly():
    # rounding off: (250 + 80) × 2 = 660, not (252 + 80) × 2 = 664; capot_points 250 the same.
    for points in (252, 250):
        rules = Rules(rounding=False, capot_points=points)
        assert pair(bid(NS, 80, 162, capot=NS, coinche=CO), rules) == (660, 0)


def test_capot_points_162_unbid_and_bid_capot_not_coinche():
    # 162 + 250 = 412 -> 410.
    assert pair(bid(NS, None, 162, capot=NS), Rules(capot_points=162)) == (410, 0)


def test_coinche_made_has_no_effect_counting_demandes():
    # contrat-seul: 90 × 2 to the takers, whatever coinche_made.
    for made in CoincheMade:
        rules = dataclasses.replace(PRESETS["contrat-seul"], coinche_made=made)
        assert pair(bid(NS, 90, 100, coinche=CO), rules) == (180, 0)


# --- chute_base -----------------------------------------------------------------------------

def test_chute_base_162_with_rounding_on():
    # (162 + 100) × 4 = 1048 -> 1050 (160 would give 1040).
    rules = Rules(chute_base=162)
    assert pair(bid(NS, 100, 98, coinche=SUR), rules) == (0, 1050)


def test_chute_base_is_the_base_of_a_contract_made_coinche():
    # coinche_made base (default): (162 + 100) × 4 = 1048 -> 1050.
    assert pair(bid(NS, 100, 130, coinche=SUR), Rules(chute_base=162)) == (1050, 0)
    # rounding off, chute_base 160: (160 + 100) × 2 = 520 (v2 without rounding: 524).
    assert pair(bid(NS, 100, 130, coinche=CO), Rules(rounding=False, chute_base=160)) == (520, 0)


def test_chute_base_by_contract_made_coinche():
    # base + V × m = 162 + 120 × 2 = 402, rounding off.
    rules = Rules(multiply=Multiply.CONTRACT, coinche_made=CoincheMade.BASE, rounding=False,
                  chute_base=162)
    assert pair(bid(NS, 120, 130, coinche=CO), rules) == (402, 0)


def test_chute_base_none_follows_rounding():
    # rounding off: 162 + 100 = 262.
    assert pair(bid(NS, 100, 98), Rules(rounding=False)) == (0, 262)


def test_chute_base_has_no_effect_counting_demandes():
    rules = dataclasses.replace(PRESETS["contrat-seul"], chute_base=160,
                                defence_capot_bonus=True)
    # 90 < 100: chute, 100 × 1 to EW.
    assert pair(bid(NS, 100, 0, capot=EW), rules) == (0, 100)


# --- Rounding -------------------------------------------------------------------------------

def test_rounding_160_takers_from_6_defence_from_7():
    r160 = Rules(rounding_160=True)
    # 86 + 80 = 166 -> 170 (6); EW 76 -> 70 (6 < 7). Half up would give 80.
    assert pair(bid(NS, 80, 86), r160) == (170, 70)
    # 163 -> 160; EW 79 -> 80 (9 ≥ 7).
    assert pair(bid(NS, 80, 83), r160) == (160, 80)
    # EW takers: the takers' rule follows the takers, not NS: EW 86 + 80 -> 170, NS 76 -> 70.
    assert pair(bid(EW, 80, 86), r160) == (70, 170)


def test_rounding_160_the_litige_pot_rounds_like_the_takers_score():
    # TA, NS annonces 50, EW two belotes: NS 76 + 50 = 126, EW 86 + 40 = 126: a litige.
    # EW (defence) 126 -> 120 (6 < 7); the pot, "rounded like the takers' score": 126 -> 130.
    rules = Rules(rounding_160=True, sa_ta=True)
    donne = bid(NS, 80, 76, TA, annonces_ns=50, belote_ew=2)
    assert score_donne(donne, rules) == DonneScore(0, 120, LITIGE, 130)


def test_rounding_decides_with_rounding_160_does_not_make_85():
    # takers' 85 rounds as the takers' score: 85 -> 80 < 90: chute; EW 160 + 90 = 250.
    rules = Rules(rounding_decides=True, rounding_160=True)
    assert score_donne(bid(NS, 90, 85), rules) == DonneScore(0, 250, DOWN, 0)


def test_rounding_decides_rounds_both_deciding_totals():
    # 84 -> 80 against 78 -> 80: a tie, litige (not coinché): EW 78 -> 80, pot 84 -> 80.
    rules = Rules(rounding_decides=True)
    assert score_donne(bid(NS, 80, 84), rules) == DonneScore(0, 80, LITIGE, 80)
    # coinché: a tie is a chute: (160 + 80) × 2 = 480.
    assert score_donne(bid(NS, 80, 84, coinche=CO), rules) == DonneScore(0, 480, DOWN, 0)
    # without rounding_decides: 84 > 78 is made, 164 -> 160, 78 -> 80.
    assert score_donne(bid(NS, 80, 84), FFB) == DonneScore(160, 80, MADE, 0)


def test_rounding_decides_each_side_rounded_its_own_way():
    # rounding_160: takers 85 -> 80, defence 77 -> 80: equal -> litige; pot 85 -> 80.
    rules = Rules(rounding_decides=True, rounding_160=True)
    assert score_donne(bid(NS, 80, 85), rules) == DonneScore(0, 80, LITIGE, 80)
    # half up only: 85 -> 90 beats 77 -> 80: made, 165 -> 170.
    assert score_donne(bid(NS, 80, 85), Rules(rounding_decides=True)) == DonneScore(
        170, 80, MADE, 0)


def test_rounding_never_makes_a_contract_without_rounding_decides():
    # 89 < 90: chute; 160 + 90 = 250.
    assert pair(bid(NS, 90, 89), FFB) == (0, 250)
    # coinche-concours: "ne permet pas de réaliser le contrat".
    assert pair(bid(NS, 90, 85), PRESETS["coinche-concours"]) == (0, 250)


def test_rounding_decides_counting_demandes():
    # "made when the takers' deciding total ≥ value": 85 -> 90 ≥ 90: 90 to NS.
    rules = Rules(counting=Counting.DEMANDES, annonces=False, rounding_decides=True)
    assert pair(bid(NS, 90, 85), rules) == (90, 0)
    # without it: 85 < 90: 90 to EW.
    assert pair(bid(NS, 90, 85), Rules(counting=Counting.DEMANDES, annonces=False)) == (0, 90)


def test_rounding_decides_with_belote_out_of_the_contract():
    # belote_in_contract off: deciding totals 85 -> 90 and 77 -> 80 (belote left out): made.
    # NS scores 85 + 20 + 90 = 195 -> 200; EW 77 -> 80.
    rules = Rules(rounding_decides=True, belote_in_contract=False)
    assert pair(bid(NS, 90, 85, belote_ns=1), rules) == (200, 80)


# --- The losing side's belote, its four places ---------------------------------------------

@pytest.mark.parametrize(("losing", "multiplied", "expected"), [
    (LosingBelote.KEPT, True, (20, 520)),  # (160 + 100) × 2; NS keep 20, not multiplied
    (LosingBelote.WINNER, True, (0, 560)),  # (160 + 100 + 20) × 2: joins the bracket
    (LosingBelote.WINNER, False, (0, 540)),  # (160 + 100) × 2 + 20: beside it
    (LosingBelote.LOST, True, (0, 520)),
])
def test_takers_belote_on_a_coinched_chute(losing, multiplied, expected):
    # NS 100 coinché, NS 70 + 20 = 90 < 100: chute.
    rules = Rules(losing_belote=losing, belote_multiplied=multiplied)
    assert pair(bid(NS, 100, 70, coinche=CO, belote_ns=1), rules) == expected


def test_takers_belote_on_a_chute_by_contract():
    # multiply contract: C + A + V × m + bel_W = 160 + 0 + 200 + 20 = 380.
    rules = Rules(multiply=Multiply.CONTRACT, losing_belote=LosingBelote.WINNER)
    assert pair(bid(NS, 100, 70, coinche=CO, belote_ns=1), rules) == (0, 380)


@pytest.mark.parametrize(("losing", "expected"), [
    (LosingBelote.KEPT, (20, 500)),
    (LosingBelote.WINNER, (0, 520)),  # 500 + 20
    (LosingBelote.LOST, (0, 500)),
])
def test_loser_of_a_flat_bid(losing, expected):
    # capot bid failed (150 of 162): 500 to the defence.
    rules = Rules(capot_bid_score=500, losing_belote=losing)
    assert pair(bid(NS, None, 150, belote_ns=1), rules) == expected


@pytest.mark.parametrize(("losing", "expected"), [
    (LosingBelote.KEPT, (20, 90)),
    (LosingBelote.WINNER, (0, 110)),  # 90 + 20
    (LosingBelote.LOST, (0, 90)),
])
def test_loser_counted_demandes_with_demandes_belote(losing, expected):
    # 60 + 20 = 80 < 90: chute, 90 × 1 to EW.
    rules = Rules(counting=Counting.DEMANDES, annonces=False, demandes_belote=True,
                  losing_belote=losing)
    assert pair(bid(NS, 90, 60, belote_ns=1), rules) == expected


def test_demandes_belote_the_winner_adds_its_own_belote():
    # made: NS 90 + 20 = 110.
    rules = Rules(counting=Counting.DEMANDES, annonces=False, demandes_belote=True)
    assert pair(bid(NS, 90, 100, belote_ns=1), rules) == (110, 0)


def test_losing_belote_does_not_touch_a_litige():
    # NS 71 + 20 = 91, EW 91: litige; the takers' belote is in the pot: 91 -> 90; EW 91 -> 90.
    for losing in LosingBelote:
        rules = Rules(losing_belote=losing)
        assert score_donne(bid(NS, 80, 71, belote_ns=1), rules) == DonneScore(0, 90, LITIGE, 90)


def test_losing_belote_does_not_touch_a_defence_made_capot_on_a_plain_contract():
    # made not coinché: the defence scores its total, 0 + 20 = 20; NS 252 + 80 = 332 -> 330.
    for losing in LosingBelote:
        rules = Rules(losing_belote=losing)
        assert pair(bid(NS, 80, 162, capot=NS, belote_ew=1), rules) == (330, 20)


# --- Capot options --------------------------------------------------------------------------

def test_capot_takes_annonces_off_with_coinche_made_base():
    # Made by rules 2–5 (252 > 50). A gives both sides' annonces to the winner:
    # (250 + 50 + 80) × 2 = 760; EW only its belote: 0.
    rules = Rules(capot_takes_annonces=False)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO, annonces_ew=50), rules) == (760, 0)


def test_capot_takes_annonces_off_with_coinche_made_points():
    # takers (252 + 0 + 80) × 2 = 664 -> 660; EW keeps its total 50.
    rules = Rules(capot_takes_annonces=False, coinche_made=CoincheMade.POINTS)
    assert pair(bid(NS, 80, 162, capot=NS, coinche=CO, annonces_ew=50), rules) == (660, 50)


def test_capot_takes_annonces_off_defence_annonces_can_beat_a_capot():
    # 252 < EW 300 (200 + 100): chute by rule 4; EW 160 + A 300 + 80 = 540.
    rules = Rules(capot_takes_annonces=False)
    assert score_donne(bid(NS, 80, 162, capot=NS, annonces_ew=300), rules) == DonneScore(
        0, 540, DOWN, 0)
    # on (default): the annonces change hands: 252 + 300 + 80 = 632 -> 630.
    assert score_donne(bid(NS, 80, 162, capot=NS, annonces_ew=300), FFB) == DonneScore(
        630, 0, MADE, 0)


def test_capot_takes_annonces_off_a_capot_bid_is_decided_by_rule_1():
    # made whatever EW's 300: 252 + 250 = 502 -> 500; EW its total 300.
    rules = Rules(capot_takes_annonces=False)
    assert score_donne(bid(NS, None, 162, capot=NS, annonces_ew=300), rules) == DonneScore(
        500, 300, MADE, 0)


def test_capot_takes_annonces_off_a_flat_bid_gives_every_annonce_to_the_winner():
    # flat capot bid made: (500 + A 50) × 1 = 550.
    rules = Rules(capot_takes_annonces=False, capot_bid_score=500)
    assert pair(bid(NS, None, 162, capot=NS, annonces_ew=50), rules) == (550, 0)


def test_classique_dedans_takers_capot_leaves_the_defence_its_annonces():
    dedans = PRESETS["classique-dedans"]
    # 252 > 50: made; NS 252 + 0; EW its annonces 50.
    assert score_donne(took(NS, 162, capot=NS, annonces_ew=50), dedans) == DonneScore(
        252, 50, MADE, 0)
    # 252 < 300: dedans; EW 162 + every annonce 300 = 462.
    assert score_donne(took(NS, 162, capot=NS, annonces_ew=300), dedans) == DonneScore(
        0, 462, DOWN, 0)


def test_classique_dedans_defence_capot_takes_the_takers_belote():
    # dedans, EW capot: 252 + 20 (the takers' belote goes to the defence) = 272.
    dedans = PRESETS["classique-dedans"]
    assert pair(took(NS, 0, capot=EW, belote_ns=1), dedans) == (0, 272)


@pytest.mark.parametrize(("options", "coinche", "expected"), [
    ({}, CO, (0, 660)),  # inside a bracket 250: (250 + 80) × 2
    ({"capot_points": 250}, Coinche.NONE, (0, 330)),  # 250 + 80
    ({"capot_points": 162}, Coinche.NONE, (0, 240)),  # 162 + 80 = 242 -> 240
    ({"capot_points": 162}, CO, (0, 480)),  # base inside the bracket: (160 + 80) × 2
    ({"multiply": Multiply.CONTRACT}, CO, (0, 410)),  # 252 + 80 × 2 = 412 -> 410
])
def test_defence_capot_bonus(options, coinche, expected):
    rules = Rules(defence_capot_bonus=True, **options)
    assert pair(bid(NS, 80, 0, capot=EW, coinche=coinche), rules) == expected


def test_defence_capot_bonus_inside_a_bracket_without_rounding():
    # Exact figures, so 250 and 252 differ: (250 + 80) × 2 = 660, not (252 + 80) × 2 = 664.
    rules = Rules(defence_capot_bonus=True, rounding=False)
    assert pair(bid(NS, 80, 0, capot=EW, coinche=CO), rules) == (0, 660)
    # capot_points 162: the base inside the bracket, (160 + 80) × 2 = 480, not 484.
    rules = Rules(defence_capot_bonus=True, rounding=False, capot_points=162, chute_base=160)
    assert pair(bid(NS, 80, 0, capot=EW, coinche=CO), rules) == (0, 480)
    # outside a bracket (not coinché) it counts 162: 162 + 80 = 242.
    assert pair(bid(NS, 80, 0, capot=EW), rules) == (0, 242)


def test_defence_capot_bonus_needs_the_defence_capot():
    # 10 < 80: chute without a capot: the base, 160 + 80.
    assert pair(bid(NS, 80, 10), Rules(defence_capot_bonus=True)) == (0, 240)
    # off (v2): the base even on the defence's capot.
    assert pair(bid(NS, 80, 0, capot=EW), FFB) == (0, 240)


# --- Flat bids ------------------------------------------------------------------------------

def test_flat_bid_by_contract():
    # S × m + A + bel_W = 500 × 2 + 50 + 20 = 1070.
    rules = Rules(multiply=Multiply.CONTRACT, capot_bid_score=500)
    donne = bid(NS, None, 162, capot=NS, coinche=CO, annonces_ns=50, belote_ns=1)
    assert pair(donne, rules) == (1070, 0)


def test_flat_bid_belote_not_multiplied():
    # (500 + 0) × 2 + 20 = 1020; with belote_multiplied (500 + 20) × 2 = 1040.
    donne = bid(NS, None, 162, capot=NS, coinche=CO, belote_ns=1)
    assert pair(donne, Rules(capot_bid_score=500, belote_multiplied=False)) == (1020, 0)
    assert pair(donne, Rules(capot_bid_score=500)) == (1040, 0)


def test_flat_bid_surcoinche_factor_3():
    # 500 × 3 = 1500.
    rules = Rules(capot_bid_score=500, surcoinche_factor=3)
    assert pair(bid(NS, None, 162, capot=NS, coinche=SUR), rules) == (1500, 0)


def test_failed_generale_gives_the_winner_every_annonce():
    # (1000 + 100) × 1 to EW.
    rules = Rules(generale_score=1000)
    assert pair(gen(NS, 162, NS, False, annonces_ns=100), rules) == (0, 1100)


def test_generale_surcoinche_made():
    # 1000 × 4.
    assert pair(gen(EW, 162, EW, True, coinche=SUR), Rules(generale_score=1000)) == (0, 4000)


def test_generale_below_the_capot_bid_is_accepted():
    rules = Rules(generale_score=250, capot_bid_score=500)
    assert pair(gen(NS, 162, NS, True), rules) == (250, 0)


def test_flat_bids_counting_demandes():
    seul = PRESETS["contrat-seul"]
    # "a flat bid's value is its score": 500 × 2; a générale 1000 × 1.
    assert pair(bid(NS, None, 162, capot=NS, coinche=CO),
                dataclasses.replace(seul, capot_bid_score=500)) == (1000, 0)
    assert pair(gen(NS, 162, NS, True), dataclasses.replace(seul, generale_score=1000)) == (
        1000, 0)
    # not made (the partner won a trick): by rule 1, 1000 to EW.
    assert pair(gen(NS, 162, NS, False), dataclasses.replace(seul, generale_score=1000)) == (
        0, 1000)
    # no capot_bid_score: a capot bid is 250, allowed above max_contract 160.
    assert pair(bid(NS, None, 162, capot=NS), seul) == (250, 0)


def test_coinche_concours_capot_bid_coinched():
    # flat 500 × 2.
    assert pair(bid(NS, None, 162, capot=NS, coinche=CO), PRESETS["coinche-concours"]) == (
        1000, 0)


# --- Bad input: Rules -----------------------------------------------------------------------

@pytest.mark.parametrize(("options", "field"), [
    ({"counting": Counting.DEMANDES}, "annonces"),
    ({"game": Game.CLASSIQUE, "counting": Counting.FAITS_SEULS}, "counting"),
    ({"game": Game.CLASSIQUE, "counting": Counting.DEMANDES, "annonces": False}, "counting"),
    ({"counting": Counting.FAITS_SEULS, "multiply": Multiply.CONTRACT}, "multiply"),
    ({"game": Game.CLASSIQUE, "beat_defence": False}, "beat_defence"),
    ({"rounding": False, "rounding_160": True}, "rounding_160"),
    ({"rounding": False, "rounding_decides": True}, "rounding_decides"),
    ({"rounding": False, "rounding_160": True, "rounding_decides": True}, "rounding_160"),
    ({"target": None}, "target"),
    ({"capot_points": 260}, "capot_points"),
    ({"chute_base": 150}, "chute_base"),
    ({"chute_base": "none"}, "chute_base"),
    ({"chute_base": True}, "chute_base"),
    ({"chute_base": 160.0}, "chute_base"),
    ({"coinche_made": "none"}, "coinche_made"),
    ({"coinche_made": "nothing"}, "coinche_made"),
    ({"losing_belote": "given"}, "losing_belote"),
    ({"losing_belote": None}, "losing_belote"),
    ({"rounding_160": 1}, "rounding_160"),
    ({"rounding_decides": "yes"}, "rounding_decides"),
    ({"capot_takes_annonces": 0}, "capot_takes_annonces"),
    ({"defence_capot_bonus": None}, "defence_capot_bonus"),
    ({"capot_bid_score": 240}, "capot_bid_score"),
    ({"capot_bid_score": 2010}, "capot_bid_score"),
    ({"capot_bid_score": 505}, "capot_bid_score"),
    ({"capot_bid_score": 500.0}, "capot_bid_score"),
    ({"capot_bid_score": "none"}, "capot_bid_score"),
    ({"capot_bid_score": True}, "capot_bid_score"),
    ({"generale_score": 0}, "generale_score"),
    ({"generale_score": 2020}, "generale_score"),
    ({"generale_score": "1000"}, "generale_score"),
    ({"max_contract": 510}, "max_contract"),
    ({"max_contract": 75}, "max_contract"),
    ({"counting": "faits seuls"}, "counting"),
])
def test_rules_refused_naming_the_field(options, field):
    assert field_of(lambda: Rules(**options)) == field


@pytest.mark.parametrize("options", [
    {"capot_bid_score": 250}, {"capot_bid_score": 2000}, {"generale_score": 250},
    {"generale_score": 2000}, {"chute_base": 160}, {"chute_base": 162, "rounding": False},
    {"capot_points": 162}, {"rounding_160": True, "rounding_decides": True},
    {"game": Game.CLASSIQUE, "coinche_made": CoincheMade.BASE, "rounding": False},
    {"game": Game.CLASSIQUE, "capot_bid_score": 500, "generale_score": 1000},
    {"counting": Counting.DEMANDES, "annonces": False, "coinche_made": CoincheMade.POINTS,
     "chute_base": 162, "defence_capot_bonus": True},
    {"annonces": False, "capot_takes_annonces": False},
    {"beat_defence": False, "litige": True},
    {"multiply": Multiply.CONTRACT, "belote_multiplied": True},
    {"counting": Counting.FAITS_SEULS, "losing_belote": LosingBelote.LOST},
    {"coinche_made": None, "chute_base": None},
])
def test_options_without_effect_are_accepted(options):
    Rules(**options)


# --- Bad input: Donne -----------------------------------------------------------------------

GEN = Rules(generale_score=1000)


@pytest.mark.parametrize(("rules", "donne", "field"), [
    (FFB, gen(NS, 162, NS, True), "generale_bid"),  # générale while generale_score is none
    (GEN, Donne(taker=NS, generale_bid=True, capot_bid=True, trump=S, taker_points=162,
                capot=NS), "capot_bid"),
    (GEN, Donne(taker=NS, generale_bid=True, contract=80, trump=S, taker_points=100),
     "contract"),
    (GEN, bid(NS, 80, 162, capot=NS, generale_made=True), "generale_made"),
    (GEN, gen(NS, 150, None, True), "generale_made"),
    (GEN, gen(NS, 0, EW, True), "generale_made"),
    (GEN, Donne(generale_bid=True), "generale_bid"),  # passed donne
    (GEN, Donne(generale_made=True), "generale_made"),
    (dataclasses.replace(PRESETS["ffb-classique"], generale_score=1000),
     Donne(taker=NS, generale_bid=True, trump=S, taker_points=100), "generale_bid"),
    (PRESETS["contrat-seul"], bid(NS, 170, 162, capot=NS), "contract"),
    (FFB, bid(NS, 80, 100, generale_bid=1), "generale_bid"),
    (GEN, gen(NS, 162, NS, 1), "generale_made"),
    (FFB, bid(NS, 80, True), "taker_points"),
    (FFB, bid(NS, 80, 100, belote_ns=1.0), "belote_ns"),
    (FFB, Donne(taker=NS, contract=80, capot_bid=0, trump=H, taker_points=100),
     "capot_bid"),
    (FFB, bid(NS, 80, 100, awarded_ew=1001), "awarded_ew"),
    (FFB, bid(NS, 80, 100, awarded_ns=-10), "awarded_ns"),
    (FFB, bid(NS, 80, 100, annonces_ns=560), "annonces_ns"),
    (PRESETS["coinche-concours"], bid(NS, 80, 100, annonces_ns=20), "annonces_ns"),
    (FFB, bid(NS, 80, 100, belote_ns=1, belote_ew=1), "belote_ew"),
])
def test_donne_refused_naming_the_field(rules, donne, field):
    assert field_of(lambda: score_donne(donne, rules)) in {field} | (
        {"belote_ns"} if field == "belote_ew" else set())


def test_a_flat_bid_still_types_its_points():
    # taker_points 0–162, consistent with capot: a takers' capot of 150 is refused.
    with pytest.raises(ScoringError):
        score_donne(bid(NS, None, 150, capot=NS), Rules(capot_bid_score=500))
    with pytest.raises(ScoringError):
        score_donne(gen(NS, 150, NS, True), GEN)
    with pytest.raises(ScoringError):
        score_donne(gen(NS, 170, None, False), GEN)


def test_a_failed_generale_with_the_takers_capot_is_valid():
    assert score_donne(gen(NS, 162, NS, False), GEN).outcome == DOWN


@pytest.mark.parametrize("pot", [-10, True, 10.0, "10"])
def test_a_bad_pot(pot):
    assert field_of(lambda: score_donne(bid(NS, 80, 100), FFB, pot)) == "pot"


@pytest.mark.parametrize("stop_after", [0, -1, True, 1.0, "2"])
def test_a_bad_stop_after(stop_after):
    assert field_of(lambda: score_game([bid(NS, 80, 100)], FFB, stop_after=stop_after)) == (
        "stop_after")


def test_a_donne_after_the_end():
    rules = Rules(max_donnes=1, target=None)
    assert field_of(lambda: score_game([bid(NS, 80, 100), bid(NS, 80, 100)], rules)) == (
        "donnes")


# --- Passed donnes, points attribués -------------------------------------------------------

def test_a_passed_donne_with_points_awarded():
    # a redeal or a misdeal penalty: 0–0 plus the points awarded, not rounded.
    assert score_donne(Donne(awarded_ew=35), FFB) == DonneScore(0, 35, PASSED, 0)
    # the pot waits through a passed donne.
    assert score_donne(Donne(), FFB, 80) == DonneScore(0, 0, PASSED, 80)


def test_points_awarded_on_a_generale_are_never_multiplied():
    # (1000) × 2 + 15 awarded after; EW 0 + 5.
    donne = gen(NS, 162, NS, True, coinche=CO, awarded_ns=15, awarded_ew=5)
    assert pair(donne, GEN) == (2015, 5)


# --- One game -------------------------------------------------------------------------------

def test_belote_exception_for_a_side_made_capot_that_won_the_donne():
    # EW reach 480 from points attribués; NS's générale fails with NS's capot (the partner
    # won a trick): EW win the donne, 500 + its belote 20 = 520 -> 1000, yet EW won no trick
    # and 1000 - 20 = 980 < 1000: waiting. A passed donne has no tricks; EW validate at the end
    # of the next donne in which they win a trick.
    rules = Rules(generale_score=500, target=1000)
    donnes = [Donne(awarded_ew=480), gen(NS, 162, NS, False, belote_ew=1), Donne()]
    waiting = score_game(donnes, rules)
    assert (waiting.ew, waiting.finished, waiting.winner) == (1000, False, None)
    ended = score_game([*donnes, bid(NS, 80, 100)], rules)
    # NS 80 made 100: 180; EW 62 -> 60.
    assert (ended.ns, ended.ew, ended.finished, ended.winner, ended.played) == (
        180, 1060, True, EW, 4)
    # without the exception EW have crossed at once.
    plain = score_game(donnes[:2], dataclasses.replace(rules, belote_exception=False))
    assert (plain.finished, plain.winner, plain.played) == (True, EW, 2)


def test_belote_exception_counts_a_received_belote():
    # losing_belote winner: NS's belote goes to EW, who won the failed générale made capot:
    # EW 480 + 500 + 20 = 1000, its belote points 20 (received): 980 < 1000, waiting.
    rules = Rules(generale_score=500, target=1000, losing_belote=LosingBelote.WINNER)
    donnes = [Donne(awarded_ew=480), gen(NS, 162, NS, False, belote_ns=1)]
    game = score_game(donnes, rules)
    assert (game.ew, game.finished, game.winner) == (1000, False, None)
    # kept: EW 980 and NS 20; nobody reached 1000.
    kept = score_game(donnes, dataclasses.replace(rules, losing_belote=LosingBelote.KEPT))
    assert (kept.ns, kept.ew, kept.finished) == (20, 980, False)


def test_the_game_sums_v3_donnes():
    # coinche-concours: NS capot bid made 500, EW 80 ♥ make 100 (190; NS 62 -> 60).
    game = score_game([bid(NS, None, 162, capot=NS), bid(EW, 80, 100)],
                      PRESETS["coinche-concours"])
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (560, 180, False,
                                                                          None, 2)
    assert game.donnes[0] == DonneScore(500, 0, MADE, 0)


# --- Second pass: corners where two readings could part -------------------------------------

def test_rounding_160_on_a_digit_5_from_a_factor_3():
    # coinche_made points, ×3: (115 + 80) × 3 = 585: the takers round up from 6 -> 580 (half
    # up would give 590); EW 47 -> 50 (7 ≥ 7).
    rules = Rules(rounding_160=True, coinche_made=CoincheMade.POINTS, surcoinche_factor=3)
    assert pair(bid(NS, 80, 115, coinche=SUR), rules) == (580, 50)


def test_rounding_160_on_a_digit_6_the_defence_rounds_down():
    # chute_base 162, ×3: EW (162 + 80) × 3 = 726 -> 720 (the defence rounds up from 7 only).
    rules = Rules(rounding_160=True, chute_base=162, surcoinche_factor=3)
    assert pair(bid(NS, 80, 50, coinche=SUR), rules) == (0, 720)
    # made coinché with the base: NS (162 + 80) × 3 = 726 -> 730 (the takers from 6).
    assert pair(bid(NS, 80, 130, coinche=SUR), rules) == (730, 0)


def test_chute_base_in_classique():
    # V = 0: a chute is the base alone: 160 (rounding off, chute_base 160); NS 70 + 20 < 92.
    rules = dataclasses.replace(PRESETS["ffb-classique"], chute_base=160)
    assert pair(took(NS, 70, belote_ns=1), rules) == (20, 160)


@pytest.mark.parametrize(("losing", "expected"), [
    (LosingBelote.KEPT, (20, 280)),  # 160 + 100 + EW's own 20; NS keep 20
    (LosingBelote.WINNER, (0, 300)),  # 160 + 100 + 20 + 20
    (LosingBelote.LOST, (0, 280)),  # NS's is nobody's; EW's own stays with EW
])
def test_losing_belote_with_both_sides_belotes_at_tout_atout(losing, expected):
    # TA, one belote each: NS 50 + 20 = 70 < 100: chute.
    rules = Rules(sa_ta=True, losing_belote=losing)
    assert pair(bid(NS, 100, 50, TA, belote_ns=1, belote_ew=1), rules) == expected


def test_defence_capot_bonus_on_a_capot_bid_that_is_a_contract():
    # capot bid worth 250, EW capot: C = 252: 252 + 250 = 502 -> 500; coinché in a bracket:
    # (250 + 250) × 2 = 1000.
    rules = Rules(defence_capot_bonus=True)
    assert pair(bid(NS, None, 0, capot=EW), rules) == (0, 500)
    assert pair(bid(NS, None, 0, capot=EW, coinche=CO), rules) == (0, 1000)
    # v2: 160 + 250 = 410.
    assert pair(bid(NS, None, 0, capot=EW), FFB) == (0, 410)


def test_defence_capot_bonus_does_not_touch_a_flat_bid():
    # card points do not count in a flat bid: 500 whoever made capot.
    rules = Rules(defence_capot_bonus=True, capot_bid_score=500)
    assert pair(bid(NS, None, 0, capot=EW), rules) == (0, 500)
    assert pair(gen(NS, 0, EW, False), Rules(defence_capot_bonus=True,
                                             generale_score=1000)) == (0, 1000)


def test_litige_pot_taken_by_the_next_litige_defence():
    # pot 80 waiting; NS 80, 81–81 again: EW 81 -> 80 + the pot 80; new pot 80.
    assert score_donne(bid(NS, 80, 81), FFB, 80) == DonneScore(0, 160, LITIGE, 80)


def test_a_pot_handed_back_at_the_end_shows_in_the_totals_only():
    # max 1 donne: NS 71 + 20 = 91 against 91, litige: pot 90, EW 90; NS awarded 10.
    # The pot goes back to NS: 100 against 90: NS win; the donne's own score stays 10.
    rules = Rules(max_donnes=1, target=None)
    game = score_game([bid(NS, 80, 71, belote_ns=1, awarded_ns=10)], rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (100, 90, True, NS)
    assert game.donnes[0] == DonneScore(10, 90, LITIGE, 90)


def test_the_pot_return_is_tentative_on_equal_totals():
    # max 1 donne: litige 0–80, pot 80 back to NS: 80–80, the game goes on; the next donne
    # (EW 80 make 100: 180 + the pot 80; NS 62 -> 60) decides: NS 60, EW 340.
    rules = Rules(max_donnes=1, target=None)
    first = score_game([bid(NS, 80, 81)], rules)
    assert (first.finished, first.winner, first.played) == (False, None, 1)
    second = score_game([bid(NS, 80, 81), bid(EW, 80, 100)], rules)
    assert (second.ns, second.ew, second.finished, second.winner, second.played) == (
        60, 340, True, EW, 2)


def test_belote_exception_for_the_defence_of_a_dedans_on_the_takers_capot():
    # classique-dedans, target 1000: EW 580 from attribués. NS take, NS capot, EW annonces
    # 250 + belote 20 = 270 > 252: dedans. EW 162 + 250 + 20 = 432 -> 1012, but EW won no
    # trick and 1012 - 20 = 992 < 1000: waiting.
    dedans = PRESETS["classique-dedans"]
    donnes = [Donne(awarded_ew=580), took(NS, 162, capot=NS, annonces_ew=250, belote_ew=1)]
    game = score_game(donnes, dedans)
    assert (game.ew, game.finished) == (1012, False)
    plain = score_game(donnes, dataclasses.replace(dedans, belote_exception=False))
    assert (plain.finished, plain.winner) == (True, EW)


def test_a_generale_lost_to_the_defence_capot():
    # EW won every trick: failed, 1000 to EW.
    assert score_donne(gen(NS, 0, EW, False), GEN) == DonneScore(0, 1000, DOWN, 0)


def test_a_generale_made_needs_162_points():
    with pytest.raises(ScoringError):
        score_donne(gen(NS, 100, NS, True), GEN)


def test_coinche_concours_has_a_litige():
    assert score_donne(bid(NS, 80, 81), PRESETS["coinche-concours"]) == DonneScore(
        0, 80, LITIGE, 80)


def test_rounding_decides_with_litige_off_and_tie_to_takers():
    # 84 -> 80 against 78 -> 80: a tie, made (tie_to_takers): 164 -> 160; EW 78 -> 80.
    rules = Rules(rounding_decides=True, litige=False, tie_to_takers=True)
    assert score_donne(bid(NS, 80, 84), rules) == DonneScore(160, 80, MADE, 0)
    # chute: 160 + 80.
    rules = Rules(rounding_decides=True, litige=False)
    assert score_donne(bid(NS, 80, 84), rules) == DonneScore(0, 240, DOWN, 0)


def test_capot_takes_annonces_off_and_a_made_contract_with_defence_belote():
    # NS capot, EW annonces 50 and belote: EW total 70 < 252: made. NS 252 + 80 = 332 -> 330;
    # EW its total 70.
    rules = Rules(capot_takes_annonces=False)
    assert pair(bid(NS, 80, 162, capot=NS, annonces_ew=50, belote_ew=1), rules) == (330, 70)



def test_donne_enum_fields_accept_their_string_values():
    # "Enum fields accept their string values": the first worked example, typed as a form would.
    donne = Donne(taker="NS", contract=80, trump="H", coinche="none", taker_points=95)
    assert score_donne(donne, FFB) == DonneScore(180, 70, MADE, 0)
    capot = Donne(taker="EW", capot_bid=True, trump="S", coinche="coinche", taker_points=162,
                  capot="EW")
    # (250 + 250) × 2 = 1000 to EW.
    assert score_donne(capot, FFB) == DonneScore(0, 1000, MADE, 0)


def test_belote_exception_counts_belote_points_multiplied():
    # EW 990 from attribués; NS's générale coinché fails with NS's capot, EW belote: EW score
    # (500 + 20) × 2 = 1040 -> 2030; its belote points are 20 × 2 = 40: 1990 < 2000, waiting
    # (less only 20 it would be 2010, crossed).
    rules = Rules(generale_score=500)
    donnes = [Donne(awarded_ew=990), gen(NS, 162, NS, False, coinche=CO, belote_ew=1)]
    game = score_game(donnes, rules)
    assert (game.ew, game.finished) == (2030, False)


@pytest.mark.parametrize(("losing", "finished", "ns"), [
    (LosingBelote.KEPT, False, 2000),  # NS 1980 + its belote 20: reached thanks to it, waits
    (LosingBelote.WINNER, False, 1980),  # the belote went to EW: NS did not reach 2000
    (LosingBelote.LOST, False, 1980),
])
def test_belote_exception_of_the_chuted_takers_under_losing_belote(losing, finished, ns):
    rules = Rules(losing_belote=losing)
    donnes = [Donne(awarded_ns=1000), Donne(awarded_ns=980), bid(NS, 80, 50, belote_ns=1)]
    game = score_game(donnes, rules)
    assert (game.ns, game.finished) == (ns, finished)


# --- Properties -----------------------------------------------------------------------------

@given(points=st.integers(82, 161), contract=st.sampled_from([80]))
def test_rounding_160_plain_made_donne_adds_up_to_160(points: int, contract: int) -> None:
    # every other figure a multiple of ten: the sides' card points add up to 160.
    score = score_donne(bid(NS, contract, points), Rules(rounding_160=True))
    assert score.outcome == MADE
    assert score.ns - contract + score.ew == 160


@given(points=st.integers(0, 162), coinche=st.sampled_from(list(Coinche)),
       belote=st.booleans())
def test_a_flat_capot_bid_scores_only_its_score(points: int, coinche: Coinche,
                                                 belote: bool) -> None:
    # made iff capot; the winner 500 × m (+ the winner's belote, multiplied), the loser its
    # belote (kept).
    capot = NS if points == 162 else (EW if points == 0 else None)
    donne = bid(NS, None, points, capot=capot, coinche=coinche, belote_ns=int(belote))
    score = score_donne(donne, Rules(capot_bid_score=500))
    m = {Coinche.NONE: 1, CO: 2, SUR: 4}[coinche]
    bel = 20 * int(belote)
    if capot is NS:
        assert (score.ns, score.ew, score.outcome) == ((500 + bel) * m, 0, MADE)
    else:
        assert (score.ns, score.ew, score.outcome) == (bel, 500 * m, DOWN)


@given(points=st.integers(0, 161), value=st.sampled_from([80, 100, 130, 160]),
       coinche=st.sampled_from(list(Coinche)))
def test_losing_belote_moves_20_times_m_or_20_only(points: int, value: int,
                                                   coinche: Coinche) -> None:
    # NS's belote: on a chute, kept gives NS 20; winner puts it in EW's bracket (× m);
    # lost drops it. Elsewhere the three agree.
    donne = bid(NS, value, points, belote_ns=1, coinche=coinche)
    kept, winner, lost = (score_donne(donne, Rules(losing_belote=lb, rounding=False))
                          for lb in LosingBelote)
    m = {Coinche.NONE: 1, CO: 2, SUR: 4}[coinche]
    if kept.outcome == DOWN:
        assert (kept.ns, winner.ns, lost.ns) == (20, 0, 0)
        assert winner.ew - lost.ew == 20 * m
        assert kept.ew == lost.ew
    else:
        assert kept == winner == lost


# --- A reference scorer written from "One donne", compared over random v3 rule sets ---------

def _reference(d: Donne, r: Rules, pot: int) -> DonneScore:
    """SCORING.md v3's "One donne", formula by formula, for a donne `score_donne` accepted."""
    if d.taker is None:
        return DonneScore(d.awarded_ns, d.awarded_ew, PASSED, pot)
    t = Side(d.taker)
    o = t.other
    bel = {NS: 20 * d.belote_ns, EW: 20 * d.belote_ew}
    ann = {NS: d.annonces_ns, EW: d.annonces_ew}
    a_all = ann[NS] + ann[EW]  # `A`
    if d.capot is None:
        card = {t: d.taker_points, o: 162 - d.taker_points}
    else:
        card = {Side(d.capot): r.capot_points, Side(d.capot).other: 0}
    if d.capot == t and r.capot_takes_annonces:
        ann = {t: a_all, o: 0}
    total = {s: card[s] + bel[s] + ann[s] for s in (NS, EW)}

    def rnd(x: int, side: Side) -> int:
        if not r.rounding:
            return x
        up = (6 if side is t else 7) if r.rounding_160 else 5
        return x // 10 * 10 + (10 if x % 10 >= up else 0)

    deciding = {s: total[s] - (0 if r.belote_in_contract else bel[s]) for s in (NS, EW)}
    if r.rounding_decides:
        deciding = {s: rnd(deciding[s], s) for s in (NS, EW)}
    flat = False
    if r.game is Game.CLASSIQUE:
        value = 0
    elif d.generale_bid:
        value, flat = r.generale_score or 0, True
    elif d.capot_bid:
        value, flat = (250, False) if r.capot_bid_score is None else (r.capot_bid_score, True)
    else:
        value = d.contract or 0
    v = 0 if r.game is Game.CLASSIQUE or r.counting is Counting.FAITS_SEULS else value
    m = {Coinche.NONE: 1, CO: 2, SUR: r.surcoinche_factor}[Coinche(d.coinche)]
    base = r.chute_base if r.chute_base is not None else (160 if r.rounding else 162)
    rule_1 = d.generale_made if d.generale_bid else d.capot == t
    if r.counting is Counting.DEMANDES:
        made = rule_1 if (d.generale_bid or d.capot_bid) else deciding[t] >= value
        outcome = MADE if made else DOWN
    elif d.generale_bid or d.capot_bid:
        outcome = MADE if rule_1 else DOWN
    elif deciding[t] < value:
        outcome = DOWN
    elif not r.beat_defence or deciding[t] > deciding[o]:
        outcome = MADE
    elif deciding[t] < deciding[o] or m > 1:
        outcome = DOWN
    elif r.litige:
        outcome = LITIGE
    else:
        outcome = MADE if r.tie_to_takers else DOWN
    winner = t if outcome is MADE else o
    loser = winner.other
    bel_w = bel[winner] + (bel[loser] if r.losing_belote is LosingBelote.WINNER else 0)
    bel_l = bel[loser] if r.losing_belote is LosingBelote.KEPT else 0
    by_score = r.multiply is Multiply.SCORE
    got = {NS: 0, EW: 0}
    new_pot = 0
    if r.counting is Counting.DEMANDES:
        got[winner] = value * m
        if r.demandes_belote:
            got[winner] += bel_w
            got[loser] += bel_l
    elif flat:
        if not by_score:
            got[winner] = value * m + a_all + bel_w
        elif r.belote_multiplied:
            got[winner] = (value + a_all + bel_w) * m
        else:
            got[winner] = (value + a_all) * m + bel_w
        got[loser] = bel_l
    elif outcome is LITIGE:
        got[o] = total[o]
        new_pot = rnd(total[t], t)
    elif outcome is MADE and m == 1:
        got[t], got[o] = total[t] + v, total[o]
    elif outcome is MADE and (r.coinche_made or (
            CoincheMade.BASE if by_score else CoincheMade.POINTS)) is CoincheMade.POINTS:
        if not by_score:
            got[t] = total[t] + v * m
        elif r.belote_multiplied:
            got[t] = (card[t] + ann[t] + v + bel[t]) * m
        else:
            got[t] = (card[t] + ann[t] + v) * m + bel[t]
        got[o] = total[o]
    elif outcome is MADE:
        if not by_score:
            got[t] = base + a_all + v * m + bel_w
        else:
            c = 250 if d.capot == t and r.capot_points != 162 else base
            if r.belote_multiplied:
                got[t] = (c + a_all + v + bel_w) * m
            else:
                got[t] = (c + a_all + v) * m + bel_w
        got[o] = bel_l
    else:
        bonus = r.defence_capot_bonus and d.capot == o
        got[t] = bel_l
        if m == 1 or not by_score:
            c = r.capot_points if bonus else base
            got[o] = c + a_all + v * m + bel_w
        else:
            c = 250 if bonus and r.capot_points != 162 else base
            if r.belote_multiplied:
                got[o] = (c + a_all + v + bel_w) * m
            else:
                got[o] = (c + a_all + v) * m + bel_w
    got = {s: rnd(got[s], s) for s in (NS, EW)}
    got[t if outcome is MADE else o] += pot
    return DonneScore(got[NS] + d.awarded_ns, got[EW] + d.awarded_ew, outcome, new_pot)


@st.composite
def _rules(draw: Any) -> Rules:
    options: dict[str, Any] = {
        "game": draw(st.sampled_from(list(Game))),
        "counting": draw(st.sampled_from(list(Counting))),
        "multiply": draw(st.sampled_from(list(Multiply))),
        "surcoinche_factor": draw(st.sampled_from([4, 3])),
        "rounding": draw(st.booleans()),
        "sa_ta": True,
        "max_donnes": 10,
        "capot_points": draw(st.sampled_from([252, 250, 162])),
        "coinche_made": draw(st.sampled_from([None, *CoincheMade])),
        "chute_base": draw(st.sampled_from([None, 160, 162])),
        "losing_belote": draw(st.sampled_from(list(LosingBelote))),
        "capot_bid_score": draw(st.sampled_from([None, 250, 500])),
        "generale_score": draw(st.sampled_from([None, 500, 1000])),
    }
    for name in ("litige", "tie_to_takers", "belote_multiplied", "belote_in_contract",
                 "demandes_belote", "beat_defence", "capot_takes_annonces",
                 "defence_capot_bonus"):
        options[name] = draw(st.booleans())
    options["annonces"] = options["counting"] is not Counting.DEMANDES
    if options["game"] is Game.CLASSIQUE:
        options["counting"], options["beat_defence"], options["annonces"] = (
            Counting.FAITS, True, True)
    if options["counting"] is Counting.FAITS_SEULS:
        options["multiply"] = Multiply.SCORE
    rounded = options["rounding"]
    options["rounding_160"] = rounded and draw(st.booleans())
    options["rounding_decides"] = rounded and draw(st.booleans())
    return Rules(**options)


@st.composite
def _donnes(draw: Any, rules: Rules) -> Donne:
    taker = draw(st.sampled_from([NS, EW]))
    trump = draw(st.sampled_from([S, H, TA]))
    kind = draw(st.sampled_from(["value", "capot", "generale"]))
    more: dict[str, Any] = {}
    if rules.game is Game.COINCHE:
        more["coinche"] = draw(st.sampled_from(list(Coinche)))
        if kind == "value" or (kind == "generale" and rules.generale_score is None):
            more["contract"] = draw(st.sampled_from([80, 90, 100, 120, 160, 250]))
        elif kind == "capot":
            more["capot_bid"] = True
        else:
            more["generale_bid"] = True
    capot = draw(st.sampled_from([None, None, taker, taker.other]))
    points = 162 if capot == taker else 0 if capot is not None else draw(st.integers(0, 162))
    if more.get("generale_bid") and capot == taker:
        more["generale_made"] = draw(st.booleans())
    most = 4 if trump is TA else 1
    belote_ns = draw(st.integers(0, most))
    belote_ew = draw(st.integers(0, most - belote_ns))
    if rules.annonces:
        side = draw(st.sampled_from(["annonces_ns", "annonces_ew"]))
        more[side] = draw(st.sampled_from([0, 20, 50, 100, 150, 300]))
    return Donne(taker=taker, trump=trump, taker_points=points, capot=capot,
                 belote_ns=belote_ns, belote_ew=belote_ew,
                 awarded_ns=draw(st.sampled_from([0, 5])), **more)


@given(data=st.data())
def test_score_donne_matches_the_reference_read_from_the_spec(data: Any) -> None:
    rules = data.draw(_rules())
    donne = data.draw(_donnes(rules))
    pot = data.draw(st.sampled_from([0, 80]))
    assert score_donne(donne, rules, pot) == _reference(donne, rules, pot)


# --- A reference game written from "One game", on donnes scored by score_donne --------------

def _belote_points(side: Side, d: Donne, r: Rules, outcome: Outcome) -> int:
    """"the points it scored for belotes in this donne": its own and any it received,
    multiplied where they were; none for a belote that went away, was lost or not marked."""
    t = Side(d.taker)
    own = 20 * (d.belote_ns if side is NS else d.belote_ew)
    received = 20 * (d.belote_ew if side is NS else d.belote_ns)
    m = {Coinche.NONE: 1, CO: 2, SUR: r.surcoinche_factor}[Coinche(d.coinche)]
    if outcome is LITIGE:
        return 0 if side is t else own  # the takers' belote is in the pot
    if r.counting is Counting.DEMANDES:
        if not r.demandes_belote:
            return 0
        m = 1  # the winner adds its belote beside value × m
    elif not (r.multiply is Multiply.SCORE and r.belote_multiplied):
        m = 1
    flat = r.game is Game.COINCHE and (
        d.generale_bid or (d.capot_bid and r.capot_bid_score is not None))
    made_by = r.coinche_made or (
        CoincheMade.BASE if r.multiply is Multiply.SCORE else CoincheMade.POINTS)
    if (r.counting is not Counting.DEMANDES and outcome is MADE and not flat
            and (d.coinche == Coinche.NONE or made_by is CoincheMade.POINTS)):
        return own * m if side is t else own  # each side its own total
    winner = t if outcome is MADE else t.other
    if side is winner:
        return (own + (received if r.losing_belote is LosingBelote.WINNER else 0)) * m
    return own if r.losing_belote is LosingBelote.KEPT else 0


def _reference_game(donnes: list[Donne], r: Rules) -> tuple[GameScore, int]:
    """The game's score and the number of donnes it took (the rest would be refused)."""
    last = r.max_donnes
    totals = {NS: 0, EW: 0}
    crossed: dict[Side, int] = {}
    waiting: dict[Side, int] = {}
    pot, owner = 0, NS
    scores: list[DonneScore] = []
    for n, d in enumerate(donnes, start=1):
        sc = score_donne(d, r, pot)
        scores.append(sc)
        pot = sc.pot
        if sc.outcome is LITIGE:
            owner = Side(d.taker)
        totals[NS] += sc.ns
        totals[EW] += sc.ew
        for side in (NS, EW):
            if r.target is None or side in crossed:
                continue
            if side in waiting:
                if sc.outcome is not PASSED and d.capot != side.other:
                    crossed[side] = waiting.pop(side)
            elif totals[side] >= r.target:
                hit = d.taker is not None and (
                    (d.taker == side and sc.outcome is DOWN) or d.capot == side.other)
                if (r.belote_exception and hit
                        and totals[side] - _belote_points(side, d, r, sc.outcome) < r.target):
                    waiting[side] = n
                else:
                    crossed[side] = n
        if not crossed and (last is None or n < last):
            continue
        end, end_crossed = dict(totals), dict(crossed)
        if pot:
            end[owner] += pot
            if (r.target is not None and owner not in crossed and owner not in waiting
                    and end[owner] >= r.target):
                end_crossed[owner] = n
        winner: Side | None = None
        if len(end_crossed) == 1:
            winner = next(iter(end_crossed))
        elif len(end_crossed) == 2 and end_crossed[NS] != end_crossed[EW]:
            winner = NS if end_crossed[NS] < end_crossed[EW] else EW
        elif end[NS] != end[EW]:
            winner = NS if end[NS] > end[EW] else EW
        if winner is not None:
            return GameScore(tuple(scores), end[NS], end[EW], True, winner, n), n
    return GameScore(tuple(scores), totals[NS], totals[EW], False, None, len(scores)), len(
        donnes)


@given(data=st.data())
def test_score_game_matches_the_reference_read_from_the_spec(data: Any) -> None:
    rules = dataclasses.replace(
        data.draw(_rules()), target=data.draw(st.sampled_from([300, 1000])),
        max_donnes=data.draw(st.sampled_from([None, 3, 6])),
        belote_exception=data.draw(st.booleans()))
    played = st.one_of(_donnes(rules), st.builds(
        Donne, awarded_ns=st.sampled_from([0, 150, 290]),
        awarded_ew=st.sampled_from([0, 150, 290])))
    donnes = data.draw(st.lists(played, min_size=1, max_size=8))
    expected, took = _reference_game(donnes, rules)
    assert score_game(donnes[:took], rules) == expected
    if took < len(donnes):
        assert field_of(lambda: score_game(donnes[:took + 1], rules)) == "donnes"
