"""One donne: what a scorer reads off the table, its validation, and its score.

`score_donne` follows SCORING.md v3 ("One donne") line by line; the comments name the rule.
Every donne of a game goes through here, so the common case (enum members and plain ints,
as a form or the database gives them) is checked first, in one expression; the slower
checks that name the faulty field run only when that expression fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .checks import is_whole, member
from .enums import (
    Coinche,
    CoincheMade,
    Counting,
    Game,
    LosingBelote,
    Multiply,
    Outcome,
    Side,
    Trump,
)
from .errors import ScoringError
from .rules import MIN_CONTRACT, Rules

CARD_POINTS = 162  # card points of a donne, dix de der included
CAPOT_VALUE = 250  # a capot bid as a contract, and the base of a coinched capot made
BELOTE_POINTS = 20
MAX_BELOTES_AT_TA = 4
MAX_ANNONCES = 550  # four carrés (200 + 150 + 100 + 100), the most two hands can hold
MAX_AWARDED = 1000

MADE, DOWN, LITIGE, PASSED = Outcome.MADE, Outcome.DOWN, Outcome.LITIGE, Outcome.PASSED
NS, EW = Side.NS, Side.EW


@dataclass(frozen=True)
class Donne:
    taker: Side | None = None
    contract: int | None = None
    capot_bid: bool = False
    trump: Trump | None = None
    coinche: Coinche = Coinche.NONE
    taker_points: int = 0
    capot: Side | None = None
    belote_ns: int = 0
    belote_ew: int = 0
    annonces_ns: int = 0
    annonces_ew: int = 0
    awarded_ns: int = 0
    awarded_ew: int = 0
    # Version 3, appended.
    generale_bid: bool = False
    generale_made: bool = False


@dataclass(frozen=True)
class DonneScore:
    ns: int
    ew: int
    outcome: Outcome
    pot: int


def _is_annonce_sum(points: int) -> bool:
    # Sums of 20, 50, 100, 150 and 200: 0, 20, and every multiple of ten from 40 on
    # (even tens from 20s, odd tens from one 50 plus 20s). 10 and 30 cannot be made.
    return points in (0, 20) or (points >= 40 and points % 10 == 0)


_COUNTS = (
    ("taker_points", "Points faits"),
    ("belote_ns", "Belotes NS"),
    ("belote_ew", "Belotes EW"),
    ("annonces_ns", "Annonces NS"),
    ("annonces_ew", "Annonces EW"),
)
_AWARDED = (("awarded_ns", "Points attribués NS"), ("awarded_ew", "Points attribués EW"))

_TAKER = "Preneur : « NS », « EW » ou personne (passe)."
_TRUMP = "Atout inconnu : ♠ S, ♥ H, ♦ D, ♣ C, SA ou TA."
_COINCHE = "Coinche : « none », « coinche » ou « surcoinche »."
_CAPOT = "Capot : « NS », « EW » ou personne."


def _check_figures(donne: Donne) -> None:
    """Name the first count that is not a whole number in its range."""
    for field, label in _COUNTS:
        value = getattr(donne, field)
        if not is_whole(value) or value < 0:
            raise ScoringError(f"{label} : un nombre entier positif ou nul est attendu.", field)
    for field, label in _AWARDED:
        value = getattr(donne, field)
        if not is_whole(value) or not 0 <= value <= MAX_AWARDED:
            raise ScoringError(
                f"{label} : un nombre entier de 0 à {MAX_AWARDED} est attendu.", field
            )


def validate_donne(
    donne: Donne, rules: Rules
) -> tuple[Side | None, Trump | None, Coinche, Side | None]:
    """Refuse every impossible donne (SCORING.md, "Bad input").

    Returns its enum fields as members: taker, trump, coinche, capot. The checks run in the
    spec's order, each step naming the first faulty field it meets: what was written at all
    (members, whole numbers, yes/no), then a passed donne, the contract, the trump, the card
    points and capot, the belotes, the annonces.
    """
    taker, trump, coinche, capot = _members(donne)
    _check_written(donne)
    if taker is None:
        _check_passed(donne, trump, coinche, capot)
        return None, None, Coinche.NONE, None
    _check_contract(donne, rules, coinche)
    _check_trump(trump, rules)
    _check_card_points(donne, taker, capot)
    if donne.belote_ns or donne.belote_ew:  # most donnes have neither: no call
        _check_belotes(donne, trump)
    if donne.annonces_ns or donne.annonces_ew:
        _check_annonces(donne, rules)
    return taker, trump, coinche, capot


def _members(donne: Donne) -> tuple[Side | None, Trump | None, Coinche, Side | None]:
    """The enum fields as members; a value that is none names its field."""
    taker = donne.taker
    if taker is not None and type(taker) is not Side:
        taker = member(taker, Side, "taker", _TAKER)
    trump = donne.trump
    if trump is not None and type(trump) is not Trump:
        trump = member(trump, Trump, "trump", _TRUMP)
    coinche = donne.coinche
    if type(coinche) is not Coinche:
        if coinche is None:
            raise ScoringError(
                "Coinche : indiquez « none » quand personne n'a coinché.", "coinche"
            )
        coinche = member(coinche, Coinche, "coinche", _COINCHE)
    capot = donne.capot
    if capot is not None and type(capot) is not Side:
        capot = member(capot, Side, "capot", _CAPOT)
    return taker, trump, coinche, capot


def _check_written(donne: Donne) -> None:
    """Counts are whole numbers in range, bids yes or no, a contract a whole number."""
    points = donne.taker_points
    belote_ns, belote_ew = donne.belote_ns, donne.belote_ew
    annonces_ns, annonces_ew = donne.annonces_ns, donne.annonces_ew
    awarded_ns, awarded_ew = donne.awarded_ns, donne.awarded_ew
    if not (
        type(points) is int
        and type(belote_ns) is int
        and type(belote_ew) is int
        and type(annonces_ns) is int
        and type(annonces_ew) is int
        and type(awarded_ns) is int
        and type(awarded_ew) is int
        and points >= 0
        and belote_ns >= 0
        and belote_ew >= 0
        and annonces_ns >= 0
        and annonces_ew >= 0
        and 0 <= awarded_ns <= MAX_AWARDED
        and 0 <= awarded_ew <= MAX_AWARDED
    ):
        _check_figures(donne)  # raises, unless they are ints of a subclass
    if type(donne.capot_bid) is not bool:
        raise ScoringError("Capot demandé : oui ou non.", "capot_bid")
    if type(donne.generale_bid) is not bool:
        raise ScoringError("Générale demandée : oui ou non.", "generale_bid")
    if type(donne.generale_made) is not bool:
        raise ScoringError("Générale réussie : oui ou non.", "generale_made")
    contract = donne.contract
    if contract is not None and type(contract) is not int and not is_whole(contract):
        raise ScoringError("Contrat : un nombre entier est attendu.", "contract")


def _check_passed(
    donne: Donne, trump: Trump | None, coinche: Coinche, capot: Side | None
) -> None:
    """All four passed: nothing was bid nor played, so no figure may be given; the arbiter
    may still award points (SCORING.md, "Points attribués")."""
    figures = (
        ("contract", donne.contract is not None),
        ("capot_bid", donne.capot_bid),
        ("generale_bid", donne.generale_bid),
        ("generale_made", donne.generale_made),
        ("trump", trump is not None),
        ("coinche", coinche is not Coinche.NONE),
        ("taker_points", donne.taker_points != 0),
        ("capot", capot is not None),
        ("belote_ns", donne.belote_ns != 0),
        ("belote_ew", donne.belote_ew != 0),
        ("annonces_ns", donne.annonces_ns != 0),
        ("annonces_ew", donne.annonces_ew != 0),
    )
    for field, given in figures:
        if given:
            raise ScoringError(
                "Donne passée (personne n'a pris) : aucun chiffre ne peut être saisi.", field
            )


def _check_contract(donne: Donne, rules: Rules, coinche: Coinche) -> None:
    """The contract decided: none in classique, else a générale, a capot or a value."""
    contract = donne.contract
    if rules.game is Game.CLASSIQUE:
        _check_classique_bid(donne, coinche)
    elif donne.generale_bid:
        if rules.generale_score is None:
            raise ScoringError(
                "Générale : elle n'est pas jouée dans ce tournoi.", "generale_bid"
            )
        if donne.capot_bid:
            raise ScoringError(
                "Générale : c'est elle le contrat, pas un capot demandé.", "capot_bid"
            )
        if contract is not None:
            raise ScoringError(
                f"Générale : le contrat n'a pas d'autre valeur (elle vaut {rules.generale_score}).",
                "contract",
            )
    elif donne.capot_bid:
        if contract is not None:
            worth = CAPOT_VALUE if rules.capot_bid_score is None else rules.capot_bid_score
            raise ScoringError(
                f"Capot demandé : le contrat n'a pas d'autre valeur (il vaut {worth}).",
                "contract",
            )
    elif contract is None:
        raise ScoringError(
            "Contrat : indiquez une valeur (80, 90, …), un capot ou une générale.", "contract"
        )
    elif contract < MIN_CONTRACT or contract > rules.max_contract or contract % 10:
        raise ScoringError(
            f"Contrat : un multiple de 10 entre {MIN_CONTRACT} et {rules.max_contract} "
            "est attendu.",
            "contract",
        )
    if donne.generale_made and not donne.generale_bid:
        raise ScoringError(
            "Générale réussie : personne n'a demandé de générale.", "generale_made"
        )


def _check_classique_bid(donne: Donne, coinche: Coinche) -> None:
    """Classique bids a trump only: no value, capot, générale nor coinche."""
    if donne.contract is not None:
        raise ScoringError("Belote classique : le contrat n'a pas de valeur.", "contract")
    if donne.capot_bid:
        raise ScoringError("Belote classique : on ne demande pas de capot.", "capot_bid")
    if donne.generale_bid:
        raise ScoringError("Belote classique : on ne demande pas de générale.", "generale_bid")
    if coinche is not Coinche.NONE:
        raise ScoringError("Belote classique : on ne coinche pas.", "coinche")


def _check_trump(trump: Trump | None, rules: Rules) -> None:
    if trump is None:
        raise ScoringError("Atout : indiquez la couleur du contrat.", "trump")
    if (trump is Trump.NO_TRUMP or trump is Trump.ALL_TRUMP) and not rules.sa_ta:
        raise ScoringError(
            "Atout : le sans atout et le tout atout ne sont pas joués dans ce tournoi.", "trump"
        )


def _check_card_points(donne: Donne, taker: Side, capot: Side | None) -> None:
    """Card points within a donne's, all of them on the takers' capot, none on the
    defence's; a générale made is a takers' capot."""
    points = donne.taker_points
    if points > CARD_POINTS:
        raise ScoringError(f"Points faits : entre 0 et {CARD_POINTS}.", "taker_points")
    if capot is not None:
        if capot is taker:
            if points != CARD_POINTS:
                raise ScoringError(
                    f"Capot des preneurs : ils ont fait les {CARD_POINTS} points.", "taker_points"
                )
        elif points:
            raise ScoringError(
                "Capot de la défense : les preneurs ont fait 0 point.", "taker_points"
            )
    if donne.generale_made and capot is not taker:
        # The bidder alone won all eight tricks, so his side made capot.
        raise ScoringError(
            "Générale réussie : le preneur a fait seul tous les plis, son équipe est donc "
            "capot (capot des preneurs).",
            "generale_made",
        )


def _check_belotes(donne: Donne, trump: Trump | None) -> None:
    """A donne with a belote: none at sans atout, one at a colour, up to four at tout atout."""
    belote_ns, belote_ew = donne.belote_ns, donne.belote_ew
    belote_field = "belote_ns" if belote_ns else "belote_ew"
    if trump is Trump.NO_TRUMP:
        raise ScoringError("Belote : il n'y a pas de belote à sans atout.", belote_field)
    if trump is Trump.ALL_TRUMP:
        if belote_ns + belote_ew > MAX_BELOTES_AT_TA:
            raise ScoringError(
                f"Belote : au plus {MAX_BELOTES_AT_TA} belotes à tout atout.", belote_field
            )
    elif belote_ns + belote_ew > 1:
        raise ScoringError("Belote : une seule belote par donne à la couleur.", belote_field)


def _check_annonces(donne: Donne, rules: Rules) -> None:
    """A donne with annonces: where they count, one side's, a sum of real annonces, at most
    four carrés."""
    annonces_ns, annonces_ew = donne.annonces_ns, donne.annonces_ew
    annonce_field = "annonces_ns" if annonces_ns else "annonces_ew"
    if not rules.annonces:
        raise ScoringError("Annonces : elles ne comptent pas dans ce tournoi.", annonce_field)
    if annonces_ns and annonces_ew:
        raise ScoringError(
            "Annonces : une seule équipe marque ses annonces (la meilleure l'emporte).",
            "annonces_ew",
        )
    annonces = annonces_ns + annonces_ew
    if not _is_annonce_sum(annonces):
        raise ScoringError(
            "Annonces : une somme de tierces (20), cinquantes (50), cents (100) "
            "et carrés (100, 150, 200) est attendue.",
            annonce_field,
        )
    if annonces > MAX_ANNONCES:
        raise ScoringError(
            f"Annonces : au plus {MAX_ANNONCES} points pour une équipe (quatre carrés).",
            annonce_field,
        )


def round_takers(points: int, rules: Rules) -> int:
    """The takers' score to the nearest ten: half up (000 §10.2: 85 → 90, 84 → 80), or up
    from 6 with `rounding_160` (86 → 90, 85 → 80). Assumes rounding is on."""
    return (points + (4 if rules.rounding_160 else 5)) // 10 * 10


def round_defence(points: int, rules: Rules) -> int:
    """The defence's score to the nearest ten: half up, or up from 7 with `rounding_160`
    (77 → 80, 76 → 70), so that a plain donne's card points add up to 160."""
    return (points + (3 if rules.rounding_160 else 5)) // 10 * 10


