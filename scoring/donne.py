"""One donne: what a scorer reads off the table, its validation, and its score.

`score_donne` follows SCORING.md ("One donne") line by line; the comments name the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .enums import Coinche, Outcome, Side, Trump
from .errors import ScoringError
from .rules import Rules

CARD_POINTS = 162  # card points of a donne, dix de der included
CAPOT_POINTS = 252  # the capot side's card points: dix de der worth 100
CAPOT_VALUE = 250  # what a capot bid is worth as a contract
BELOTE_POINTS = 20
MIN_CONTRACT = 80
MAX_CONTRACT = 500
MAX_BELOTES_AT_TA = 4


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


@dataclass(frozen=True)
class DonneScore:
    ns: int
    ew: int
    outcome: Outcome
    pot: int


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _enum[E: StrEnum](value: object, enum: type[E], field: str, message: str) -> E | None:
    """`value` as a member of `enum` (its string value is accepted too), or None."""
    if value is None or type(value) is enum:
        return value  # type: ignore[return-value]
    try:
        return enum(value)
    except ValueError:
        raise ScoringError(message, field) from None


def _is_annonce_sum(points: int) -> bool:
    # Sums of 20, 50, 100, 150 and 200: 0, 20, and every multiple of ten from 40 on
    # (even tens from 20s, odd tens from one 50 plus 20s). 10 and 30 cannot be made.
    return points in (0, 20) or (points >= 40 and points % 10 == 0)


def _check_count(value: object, field: str, label: str) -> None:
    if not _is_int(value) or value < 0:  # type: ignore[operator]
        raise ScoringError(f"{label} : un nombre entier positif ou nul est attendu.", field)


@dataclass(frozen=True, slots=True)
class _Valid:
    """A donne that passed validation, its enum fields normalised."""

    taker: Side | None
    trump: Trump | None
    coinche: Coinche
    capot: Side | None


def validate_donne(donne: Donne, rules: Rules) -> _Valid:
    """Refuse every impossible donne (SCORING.md, "Bad input"); return it normalised."""
    taker = _enum(donne.taker, Side, "taker", "Preneur : « NS », « EW » ou personne (passe).")
    trump = _enum(donne.trump, Trump, "trump", "Atout inconnu : ♠ S, ♥ H, ♦ D, ♣ C, SA ou TA.")
    coinche = _enum(
        donne.coinche, Coinche, "coinche", "Coinche : « none », « coinche » ou « surcoinche »."
    )
    if coinche is None:
        raise ScoringError("Coinche : indiquez « none » quand personne n'a coinché.", "coinche")
    capot = _enum(donne.capot, Side, "capot", "Capot : « NS », « EW » ou personne.")
    contract = donne.contract
    points = donne.taker_points
    for field, label in (
        ("taker_points", "Points faits"),
        ("belote_ns", "Belotes NS"),
        ("belote_ew", "Belotes EW"),
        ("annonces_ns", "Annonces NS"),
        ("annonces_ew", "Annonces EW"),
    ):
        _check_count(getattr(donne, field), field, label)
    if not isinstance(donne.capot_bid, bool):
        raise ScoringError("Capot demandé : oui ou non.", "capot_bid")
    if contract is not None and not _is_int(contract):
        raise ScoringError("Contrat : un nombre entier est attendu.", "contract")

    if taker is None:
        # All four passed: nothing was bid nor played, so no figure may be given.
        figures = (
            ("contract", contract is not None),
            ("capot_bid", donne.capot_bid),
            ("trump", trump is not None),
            ("coinche", coinche is not Coinche.NONE),
            ("taker_points", points != 0),
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
        return _Valid(None, None, Coinche.NONE, None)

    if rules.game == "classique":
        if contract is not None:
            raise ScoringError("Belote classique : le contrat n'a pas de valeur.", "contract")
        if donne.capot_bid:
            raise ScoringError("Belote classique : on ne demande pas de capot.", "capot_bid")
        if coinche is not Coinche.NONE:
            raise ScoringError("Belote classique : on ne coinche pas.", "coinche")
    elif donne.capot_bid:
        if contract is not None:
            raise ScoringError(
                "Capot demandé : le contrat n'a pas d'autre valeur (il vaut 250).", "contract"
            )
    elif contract is None:
        raise ScoringError("Contrat : indiquez une valeur (80, 90, …) ou un capot.", "contract")
    elif contract < MIN_CONTRACT or contract > MAX_CONTRACT or contract % 10:
        raise ScoringError(
            f"Contrat : un multiple de 10 entre {MIN_CONTRACT} et {MAX_CONTRACT} est attendu.",
            "contract",
        )

    if trump is None:
        raise ScoringError("Atout : indiquez la couleur du contrat.", "trump")
    if trump in (Trump.NO_TRUMP, Trump.ALL_TRUMP) and not rules.sa_ta:
        raise ScoringError(
            "Atout : le sans atout et le tout atout ne sont pas joués dans ce tournoi.", "trump"
        )

    if points > CARD_POINTS:
        raise ScoringError(f"Points faits : entre 0 et {CARD_POINTS}.", "taker_points")
    if capot is taker and points != CARD_POINTS:
        raise ScoringError(
            f"Capot des preneurs : ils ont fait les {CARD_POINTS} points.", "taker_points"
        )
    if capot is not None and capot is not taker and points != 0:
        raise ScoringError("Capot de la défense : les preneurs ont fait 0 point.", "taker_points")

    belotes = donne.belote_ns + donne.belote_ew
    if belotes:
        belote_field = "belote_ns" if donne.belote_ns else "belote_ew"
        if trump is Trump.NO_TRUMP:
            raise ScoringError("Belote : il n'y a pas de belote à sans atout.", belote_field)
        if trump is Trump.ALL_TRUMP:
            if belotes > MAX_BELOTES_AT_TA:
                raise ScoringError(
                    f"Belote : au plus {MAX_BELOTES_AT_TA} belotes à tout atout.", belote_field
                )
        elif belotes > 1:
            raise ScoringError("Belote : une seule belote par donne à la couleur.", belote_field)

    if donne.annonces_ns or donne.annonces_ew:
        annonce_field = "annonces_ns" if donne.annonces_ns else "annonces_ew"
        if not rules.annonces:
            raise ScoringError("Annonces : elles ne comptent pas dans ce tournoi.", annonce_field)
        if donne.annonces_ns and donne.annonces_ew:
            raise ScoringError(
                "Annonces : une seule équipe marque ses annonces (la meilleure l'emporte).",
                "annonces_ew",
            )
        if not _is_annonce_sum(donne.annonces_ns + donne.annonces_ew):
            raise ScoringError(
                "Annonces : une somme de tierces (20), cinquantes (50), cents (100) "
                "et carrés (100, 150, 200) est attendue.",
                annonce_field,
            )
    return _Valid(taker, trump, coinche, capot)


def _round(points: int) -> int:
    """Nearest ten, half up (FFB 10.2: 85 → 90, 84 → 80); scores are never negative."""
    return (points + 5) // 10 * 10


def score_donne(donne: Donne, rules: Rules, pot: int = 0) -> DonneScore:
    """Score one donne; `pot` is the litige pot waiting from earlier donnes."""
    if not _is_int(pot) or pot < 0:
        raise ScoringError("Pot du litige : un nombre entier positif ou nul est attendu.", "pot")
    valid = validate_donne(donne, rules)
    taker = valid.taker
    if taker is None:
        return DonneScore(0, 0, Outcome.PASSED, pot)  # a passed donne leaves the pot waiting
    defence = taker.other
    capot = valid.capot

    if capot is taker:
        card_taker, card_defence = CAPOT_POINTS, 0
    elif capot is defence:
        card_taker, card_defence = 0, CAPOT_POINTS
    else:
        card_taker, card_defence = donne.taker_points, CARD_POINTS - donne.taker_points
    if taker is Side.NS:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ns, BELOTE_POINTS * donne.belote_ew
        annonces_t, annonces_d = donne.annonces_ns, donne.annonces_ew
    else:
        belote_t, belote_d = BELOTE_POINTS * donne.belote_ew, BELOTE_POINTS * donne.belote_ns
        annonces_t, annonces_d = donne.annonces_ew, donne.annonces_ns
    total_t = card_taker + belote_t + annonces_t
    total_d = card_defence + belote_d + annonces_d

    if rules.game == "classique":
        value = 0
    elif donne.capot_bid:
        value = CAPOT_VALUE
    else:
        value = donne.contract  # type: ignore[assignment]  # validated: an int
    if valid.coinche is Coinche.NONE:
        factor = 1
    elif valid.coinche is Coinche.COINCHE:
        factor = 2
    else:
        factor = rules.surcoinche_factor
    base = 160 if rules.rounding else CARD_POINTS

    new_pot = 0
    if rules.counting == "demandes":
        made = capot is taker if donne.capot_bid else total_t >= value
        outcome = Outcome.MADE if made else Outcome.DOWN
        if made:
            score_t, score_d = value * factor + belote_t, belote_d
        else:
            score_t, score_d = belote_t, value * factor + belote_d
    else:
        # Outcome rules 1 to 4, decided on exact totals: rounding never helps a contract.
        if donne.capot_bid:
            outcome = Outcome.MADE if capot is taker else Outcome.DOWN
        elif total_t < value or total_t < total_d:
            outcome = Outcome.DOWN
        elif total_t > total_d:
            outcome = Outcome.MADE
        elif valid.coinche is not Coinche.NONE:
            outcome = Outcome.DOWN  # a coinched tie: the takers had to beat the defence
        elif rules.litige:
            outcome = Outcome.LITIGE
        else:
            outcome = Outcome.MADE if rules.tie_to_takers else Outcome.DOWN

        if outcome is Outcome.LITIGE:
            score_t, score_d = 0, total_d
            new_pot = _round(total_t) if rules.rounding else total_t
        elif outcome is Outcome.MADE:
            if factor == 1 or rules.multiply == "contract":
                score_t, score_d = total_t + value * factor, total_d
                if capot is taker:  # the defence's annonces change hands, its belote stays
                    score_t += annonces_d
                    score_d -= annonces_d
            else:
                card_base = CAPOT_VALUE if capot is taker else base
                score_t = (card_base + annonces_t + annonces_d + value) * factor + belote_t
                score_d = belote_d
        else:
            # A chute is worth `base` even when the defence made capot; belotes are kept.
            score_t = belote_t
            if rules.multiply == "contract":
                score_d = base + annonces_d + annonces_t + value * factor + belote_d
            else:
                score_d = (base + annonces_d + annonces_t + value) * factor + belote_d

    if rules.rounding:
        score_t, score_d = _round(score_t), _round(score_d)
    # The waiting pot is added after rounding and never multiplied.
    if outcome is Outcome.MADE:
        score_t += pot
    else:  # down, or a new litige: its defence takes the waiting pot
        score_d += pot
    if taker is Side.NS:
        return DonneScore(score_t, score_d, outcome, new_pot)
    return DonneScore(score_d, score_t, outcome, new_pot)
