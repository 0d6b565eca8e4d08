"""Small builders for donnes, so that a test reads like the table it describes."""

from scoring import PRESETS, Coinche, Donne, DonneScore, GameScore, Rules, Side, Trump, score_game

NS, EW = Side.NS, Side.EW
FFB = Rules()
EXACT = Rules(rounding=False)
CLASSIQUE = PRESETS["ffb-classique"]
CONTRAT_SEUL = PRESETS["contrat-seul"]
CONTRAT_MULTIPLIE = PRESETS["contrat-multiplie"]
SANS_ANNONCES = PRESETS["classique-sans-annonces"]
CAPOT_250 = PRESETS["classique-capot-250"]


def take(
    taker: Side,
    contract: int | None,
    points: int,
    trump: Trump = Trump.HEARTS,
    coinche: Coinche = Coinche.NONE,
    **figures,
) -> Donne:
    """A taken donne: `taker` bid `contract` (None: a capot bid) and made `points`."""
    return Donne(
        taker=taker,
        contract=contract,
        capot_bid=contract is None,
        trump=trump,
        coinche=coinche,
        taker_points=points,
        **figures,
    )


def play(taker: Side, points: int, trump: Trump = Trump.HEARTS, **figures) -> Donne:
    """A taken donne of classique: no contract value, no coinche."""
    return Donne(taker=taker, trump=trump, taker_points=points, **figures)


PASSED = Donne()


def mirror(donne: Donne) -> Donne:
    """The same donne with NS and EW swapped."""
    other = {NS: EW, EW: NS, None: None}
    return Donne(
        taker=other[Side(donne.taker) if donne.taker is not None else None],
        contract=donne.contract,
        capot_bid=donne.capot_bid,
        trump=donne.trump,
        coinche=donne.coinche,
        taker_points=donne.taker_points,
        capot=other[Side(donne.capot) if donne.capot is not None else None],
        belote_ns=donne.belote_ew,
        belote_ew=donne.belote_ns,
        annonces_ns=donne.annonces_ew,
        annonces_ew=donne.annonces_ns,
        awarded_ns=donne.awarded_ew,
        awarded_ew=donne.awarded_ns,
        generale_bid=donne.generale_bid,
        generale_made=donne.generale_made,
    )


def mirror_game(game: GameScore) -> GameScore:
    """The same game result with NS and EW swapped."""
    return GameScore(
        donnes=tuple(DonneScore(s.ew, s.ns, s.outcome, s.pot) for s in game.donnes),
        ns=game.ew,
        ew=game.ns,
        finished=game.finished,
        winner=game.winner.other if game.winner is not None else None,
        played=game.played,
    )


def scored_game(donnes, rules: Rules, **options) -> GameScore:
    """`score_game`, checked to give the mirrored result for the mirrored donnes, so that
    each game test covers the NS and the EW side of the code alike."""
    game = score_game(donnes, rules, **options)
    assert score_game([mirror(d) for d in donnes], rules, **options) == mirror_game(game)
    return game