def is_flat_bid(donne: Donne, rules: Rules) -> bool:
    """A générale, or a capot bid with `capot_bid_score`: worth its score made or failed.

    Assumes a valid donne under `rules` (a générale is bid only where it is played).
    """
    if rules.game is Game.CLASSIQUE:
        return False
    return donne.generale_bid or (donne.capot_bid and rules.capot_bid_score is not None)


def coinche_made_of(rules: Rules) -> CoincheMade:
    """`coinche_made`, its None resolved as version 2: base by score, points by contract."""
    if rules.coinche_made is not None:
        return rules.coinche_made
    return CoincheMade.BASE if rules.multiply is Multiply.SCORE else CoincheMade.POINTS


class _Totals(NamedTuple):
    """A taken donne's points, takers (`_t`) and defence (`_d`), before any bid is scored."""

    card_t: int
    belote_t: int
    belote_d: int
    annonces_t: int  # after a takers' capot took the defence's, where it does
    all_annonces: int  # `A`: wherever a formula gives it to the winner
    total_t: int
    total_d: int
    deciding_t: int  # the totals that decide the outcome
    deciding_d: int


def score(
    donne: Donne, rules: Rules, pot: int
) -> tuple[int, int, Outcome, int, Side | None, Side | None]:
    """The score of a donne, and what `score_game` needs of it besides.

    Returns NS's score, EW's score, the outcome, the pot waiting after the donne, then the
    taker and the capot side as members. `pot` is assumed valid (a whole number ≥ 0).
    SCORING.md's steps in order: the contract decided, the card points, belote and
    annonces (`_totals`), capot and générale (`_contract_value`, `_outcome`), the scores
    or the litige, then rounding, the pot and points attribués (`_settled`).
    """
    taker, _, coinche, capot = validate_donne(donne, rules)
    if taker is None:
        # A passed donne scores only points attribués and leaves the pot waiting.
        return donne.awarded_ns, donne.awarded_ew, PASSED, pot, None, None
    totals = _totals(donne, rules, taker, capot)
    value, flat = _contract_value(donne, rules)
    factor = _factor(coinche, rules)
    new_pot = 0
    if rules.counting is Counting.DEMANDES:
        made = _demandes_made(donne, totals, value, taker, capot)
        outcome = MADE if made else DOWN
        score_t, score_d = _demandes_scores(totals, rules, value * factor, made)
    else:
        outcome = _outcome(donne, rules, totals, value, factor, taker, capot)
        if outcome is LITIGE:  # the takers' total, their belote included, waits in the pot
            score_t, score_d = 0, totals.total_d
            new_pot = round_takers(totals.total_t, rules) if rules.rounding else totals.total_t
        else:
            score_t, score_d = _faits_scores(
                rules, totals, value, flat, factor, outcome, taker, capot
            )
    score_t, score_d = _settled(score_t, score_d, outcome, pot, rules)
    # Points attribués too: after rounding, never multiplied, in no total.
    if taker is NS:
        return score_t + donne.awarded_ns, score_d + donne.awarded_ew, outcome, new_pot, NS, capot
    return score_d + donne.awarded_ns, score_t + donne.awarded_ew, outcome, new_pot, EW, capot


