"""The eight presets, exactly as SCORING.md v3 writes their field values out."""

import dataclasses

import pytest

from scoring import (
    PRESETS,
    Coinche,
    Counting,
    Game,
    LosingBelote,
    Multiply,
    Outcome,
    Rules,
    score_donne,
)

from .builders import NS, play, take

# Version 3's options, as version 2 scored: the six v2 presets keep them all.
V2_BEHAVIOUR = dict(
    coinche_made=None, chute_base=None, rounding_160=False, rounding_decides=False,
    losing_belote=LosingBelote.KEPT, capot_takes_annonces=True, defence_capot_bonus=False,
    capot_bid_score=None, generale_score=None,
)

# Every option of every preset, written out: a default changing must not move a preset.
EXPECTED = {
    "ffb-coinche": dict(
        game=Game.COINCHE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=True, sa_ta=False,
        annonces=True, target=2000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=True, capot_points=252, max_contract=500, **V2_BEHAVIOUR,
    ),
    "ffb-classique": dict(
        game=Game.CLASSIQUE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=False, sa_ta=False,
        annonces=True, target=1000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=True, capot_points=252, max_contract=500, **V2_BEHAVIOUR,
    ),
    "contrat-seul": dict(
        game=Game.COINCHE, counting=Counting.DEMANDES, multiply=Multiply.CONTRACT,
        surcoinche_factor=3, litige=False, tie_to_takers=False, rounding=False, sa_ta=False,
        annonces=False, target=1000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=False,
        beat_defence=True, capot_points=252, max_contract=160, **V2_BEHAVIOUR,  # v3: 160
    ),
    "contrat-multiplie": dict(
        game=Game.COINCHE, counting=Counting.FAITS, multiply=Multiply.CONTRACT,
        surcoinche_factor=4, litige=False, tie_to_takers=False, rounding=False, sa_ta=True,
        annonces=True, target=2000, max_donnes=None, belote_multiplied=False,  # v3: both off
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=False, capot_points=252, max_contract=500, **V2_BEHAVIOUR,
    ),
    "classique-sans-annonces": dict(
        game=Game.CLASSIQUE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=False, tie_to_takers=False, rounding=False, sa_ta=False,
        annonces=False, target=1000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=False, demandes_belote=False, belote_exception=False,
        beat_defence=True, capot_points=252, max_contract=500, **V2_BEHAVIOUR,
    ),
    "classique-capot-250": dict(
        game=Game.CLASSIQUE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=False, sa_ta=False,
        annonces=True, target=1000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=True, capot_points=250, max_contract=500, **V2_BEHAVIOUR,
    ),
    "coinche-concours": dict(
        game=Game.COINCHE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=True, sa_ta=False,
        annonces=False, target=2000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=True, capot_points=162, max_contract=500,
        coinche_made=None, chute_base=None, rounding_160=False, rounding_decides=False,
        losing_belote=LosingBelote.KEPT, capot_takes_annonces=True, defence_capot_bonus=False,
        capot_bid_score=500, generale_score=None,
    ),
    "classique-dedans": dict(
        game=Game.CLASSIQUE, counting=Counting.FAITS, multiply=Multiply.SCORE,
        surcoinche_factor=4, litige=False, tie_to_takers=False, rounding=False, sa_ta=False,
        annonces=True, target=1000, max_donnes=None, belote_multiplied=True,
        belote_in_contract=True, demandes_belote=False, belote_exception=True,
        beat_defence=True, capot_points=252, max_contract=500,
        coinche_made=None, chute_base=None, rounding_160=False, rounding_decides=False,
        losing_belote=LosingBelote.WINNER, capot_takes_annonces=False,
        defence_capot_bonus=True, capot_bid_score=None, generale_score=None,
    ),
}


def test_the_presets_are_the_eight_of_the_table():
    assert set(PRESETS) == set(EXPECTED)


@pytest.mark.parametrize("key", list(EXPECTED))
def test_each_preset_has_exactly_the_values_of_the_table(key):
    assert dataclasses.asdict(PRESETS[key]) == EXPECTED[key]
    assert list(dataclasses.asdict(PRESETS[key])) == [f.name for f in dataclasses.fields(Rules)]


@pytest.mark.parametrize("key", list(EXPECTED))
def test_each_preset_holds_enum_members(key):
    rules = PRESETS[key]
    assert (type(rules.game), type(rules.counting), type(rules.multiply)) == (
        Game, Counting, Multiply,
    )


def test_ffb_coinche_is_the_default_rule_set():
    assert PRESETS["ffb-coinche"] == Rules()


@pytest.mark.parametrize("key", list(EXPECTED))
def test_each_preset_rebuilds_from_its_options(key):
    assert Rules(**dataclasses.asdict(PRESETS[key])) == PRESETS[key]


def test_one_coinched_donne_under_each_coinche_preset():
    donne = take(NS, 100, 120, coinche=Coinche.COINCHE, belote_ns=1)
    coinche_presets = {key: rules for key, rules in PRESETS.items() if rules.game == "coinche"}
    scores = {key: score_donne(donne, rules) for key, rules in coinche_presets.items()}
    assert {key: (s.ns, s.ew) for key, s in scores.items()} == {
        "ffb-coinche": ((160 + 100 + 20) * 2, 0),  # the winner's belote is multiplied
        "contrat-seul": (200, 0),  # no belote marked
        "contrat-multiplie": (120 + 20 + 200, 42),  # exact, the belote outside
        "coinche-concours": ((160 + 100 + 20) * 2, 0),  # as FFB: no annonce nor capot here
    }
    assert all(s.outcome is Outcome.MADE for s in scores.values())


def test_one_classique_donne_under_each_classique_preset():
    donne = play(NS, 75, capot=None, belote_ns=1)  # 95 against 87 with the belote
    classique = {key: rules for key, rules in PRESETS.items() if rules.game == "classique"}
    scores = {key: score_donne(donne, rules) for key, rules in classique.items()}
    assert {key: (s.ns, s.ew, s.outcome) for key, s in scores.items()} == {
        "ffb-classique": (95, 87, Outcome.MADE),
        "classique-sans-annonces": (20, 162, Outcome.DOWN),  # 75 against 87: dedans
        "classique-capot-250": (95, 87, Outcome.MADE),
        "classique-dedans": (95, 87, Outcome.MADE),
    }
