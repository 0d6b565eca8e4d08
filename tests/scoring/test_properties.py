"""Properties of the scoring rules over every consistent rule set (hypothesis).

The strategies build valid rule sets and donnes directly (tests/scoring/strategies.py):
each property asks for the options it is about, so none of them filters its examples.
"""

import dataclasses
from enum import StrEnum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    PRESETS,
    Coinche,
    Counting,
    Game,
    Multiply,
    Outcome,
    Rules,
    ScoringError,
    Side,
    score_donne,
    score_game,
)

from .reference import reference_game
from .strategies import (
    booleans,
    donnes,
    games_near_a_belote_crossing,
    pots,
    rule_sets,
    rules_and_donne,
    rules_and_donnes,
)

COINCHED = st.sampled_from([Coinche.COINCHE, Coinche.SURCOINCHE])
GAME_TARGETS = st.integers(10, 150).map(lambda n: n * 10)
GAME_LIMITS = st.none() | st.integers(1, 30)


def _value(donne, rules):
    if rules.game is Game.CLASSIQUE:
        return 0
    return 250 if donne.capot_bid else donne.contract


def _factor(donne, rules):
    return {Coinche.NONE: 1, Coinche.COINCHE: 2, Coinche.SURCOINCHE: rules.surcoinche_factor}[
        Coinche(donne.coinche)
    ]


def _round(points):
    return (points + 5) // 10 * 10


def _takers_first(donne, score):
    """(takers' score, defence's score) of a taken donne."""
    if Side(donne.taker) is Side.NS:
        return score.ns, score.ew
    return score.ew, score.ns


def _run(function, *args, **kwargs):
    """The result of a call, or the field of the ScoringError it raised."""
    try:
        return function(*args, **kwargs)
    except ScoringError as error:
        return ("refused", error.field)


