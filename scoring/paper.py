"""Paper totals: a game typed as its score sheet's final totals, checked against the rules.

Many clubs score on paper; the organiser may type a finished sheet's two totals and its
number of donnes instead of each donne. `check_paper_totals` refuses totals that cannot come
from donnes scored by `score_donne` and summed by `score_game`; `paper_check_kind` says, for
the form, which check the rules allow. Everything below is derived from SCORING.md and the
code of `donne.py`; the tests check it against `score_game` (tests/scoring/test_paper.py).

What one taken donne brings, both sides together
------------------------------------------------
Counting *faits* (classique, and coinche unless it counts *demandés*), with `t` and `d` the
takers' and the defence's totals (card points + 20 per belote + annonces):

- made, not coinché or `multiply` = contract: `t + d + value × m`;
- made, coinché, `multiply` = score: `(250 or base + annonces + value (+ belote)) × m + …`;
- chute: the takers' belote + `base + annonces + value × m + the defence's belote` (or the
  same bracket multiplied), even when the defence made capot ("160 points de chute");
- litige: `d` now and `t` as the pot, which a finished game always hands to someone: to the
  next winner, to the next litige's defence, or back to the takers when the game ends
  (SCORING.md, "One game"). So over a *finished* game every pot is counted exactly once,
  the last donne's included, and a litige brings `t + d` like a made donne.

Card points `t + d` share 162, or `capot_points` when a side won every trick and the donne
was not a chute. In classique the value is 0, nothing is multiplied, and:

- a capot by the takers is always made (their 250 or 252 beat the defence's belotes, 80 at
  most), so it brings `capot_points + belotes + annonces`;
- a capot by the defence, without annonces, is always a chute (the takers hold 80 at most
  against 250), worth 162: the defence's capot adds nothing.

Hence the **exact check** (classique, no rounding, no annonces): over a finished game,
`score_ns + score_ew − points attribués = 162 × taken donnes + 20 × belotes
+ (capot_points − 162) × capots`, where taken donnes are the donnes played less those all four
passed (a passed donne scores 0–0), belotes are all belotes announced by both sides, and
capots are the capots made by the takers. Neither litige nor the belote options change it.

Where the check is partial
--------------------------
- **Digit** (counting faits, no rounding, classique or `multiply` = contract, and not exact):
  annonces, contracts and their factor are multiples of ten, so each taken donne brings
  162 (≡ 2 mod 10) plus tens, or `capot_points` plus tens for a capot that was not a chute:
  the sum less points attribués ends with the last digit of `2 × taken + 8 × capots` (the
  one-file concours managers' "12 donnes: the two totals must end in 4"). With a capot of
  252 the capots drop out (90 ≡ 0); with 250 the check needs them, counted as the donnes
  shared as a capot (a capot of the takers that was not a chute; a capot of the defence only
  if the takers still made their contract, which needs annonces).
- **Tens** (rounding, or counting demandés where every figure is a contract or a belote):
  each side's total less its own points attribués is a multiple of ten.
- **Bounds** only (coinche multiplying the whole score, no rounding): a coinched donne brings
  `(162 + …) × m`, whose last digit depends on the unknown `m`.

Every check also bounds each total: from its side's points attribués up to `taken ×` the
most one side can score in one donne (`max_donne_points`, a litige's two parts included), plus
those points; and the sum, less points attribués, is at least 162 per taken donne (160 with
rounding, whose pieces round down to a sum of 160 at worst; 80 counting demandés, the
smallest contract).

Decisions
---------
- Points attribués are typed, per side (`awarded_ns`, `awarded_ew`, 0 when none): they are
  added after rounding and in no total, so taking them out keeps every check exact; without
  them no check could be.
- `max_donnes` bounds nothing: a game whose totals are equal after its last donne plays
  another one, and time may be called earlier (`stop_after`). Nor is the target checked:
  a time-called game ends below it. `donnes` is bounded by `MAX_PAPER_DONNES`.
- The winner of a paper game is the higher total (`paper_winner`); equal totals are refused,
  since the sheet does not say who won. This is `score_game`'s winner for every finished
  game, except under FFB 10.3's belote exception, where a side that crossed first may win
  with fewer points; a paper sheet does not show when each side crossed.
- A sum mismatch is the combination's fault: its `ScoringError.field` is None; a bound on
  one figure names that figure's field.

Version 3's options
-------------------
Where an option breaks an invariant above, the check falls back to one that still holds,
and says "partiel":

- `chute_base` 160 without rounding: a chute brings 160 (≡ 0 mod 10), not 162: neither the
  exact nor the digit check holds; **bounds** only.
- `losing_belote` = lost: the takers' belote on a chute is scored by nobody, so the belotes
  announced no longer add up; belotes are tens, so the exact check becomes the **digit**
  one. `winner` only moves a belote: the sum is unchanged.
- `defence_capot_bonus`: a chute where the defence won every trick brings `capot_points`
  instead of 162, like a capot that was not a chute: "capots" then counts those too (every
  capot in classique without annonces), and the exact and digit checks hold.
- Flat bids (`capot_bid_score`, `generale_score`, coinche): a flat bid brings its score and
  annonces and belotes, no card points (≡ 0 mod 10): **bounds** only without rounding.
- `coinche_made` = base by contract with a capot of 250: a coinched capot made brings the
  base (162), not 250, which the sheet's capots cannot tell: **bounds** only.
- `capot_points` 162: a capot brings 162 like any donne, so capots are not needed.
- `counting` faits_seuls multiplies the score (refused by contract), and the rounding
  variants need rounding: both are under the checks above as they stand (bounds, tens). With
  `rounding_160` each donne still rounds to tens, and a plain one to exactly 160.
- `capot_takes_annonces` off: with annonces, which the exact check excludes, a takers'
  capot may be a chute; a chute brings 162 plus tens, so the digit check holds as written
  ("a capot that was not a chute").
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from .checks import is_whole
from .donne import (
    BELOTE_POINTS,
    CAPOT_VALUE,
    CARD_POINTS,
    MAX_ANNONCES,
    MAX_AWARDED,
    MAX_BELOTES_AT_TA,
)
from .enums import CoincheMade, Counting, Game, LosingBelote, Multiply, Side
from .errors import ScoringError
from .rules import MIN_CONTRACT, Rules

# As tournament's MAX_DONNES_PER_GAME: a partie has a few dozen donnes; more is a typing slip.
MAX_PAPER_DONNES = 300
BASE_ROUNDED = 160  # the chute's base with rounding, and the least a donne brings then

EXACT, DIGIT, TENS, BOUNDS = "exact", "digit", "tens", "bounds"


@dataclass(frozen=True)
class PaperTotals:
    """A finished paper sheet, as the organiser types it.

    `donnes` counts every donne played, `passed` those all four passed (0–0, usually dealt
    again in classique). `belotes` (both sides) and `capots` (see the module docstring) are
    needed only where `paper_check_kind(rules).needs` names them; points attribués are 0
    unless the arbiter gave some.
    """

    score_ns: int
    score_ew: int
    donnes: int
    passed: int = 0
    belotes: int | None = None
    capots: int | None = None
    awarded_ns: int = 0
    awarded_ew: int = 0


@dataclass(frozen=True)
class PaperCheck:
    """What the rules let a paper sheet's totals be checked against.

    `exact`: the sum of the totals is known from the figures typed; otherwise the check is
    partial. `needs`: which of "belotes", "capots" the check asks for. `explanation`: what is
    checked, in French, for the form.
    """

    exact: bool
    needs: frozenset[str]
    explanation: str


def _flat_bids(rules: Rules) -> bool:
    """Whether a donne may be a flat bid (no card points) under `rules`."""
    return rules.game is Game.COINCHE and (
        rules.capot_bid_score is not None or rules.generale_score is not None
    )


def _kind(rules: Rules) -> str:
    """Which of the checks of the module docstring `rules` allow."""
    if rules.counting is Counting.DEMANDES or rules.rounding:
        return TENS
    if rules.chute_base == BASE_ROUNDED:
        return BOUNDS  # a chute brings 160, not 162
    if rules.game is Game.CLASSIQUE:
        if rules.annonces or rules.losing_belote is LosingBelote.LOST:
            return DIGIT
        return EXACT
    if rules.multiply is not Multiply.CONTRACT or _flat_bids(rules):
        return BOUNDS
    if rules.coinche_made is CoincheMade.BASE and rules.capot_points % 10 != CARD_POINTS % 10:
        return BOUNDS  # a coinched capot brings the base, an uncoinched one capot_points
    return DIGIT


def _capots_words(rules: Rules) -> str:
    """Which capots the sheet counts, in French."""
    if rules.defence_capot_bonus:
        return "capot réussi par l'une ou l'autre équipe"
    return "capot réussi par les preneurs"


def _round(points: int) -> int:
    """To the nearest ten, half up, as `score_donne` rounds (85 → 90, 84 → 80)."""
    return (points + 5) // 10 * 10


def max_belotes(rules: Rules) -> int:
    """The most belotes announced in one donne: four at tout atout, else one."""
    return MAX_BELOTES_AT_TA if rules.sa_ta else 1


def max_donne_points(rules: Rules) -> int:
    """The most one side can score in one taken donne, pots and points attribués apart.

    Each candidate below is a donne `score_donne` accepts (the tests build them, and find
    the bound reached under version 2's options; under version 3's it is an upper bound);
    the bound holds for a litige's two parts together too: they share 162 plus belotes and
    annonces (or a defence's capot that the takers' annonces tied), never more than a capot
    made by the takers brings them.
    """
    belotes = BELOTE_POINTS * max_belotes(rules)  # all of them in one side's hands
    annonces = MAX_ANNONCES if rules.annonces else 0
    if rules.game is Game.CLASSIQUE:
        # A capot by the takers with every annonce and belote; a chute brings 162 at most,
        # or the defence's capot, worth no more than the takers'.
        best = rules.capot_points + annonces + belotes
    else:
        best = _coinche_most(rules, belotes, annonces)
    return _round(best) if rules.rounding else best


def _coinche_most(rules: Rules, belotes: int, annonces: int) -> int:
    """max_donne_points in coinche, before rounding: the best bid made or chuted, with every
    belote and annonce on one side."""
    capot = rules.capot_points
    factor = rules.surcoinche_factor  # 3 or 4, more than a coinche's 2
    capot_bid = CAPOT_VALUE if rules.capot_bid_score is None else rules.capot_bid_score
    # The defence scores any chuted bid; a flat bid won (its score, annonces and
    # belotes) brings no more than the same bid chuted.
    any_value = max(rules.max_contract, capot_bid, rules.generale_score or 0)
    if rules.counting is Counting.DEMANDES:
        return any_value * factor + (belotes if rules.demandes_belote else 0)
    # A contract is made only up to the takers' deciding total: at best a capot with
    # every annonce (they change hands) and, if they decide, every belote; a capot
    # bid (250) is made by any capot.
    deciding = capot + annonces + (belotes if rules.belote_in_contract else 0)
    made_value = max(CAPOT_VALUE, min(rules.max_contract, deciding // 10 * 10))
    if rules.counting is Counting.FAITS_SEULS:
        # The contract is never scored; a flat bid's score is.
        made_value = 0
        any_value = max(rules.capot_bid_score or 0, rules.generale_score or 0)
    base = _base(rules)
    if rules.multiply is Multiply.CONTRACT:
        # A chute counts the base, or with the defence's capot bonus its capot.
        chute = max(base, capot) if rules.defence_capot_bonus else base
        return max(
            capot + annonces + belotes + made_value * factor,  # made
            chute + annonces + any_value * factor + belotes,  # the defence, on a chute
        )
    # The winner's belote inside the multiplied bracket or beside it. Not
    # coinché, a made donne brings less than coinché: left out.
    inside = belotes if rules.belote_multiplied else 0
    beside = belotes - inside
    # A coinched capot counts 250 (the base without a capot bonus), or its card
    # points when each side keeps its own.
    bracket = max(CAPOT_VALUE if capot != CARD_POINTS else base, base)
    if rules.coinche_made is CoincheMade.POINTS:
        bracket = max(bracket, capot)
    chute_bracket = base
    if rules.defence_capot_bonus and capot != CARD_POINTS:
        chute_bracket = CAPOT_VALUE
    return max(
        (bracket + annonces + made_value + inside) * factor + beside,
        (chute_bracket + annonces + any_value + inside) * factor + beside,
    )


def _base(rules: Rules) -> int:
    """The base of a chute (SCORING.md: `chute_base`, or 160 with rounding, 162 without)."""
    if rules.chute_base is not None:
        return rules.chute_base
    return BASE_ROUNDED if rules.rounding else CARD_POINTS


def min_donne_points(rules: Rules) -> int:
    """The least one taken donne brings both sides together, pots counted where they go.

    A chute brings its base at least (160 with `chute_base` 160: a classique or faits_seuls
    chute scores no contract); rounded pieces add up to 160 at worst, `rounding_160`'s too.
    """
    if rules.counting is Counting.DEMANDES:
        return MIN_CONTRACT
    return BASE_ROUNDED if rules.rounding else min(CARD_POINTS, _base(rules))


def paper_check_kind(rules: Rules) -> PaperCheck:
    """Which check a paper sheet gets under `rules`, and its explanation for the form."""
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a scoring.Rules")
    kind = _kind(rules)
    extra = rules.capot_points - CARD_POINTS
    if kind == EXACT:
        return _exact_check(rules, extra)
    low, high = min_donne_points(rules), max_donne_points(rules)
    bounds = (
        f"Chaque donne jouée (donnes passées exceptées) apporte au moins {low} points aux "
        f"deux équipes ensemble, et au plus {high} à une équipe, points attribués à part."
    )
    if kind == DIGIT:
        needs, text = _digit_check(rules, extra)
        return PaperCheck(False, needs, text + bounds)
    if kind == TENS:
        why = "l'arrondi" if rules.rounding else "le décompte des points demandés"
        text = (
            f"Contrôle partiel (avec {why}, le total exact n'est pas connu) : chaque total, "
            "moins ses points attribués, est un multiple de 10. "
        )
    else:
        text = (
            f"Contrôle partiel ({_unknown_why(rules)}, le total exact n'est pas connu) : "
            "seules les bornes sont vérifiées. "
        )
    return PaperCheck(False, frozenset(), text + bounds)


def _exact_check(rules: Rules, extra: int) -> PaperCheck:
    """The exact check: 162 a donne played, 20 a belote, and a capot's extra points."""
    if extra:
        needs = frozenset({"belotes", "capots"})
        capots = f" et {extra} par {_capots_words(rules)}"
        if not rules.defence_capot_bonus:
            capots += " (un capot de la défense est une chute : 162 points)"
    else:
        needs = frozenset({"belotes"})
        capots = " (un capot vaut 162 points, comme toute donne)"
    text = (
        "Contrôle exact : les deux totaux ensemble, moins les points attribués, font "
        f"162 points par donne jouée (donnes passées exceptées), plus 20 par belote"
        f"{capots}."
    )
    return PaperCheck(True, needs, text)


