"""Properties of version 3's options (hypothesis), over rule sets that draw every option.

`v3_rule_sets()` draws every version 3 option too; `rule_sets()` keeps them at their defaults,
where version 3 must score exactly as version 2 (frozen in tests/scoring/scoring_v2.py).
"""

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    Coinche,
    CoincheMade,
    Counting,
    Donne,
    Game,
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

from . import scoring_v2
from .reference import reference_game
from .strategies import (
    SUITS,
    annonce_sums,
    booleans,
    coinches,
    games_near_a_belote_crossing,
    pots,
    rules_and_donne,
    rules_and_donnes,
    sides,
    v3_rule_sets,
)

GAME_TARGETS = st.integers(10, 150).map(lambda n: n * 10)
GAME_LIMITS = st.none() | st.integers(1, 30)
V3 = v3_rule_sets()


def _takers_first(donne, score):
    """(takers' score, defence's score) of a taken donne."""
    if Side(donne.taker) is Side.NS:
        return score.ns, score.ew
    return score.ew, score.ns


def _run(function, *args, **kwargs):
    try:
        return function(*args, **kwargs)
    except ScoringError as error:
        return ("refused", error.field)


def _factor(donne, rules):
    return {Coinche.NONE: 1, Coinche.COINCHE: 2, Coinche.SURCOINCHE: rules.surcoinche_factor}[
        Coinche(donne.coinche)
    ]


# Version 3 at its defaults is version 2.
@given(rules_and_donne(awarded=True), pots)
def test_with_every_new_option_at_its_default_v3_scores_as_v2(case, pot):
    rules, donne = case
    ns, ew, outcome, new_pot, _, _ = scoring_v2.score(donne, rules, pot)
    assert dataclasses.astuple(score_donne(donne, rules, pot)) == (ns, ew, outcome, new_pot)


@given(
    rules_and_donne(rules=V3, awarded=True),
    pots,
)
def test_resetting_the_new_options_gives_the_v2_score(case, pot):
    rules, donne = case
    v2 = dataclasses.replace(
        rules,
        counting=Counting.FAITS if rules.counting is Counting.FAITS_SEULS else rules.counting,
        capot_points=252 if rules.capot_points == 162 else rules.capot_points,
        coinche_made=None, chute_base=None, rounding_160=False, rounding_decides=False,
        losing_belote=LosingBelote.KEPT, capot_takes_annonces=True, defence_capot_bonus=False,
        capot_bid_score=None, generale_score=None,
    )
    if donne.generale_bid:
        return  # no générale in version 2
    ns, ew, outcome, new_pot, _, _ = scoring_v2.score(donne, v2, pot)
    assert dataclasses.astuple(score_donne(donne, v2, pot)) == (ns, ew, outcome, new_pot)