def _totals(donne: Donne, rules: Rules, taker: Side, capot: Side | None) -> _Totals:
    """Card points, belote and annonces per side, and the totals that decide.

    On a takers' capot the defence's annonces change hands first (000 §10.1.1), unless
    `capot_takes_annonces` is off.
    """
    points = donne.taker_points
    if taker is NS:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ns, BELOTE_POINTS * donne.belote_ew
        annonces_t, annonces_d = donne.annonces_ns, donne.annonces_ew
    else:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ew, BELOTE_POINTS * donne.belote_ns
        annonces_t, annonces_d = donne.annonces_ew, donne.annonces_ns
    all_annonces = annonces_t + annonces_d
    if capot is None:
        card_t, card_d = points, CARD_POINTS - points
    elif capot is taker:
        card_t, card_d = rules.capot_points, 0
        if rules.capot_takes_annonces:
            annonces_t, annonces_d = all_annonces, 0
    else:
        card_t, card_d = 0, rules.capot_points
    total_t = card_t + belote_t + annonces_t
    total_d = card_d + belote_d + annonces_d
    if rules.belote_in_contract:
        deciding_t, deciding_d = total_t, total_d
    else:  # 002: the belote is only scored, it does not decide
        deciding_t, deciding_d = card_t + annonces_t, card_d + annonces_d
    if rules.rounding and rules.rounding_decides:  # [kydos]: the rounded totals decide
        deciding_t, deciding_d = round_takers(deciding_t, rules), round_defence(deciding_d, rules)
    # tuple.__new__ skips the NamedTuple's Python-level constructor: a third of a donne's
    # scoring time otherwise (bench/bench_scoring.py).
    return tuple.__new__(
        _Totals,
        (card_t, belote_t, belote_d, annonces_t, all_annonces, total_t, total_d,
         deciding_t, deciding_d),
    )


