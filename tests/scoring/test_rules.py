"""A rule set: enum fields from their string values, each option's values, contradictions."""

import dataclasses

import pytest

from scoring import Counting, Game, Multiply, Rules, ScoringError


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
    ],
)
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_boolean_options_take_only_booleans(name, value):
    error = refused(**{name: value})
    assert error.field == name and "oui ou non" in str(error)


@pytest.mark.parametrize("value", [2, 5, 4.0, True, "4"])
def test_surcoinche_factor_is_4_or_3(value):
    assert refused(surcoinche_factor=value).field == "surcoinche_factor"


@pytest.mark.parametrize("value", [0, 251, 162, 252.0, True, "252", None])
def test_capot_points_are_252_or_250(value):
    error = refused(capot_points=value)
    assert error.field == "capot_points" and "252" in str(error)


@pytest.mark.parametrize("value", [252, 250])
def test_capot_points_accepts_252_and_250(value):
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
