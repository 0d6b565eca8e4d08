"""Hypothesis strategies for consistent rule sets and the valid donnes they allow."""

from hypothesis import strategies as st

from scoring import Coinche, Donne, Rules, Side, Trump

SUITS = [Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS]
sides = st.sampled_from([Side.NS, Side.EW])
FFB_TARGET = st.just(2000)
NO_LIMIT = st.none()
annonce_sums = st.one_of(st.just(0), st.just(20), st.integers(4, 40).map(lambda n: n * 10))


@st.composite
def rule_sets(draw, target=FFB_TARGET, max_donnes=NO_LIMIT) -> Rules:
    game = draw(st.sampled_from(["coinche", "classique"]))
    counting = "faits" if game == "classique" else draw(st.sampled_from(["faits", "demandes"]))
    target_value, max_value = draw(target), draw(max_donnes)
    if target_value is None and max_value is None:
        max_value = 12
    return Rules(
        game=game,
        counting=counting,
        multiply=draw(st.sampled_from(["score", "contract"])),
        surcoinche_factor=draw(st.sampled_from([4, 3])),
        litige=draw(st.booleans()),
        tie_to_takers=draw(st.booleans()),
        rounding=draw(st.booleans()),
        sa_ta=draw(st.booleans()),
        annonces=False if counting == "demandes" else draw(st.booleans()),
        target=target_value,
        max_donnes=max_value,
    )


@st.composite
def donnes(draw, rules: Rules, passed: bool = True, capot: bool = True) -> Donne:
    if passed and draw(st.integers(0, 11)) == 0:
        return Donne()
    taker = draw(sides)
    trump = draw(st.sampled_from(list(Trump) if rules.sa_ta else SUITS))
    if rules.game == "classique":
        contract, capot_bid, coinche = None, False, Coinche.NONE
    else:
        capot_bid = draw(st.integers(0, 9)) == 0
        contract = None if capot_bid else draw(st.integers(8, 50)) * 10
        coinche = draw(st.sampled_from(list(Coinche)))
    capot_side = draw(st.sampled_from([None] * 6 + [taker, taker.other])) if capot else None
    if capot_side is taker:
        points = 162
    elif capot_side is not None:
        points = 0
    else:
        points = draw(st.integers(0, 162))
    if trump is Trump.NO_TRUMP:
        belote_ns = belote_ew = 0
    elif trump is Trump.ALL_TRUMP:
        belote_ns = draw(st.integers(0, 4))
        belote_ew = draw(st.integers(0, 4 - belote_ns))
    else:
        belote_ns, belote_ew = draw(st.sampled_from([(0, 0), (1, 0), (0, 1)]))
    annonces = draw(annonce_sums) if rules.annonces else 0
    annonce_side = draw(sides)
    return Donne(
        taker=taker,
        contract=contract,
        capot_bid=capot_bid,
        trump=trump,
        coinche=coinche,
        taker_points=points,
        capot=capot_side,
        belote_ns=belote_ns,
        belote_ew=belote_ew,
        annonces_ns=annonces if annonce_side is Side.NS else 0,
        annonces_ew=annonces if annonce_side is Side.EW else 0,
    )


@st.composite
def rules_and_donne(draw, **options):
    rules = draw(rule_sets())
    return rules, draw(donnes(rules, **options))


@st.composite
def rules_and_donnes(draw, target=FFB_TARGET, max_donnes=NO_LIMIT, size=24):
    rules = draw(rule_sets(target=target, max_donnes=max_donnes))
    return rules, draw(st.lists(donnes(rules), max_size=size))