def _contract_value(donne: Donne, rules: Rules) -> tuple[int, bool]:
    """The contract's value `V` (0 in classique), and whether it is a flat bid."""
    if rules.game is Game.CLASSIQUE:
        return 0, False
    if donne.generale_bid:
        return rules.generale_score, True  # type: ignore[return-value]  # validated
    if donne.capot_bid:
        if rules.capot_bid_score is None:
            return CAPOT_VALUE, False
        return rules.capot_bid_score, True
    return donne.contract, False  # type: ignore[return-value]  # validated: an int


def _demandes_made(
    donne: Donne, totals: _Totals, value: int, taker: Side, capot: Side | None
) -> bool:
    """Counting demandes: the bid is made or it is not, no litige."""
    if donne.generale_bid:
        return donne.generale_made
    if donne.capot_bid:
        return capot is taker
    return totals.deciding_t >= value


def _demandes_scores(totals: _Totals, rules: Rules, won: int, made: bool) -> tuple[int, int]:
    """Counting demandes: the winner scores the bid (× m); with `demandes_belote` each side
    marks its belote too, the loser's as `losing_belote` says."""
    score_t, score_d = (won, 0) if made else (0, won)
    if rules.demandes_belote:
        bel_w, bel_l = _belotes(totals, rules, made)
        if made:
            score_t, score_d = score_t + bel_w, score_d + bel_l
        else:
            score_t, score_d = score_t + bel_l, score_d + bel_w
    return score_t, score_d