# One donne.
@given(rules_and_donne(awarded=True), pots)
def test_every_valid_donne_scores_non_negative_integers(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    assert all(type(x) is int and x >= 0 for x in (score.ns, score.ew, score.pot))
    assert (score.outcome is Outcome.PASSED) == (donne.taker is None)


@given(rules_and_donne(rules=rule_sets(rounding=True)), pots)
def test_with_rounding_on_every_score_is_a_multiple_of_ten(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    assert score.ns % 10 == 0 and score.ew % 10 == 0 and score.pot % 10 == 0


@given(
    rules_and_donne(
        rules=rule_sets(counting=Counting.FAITS, rounding=False),
        passed=False,
        coinche=Coinche.NONE,
        capot=False,
    )
)
def test_an_exact_donne_not_coinched_without_capot_is_shared_whole(case):
    # Made: both totals and the value; chute: 162, the value, annonces and belotes; a
    # litige: both totals, the takers' in the pot. The points are all handed out.
    rules, donne = case
    score = score_donne(donne, rules)
    belotes = 20 * (donne.belote_ns + donne.belote_ew)
    annonces = donne.annonces_ns + donne.annonces_ew
    value = 0 if score.outcome is Outcome.LITIGE else _value(donne, rules)
    assert score.ns + score.ew + score.pot == 162 + belotes + annonces + value


@given(
    rules_and_donne(passed=False, capot=False, capot_bid=False, points=st.integers(0, 161))
)
def test_more_taker_points_never_lower_the_takers_score(case):
    rules, donne = case
    better = dataclasses.replace(donne, taker_points=donne.taker_points + 1)

    def takers(d):
        score = score_donne(d, rules)
        # A litige's pot is the takers' own points, waiting: count it as theirs.
        return _takers_first(d, score)[0] + score.pot

    assert takers(better) >= takers(donne)


@given(rules_and_donne(awarded=True), pots)
def test_swapping_the_sides_swaps_the_scores(case, pot):
    rules, donne = case
    other = {Side.NS: Side.EW, Side.EW: Side.NS, None: None}
    mirrored = dataclasses.replace(
        donne,
        taker=other[donne.taker],
        capot=other[donne.capot],
        belote_ns=donne.belote_ew,
        belote_ew=donne.belote_ns,
        annonces_ns=donne.annonces_ew,
        annonces_ew=donne.annonces_ns,
        awarded_ns=donne.awarded_ew,
        awarded_ew=donne.awarded_ns,
    )
    score, swapped = score_donne(donne, rules, pot), score_donne(mirrored, rules, pot)
    assert (score.ns, score.ew, score.outcome, score.pot) == (
        swapped.ew, swapped.ns, swapped.outcome, swapped.pot,
    )


@given(rules_and_donne(rules=rule_sets(game=Game.COINCHE), passed=False, coinche=Coinche.NONE),
       COINCHED)
def test_a_coinche_never_helps_the_side_that_loses_the_donne(case, level):
    rules, donne = case
    plain = score_donne(donne, rules)
    coinched = score_donne(dataclasses.replace(donne, coinche=level), rules)
    plain_t, plain_d = _takers_first(donne, plain)
    coinched_t, coinched_d = _takers_first(donne, coinched)
    assert coinched.outcome is not Outcome.LITIGE  # a coinched tie is a chute
    if coinched.outcome is Outcome.MADE:
        assert coinched_d <= plain_d
    else:
        assert coinched_t <= plain_t + plain.pot


@given(
    rules_and_donne(
        rules=rule_sets(game=Game.COINCHE, counting=Counting.DEMANDES), passed=False,
        awarded=True,
    )
)
def test_counting_demandes_hands_out_the_contract_and_the_marked_belotes_only(case):
    rules, donne = case
    score = score_donne(donne, rules)
    belotes = 20 * (donne.belote_ns + donne.belote_ew) if rules.demandes_belote else 0
    awarded = donne.awarded_ns + donne.awarded_ew
    assert score.ns + score.ew == _value(donne, rules) * _factor(donne, rules) + belotes + awarded
    assert score.outcome in (Outcome.MADE, Outcome.DOWN) and score.pot == 0


# The new options of version 2.
@given(
    rules_and_donne(
        rules=rule_sets(
            game=Game.COINCHE, counting=Counting.FAITS, multiply=Multiply.SCORE,
            belote_multiplied=False,
        ),
        passed=False,
        coinche=COINCHED,
    )
)
def test_with_belote_multiplied_off_a_coinched_donne_scores_by_the_version_1_formula(case):
    # Version 1: the bracket (base, annonces, value) is multiplied, each belote added after.
    rules, donne = case
    score = score_donne(donne, rules)
    taker = Side(donne.taker)
    belote_t = 20 * (donne.belote_ns if taker is Side.NS else donne.belote_ew)
    belote_d = 20 * (donne.belote_ew if taker is Side.NS else donne.belote_ns)
    annonces = donne.annonces_ns + donne.annonces_ew
    base = 160 if rules.rounding else 162
    value, factor = _value(donne, rules), _factor(donne, rules)
    exact = (lambda x: x) if not rules.rounding else _round
    if score.outcome is Outcome.MADE:
        card_base = 250 if donne.capot == donne.taker else base
        expected = (exact((card_base + annonces + value) * factor + belote_t), exact(belote_d))
    else:
        expected = (exact(belote_t), exact((base + annonces + value) * factor + belote_d))
    assert score.outcome is not Outcome.LITIGE
    assert _takers_first(donne, score) == expected


@given(rules_and_donne(passed=False, awarded=True), pots)
def test_belote_multiplied_moves_only_the_winners_coinched_belote(case, pot):
    rules, donne = case
    on = score_donne(donne, dataclasses.replace(rules, belote_multiplied=True), pot)
    off = score_donne(donne, dataclasses.replace(rules, belote_multiplied=False), pot)
    assert (on.outcome, on.pot) == (off.outcome, off.pot)
    taker = Side(donne.taker)
    winner = taker if on.outcome is Outcome.MADE else taker.other
    extra = 0
    if (rules.counting is Counting.FAITS and rules.multiply is Multiply.SCORE
            and on.outcome is not Outcome.LITIGE):
        belotes = donne.belote_ns if winner is Side.NS else donne.belote_ew
        extra = 20 * belotes * (_factor(donne, rules) - 1)
    gained = {Side.NS: on.ns - off.ns, Side.EW: on.ew - off.ew}
    assert gained == {winner: extra, winner.other: 0}


@given(rules_and_donne(awarded=True), pots)
def test_points_attribues_add_exactly_their_value_and_change_no_outcome_nor_pot(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    bare = score_donne(dataclasses.replace(donne, awarded_ns=0, awarded_ew=0), rules, pot)
    assert (score.outcome, score.pot) == (bare.outcome, bare.pot)
    assert (score.ns - bare.ns, score.ew - bare.ew) == (donne.awarded_ns, donne.awarded_ew)


@given(rules_and_donne(passed=False, capot="takers", awarded=True), pots)
def test_a_capot_made_by_the_takers_is_never_a_chute_when_its_total_reaches_the_value(
    case, pot
):
    rules, donne = case
    taker = Side(donne.taker)
    belote_t = 20 * (donne.belote_ns if taker is Side.NS else donne.belote_ew)
    deciding = rules.capot_points + donne.annonces_ns + donne.annonces_ew
    if rules.belote_in_contract:
        deciding += belote_t
    score = score_donne(donne, rules, pot)
    reaches = donne.capot_bid or deciding >= _value(donne, rules)
    assert score.outcome is (Outcome.MADE if reaches else Outcome.DOWN)


@given(rules_and_donne(rules=rule_sets(belote_in_contract=False), passed=False))
def test_without_belote_in_contract_the_belotes_decide_nothing(case):
    rules, donne = case
    score = score_donne(donne, rules)
    bare = score_donne(dataclasses.replace(donne, belote_ns=0, belote_ew=0), rules)
    assert score.outcome is bare.outcome


@given(
    rules_and_donne(
        rules=rule_sets(game=Game.COINCHE, counting=Counting.FAITS, beat_defence=False),
        passed=False,
    )
)
def test_without_beat_defence_the_contract_alone_decides(case):
    rules, donne = case
    taker = Side(donne.taker)
    if donne.capot_bid:
        made = donne.capot == donne.taker
    else:
        belote_t = 20 * (donne.belote_ns if taker is Side.NS else donne.belote_ew)
        annonces_t = donne.annonces_ns if taker is Side.NS else donne.annonces_ew
        if donne.capot is None:
            card = donne.taker_points
        elif donne.capot == donne.taker:
            card = rules.capot_points
            annonces_t = donne.annonces_ns + donne.annonces_ew
        else:
            card = 0
        deciding = card + annonces_t + (belote_t if rules.belote_in_contract else 0)
        made = deciding >= donne.contract
    assert score_donne(donne, rules).outcome is (Outcome.MADE if made else Outcome.DOWN)


@given(rules_and_donne(awarded=True), pots, booleans)
def test_options_that_do_not_apply_have_no_effect(case, pot, flag):
    # multiply in classique; litige and tie_to_takers with beat_defence off (or counting
    # demandes); belote_multiplied with multiply contract or demandes; demandes_belote
    # with faits.
    rules, donne = case
    idle = {}
    if rules.game is Game.CLASSIQUE:
        idle["multiply"] = Multiply.CONTRACT if flag else Multiply.SCORE
        idle["surcoinche_factor"] = 3 if flag else 4
    if not rules.beat_defence or rules.counting is Counting.DEMANDES:
        idle["litige"] = flag
        idle["tie_to_takers"] = not flag
    if rules.multiply is Multiply.CONTRACT or rules.counting is Counting.DEMANDES:
        idle["belote_multiplied"] = flag
    if rules.counting is Counting.FAITS:
        idle["demandes_belote"] = flag
    else:
        idle["beat_defence"] = flag
    changed = dataclasses.replace(rules, **idle)
    assert score_donne(donne, changed, pot) == score_donne(donne, rules, pot)


@given(st.sampled_from(sorted(PRESETS)), st.data())
def test_presets_are_valid_rules_that_score_their_donnes(key, data):
    rules = PRESETS[key]
    assert Rules(**dataclasses.asdict(rules)) == rules
    donne = data.draw(donnes(rules, awarded=True))
    score = score_donne(donne, rules)
    assert min(score.ns, score.ew) >= 0


@given(rule_sets(target=st.none() | GAME_TARGETS, max_donnes=GAME_LIMITS))
def test_rules_built_from_consistent_options_are_accepted_from_members_or_strings(rules):
    options = dataclasses.asdict(rules)
    assert Rules(**options) == rules
    strings = {k: v.value if isinstance(v, StrEnum) else v for k, v in options.items()}
    assert Rules(**strings) == rules
    assert all(type(v) is not str for v in dataclasses.asdict(Rules(**strings)).values())


# One game.
@given(rules_and_donnes(rules=rule_sets(target=None, max_donnes=10_000), awarded=True))
def test_score_game_equals_threading_score_donne_with_the_pot(case):
    rules, donnes_ = case
    game = score_game(donnes_, rules)
    pot, threaded = 0, []
    for donne in donnes_:
        score = score_donne(donne, rules, pot)
        threaded.append(score)
        pot = score.pot
    assert list(game.donnes) == threaded
    assert game.ns == sum(s.ns for s in threaded) and game.ew == sum(s.ew for s in threaded)
    assert game.played == len(donnes_) and not game.finished


@given(
    rules_and_donnes(rules=rule_sets(target=GAME_TARGETS, max_donnes=GAME_LIMITS), size=30),
    st.none() | st.integers(1, 30),
)
def test_score_game_agrees_with_a_literal_reading_of_the_spec(case, stop_after):
    rules, donnes_ = case
    for end in range(len(donnes_) + 1):
        expected = _run(reference_game, donnes_[:end], rules, stop_after)
        assert _run(score_game, donnes_[:end], rules, stop_after=stop_after) == expected


@given(games_near_a_belote_crossing(), st.none() | st.integers(1, 30))
def test_score_game_agrees_with_the_reference_around_the_belote_exception(case, stop_after):
    rules, donnes_ = case
    for end in range(len(donnes_) + 1):
        expected = _run(reference_game, donnes_[:end], rules, stop_after)
        assert _run(score_game, donnes_[:end], rules, stop_after=stop_after) == expected


@given(
    rules_and_donnes(rules=rule_sets(target=GAME_TARGETS, max_donnes=GAME_LIMITS), size=30,
                     awarded=True),
    st.none() | st.integers(1, 30),
)
def test_score_game_agrees_with_the_reference_with_points_attribues(case, stop_after):
    rules, donnes_ = case
    expected = _run(reference_game, donnes_, rules, stop_after)
    assert _run(score_game, donnes_, rules, stop_after=stop_after) == expected


@given(
    rules_and_donnes(rules=rule_sets(target=GAME_TARGETS, max_donnes=GAME_LIMITS))
    | games_near_a_belote_crossing()
)
def test_a_game_ends_once_and_refuses_the_donnes_after(case):
    rules, donnes_ = case
    end = next(
        (k for k in range(1, len(donnes_) + 1) if score_game(donnes_[:k], rules).finished), None
    )
    if end is not None and end < len(donnes_):
        with pytest.raises(ScoringError) as error:
            score_game(donnes_, rules)
        assert error.value.field == "donnes"
        return
    game = score_game(donnes_, rules)
    assert game.finished == (end is not None)
    if not game.finished:
        assert game.winner is None
        return
    winner = game.ns if game.winner is Side.NS else game.ew
    loser = game.ew if game.winner is Side.NS else game.ns
    # The winner has more points, unless it crossed the target first.
    assert winner > loser or (rules.target is not None and winner >= rules.target)


@given(
    rules_and_donnes(rules=rule_sets(target=st.none() | GAME_TARGETS, max_donnes=GAME_LIMITS),
                     size=30),
    st.integers(1, 30),
)
def test_stop_after_is_max_donnes_for_this_game_and_plays_on_only_after_equal_totals(
    case, stop_after
):
    rules, donnes_ = case
    limit = stop_after if rules.max_donnes is None else min(stop_after, rules.max_donnes)
    as_max = dataclasses.replace(rules, max_donnes=limit)
    for end in range(len(donnes_) + 1):
        game = _run(score_game, donnes_[:end], rules, stop_after=stop_after)
        assert game == _run(score_game, donnes_[:end], as_max)
        if isinstance(game, tuple):
            assert game == ("refused", "donnes")  # a donne after the end
            break
        if end >= limit and not game.finished:
            # It went on past donne n: the totals, the waiting pot handed back, are equal.
            litiges = [d for d, s in zip(donnes_, game.donnes, strict=False)
                       if s.outcome is Outcome.LITIGE]
            pot = game.donnes[-1].pot
            owner = Side(litiges[-1].taker) if pot else None
            ns = game.ns + (pot if owner is Side.NS else 0)
            ew = game.ew + (pot if owner is Side.EW else 0)
            assert ns == ew
