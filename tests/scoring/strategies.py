"""Hypothesis strategies for consistent rule sets and the valid donnes they allow.

Everything is valid by construction, so the properties never filter: each option of
`rule_sets` and `donnes` takes either a plain value (fixed) or a strategy (drawn), and the
options a rule set or a donne makes impossible are not drawn at all.
"""

from dataclasses import replace

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
    Side,
    Trump,
    score_donne,
)

SUITS = [Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS]
sides = st.sampled_from([Side.NS, Side.EW])
# 0, 20, and every multiple of ten from 40 to 550: the sums of annonces one side can show.
annonce_sums = st.one_of(st.just(0), st.just(20), st.integers(4, 55).map(lambda n: n * 10))
awarded_points = st.one_of(st.just(0), st.integers(0, 1000))
pots = st.integers(0, 30).map(lambda n: n * 10)
booleans = st.booleans()
games = st.sampled_from(list(Game))
# Version 2's values: `rule_sets()` keeps every version 3 option at its default unless asked.
countings = st.sampled_from([Counting.FAITS, Counting.DEMANDES])
multiplies = st.sampled_from(list(Multiply))
surcoinche_factors = st.sampled_from([4, 3])
capot_points = st.sampled_from([252, 250])
# Version 3's values.
v3_countings = st.sampled_from(list(Counting))
v3_capot_points = st.sampled_from([252, 250, 162])
coinche_mades = st.sampled_from([None, *CoincheMade])
chute_bases = st.sampled_from([None, 160, 162])
losing_belotes = st.sampled_from(list(LosingBelote))
flat_scores = st.none() | st.integers(25, 200).map(lambda n: n * 10)
max_contracts = st.integers(8, 50).map(lambda n: n * 10)
coinches = st.sampled_from(list(Coinche))
taker_points = st.integers(0, 162)


def _pick(draw, option):
    """A fixed value, or a value drawn from a strategy."""
    return draw(option) if isinstance(option, st.SearchStrategy) else option


@st.composite
def rule_sets(
    draw,
    *,
    game=games,
    counting=countings,
    multiply=multiplies,
    surcoinche_factor=surcoinche_factors,
    litige=booleans,
    tie_to_takers=booleans,
    rounding=booleans,
    sa_ta=booleans,
    annonces=booleans,
    target=2000,
    max_donnes=None,
    belote_multiplied=booleans,
    belote_in_contract=booleans,
    demandes_belote=booleans,
    belote_exception=booleans,
    beat_defence=booleans,
    capot_points=capot_points,
    max_contract=max_contracts,
    coinche_made=None,
    chute_base=None,
    rounding_160=False,
    rounding_decides=False,
    losing_belote=LosingBelote.KEPT,
    capot_takes_annonces=True,
    defence_capot_bonus=False,
    capot_bid_score=None,
    generale_score=None,
) -> Rules:
    """A consistent rule set: classique counts faits and beats the defence, demandes has
    no annonces, faits_seuls multiplies the score, the rounding variants need rounding, and
    a game without a target stops after 12 donnes.

    The version 3 options keep their defaults (version 2's scoring) unless given:
    `v3_rule_sets()` draws them all."""
    game = _pick(draw, game)
    classique = game is Game.CLASSIQUE
    counting = Counting.FAITS if classique else _pick(draw, counting)
    target, max_donnes = _pick(draw, target), _pick(draw, max_donnes)
    if target is None and max_donnes is None:
        max_donnes = 12
    multiply = _pick(draw, multiply)
    if counting is Counting.FAITS_SEULS:
        multiply = Multiply.SCORE
    rounding = _pick(draw, rounding)
    return Rules(
        game=game,
        counting=counting,
        multiply=multiply,
        surcoinche_factor=_pick(draw, surcoinche_factor),
        litige=_pick(draw, litige),
        tie_to_takers=_pick(draw, tie_to_takers),
        rounding=rounding,
        sa_ta=_pick(draw, sa_ta),
        annonces=False if counting is Counting.DEMANDES else _pick(draw, annonces),
        target=target,
        max_donnes=max_donnes,
        belote_multiplied=_pick(draw, belote_multiplied),
        belote_in_contract=_pick(draw, belote_in_contract),
        demandes_belote=_pick(draw, demandes_belote),
        belote_exception=_pick(draw, belote_exception),
        beat_defence=True if classique else _pick(draw, beat_defence),
        capot_points=_pick(draw, capot_points),
        max_contract=_pick(draw, max_contract),
        coinche_made=_pick(draw, coinche_made),
        chute_base=_pick(draw, chute_base),
        rounding_160=rounding and _pick(draw, rounding_160),
        rounding_decides=rounding and _pick(draw, rounding_decides),
        losing_belote=_pick(draw, losing_belote),
        capot_takes_annonces=_pick(draw, capot_takes_annonces),
        defence_capot_bonus=_pick(draw, defence_capot_bonus),
        capot_bid_score=_pick(draw, capot_bid_score),
        generale_score=_pick(draw, generale_score),
    )


V3_OPTIONS = {
    "counting": v3_countings,
    "capot_points": v3_capot_points,
    "coinche_made": coinche_mades,
    "chute_base": chute_bases,
    "rounding_160": booleans,
    "rounding_decides": booleans,
    "losing_belote": losing_belotes,
    "capot_takes_annonces": booleans,
    "defence_capot_bonus": booleans,
    "capot_bid_score": flat_scores,
    "generale_score": flat_scores,
}


