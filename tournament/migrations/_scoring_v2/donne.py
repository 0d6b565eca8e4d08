"""One donne: what a scorer reads off the table, its validation, and its score.

`score_donne` follows SCORING.md ("One donne") line by line; the comments name the rule.
Every donne of a game goes through here, so the common case (enum members and plain ints,
as a form or the database gives them) is checked first, in one expression; the slower
checks that name the faulty field run only when that expression fails.
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import is_whole, member
from .enums import Coinche, Counting, Game, Multiply, Outcome, Side, Trump
from .errors import ScoringError
from .rules import MIN_CONTRACT, Rules

CARD_POINTS = 162  # card points of a donne, dix de der included
CAPOT_POINTS = 252  # the default card points of a capot (Rules.capot_points)
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

    Returns its enum fields as members: taker, trump, coinche, capot.
    """
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
    capot_bid = donne.capot_bid
    if type(capot_bid) is not bool:
        raise ScoringError("Capot demandé : oui ou non.", "capot_bid")
    contract = donne.contract
    if contract is not None and type(contract) is not int and not is_whole(contract):
        raise ScoringError("Contrat : un nombre entier est attendu.", "contract")

    if taker is None:
        # All four passed: nothing was bid nor played, so no figure may be given; the
        # arbiter may still award points (SCORING.md, "Points attribués").
        figures = (
            ("contract", contract is not None),
            ("capot_bid", capot_bid),
            ("trump", trump is not None),
            ("coinche", coinche is not Coinche.NONE),
            ("taker_points", points != 0),
            ("capot", capot is not None),
            ("belote_ns", belote_ns != 0),
            ("belote_ew", belote_ew != 0),
            ("annonces_ns", annonces_ns != 0),
            ("annonces_ew", annonces_ew != 0),
        )
        for field, given in figures:
            if given:
                raise ScoringError(
                    "Donne passée (personne n'a pris) : aucun chiffre ne peut être saisi.", field
                )
        return None, None, Coinche.NONE, None

    if rules.game is Game.CLASSIQUE:
        if contract is not None:
            raise ScoringError("Belote classique : le contrat n'a pas de valeur.", "contract")
        if capot_bid:
            raise ScoringError("Belote classique : on ne demande pas de capot.", "capot_bid")
        if coinche is not Coinche.NONE:
            raise ScoringError("Belote classique : on ne coinche pas.", "coinche")
    elif capot_bid:
        if contract is not None:
            raise ScoringError(
                "Capot demandé : le contrat n'a pas d'autre valeur (il vaut 250).", "contract"
            )
    elif contract is None:
        raise ScoringError("Contrat : indiquez une valeur (80, 90, …) ou un capot.", "contract")
    elif contract < MIN_CONTRACT or contract > rules.max_contract or contract % 10:
        raise ScoringError(
            f"Contrat : un multiple de 10 entre {MIN_CONTRACT} et {rules.max_contract} "
            "est attendu.",
            "contract",
        )

    if trump is None:
        raise ScoringError("Atout : indiquez la couleur du contrat.", "trump")
    if (trump is Trump.NO_TRUMP or trump is Trump.ALL_TRUMP) and not rules.sa_ta:
        raise ScoringError(
            "Atout : le sans atout et le tout atout ne sont pas joués dans ce tournoi.", "trump"
        )

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

    if belote_ns or belote_ew:
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

    if annonces_ns or annonces_ew:
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
    return taker, trump, coinche, capot


