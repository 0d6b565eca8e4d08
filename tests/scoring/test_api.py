"""The public API is exactly SCORING.md's: other parts and outside checks are built on it."""

import dataclasses
import inspect

import scoring
from scoring import (
    PRESETS,
    Coinche,
    Donne,
    DonneScore,
    GameScore,
    Outcome,
    Rules,
    ScoringError,
    Side,
    Trump,
    score_donne,
    score_game,
)


def test_the_package_exports_exactly_the_documented_names():
    assert sorted(scoring.__all__) == sorted(
        [
            "Side", "Trump", "Coinche", "Outcome", "Rules", "PRESETS", "Donne", "DonneScore",
            "GameScore", "ScoringError", "score_donne", "score_game",
        ]
    )


def test_enum_values_are_the_documented_strings():
    assert {s.name: s.value for s in Side} == {"NS": "NS", "EW": "EW"}
    assert {t.name: t.value for t in Trump} == {
        "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C",
        "NO_TRUMP": "SA", "ALL_TRUMP": "TA",
    }
    assert {c.name: c.value for c in Coinche} == {
        "NONE": "none", "COINCHE": "coinche", "SURCOINCHE": "surcoinche",
    }
    assert {o.name: o.value for o in Outcome} == {
        "MADE": "made", "DOWN": "down", "LITIGE": "litige", "PASSED": "passed",
    }


def test_each_side_knows_the_other():
    assert Side.NS.other is Side.EW
    assert Side.EW.other is Side.NS


def _defaults(cls) -> dict:
    return {f.name: f.default for f in dataclasses.fields(cls)}


def test_rules_fields_and_defaults_are_the_documented_ones():
    assert _defaults(Rules) == {
        "game": "coinche", "counting": "faits", "multiply": "score", "surcoinche_factor": 4,
        "litige": True, "tie_to_takers": False, "rounding": True, "sa_ta": False,
        "annonces": True, "target": 2000, "max_donnes": None,
    }


def test_donne_fields_and_defaults_are_the_documented_ones():
    assert _defaults(Donne) == {
        "taker": None, "contract": None, "capot_bid": False, "trump": None,
        "coinche": Coinche.NONE, "taker_points": 0, "capot": None, "belote_ns": 0,
        "belote_ew": 0, "annonces_ns": 0, "annonces_ew": 0,
    }


def test_result_fields_are_the_documented_ones():
    assert [f.name for f in dataclasses.fields(DonneScore)] == ["ns", "ew", "outcome", "pot"]
    assert [f.name for f in dataclasses.fields(GameScore)] == [
        "donnes", "ns", "ew", "finished", "winner", "played",
    ]


def test_values_are_frozen():
    for instance in (Rules(), Donne(), DonneScore(0, 0, Outcome.PASSED, 0)):
        assert dataclasses.is_dataclass(instance)
        assert type(instance).__dataclass_params__.frozen


def test_scoring_error_is_a_value_error():
    assert issubclass(ScoringError, ValueError)


def test_the_functions_have_the_documented_signatures():
    assert list(inspect.signature(score_donne).parameters) == ["donne", "rules", "pot"]
    assert inspect.signature(score_donne).parameters["pot"].default == 0
    assert list(inspect.signature(score_game).parameters) == ["donnes", "rules"]


def test_the_four_presets_are_there():
    assert set(PRESETS) == {"ffb-coinche", "ffb-classique", "contrat-seul", "contrat-multiplie"}
    assert all(isinstance(rules, Rules) for rules in PRESETS.values())


def test_scoring_imports_nothing_from_django():
    import pathlib

    for path in pathlib.Path(scoring.__file__).parent.glob("*.py"):
        assert "django" not in path.read_text(), path.name