def _digit_check(rules: Rules, extra: int) -> tuple[frozenset[str], str]:
    """The check of the sum's last digit: what it needs, and its words (the bounds after)."""
    # The participle agrees with what is not entered (« les annonces », feminine).
    if rules.game is Game.COINCHE:
        why = "les contrats ne sont pas saisis"
    elif rules.annonces:
        why = "les annonces ne sont pas saisies"
    else:
        why = "les belotes perdues par les preneurs chutés ne sont pas saisies"
    text = (
        f"Contrôle partiel ({why}) : chaque donne partage 162 points "
        "plus des dizaines, donc les deux totaux ensemble, moins les points attribués, "
        "finissent par le même chiffre que 2 × le nombre de donnes jouées (donnes passées "
        "exceptées)"
    )
    needs: frozenset[str] = frozenset()
    example = "12 donnes : un total qui finit par 4"
    if extra % 10:
        needs = frozenset({"capots"})
        text += f", plus {extra % 10} par capot marqué ({rules.capot_points} points)"
        example = "12 donnes sans capot : un total qui finit par 4"
    return needs, text + f" ({example}). "


def _unknown_why(rules: Rules) -> str:
    """Why the total is not known, where only the bounds are checked."""
    if rules.chute_base == BASE_ROUNDED:
        return "une chute vaut 160 points, une donne réussie 162"
    if _flat_bids(rules):
        return "un capot annoncé ou une générale vaut son score, sans les points des plis"
    if rules.multiply is Multiply.SCORE:
        return "la coinche multiplie tout le score"
    return "un capot coinché vaut la base, un capot non coinché ses points"