def v3_rule_sets(**options) -> st.SearchStrategy[Rules]:
    """`rule_sets` with every version 3 option drawn too (each overridable)."""
    return rule_sets(**{**V3_OPTIONS, **options})


@st.composite
def donnes(
    draw,
    rules: Rules,
    *,
    passed=True,
    coinche=coinches,
    capot=True,
    capot_bid=None,
    generale=None,
    points=taker_points,
    awarded=False,
) -> Donne:
    """A valid donne under `rules`.

    passed: True (one donne in twelve is all passed), False (never) or "only".
    coinche: the coinche level (coinche game only), fixed or drawn.
    capot: True (sometimes one side made capot), False (never), "takers" or "defence".
    capot_bid: None (one bid in ten), True or False (coinche game only).
    generale: None (one bid in ten where the rules play it), True or False.
    points: the takers' points faits when no side made capot, fixed or drawn.
    awarded: whether points attribués may be given.
    """
    awarded_ns = draw(awarded_points) if awarded else 0
    awarded_ew = draw(awarded_points) if awarded else 0
    if passed == "only" or (passed and draw(st.integers(0, 11)) == 0):
        return Donne(awarded_ns=awarded_ns, awarded_ew=awarded_ew)
    taker = draw(sides)
    trump = draw(st.sampled_from(list(Trump) if rules.sa_ta else SUITS))
    generale_bid = False
    if rules.game is Game.CLASSIQUE:
        contract, bid, level = None, False, Coinche.NONE
    else:
        if rules.generale_score is not None:
            generale_bid = draw(st.integers(0, 9)) == 0 if generale is None else generale
        bid = not generale_bid and (
            draw(st.integers(0, 9)) == 0 if capot_bid is None else capot_bid
        )
        top = rules.max_contract // 10
        contract = None if bid or generale_bid else draw(st.integers(8, top)) * 10
        level = _pick(draw, coinche)
    if capot == "takers":
        capot_side = taker
    elif capot == "defence":
        capot_side = taker.other
    elif capot:
        capot_side = draw(st.sampled_from([None] * 6 + [taker, taker.other]))
    else:
        capot_side = None
    if capot_side is taker:
        taker_points = 162
    elif capot_side is not None:
        taker_points = 0
    else:
        taker_points = _pick(draw, points)
    if trump is Trump.NO_TRUMP:
        belote_ns = belote_ew = 0
    elif trump is Trump.ALL_TRUMP:
        belote_ns = draw(st.integers(0, 4))
        belote_ew = draw(st.integers(0, 4 - belote_ns))
    else:
        belote_ns, belote_ew = draw(st.sampled_from([(0, 0), (1, 0), (0, 1)]))
    annonces = draw(annonce_sums) if rules.annonces else 0
    annonce_side = draw(sides)
    # The bidder alone won every trick: only when his side made capot.
    generale_made = generale_bid and capot_side is taker and draw(booleans)
    return Donne(
        taker=taker,
        contract=contract,
        capot_bid=bid,
        trump=trump,
        coinche=level,
        taker_points=taker_points,
        capot=capot_side,
        belote_ns=belote_ns,
        belote_ew=belote_ew,
        annonces_ns=annonces if annonce_side is Side.NS else 0,
        annonces_ew=annonces if annonce_side is Side.EW else 0,
        awarded_ns=awarded_ns,
        awarded_ew=awarded_ew,
        generale_bid=generale_bid,
        generale_made=generale_made,
    )


@st.composite
def rules_and_donne(draw, rules=None, **donne_options):
    """A rule set (drawn from `rule_sets()` unless given) and one valid donne under it."""
    rules = draw(rule_sets() if rules is None else rules)
    return rules, draw(donnes(rules, **donne_options))


@st.composite
def rules_and_donnes(draw, rules=None, size=24, **donne_options):
    """A rule set (drawn from `rule_sets()` unless given) and up to `size` valid donnes."""
    rules = draw(rule_sets() if rules is None else rules)
    return rules, draw(st.lists(donnes(rules, **donne_options), max_size=size))


@st.composite
def games_near_a_belote_crossing(draw, size=30, rules=None, **donne_options):
    """A rule set and donnes whose target a side reaches thanks to its belote, in a donne
    where it was chuted as takers or made capot: the FFB 10.3 exception at work.

    The target is set from the donnes (a side's running total after such a donne, less
    0 to 19 points), so the case is built rather than waited for; when no donne fits, the
    target is any. `rules`: a strategy of rule sets without a target (rule_sets' by default).
    """
    rules = draw(rule_sets(target=None, max_donnes=10_000) if rules is None else rules)
    played = draw(st.lists(donnes(rules, **donne_options), max_size=size))
    totals, pot, candidates = {Side.NS: 0, Side.EW: 0}, 0, []
    for donne in played:
        score = score_donne(donne, rules, pot)
        pot = score.pot
        totals[Side.NS] += score.ns
        totals[Side.EW] += score.ew
        if donne.taker is None:
            continue
        for side in Side:
            # Its own belotes, or (belote prenable) the other side's that it may receive.
            belotes = donne.belote_ns + donne.belote_ew
            chuted = donne.taker is side and score.outcome is Outcome.DOWN
            if belotes and (chuted or donne.capot is side.other) and totals[side] >= 20:
                candidates.append(totals[side])
    if candidates:
        target = draw(st.sampled_from(candidates)) - draw(st.integers(0, 19))
    else:
        target = draw(st.integers(10, 150)) * 10
    max_donnes = draw(st.none() | st.integers(1, size))
    return replace(rules, target=target, max_donnes=max_donnes), played
