"""The public API is exactly SCORING.md's: other parts and outside checks are built on it."""

import dataclasses
import inspect
import pathlib
from enum import StrEnum

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


def test_the_package_exports_exactly_the_documented_names():
    assert sorted(scoring.__all__) == sorted(
        [
            "Side", "Trump", "Coinche", "Outcome", "Game", "Counting", "Multiply", "Rules",
            "PRESETS", "Donne", "DonneScore", "GameScore", "ScoringError", "score_donne",
            "score_game", "CoincheMade", "LosingBelote",
        ]
    )
    assert len(scoring.__all__) == 17
    for name in scoring.__all__:
        assert hasattr(scoring, name), name


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
    assert {g.name: g.value for g in Game} == {"COINCHE": "coinche", "CLASSIQUE": "classique"}
    assert {c.name: c.value for c in Counting} == {
        "FAITS": "faits", "DEMANDES": "demandes", "FAITS_SEULS": "faits_seuls",
    }
    assert {m.name: m.value for m in Multiply} == {"SCORE": "score", "CONTRACT": "contract"}
    assert {c.name: c.value for c in CoincheMade} == {"BASE": "base", "POINTS": "points"}
    assert {b.name: b.value for b in LosingBelote} == {
        "KEPT": "kept", "WINNER": "winner", "LOST": "lost",
    }


def test_the_enums_are_str_enums_in_the_documented_order():
    enums = (Side, Trump, Coinche, Outcome, Game, Counting, Multiply, CoincheMade, LosingBelote)
    assert all(issubclass(enum, StrEnum) for enum in enums)
    assert list(Trump) == [
        Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.NO_TRUMP, Trump.ALL_TRUMP,
    ]
    assert [g.value for g in Game] == ["coinche", "classique"]
    assert [c.value for c in Counting] == ["faits", "demandes", "faits_seuls"]
    assert [m.value for m in Multiply] == ["score", "contract"]
    assert [c.value for c in CoincheMade] == ["base", "points"]
    assert [b.value for b in LosingBelote] == ["kept", "winner", "lost"]


def test_the_new_enums_live_in_scoring_enums():
    from scoring import enums

    assert (enums.Game, enums.Counting, enums.Multiply) == (Game, Counting, Multiply)
    assert (enums.CoincheMade, enums.LosingBelote) == (CoincheMade, LosingBelote)


def test_each_side_knows_the_other():
    assert Side.NS.other is Side.EW
    assert Side.EW.other is Side.NS


def _fields(cls) -> list[tuple[str, object]]:
    """Field names and defaults, in declaration order."""
    return [(f.name, f.default) for f in dataclasses.fields(cls)]


def test_rules_fields_order_and_defaults_are_the_documented_ones():
    assert _fields(Rules) == [
        ("game", Game.COINCHE),
        ("counting", Counting.FAITS),
        ("multiply", Multiply.SCORE),
        ("surcoinche_factor", 4),
        ("litige", True),
        ("tie_to_takers", False),
        ("rounding", True),
        ("sa_ta", False),
        ("annonces", True),
        ("target", 2000),
        ("max_donnes", None),
        ("belote_multiplied", True),
        ("belote_in_contract", True),
        ("demandes_belote", False),
        ("belote_exception", True),
        ("beat_defence", True),
        ("capot_points", 252),
        ("max_contract", 500),
        # version 3, appended
        ("coinche_made", None),
        ("chute_base", None),
        ("rounding_160", False),
        ("rounding_decides", False),
        ("losing_belote", LosingBelote.KEPT),
        ("capot_takes_annonces", True),
        ("defence_capot_bonus", False),
        ("capot_bid_score", None),
        ("generale_score", None),
    ]
    assert type(Rules().losing_belote) is LosingBelote
    assert type(Rules().game) is Game
    assert type(Rules().counting) is Counting
    assert type(Rules().multiply) is Multiply


def test_rules_annotations_name_the_enums():
    hints = inspect.get_annotations(Rules, eval_str=True)
    assert (hints["game"], hints["counting"], hints["multiply"]) == (Game, Counting, Multiply)
    assert hints["capot_points"] is int and hints["max_contract"] is int
    assert hints["belote_multiplied"] is bool and hints["beat_defence"] is bool
    assert hints["coinche_made"] == CoincheMade | None
    assert hints["losing_belote"] is LosingBelote
    assert hints["chute_base"] == int | None
    assert hints["capot_bid_score"] == int | None and hints["generale_score"] == int | None
    for name in ("rounding_160", "rounding_decides", "capot_takes_annonces",
                 "defence_capot_bonus"):
        assert hints[name] is bool, name


def test_donne_fields_order_and_defaults_are_the_documented_ones():
    assert _fields(Donne) == [
        ("taker", None),
        ("contract", None),
        ("capot_bid", False),
        ("trump", None),
        ("coinche", Coinche.NONE),
        ("taker_points", 0),
        ("capot", None),
        ("belote_ns", 0),
        ("belote_ew", 0),
        ("annonces_ns", 0),
        ("annonces_ew", 0),
        ("awarded_ns", 0),
        ("awarded_ew", 0),
        ("generale_bid", False),
        ("generale_made", False),
    ]


def test_result_fields_are_the_documented_ones():
    assert [f.name for f in dataclasses.fields(DonneScore)] == ["ns", "ew", "outcome", "pot"]
    assert [f.name for f in dataclasses.fields(GameScore)] == [
        "donnes", "ns", "ew", "finished", "winner", "played",
    ]


def test_values_are_frozen():
    for instance in (Rules(), Donne(), DonneScore(0, 0, Outcome.PASSED, 0)):
        assert dataclasses.is_dataclass(instance)
        assert type(instance).__dataclass_params__.frozen
    assert GameScore.__dataclass_params__.frozen


def test_scoring_error_is_a_value_error_naming_a_field():
    assert issubclass(ScoringError, ValueError)
    error = ScoringError("Contrat : trop haut.", "contract")
    assert (error.field, error.message, str(error)) == ("contract", "Contrat : trop haut.",
                                                       "Contrat : trop haut.")
    assert ScoringError("Règles contradictoires.").field is None


def test_the_functions_have_the_documented_signatures():
    donne_params = inspect.signature(score_donne).parameters
    assert list(donne_params) == ["donne", "rules", "pot"]
    assert donne_params["pot"].default == 0
    game_params = inspect.signature(score_game).parameters
    assert list(game_params) == ["donnes", "rules", "stop_after"]
    assert game_params["donnes"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert game_params["rules"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert game_params["stop_after"].kind is inspect.Parameter.KEYWORD_ONLY
    assert game_params["stop_after"].default is None


def test_stop_after_is_keyword_only():
    import pytest

    with pytest.raises(TypeError):
        score_game([], Rules(), 3)  # type: ignore[misc]


def test_the_eight_presets_are_there():
    assert list(PRESETS) == [
        "ffb-coinche", "ffb-classique", "contrat-seul", "contrat-multiplie",
        "classique-sans-annonces", "classique-capot-250", "coinche-concours",
        "classique-dedans",
    ]
    assert all(type(rules) is Rules for rules in PRESETS.values())


def test_scoring_imports_nothing_from_django():
    for path in pathlib.Path(scoring.__file__).parent.glob("*.py"):
        assert "django" not in path.read_text(), path.name


def test_scoring_says_it_is_typed():
    # PEP 561: without the marker, a project installing the package gets no types from it.
    assert (pathlib.Path(scoring.__file__).parent / "py.typed").is_file()