def _outcome(
    donne: Donne,
    rules: Rules,
    totals: _Totals,
    value: int,
    factor: int,
    taker: Side,
    capot: Side | None,
) -> Outcome:
    """Outcome rules 1 to 5, on the deciding totals (exact unless `rounding_decides`)."""
    if donne.generale_bid:
        return MADE if donne.generale_made else DOWN
    if donne.capot_bid:
        return MADE if capot is taker else DOWN
    deciding_t, deciding_d = totals.deciding_t, totals.deciding_d
    if deciding_t < value:
        return DOWN
    if not rules.beat_defence or deciding_t > deciding_d:
        return MADE
    if deciding_t < deciding_d or factor != 1:
        return DOWN  # a coinched tie too: "supérieur ou égal aux preneurs" (000 §10.1.2)
    if rules.litige:
        return LITIGE
    return MADE if rules.tie_to_takers else DOWN


def _belotes(totals: _Totals, rules: Rules, made: bool) -> tuple[int, int]:
    """The losing side's belote, in the places where the loser scores nothing else: the
    winner's `bel_W` and the loser's `bel`, as `losing_belote` says."""
    if made:
        bel_w, bel_l = totals.belote_t, totals.belote_d
    else:
        bel_w, bel_l = totals.belote_d, totals.belote_t
    if rules.losing_belote is LosingBelote.WINNER:
        return bel_w + bel_l, 0
    if rules.losing_belote is LosingBelote.LOST:
        return bel_w, 0
    return bel_w, bel_l