# Every rule set, every donne.
@given(rules_and_donne(rules=V3, awarded=True), pots)
def test_every_valid_v3_donne_scores_non_negative_integers(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    assert all(type(x) is int and x >= 0 for x in (score.ns, score.ew, score.pot))


@given(rules_and_donne(rules=v3_rule_sets(rounding=True)), pots)
def test_with_rounding_every_v3_score_is_a_multiple_of_ten(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    assert score.ns % 10 == 0 and score.ew % 10 == 0 and score.pot % 10 == 0


@given(rules_and_donne(rules=V3, awarded=True), pots)
def test_swapping_the_sides_swaps_the_v3_scores(case, pot):
    rules, donne = case
    other = {Side.NS: Side.EW, Side.EW: Side.NS, None: None}
    mirrored = dataclasses.replace(
        donne, taker=other[donne.taker], capot=other[donne.capot],
        belote_ns=donne.belote_ew, belote_ew=donne.belote_ns,
        annonces_ns=donne.annonces_ew, annonces_ew=donne.annonces_ns,
        awarded_ns=donne.awarded_ew, awarded_ew=donne.awarded_ns,
    )
    score, swapped = score_donne(donne, rules, pot), score_donne(mirrored, rules, pot)
    assert (score.ns, score.ew, score.outcome, score.pot) == (
        swapped.ew, swapped.ns, swapped.outcome, swapped.pot,
    )


@given(rules_and_donne(rules=V3, awarded=True), pots)
def test_v3_points_attribues_add_exactly_their_value(case, pot):
    rules, donne = case
    bare = dataclasses.replace(donne, awarded_ns=0, awarded_ew=0)
    score, without = score_donne(donne, rules, pot), score_donne(bare, rules, pot)
    assert (score.outcome, score.pot) == (without.outcome, without.pot)
    assert score.ns - without.ns == donne.awarded_ns
    assert score.ew - without.ew == donne.awarded_ew


# Rounding.
@st.composite
def _plain_made_donnes(draw):
    """A rule set with rounding_160 and a donne made, not coinché, without belote, annonces
    nor capot: its takers hold at least 86 (90 once rounded, beating the defence's 80 at
    most, whether the exact or the rounded totals decide)."""
    rules = draw(v3_rule_sets(rounding=True, rounding_160=True,
                              counting=st.sampled_from([Counting.FAITS, Counting.FAITS_SEULS])))
    taker = draw(sides)
    trump = draw(st.sampled_from(SUITS))
    if rules.game is Game.CLASSIQUE:
        contract = None
        points = draw(st.integers(86, 162))
    else:
        contract = draw(st.integers(8, min(16, rules.max_contract // 10))) * 10
        points = draw(st.integers(max(86, contract), 162))
    return rules, Donne(taker=taker, contract=contract, trump=trump, taker_points=points)


@given(_plain_made_donnes())
def test_rounding_160_makes_a_plain_donnes_card_points_add_up_to_160(case):
    rules, donne = case
    score = score_donne(donne, rules)
    assert score.outcome is Outcome.MADE
    scored = 0 if rules.counting is Counting.FAITS_SEULS or donne.contract is None else (
        donne.contract)
    assert score.ns + score.ew == 160 + scored


@given(rules_and_donne(rules=v3_rule_sets(rounding=True, rounding_160=False,
                                          rounding_decides=False)), pots)
def test_rounding_160_only_moves_each_score_by_less_than_ten(case, pot):
    rules, donne = case
    half_up = score_donne(donne, rules, pot)
    r160 = score_donne(donne, dataclasses.replace(rules, rounding_160=True), pot)
    assert half_up.outcome is r160.outcome
    assert abs(half_up.ns - r160.ns) in (0, 10) and abs(half_up.ew - r160.ew) in (0, 10)


@given(rules_and_donne(rules=v3_rule_sets(rounding=True, rounding_decides=False)), pots)
def test_rounding_decides_changes_only_outcomes_within_five_points(case, pot):
    rules, donne = case
    exact = score_donne(donne, rules, pot)
    rounded = score_donne(donne, dataclasses.replace(rules, rounding_decides=True), pot)
    if exact.outcome is not rounded.outcome:
        # Only a donne close to its contract or to the defence can change.
        assert donne.taker is not None and not donne.capot_bid and not donne.generale_bid


# Flat bids.
@st.composite
def _flat_bids(draw):
    """A rule set playing flat bids, and one flat bid made with its failed twin: the same
    bid, annonces and coinche, the belotes swapped and any trick points that fail it."""
    rules = draw(v3_rule_sets(
        game=Game.COINCHE, counting=st.sampled_from([Counting.FAITS, Counting.FAITS_SEULS]),
        capot_bid_score=st.integers(25, 200).map(lambda n: n * 10),
        generale_score=st.none() | st.integers(25, 200).map(lambda n: n * 10)))
    generale = rules.generale_score is not None and draw(booleans)
    taker = draw(sides)
    trump = draw(st.sampled_from(list(Trump) if rules.sa_ta else SUITS))
    level = draw(coinches)
    if trump is Trump.NO_TRUMP:
        belotes = (0, 0)
    elif trump is Trump.ALL_TRUMP:
        first = draw(st.integers(0, 4))
        belotes = (first, draw(st.integers(0, 4 - first)))
    else:
        belotes = draw(st.sampled_from([(0, 0), (1, 0), (0, 1)]))
    annonces = draw(annonce_sums) if rules.annonces else 0
    on_takers = draw(booleans)
    annonce_fields = {"annonces_ns": 0, "annonces_ew": 0}
    annonce_fields["annonces_ns" if (taker is Side.NS) == on_takers else "annonces_ew"] = annonces
    bid = {"generale_bid": True} if generale else {"capot_bid": True}

    def belote_fields(takers_belotes, defence_belotes):
        if taker is Side.NS:
            return {"belote_ns": takers_belotes, "belote_ew": defence_belotes}
        return {"belote_ns": defence_belotes, "belote_ew": takers_belotes}

    made = Donne(taker=taker, trump=trump, coinche=level, taker_points=162, capot=taker,
                 generale_made=generale, **bid, **belote_fields(*belotes), **annonce_fields)
    failures = [("points", None)] + [("partner", taker)] * generale + [("defence", taker.other)]
    how, capot = draw(st.sampled_from(failures))
    points = {"points": draw(st.integers(0, 161)), "partner": 162, "defence": 0}[how]
    failed = Donne(taker=taker, trump=trump, coinche=level, taker_points=points, capot=capot,
                   **bid, **belote_fields(*reversed(belotes)), **annonce_fields)
    return rules, made, failed


@given(_flat_bids())
def test_a_flat_bid_scores_the_same_made_by_either_side(case):
    rules, made, failed = case
    won, lost = score_donne(made, rules), score_donne(failed, rules)
    assert (won.outcome, lost.outcome) == (Outcome.MADE, Outcome.DOWN)
    assert _takers_first(made, won) == tuple(reversed(_takers_first(failed, lost)))


@given(_flat_bids(), st.integers(0, 161))
def test_a_flat_bids_card_points_do_not_count(case, points):
    rules, _, failed = case
    if failed.capot is not None:
        return
    moved = dataclasses.replace(failed, taker_points=points)
    assert score_donne(moved, rules) == score_donne(failed, rules)


# The losing side's belote.
@given(rules_and_donne(rules=v3_rule_sets(losing_belote=LosingBelote.KEPT), passed=False),
       pots)
def test_losing_belote_moves_20_times_the_losers_belotes_and_nothing_else(case, pot):
    rules, donne = case
    kept = score_donne(donne, rules, pot)
    winner = score_donne(donne, dataclasses.replace(rules, losing_belote="winner"), pot)
    lost = score_donne(donne, dataclasses.replace(rules, losing_belote="lost"), pot)
    assert kept.outcome is winner.outcome is lost.outcome
    assert kept.pot == winner.pot == lost.pot
    if kept.outcome is Outcome.LITIGE:
        assert kept == winner == lost
        return
    taker = Side(donne.taker)
    won_by = taker if kept.outcome is Outcome.MADE else taker.other
    loser = won_by.other
    side_score = {Side.NS: lambda s: s.ns, Side.EW: lambda s: s.ew}
    belote = 20 * (donne.belote_ns if loser is Side.NS else donne.belote_ew)
    moved = side_score[loser](kept) - side_score[loser](lost)
    assert moved in (0, belote)
    assert side_score[loser](winner) == side_score[loser](lost)
    assert side_score[won_by](lost) == side_score[won_by](kept)
    gained = side_score[won_by](winner) - side_score[won_by](kept)
    assert gained in (moved, moved * _factor(donne, rules))


# Options that change one case only.
@given(rules_and_donne(rules=V3, awarded=True), pots)
def test_capot_takes_annonces_matters_only_on_a_takers_capot_with_defence_annonces(case, pot):
    rules, donne = case
    on = score_donne(donne, dataclasses.replace(rules, capot_takes_annonces=True), pot)
    off = score_donne(donne, dataclasses.replace(rules, capot_takes_annonces=False), pot)
    if on != off:
        taker = Side(donne.taker)
        assert donne.capot is not None and Side(donne.capot) is taker
        assert (donne.annonces_ew if taker is Side.NS else donne.annonces_ns) > 0


@given(rules_and_donne(rules=V3, awarded=True), pots)
def test_defence_capot_bonus_matters_only_on_a_chute_where_the_defence_won_every_trick(
    case, pot
):
    rules, donne = case
    on = score_donne(donne, dataclasses.replace(rules, defence_capot_bonus=True), pot)
    off = score_donne(donne, dataclasses.replace(rules, defence_capot_bonus=False), pot)
    if on != off:
        assert on.outcome is Outcome.DOWN
        assert Side(donne.capot) is Side(donne.taker).other
        assert _takers_first(donne, on)[1] > _takers_first(donne, off)[1]
        assert rules.counting is not Counting.DEMANDES


@given(rules_and_donne(rules=V3), pots)
def test_chute_base_none_is_160_with_rounding_and_162_without(case, pot):
    rules, donne = case
    none = dataclasses.replace(rules, chute_base=None)
    explicit = dataclasses.replace(rules, chute_base=160 if rules.rounding else 162)
    assert score_donne(donne, none, pot) == score_donne(donne, explicit, pot)


@given(rules_and_donne(rules=v3_rule_sets(game=Game.COINCHE)), pots)
def test_coinche_made_none_is_base_by_score_and_points_by_contract(case, pot):
    rules, donne = case
    none = dataclasses.replace(rules, coinche_made=None)
    resolved = CoincheMade.BASE if rules.multiply is Multiply.SCORE else CoincheMade.POINTS
    explicit = dataclasses.replace(rules, coinche_made=resolved)
    assert score_donne(donne, none, pot) == score_donne(donne, explicit, pot)


@given(rules_and_donne(rules=v3_rule_sets(game=Game.COINCHE, counting=Counting.FAITS,
                                          multiply=Multiply.SCORE), passed=False,
                       capot_bid=False, generale=False, coinche=Coinche.NONE), pots)
def test_faits_seuls_decides_as_faits_and_scores_the_contract_nowhere(case, pot):
    rules, donne = case
    faits = score_donne(donne, rules, pot)
    seuls = score_donne(donne, dataclasses.replace(rules, counting="faits_seuls"), pot)
    assert (faits.outcome, faits.pot) == (seuls.outcome, seuls.pot)
    faits_t, faits_d = _takers_first(donne, faits)
    seuls_t, seuls_d = _takers_first(donne, seuls)
    if faits.outcome is Outcome.MADE:
        assert (seuls_t, seuls_d) == (faits_t - donne.contract, faits_d)
    elif faits.outcome is Outcome.DOWN:
        assert (seuls_t, seuls_d) == (faits_t, faits_d - donne.contract)


@given(rules_and_donne(rules=V3, awarded=True), pots, booleans)
def test_v3_options_that_do_not_apply_have_no_effect(case, pot, flag):
    rules, donne = case
    idle = {}
    if rules.game is Game.CLASSIQUE or rules.counting is Counting.DEMANDES:
        idle["coinche_made"] = CoincheMade.BASE if flag else CoincheMade.POINTS
    if rules.game is Game.CLASSIQUE:
        idle["capot_bid_score"] = 500 if flag else None
        idle["generale_score"] = 1000 if flag else None
    if rules.counting is Counting.DEMANDES:
        idle["chute_base"] = 162 if flag else 160
        idle["defence_capot_bonus"] = flag
    if not rules.annonces:
        idle["capot_takes_annonces"] = flag
    changed = dataclasses.replace(rules, **idle)
    assert score_donne(donne, changed, pot) == score_donne(donne, rules, pot)


@given(V3)
def test_v3_rule_sets_rebuild_from_their_strings(rules):
    options = {k: getattr(v, "value", v) for k, v in dataclasses.asdict(rules).items()}
    assert Rules(**options) == rules


# One game, every option drawn.
@given(rules_and_donnes(rules=v3_rule_sets(target=None, max_donnes=10_000), awarded=True))
def test_v3_score_game_equals_threading_score_donne_with_the_pot(case):
    rules, donnes_ = case
    game = score_game(donnes_, rules)
    pot, threaded = 0, []
    for donne in donnes_:
        score = score_donne(donne, rules, pot)
        threaded.append(score)
        pot = score.pot
    assert list(game.donnes) == threaded


@given(
    rules_and_donnes(rules=v3_rule_sets(target=GAME_TARGETS, max_donnes=GAME_LIMITS),
                     size=30, awarded=True),
    st.none() | st.integers(1, 30),
)
def test_v3_score_game_agrees_with_a_literal_reading_of_the_spec(case, stop_after):
    rules, donnes_ = case
    for end in range(len(donnes_) + 1):
        expected = _run(reference_game, donnes_[:end], rules, stop_after)
        assert _run(score_game, donnes_[:end], rules, stop_after=stop_after) == expected


@given(games_near_a_belote_crossing(rules=v3_rule_sets(target=None, max_donnes=10_000)),
       st.none() | st.integers(1, 30))
def test_v3_score_game_agrees_with_the_reference_around_the_belote_exception(case, stop_after):
    rules, donnes_ = case
    for end in range(len(donnes_) + 1):
        expected = _run(reference_game, donnes_[:end], rules, stop_after)
        assert _run(score_game, donnes_[:end], rules, stop_after=stop_after) == expected
