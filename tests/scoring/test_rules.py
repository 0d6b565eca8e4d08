"""A rule set: enum fields from their string values, each option's values, contradictions."""

import dataclasses

import pytest

from scoring import CoincheMade, Counting, Game, LosingBelote, Multiply, Rules, ScoringError


def refused(**options) -> ScoringError:
    with pytest.raises(ScoringError) as error:
        Rules(**options)
    assert error.value.message == str(error.value)
    return error.value


# Enum fields: members, or their string values normalised to members.
def test_string_values_are_normalised_to_members():
    rules = Rules(game="classique", counting="faits", multiply="contract")
    assert rules.game is Game.CLASSIQUE
    assert rules.counting is Counting.FAITS
    assert rules.multiply is Multiply.CONTRACT
    assert rules == Rules(game=Game.CLASSIQUE, multiply=Multiply.CONTRACT)


def test_members_compare_equal_to_their_strings():
    rules = Rules(counting="demandes", annonces=False)
    assert rules.counting == "demandes" and rules.game == "coinche"
    assert str(rules.multiply) == "score"


def test_a_rule_set_from_strings_hashes_like_one_from_members():
    assert hash(Rules(game="classique")) == hash(Rules(game=Game.CLASSIQUE))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", "tarot"),
        ("game", "Coinche"),
        ("game", None),
        ("game", 1),
        ("counting", "points"),
        ("counting", Game.COINCHE),
        ("multiply", "all"),
        ("multiply", ["score"]),
        ("coinche_made", "none"),
        ("coinche_made", "Base"),
        ("coinche_made", 1),
        ("coinche_made", False),
        ("losing_belote", "prenable"),
        ("losing_belote", None),
        ("losing_belote", "none"),
    ],
)
def test_anything_but_a_member_or_its_value_is_refused_naming_the_field(field, value):
    error = refused(**{field: value})
    assert error.field == field


def test_enum_messages_are_french():
    assert str(refused(game="tarot")) == "Jeu inconnu : « coinche » ou « classique »."


# The values of each option.
@pytest.mark.parametrize(
    "name",
    [
        "litige", "tie_to_takers", "rounding", "sa_ta", "annonces", "belote_multiplied",
        "belote_in_contract", "demandes_belote", "belote_exception", "beat_defence",
        "rounding_160", "rounding_decides", "capot_takes_annonces", "defence_capot_bonus",
    ],
)
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_boolean_options_take_only_booleans(name, value):
    error = refused(**{name: value})
    assert error.field == name and "oui ou non" in str(error)


@pytest.mark.parametrize("value", [2, 5, 4.0, True, "4"])
def test_surcoinche_factor_is_4_or_3(value):
    assert refused(surcoinche_factor=value).field == "surcoinche_factor"


@pytest.mark.parametrize("value", [0, 251, 160, 252.0, 162.0, True, "252", "162", None])
def test_capot_points_are_252_250_or_162(value):
    error = refused(capot_points=value)
    assert error.field == "capot_points" and "252" in str(error)


@pytest.mark.parametrize("value", [252, 250, 162])
def test_capot_points_accepts_252_250_and_162(value):
    assert Rules(capot_points=value).capot_points == value


@pytest.mark.parametrize("value", [70, 0, -80, 510, 600, 85, 165, 160.0, True, "160", None])
def test_max_contract_is_a_multiple_of_10_from_80_to_500(value):
    error = refused(max_contract=value)
    assert error.field == "max_contract"
    assert str(error) == "Contrat maximal : un multiple de 10 entre 80 et 500."


@pytest.mark.parametrize("value", [80, 160, 250, 500])
def test_max_contract_accepts_its_range(value):
    assert Rules(max_contract=value).max_contract == value


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 0}, "target"),
        ({"target": -100}, "target"),
        ({"target": True}, "target"),
        ({"target": 1000.0}, "target"),
        ({"max_donnes": 0}, "max_donnes"),
        ({"max_donnes": 1.5}, "max_donnes"),
        ({"max_donnes": False}, "max_donnes"),
    ],
)
def test_target_and_max_donnes_are_positive_whole_numbers(options, field):
    assert refused(**options).field == field


# Contradictions.
def test_a_game_must_end():
    assert refused(target=None).field == "target"
    assert refused(target=None, max_donnes=None).field == "target"
    assert Rules(target=None, max_donnes=12).max_donnes == 12


def test_demandes_with_annonces_is_refused():
    error = refused(counting="demandes")  # annonces on by default
    assert error.field == "annonces" and "annonces" in str(error)
    assert Rules(counting="demandes", annonces=False).counting is Counting.DEMANDES