def _faits_scores(
    rules: Rules,
    totals: _Totals,
    value: int,
    flat: bool,
    factor: int,
    outcome: Outcome,
    taker: Side,
    capot: Side | None,
) -> tuple[int, int]:
    """Counting faits or faits seuls, a donne made or down: the takers' and the defence's
    scores before rounding."""
    if rules.chute_base is not None:
        base = rules.chute_base
    else:
        base = 160 if rules.rounding else CARD_POINTS
    scored_value = 0 if rules.counting is Counting.FAITS_SEULS else value  # `V`
    bel_w, bel_l = _belotes(totals, rules, outcome is MADE)
    all_annonces = totals.all_annonces
    if flat:
        # A flat bid: card points do not count; its winner scores its score (× m).
        win = _bracket(all_annonces, value, bel_w, factor, rules)
        return (win, bel_l) if outcome is MADE else (bel_l, win)
    if outcome is DOWN:
        defence_capot = rules.defence_capot_bonus and capot is taker.other
        chute = _chute_worth(rules, base, factor, defence_capot)
        return bel_l, _bracket(chute + all_annonces, scored_value, bel_w, factor, rules)
    if factor == 1:
        return totals.total_t + scored_value, totals.total_d
    if coinche_made_of(rules) is CoincheMade.POINTS:
        points_t = totals.card_t + totals.annonces_t
        return _bracket(points_t, scored_value, totals.belote_t, factor, rules), totals.total_d
    # Base: as if the takers had every point; the defence its belote only. Multiplied by
    # score, the takers' capot counts 250 (unless `capot_points` is 162); else `base`, never
    # capot_points: a coinche takes a capot's bonus away.
    takers_capot = capot is taker and rules.capot_points != CARD_POINTS
    by_score = rules.multiply is Multiply.SCORE
    bracket = (CAPOT_VALUE if by_score and takers_capot else base) + all_annonces
    return _bracket(bracket, scored_value, bel_w, factor, rules), bel_l