def _whole(value: object, low: int, high: int, field: str, label: str) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`, else a ScoringError."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise ScoringError(f"{label} : un nombre entier de {low} à {high} est attendu.", field)


def check_paper_totals(totals: PaperTotals, rules: Rules) -> None:
    """Refuse a finished sheet's totals that no donnes under `rules` can give.

    Raises a `ScoringError` in French naming the field at fault (None for the sum): the
    first of `paper_problems`' check.
    """
    for problem in _problems(totals, rules):
        raise problem


def paper_problems(totals: PaperTotals, rules: Rules) -> list[ScoringError]:
    """Every refusal of a sheet's totals at once, in the order `paper_winner` meets them:
    a form shows them all, where one at a time took a submission each.

    A refusal that the later checks depend on stops there: the donnes played or passed
    (every bound counts them), the points attribués (each total is measured without them),
    and any refusal of a figure before the check of the two totals together (their sum
    means nothing while one is wrong). Equal totals are said beside the figures' refusals.
    """
    problems = list(_problems(totals, rules))
    if is_whole(totals.score_ns) and totals.score_ns == totals.score_ew:
        problems.append(_equal_totals())
    return problems


def _problems(totals: PaperTotals, rules: Rules) -> Iterator[ScoringError]:
    """The check of `check_paper_totals`, each refusal given in turn (see paper_problems),
    step by step: the donnes, the points attribués, the counts, each total, their sum."""
    if not isinstance(totals, PaperTotals):
        raise TypeError("totals must be a scoring.PaperTotals")
    check = paper_check_kind(rules)  # a TypeError unless `rules` is a Rules
    kind = _kind(rules)
    try:
        donnes = _whole(totals.donnes, 1, MAX_PAPER_DONNES, "donnes", "Donnes jouées")
        passed = _whole(totals.passed, 0, donnes, "passed", "Donnes passées")
    except ScoringError as error:
        yield error
        return
    taken = donnes - passed
    awarded = yield from _awarded(totals, donnes)
    counts, wrong = yield from _counts(totals, rules, taken, check)
    if len(awarded) < 2:
        return
    net = yield from _net(totals, rules, awarded, taken, kind)
    if wrong or len(net) < 2:
        return
    yield from _sum_problems(net, counts, rules, taken, kind)


def _awarded(totals: PaperTotals, donnes: int) -> Generator[ScoringError, None, dict[Side, int]]:
    """Each side's points attribués, refused beyond what `donnes` may carry."""
    most_awarded = MAX_AWARDED * donnes  # a passed donne may carry points attribués too
    awarded: dict[Side, int] = {}
    for side, field, label in ((Side.NS, "awarded_ns", "Points attribués NS"),
                               (Side.EW, "awarded_ew", "Points attribués EO")):
        try:
            awarded[side] = _whole(getattr(totals, field), 0, most_awarded, field, label)
        except ScoringError as error:
            yield error
    return awarded


def _counts(totals: PaperTotals, rules: Rules, taken: int,
            check: PaperCheck) -> Generator[ScoringError, None, tuple[dict[str, int], bool]]:
    """The belotes and capots counted, and whether one was refused (or missing where the
    check needs it)."""
    counts: dict[str, int] = {}
    wrong = False
    limits = {"belotes": ("Belotes", taken * max_belotes(rules)), "capots": ("Capots", taken)}
    for field, (label, most) in limits.items():
        value = getattr(totals, field)
        if value is not None:  # checked when typed, even where the check does without it
            try:
                counts[field] = _whole(value, 0, most, field, label)
            except ScoringError as error:
                wrong = True
                yield error
        elif field in check.needs:
            wrong = True
            yield ScoringError(
                f"{label} : indiquez leur nombre (0 s'il n'y en a pas), le contrôle des "
                "totaux en a besoin.",
                field,
            )
    return counts, wrong


def _net(totals: PaperTotals, rules: Rules, awarded: dict[Side, int], taken: int,
         kind: str) -> Generator[ScoringError, None, dict[Side, int]]:
    """Each side's total without its points attribués, when the total is possible."""
    per_donne = max_donne_points(rules)
    net: dict[Side, int] = {}
    for side, field in ((Side.NS, "score_ns"), (Side.EW, "score_ew")):
        problem = _total_problem(side, field, getattr(totals, field), awarded[side], taken,
                                 per_donne, kind)
        if problem is not None:
            yield problem
        else:
            net[side] = getattr(totals, field) - awarded[side]
    return net


def _sum_problems(net: dict[Side, int], counts: dict[str, int], rules: Rules, taken: int,
                  kind: str) -> Iterator[ScoringError]:
    """The two totals together, without the points attribués: what the donnes played give."""
    played = net[Side.NS] + net[Side.EW]
    extra = rules.capot_points - CARD_POINTS
    capots = counts.get("capots", 0)
    if kind == EXACT:
        belotes = counts["belotes"]
        expected = CARD_POINTS * taken + BELOTE_POINTS * belotes + extra * capots
        if played != expected:
            yield ScoringError(
                f"Les deux totaux ensemble, moins les points attribués, font {played} au lieu "
                f"de {expected} : 162 × {taken} donnes + 20 × {belotes} belotes + "
                f"{extra} × {capots} capots. Vérifiez les totaux et ces nombres."
            )
        return
    least = taken * min_donne_points(rules)
    if played < least:
        yield ScoringError(
            f"Les deux totaux ensemble, moins les points attribués, font {played} : au moins "
            f"{least} sont attendus pour {taken} donnes jouées (hors donnes passées)."
        )
        return
    if kind == DIGIT:
        digit = (CARD_POINTS * taken + extra * capots) % 10
        if played % 10 != digit:
            counted = f" et {capots} capots" if extra % 10 else ""
            yield ScoringError(
                f"Les deux totaux ensemble, moins les points attribués, font {played} : ils "
                f"doivent finir par {digit} pour {taken} donnes jouées{counted}. Vérifiez les "
                "totaux."
            )


def _total_problem(side: Side, field: str, score: object, given: int, taken: int,
                   per_donne: int, kind: str) -> ScoringError | None:
    """The refusal of one side's total, if any: a whole number, at least its points
    attribués, at most what its donnes can give, a multiple of 10 where the rules round."""
    # The side as the sheet prints it: NS, EO (est-ouest).
    label = "Total NS" if side is Side.NS else "Total EO"
    if not is_whole(score):
        return ScoringError(f"{label} : un nombre entier est attendu.", field)
    assert isinstance(score, int)  # is_whole says so
    if score < given:
        return ScoringError(
            f"{label} : au moins les points attribués ({given}) sont attendus.", field
        )
    if score - given > taken * per_donne:
        return ScoringError(
            f"{label} : au plus {taken * per_donne + given} pour {taken} donnes jouées "
            f"(hors donnes passées ; {per_donne} au plus par donne, plus les points "
            "attribués).",
            field,
        )
    if kind == TENS and (score - given) % 10:
        return ScoringError(
            f"{label} : moins les points attribués, un multiple de 10 est attendu.", field
        )
    return None


def _equal_totals() -> ScoringError:
    return ScoringError(
        "Les deux totaux sont égaux : la feuille doit dire qui a gagné (une donne de plus "
        "départage les équipes)."
    )


def paper_winner(totals: PaperTotals, rules: Rules) -> Side:
    """The winner of a paper game: the higher total, once the totals are checked.

    Equal totals are refused: the sheet must say who won, and only the higher total can.
    """
    check_paper_totals(totals, rules)
    if totals.score_ns == totals.score_ew:
        raise _equal_totals()
    return Side.NS if totals.score_ns > totals.score_ew else Side.EW