def score(
    donne: Donne, rules: Rules, pot: int
) -> tuple[int, int, Outcome, int, Side | None, Side | None]:
    """The score of a donne, and what `score_game` needs of it besides.

    Returns NS's score, EW's score, the outcome, the pot waiting after the donne, then the
    taker and the capot side as members. `pot` is assumed valid (a whole number ≥ 0).
    """
    taker, _, coinche, capot = validate_donne(donne, rules)
    if taker is None:
        # A passed donne scores only points attribués and leaves the pot waiting.
        return donne.awarded_ns, donne.awarded_ew, PASSED, pot, None, None

    # Totals. On a takers' capot the defence's annonces change hands first (000 §10.1.1).
    points = donne.taker_points
    if taker is NS:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ns, BELOTE_POINTS * donne.belote_ew
        annonces_t, annonces_d = donne.annonces_ns, donne.annonces_ew
    else:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ew, BELOTE_POINTS * donne.belote_ns
        annonces_t, annonces_d = donne.annonces_ew, donne.annonces_ns
    if capot is None:
        card_t, card_d = points, CARD_POINTS - points
    elif capot is taker:
        card_t, card_d = rules.capot_points, 0
        annonces_t, annonces_d = annonces_t + annonces_d, 0
    else:
        card_t, card_d = 0, rules.capot_points
    total_t = card_t + belote_t + annonces_t
    total_d = card_d + belote_d + annonces_d
    if rules.belote_in_contract:
        deciding_t, deciding_d = total_t, total_d
    else:  # 002: the belote is only scored, it does not decide
        deciding_t, deciding_d = card_t + annonces_t, card_d + annonces_d

    capot_bid = donne.capot_bid
    if rules.game is Game.CLASSIQUE:
        value = 0
    elif capot_bid:
        value = CAPOT_VALUE
    else:
        value = donne.contract  # type: ignore[assignment]  # validated: an int
    if coinche is Coinche.NONE:
        factor = 1
    elif coinche is Coinche.COINCHE:
        factor = 2
    else:
        factor = rules.surcoinche_factor
    rounding = rules.rounding

    new_pot = 0
    if rules.counting is Counting.DEMANDES:
        made = capot is taker if capot_bid else deciding_t >= value
        outcome = MADE if made else DOWN
        if made:
            score_t, score_d = value * factor, 0
        else:
            score_t, score_d = 0, value * factor
        if rules.demandes_belote:
            score_t += belote_t
            score_d += belote_d
    else:
        # Outcome rules 1 to 5, decided on exact deciding totals: rounding never helps.
        if capot_bid:
            outcome = MADE if capot is taker else DOWN
        elif deciding_t < value:
            outcome = DOWN
        elif not rules.beat_defence or deciding_t > deciding_d:
            outcome = MADE
        elif deciding_t < deciding_d or factor != 1:
            outcome = DOWN  # a coinched tie too: "supérieur ou égal aux preneurs" (000 §10.1.2)
        elif rules.litige:
            outcome = LITIGE
        else:
            outcome = MADE if rules.tie_to_takers else DOWN

        base = 160 if rounding else CARD_POINTS
        by_score = rules.multiply is Multiply.SCORE
        if outcome is MADE:
            if factor == 1 or not by_score:
                score_t, score_d = total_t + value * factor, total_d
            else:
                bracket = (CAPOT_VALUE if capot is taker else base) + annonces_t + annonces_d
                if rules.belote_multiplied:
                    score_t = (bracket + value + belote_t) * factor
                else:
                    score_t = (bracket + value) * factor + belote_t
                score_d = belote_d
        elif outcome is DOWN:
            # Worth `base` even when the defence made capot; the takers keep their belote.
            score_t = belote_t
            if not by_score:
                score_d = base + annonces_t + annonces_d + value * factor + belote_d
            elif rules.belote_multiplied:
                score_d = (base + annonces_t + annonces_d + value + belote_d) * factor
            else:
                score_d = (base + annonces_t + annonces_d + value) * factor + belote_d
        else:  # a litige: the takers' total, their belote included, waits in the pot
            score_t, score_d = 0, total_d
            new_pot = (total_t + 5) // 10 * 10 if rounding else total_t

    if rounding:  # nearest ten, half up (000 §10.2: 85 → 90, 84 → 80); never negative
        score_t = (score_t + 5) // 10 * 10
        score_d = (score_d + 5) // 10 * 10
    # The waiting pot is added after rounding and never multiplied.
    if outcome is MADE:
        score_t += pot
    else:  # down, or a new litige: its defence takes the waiting pot
        score_d += pot
    # Points attribués too: after rounding, never multiplied, in no total.
    if taker is NS:
        return score_t + donne.awarded_ns, score_d + donne.awarded_ew, outcome, new_pot, NS, capot
    return score_d + donne.awarded_ns, score_t + donne.awarded_ew, outcome, new_pot, EW, capot


def belote_points(side: Side, donne: Donne, rules: Rules, taker: Side, outcome: Outcome) -> int:
    """The points `side` scored in this taken donne for its belotes (FFB 10.3's exception).

    Whole tens (20 × belotes, times the coinche factor where the belote is multiplied), so
    rounding a score that holds them moves them whole.
    """
    belote = BELOTE_POINTS * (donne.belote_ns if side is NS else donne.belote_ew)
    if rules.counting is Counting.DEMANDES:
        return belote if rules.demandes_belote else 0
    winner = taker if outcome is MADE else taker.other
    if (
        side is winner
        and outcome is not LITIGE
        and rules.belote_multiplied
        and rules.multiply is Multiply.SCORE
    ):
        coinche = Coinche(donne.coinche)
        if coinche is Coinche.COINCHE:
            return belote * 2
        if coinche is Coinche.SURCOINCHE:
            return belote * rules.surcoinche_factor
    if outcome is LITIGE and side is taker:
        return 0  # the takers' belote went into the pot
    return belote


def score_donne(donne: Donne, rules: Rules, pot: int = 0) -> DonneScore:
    """Score one donne; `pot` is the litige pot waiting from earlier donnes."""
    if not is_whole(pot) or pot < 0:
        raise ScoringError("Pot du litige : un nombre entier positif ou nul est attendu.", "pot")
    ns, ew, outcome, new_pot, _, _ = score(donne, rules, pot)
    return DonneScore(ns, ew, outcome, new_pot)