def _chute_worth(rules: Rules, base: int, factor: int, defence_capot: bool) -> int:
    """What a chute is worth before annonces, belote and contract: `base`, even when the
    defence made capot, unless `defence_capot_bonus`."""
    if factor == 1 or rules.multiply is not Multiply.SCORE:
        return rules.capot_points if defence_capot else base
    # Inside a multiplied bracket the defence's capot counts 250, as the takers' does (base
    # when there is no capot bonus at all).
    return CAPOT_VALUE if defence_capot and rules.capot_points != CARD_POINTS else base


def _bracket(points: int, value: int, belote: int, factor: int, rules: Rules) -> int:
    """A winner's score: `points + V × m + bel` where the coinche multiplies the contract;
    `(points + V) × m`, the belote inside the bracket with `belote_multiplied`, where it
    multiplies the score."""
    if rules.multiply is not Multiply.SCORE:
        return points + value * factor + belote
    if rules.belote_multiplied:
        return (points + value + belote) * factor
    return (points + value) * factor + belote


def _settled(
    score_t: int, score_d: int, outcome: Outcome, pot: int, rules: Rules
) -> tuple[int, int]:
    """Rounding (never negative), then the waiting pot, added after rounding and never
    multiplied: to the takers on a donne made, else to the defence (down, or a new litige:
    its defence takes the waiting pot)."""
    if rules.rounding:
        score_t = round_takers(score_t, rules)
        score_d = round_defence(score_d, rules)
    if outcome is MADE:
        return score_t + pot, score_d
    return score_t, score_d + pot


def belote_points(side: Side, donne: Donne, rules: Rules, taker: Side, outcome: Outcome) -> int:
    """The points `side` scored in this taken donne for belotes (FFB 10.3's exception).

    Its own belote and any it received (`losing_belote` = winner), multiplied where they
    were; none for a belote that went to the other side, was lost, or was not marked.
    Whole tens (20 × belotes, times the coinche factor where the belote is multiplied), so
    rounding a score that holds them moves them whole.
    """
    own = BELOTE_POINTS * (donne.belote_ns if side is NS else donne.belote_ew)
    if outcome is LITIGE:
        return 0 if side is taker else own  # the takers' belote went into the pot
    coinche = Coinche(donne.coinche)
    factor = _factor(coinche, rules)
    multiplied = factor != 1 and rules.multiply is Multiply.SCORE and rules.belote_multiplied
    if rules.counting is Counting.DEMANDES:
        if not rules.demandes_belote:
            return 0
        multiplied = False  # the winner adds its belote to `value × m`
    elif outcome is MADE and not is_flat_bid(donne, rules) and (
        factor == 1 or coinche_made_of(rules) is CoincheMade.POINTS
    ):
        # Each side scores its own total: its own belote, the takers' multiplied with their
        # points on a contract made coinché and counted by points.
        return own * factor if side is taker and multiplied else own
    # The winner scores `bel_W`, the loser its belote as `losing_belote` says.
    winner = taker if outcome is MADE else taker.other
    losing = rules.losing_belote
    if side is not winner:
        return own if losing is LosingBelote.KEPT else 0
    if losing is LosingBelote.WINNER:
        own += BELOTE_POINTS * (donne.belote_ew if side is NS else donne.belote_ns)
    return own * factor if multiplied else own


def _factor(coinche: Coinche, rules: Rules) -> int:
    """`m`: 1, 2 (coinché) or the surcoinche factor."""
    if coinche is Coinche.NONE:
        return 1
    return 2 if coinche is Coinche.COINCHE else rules.surcoinche_factor


def score_donne(donne: Donne, rules: Rules, pot: int = 0) -> DonneScore:
    """Score one donne; `pot` is the litige pot waiting from earlier donnes."""
    if not is_whole(pot) or pot < 0:
        raise ScoringError("Pot du litige : un nombre entier positif ou nul est attendu.", "pot")
    ns, ew, outcome, new_pot, _, _ = score(donne, rules, pot)
    return DonneScore(ns, ew, outcome, new_pot)