def test_demandes_in_classique_is_refused():
    assert refused(game="classique", counting="demandes", annonces=False).field == "counting"


def test_classique_without_beat_defence_is_refused():
    error = refused(game="classique", beat_defence=False)
    assert error.field == "beat_defence" and "classique" in str(error)


def test_options_that_do_not_apply_are_accepted_and_kept():
    # multiply in classique, litige without beat_defence, belote_multiplied with multiply
    # contract, demandes_belote with faits, beat_defence off with demandes: no effect.
    Rules(game="classique", multiply="contract", surcoinche_factor=3, belote_multiplied=False)
    Rules(beat_defence=False, litige=True, tie_to_takers=True)
    Rules(multiply="contract", belote_multiplied=True, demandes_belote=True)
    rules = Rules(counting="demandes", annonces=False, beat_defence=False)
    assert not rules.beat_defence


def test_replace_revalidates_a_rule_set():
    with pytest.raises(ScoringError):
        dataclasses.replace(Rules(), game="classique", beat_defence=False)
    assert dataclasses.replace(Rules(), game="classique").game is Game.CLASSIQUE


# Version 3's options.
def test_v3_enum_fields_take_members_or_their_values():
    rules = Rules(coinche_made="points", losing_belote="winner")
    assert rules.coinche_made is CoincheMade.POINTS
    assert rules.losing_belote is LosingBelote.WINNER
    assert Rules(coinche_made=CoincheMade.BASE).coinche_made is CoincheMade.BASE
    assert Rules(coinche_made=None).coinche_made is None
    assert rules == Rules(coinche_made=CoincheMade.POINTS, losing_belote=LosingBelote.WINNER)


@pytest.mark.parametrize("value", [None, 160, 162])
def test_chute_base_is_none_160_or_162(value):
    assert Rules(chute_base=value).chute_base == value


@pytest.mark.parametrize("value", ["none", 0, 150, 161, 252, 160.0, True, "160"])
def test_any_other_chute_base_is_refused(value):
    error = refused(chute_base=value)
    assert error.field == "chute_base" and "160" in str(error)


@pytest.mark.parametrize("name", ["capot_bid_score", "generale_score"])
@pytest.mark.parametrize("value", [None, 250, 500, 660, 1000, 2000])
def test_flat_scores_are_none_or_a_multiple_of_10_from_250_to_2000(name, value):
    assert getattr(Rules(**{name: value}), name) == value


@pytest.mark.parametrize("name", ["capot_bid_score", "generale_score"])
@pytest.mark.parametrize("value", [0, 240, 255, 2010, 3000, -500, 500.0, True, "500", "none"])
def test_any_other_flat_score_is_refused(name, value):
    error = refused(**{name: value})
    assert error.field == name and "250" in str(error) and "2000" in str(error)


def test_faits_seuls_in_classique_names_counting():
    assert refused(game="classique", counting="faits_seuls").field == "counting"
    # multiply = contract has no effect in classique: still the counting's fault.
    error = refused(game="classique", counting="faits_seuls", multiply="contract")
    assert error.field == "counting"


def test_faits_seuls_with_multiply_contract_names_multiply():
    error = refused(counting="faits_seuls", multiply="contract")
    assert error.field == "multiply" and "contrat" in str(error)
    assert Rules(counting="faits_seuls").counting is Counting.FAITS_SEULS


def test_faits_seuls_keeps_the_annonces():
    assert Rules(counting="faits_seuls", annonces=True).annonces


def test_the_rounding_variants_need_rounding():
    assert refused(rounding=False, rounding_160=True).field == "rounding_160"
    assert refused(rounding=False, rounding_decides=True).field == "rounding_decides"
    # Both: rounding_160 is named.
    assert refused(rounding=False, rounding_160=True, rounding_decides=True).field == (
        "rounding_160"
    )
    assert Rules(rounding_160=True, rounding_decides=True).rounding_decides


def test_v3_options_that_do_not_apply_are_accepted():
    # coinche_made, capot_bid_score and generale_score in classique; chute_base and
    # defence_capot_bonus counting demandes; capot_takes_annonces without annonces; a
    # générale worth less than a capot bid.
    Rules(game="classique", coinche_made="base", capot_bid_score=500, generale_score=1000)
    Rules(counting="demandes", annonces=False, chute_base=162, defence_capot_bonus=True,
          coinche_made="points", losing_belote="lost")
    Rules(annonces=False, capot_takes_annonces=False)
    Rules(capot_bid_score=1000, generale_score=250)
