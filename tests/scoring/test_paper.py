"""Paper totals (scoring/paper.py): every sheet real donnes give is accepted, impossible ones
are refused.

The properties play random valid donnes with `score_game` until the game is finished and feed
its totals to the check, for every preset and for random rule sets; the unit tests below
refuse sheets that cannot be, one rule at a time.
"""

import dataclasses
import itertools

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import (
    PRESETS,
    Coinche,
    Counting,
    Donne,
    Game,
    Multiply,
    Outcome,
    PaperCheck,
    PaperTotals,
    Rules,
    ScoringError,
    Side,
    Trump,
    check_paper_totals,
    paper_check_kind,
    paper_problems,
    paper_winner,
    score_donne,
    score_game,
)
from scoring.paper import MAX_PAPER_DONNES, max_donne_points, min_donne_points

from .builders import CAPOT_250, CLASSIQUE, EW, FFB, NS, SANS_ANNONCES, play, take
from .strategies import donnes, rule_sets, rules_and_donne, v3_rule_sets

CONTRAT_SEUL = PRESETS["contrat-seul"]
CONTRAT_MULTIPLIE = PRESETS["contrat-multiplie"]
MOST_DONNES = 80  # a game to 2000 ends long before; the few that do not are left out
targets = st.none() | st.integers(10, 150).map(lambda n: n * 10)
# Lengths as clubs play them, and a few short games (hypothesis favours small integers, which
# would make most games one or two donnes long).
limits = st.sampled_from([None, None, 1, 2, 6, 12, 16, 24])
stops = st.sampled_from([None, None, None, 1, 5, 12])
# Half the donnes end 81–81 or 71/91 with one belote: ties, so litiges and their pots.
points = st.integers(0, 162) | st.sampled_from([71, 81, 91])
# Most donnes are not coinched, as at a table: games to 2000 then last a dozen donnes.
coinches = st.sampled_from([Coinche.NONE] * 6 + [Coinche.COINCHE, Coinche.SURCOINCHE])


def _refused(totals: PaperTotals, rules: Rules) -> str | None:
    """The field of the ScoringError the check raises (it must raise one)."""
    with pytest.raises(ScoringError) as caught:
        check_paper_totals(totals, rules)
    assert caught.value.message  # French text for the form
    return caught.value.field


@st.composite
def finished_games(draw, rules):
    """Rules drawn from `rules`, with a drawn game length, and the donnes of a finished game
    under them, played one at a time until `score_game` says the game is over."""
    rules = draw(rules)
    limit = draw(limits)
    if rules.target is None and limit is None:
        limit = 12
    rules = dataclasses.replace(rules, max_donnes=limit)
    stop_after = draw(stops)
    awarded = draw(st.booleans())  # points attribués in some games only
    played: list[Donne] = []
    for _ in range(MOST_DONNES):
        played.append(draw(donnes(rules, awarded=awarded, points=points, coinche=coinches)))
        game = score_game(played, rules, stop_after=stop_after)
        if game.finished:
            return rules, played, game
    assume(False)  # a game to 2000 still going after 80 donnes: rare
    raise AssertionError("assume(False) does not return")


def _sheet(played, game, rules) -> PaperTotals:
    """What the scorer's sheet shows: totals, donnes, belotes and the capots marked."""
    taken = [(donne, score) for donne, score in zip(played, game.donnes, strict=True)
             if donne.taker is not None]
    return PaperTotals(
        score_ns=game.ns,
        score_ew=game.ew,
        donnes=game.played,
        passed=game.played - len(taken),
        belotes=sum(donne.belote_ns + donne.belote_ew for donne, _ in taken),
        # A capot is marked when the donne was not a chute (SCORING.md: a chute is worth the
        # base even when the defence made capot), or with the defence's capot bonus when the
        # defence made it on a chute.
        capots=sum(donne.capot is not None and (
                       score.outcome is not Outcome.DOWN
                       or (rules.defence_capot_bonus and donne.capot != donne.taker))
                   for donne, score in taken),
        awarded_ns=sum(donne.awarded_ns for donne in played),
        awarded_ew=sum(donne.awarded_ew for donne in played),
    )


def _accepts_the_sheet(rules, played, game):
    totals = _sheet(played, game, rules)
    check_paper_totals(totals, rules)
    if game.ns == game.ew:  # a side won by crossing first (FFB 10.3): paper cannot say
        with pytest.raises(ScoringError):
            paper_winner(totals, rules)
        return
    winner = paper_winner(totals, rules)
    assert winner is (Side.NS if game.ns > game.ew else Side.EW)
    if not rules.belote_exception:
        assert winner is game.winner  # only a side left waiting can win with fewer points


# Every sheet real donnes give is accepted.
@pytest.mark.parametrize("preset", list(PRESETS))
@given(data=st.data())
def test_every_finished_game_of_a_preset_passes_the_check(preset, data):
    rules, played, game = data.draw(finished_games(st.just(PRESETS[preset])))
    _accepts_the_sheet(rules, played, game)


@given(finished_games(rule_sets(target=targets)))
def test_every_finished_game_under_any_rules_passes_the_check(case):
    _accepts_the_sheet(*case)


@given(finished_games(rule_sets(game=Game.CLASSIQUE, rounding=False, annonces=False,
                                target=targets)))
def test_the_exact_check_counts_capots_of_the_takers_only(case):
    # Without annonces a capot of the defence is always a chute, one of the takers never:
    # the capots the exact check needs are the takers' capots.
    rules, played, game = case
    takers_capots = sum(donne.capot is not None and donne.capot is donne.taker
                        for donne in played)
    totals = _sheet(played, game, rules)
    assert totals.capots == takers_capots
    assert paper_check_kind(rules).exact
    extra = rules.capot_points - 162
    assert (totals.score_ns + totals.score_ew - totals.awarded_ns - totals.awarded_ew
            == 162 * (totals.donnes - totals.passed) + 20 * totals.belotes
            + extra * totals.capots)


@given(finished_games(v3_rule_sets(target=targets)))
def test_every_finished_game_under_any_v3_rules_passes_the_check(case):
    _accepts_the_sheet(*case)


@given(finished_games(v3_rule_sets(target=targets, rounding=False, counting=Counting.FAITS,
                                   chute_base=st.sampled_from([None, 162]))))
def test_every_finished_game_without_rounding_under_v3_rules_passes_the_check(case):
    # Fewer rounding rule sets, so that the digit and exact checks meet v3's options often.
    _accepts_the_sheet(*case)


@given(finished_games(v3_rule_sets(game=Game.CLASSIQUE, rounding=False, annonces=False,
                                   losing_belote=st.sampled_from(["kept", "winner"]),
                                   chute_base=st.sampled_from([None, 162]),
                                   target=targets)))
def test_the_exact_check_stays_exact_under_v3_classique_options(case):
    rules, played, game = case
    assert paper_check_kind(rules).exact
    totals = _sheet(played, game, rules)
    extra = rules.capot_points - 162
    assert (totals.score_ns + totals.score_ew - totals.awarded_ns - totals.awarded_ew
            == 162 * (totals.donnes - totals.passed) + 20 * totals.belotes
            + extra * totals.capots)


# The bounds: sound for every donne, and reached.
@given(rules_and_donne(rules=v3_rule_sets(), awarded=False), st.sampled_from([0, 80, 250]))
def test_no_v3_donne_gives_a_side_more_than_the_bound_nor_both_less(case, pot):
    test_no_donne_gives_a_side_more_than_the_bound_nor_both_less.hypothesis.inner_test(
        case, pot)


@given(rules_and_donne(awarded=False), st.sampled_from([0, 80, 250]))
def test_no_donne_gives_a_side_more_than_the_bound_nor_both_less(case, pot):
    rules, donne = case
    score = score_donne(donne, rules, pot)
    most = max_donne_points(rules)
    if donne.taker is None:
        assert (score.ns, score.ew) == (0, 0)
        return
    # The pot received belongs to an earlier donne (it goes to the takers when made, to the
    # defence otherwise); the pot left waiting is this donne's.
    own = {Side.NS: score.ns, Side.EW: score.ew}
    winner = (Side(donne.taker) if score.outcome is Outcome.MADE
              else Side(donne.taker).other)
    own[winner] -= pot
    assert max(own.values()) <= most
    # A litige's two parts together (the defence may win the pot next) stay within it too.
    if score.outcome is Outcome.LITIGE:
        defence = Side(donne.taker).other
        assert own[defence] + score.pot <= most
    assert sum(own.values()) + score.pot >= min_donne_points(rules)


def _best_donnes(rules: Rules) -> list[Donne]:
    """The donnes that score `max_donne_points`, one per candidate of its derivation."""
    belotes = 4 if rules.sa_ta else 1
    trump = Trump.ALL_TRUMP if rules.sa_ta else Trump.HEARTS
    annonces = 550 if rules.annonces else 0
    if rules.game is Game.CLASSIQUE:
        return [Donne(taker=NS, trump=trump, taker_points=162, capot=NS, belote_ns=belotes,
                      annonces_ew=annonces)]
    surcoinche = Coinche.SURCOINCHE
    top = rules.max_contract
    # The highest bid: a number, or the capot bid (250) when the numbers stop below it.
    highest = {"contract": top} if top >= 250 else {"capot_bid": True}
    chute = Donne(taker=NS, trump=trump, coinche=surcoinche, taker_points=0,
                  belote_ew=belotes, annonces_ew=annonces, **highest)
    if rules.counting is Counting.DEMANDES:
        return [chute]
    deciding = rules.capot_points + annonces + (20 * belotes if rules.belote_in_contract else 0)
    made_value = min(top, deciding // 10 * 10)
    best_made = {"contract": made_value} if made_value >= 250 else {"capot_bid": True}
    made = Donne(taker=NS, trump=trump, coinche=surcoinche, taker_points=162, capot=NS,
                 belote_ns=belotes, annonces_ew=annonces, **best_made)
    return [made, chute]


@given(rule_sets())
def test_the_bound_of_a_donne_is_reached(rules):
    best = [score_donne(donne, rules) for donne in _best_donnes(rules)]
    assert max(max(score.ns, score.ew) for score in best) == max_donne_points(rules)


def _option_grid():
    """Every consistent combination of the options the bound depends on, with contract
    ceilings around the capot bid (250) and the deciding totals (252, 272, 332)."""
    flags = itertools.product([False, True], repeat=6)
    for game, counting, multiply, factor, capot, top, flag in itertools.product(
        list(Game), [Counting.FAITS, Counting.DEMANDES], list(Multiply), [4, 3], [252, 250],
        [80, 240, 250, 260, 270, 330, 340, 500], list(flags),
    ):
        rounding, sa_ta, annonces, multiplied, in_contract, demandes_belote = flag
        if counting is Counting.DEMANDES and (annonces or game is Game.CLASSIQUE):
            continue
        yield Rules(game=game, counting=counting, multiply=multiply, surcoinche_factor=factor,
                    rounding=rounding, sa_ta=sa_ta, annonces=annonces,
                    belote_multiplied=multiplied, belote_in_contract=in_contract,
                    demandes_belote=demandes_belote, capot_points=capot, max_contract=top)


def test_the_bound_of_a_donne_is_reached_under_every_option():
    grid = list(_option_grid())
    assert len(grid) > 5000
    for rules in grid:
        best = [score_donne(donne, rules) for donne in _best_donnes(rules)]
        assert max(max(score.ns, score.ew) for score in best) == max_donne_points(rules), rules


@pytest.mark.parametrize(
    ("options", "most"),
    [
        # A capot bid made (250 × 4 + 252 + 20) beats the chute of a 270 (162 + 1080 + 20) …
        ({"belote_in_contract": False}, 1272),
        # … but when the belote decides, 272 points make a 270 contract: 252 + 20 + 1080.
        ({"belote_in_contract": True}, 1352),
    ],
)
def test_a_contract_is_made_only_up_to_the_takers_deciding_total(options, most):
    rules = Rules(annonces=False, rounding=False, multiply=Multiply.CONTRACT, max_contract=270,
                  **options)
    assert max_donne_points(rules) == most


@pytest.mark.parametrize(
    ("preset", "most", "least"),
    [
        # (250 + 550 + 500 + 20) × 4: a 500 surcoinché made by a capot with four carrés.
        ("ffb-coinche", 5280, 160),
        ("ffb-classique", 252 + 550 + 20, 162),
        # A capot bid (250) surcoinché: v3's contrat-seul bids at most 160.
        ("contrat-seul", 250 * 3, 80),
        # 252 + 550 + 80 + 500 × 4: at tout atout, four belotes.
        ("contrat-multiplie", 2882, 162),
        ("classique-sans-annonces", 272, 162),
        ("classique-capot-250", 250 + 550 + 20, 162),
    ],
)
def test_the_bounds_of_each_preset(preset, most, least):
    rules = PRESETS[preset]
    assert (max_donne_points(rules), min_donne_points(rules)) == (most, least)


# Which check each preset gets.
@pytest.mark.parametrize(
    ("preset", "exact", "needs", "words"),
    [
        ("ffb-coinche", False, set(), "arrondi"),
        ("ffb-classique", False, set(), "annonces"),
        ("contrat-seul", False, set(), "demandés"),
        ("contrat-multiplie", False, set(), "contrats"),
        ("classique-sans-annonces", True, {"belotes", "capots"}, "Contrôle exact"),
        ("classique-capot-250", False, {"capots"}, "plus 8 par capot marqué (250 points)"),
        ("coinche-concours", False, set(), "arrondi"),
        ("classique-dedans", False, set(), "annonces"),
    ],
)
def test_each_preset_says_which_check_it_gets(preset, exact, needs, words):
    check = paper_check_kind(PRESETS[preset])
    assert isinstance(check, PaperCheck)
    assert (check.exact, check.needs) == (exact, frozenset(needs))
    assert words in check.explanation
    assert ("partiel" in check.explanation) is not exact


def test_coinche_multiplying_the_score_without_rounding_checks_bounds_only():
    check = paper_check_kind(Rules(rounding=False))
    assert not check.exact and check.needs == frozenset()
    assert "seules les bornes" in check.explanation
    # No digit to check: a coinched donne brings (162 + 80) × 2 = 484, a plain one 242.
    sheet = PaperTotals(score_ns=484, score_ew=242, donnes=2)
    check_paper_totals(sheet, Rules(rounding=False))


def test_the_explanation_gives_the_bounds():
    text = paper_check_kind(SANS_ANNONCES).explanation
    assert "plus 20 par belote et 90 par capot réussi par les preneurs" in text
    assert "au moins 162" not in text  # the exact check says it all
    assert "au plus 5280 à une équipe" in paper_check_kind(FFB).explanation
    assert "88 par capot" in paper_check_kind(dataclasses.replace(SANS_ANNONCES,
                                                                  capot_points=250)).explanation


# The exact check (classique without rounding nor annonces).
def test_a_real_classique_game_is_accepted():
    # 81 + 20 (belote), 120 + 42, a capot of the takers (252), a passed donne, a litige
    # (81–81: the pot goes to the next winner), then 100–62.
    rules = dataclasses.replace(SANS_ANNONCES, target=None, max_donnes=6, litige=True)
    played = [
        play(NS, 101, belote_ns=1),
        play(EW, 120),
        play(NS, 162, capot=NS),
        Donne(),
        play(EW, 81),
        play(NS, 100),
    ]
    game = score_game(played, rules)
    assert game.finished
    totals = PaperTotals(game.ns, game.ew, donnes=6, passed=1, belotes=1, capots=1)
    assert game.ns + game.ew == 162 * 5 + 20 + 90
    check_paper_totals(totals, rules)
    assert paper_winner(totals, rules) is game.winner


def test_the_exact_check_refuses_a_total_off_by_one_point():
    sheet = PaperTotals(score_ns=1100, score_ew=844, donnes=12, belotes=0, capots=0)
    check_paper_totals(sheet, SANS_ANNONCES)  # 12 × 162 = 1944
    for ns in (1099, 1101, 1110):
        assert _refused(dataclasses.replace(sheet, score_ns=ns), SANS_ANNONCES) is None


def test_the_exact_check_counts_belotes_capots_passed_donnes_and_points_attribues():
    sheet = PaperTotals(score_ns=1200, score_ew=874, donnes=12, belotes=2, capots=1)
    check_paper_totals(sheet, SANS_ANNONCES)  # 1944 + 40 + 90 = 2074
    for changed in (
        {"belotes": 1},
        {"belotes": 3},
        {"capots": 0},
        {"capots": 2},
        {"passed": 1},
        {"donnes": 13},
        {"awarded_ns": 10},
    ):
        assert _refused(dataclasses.replace(sheet, **changed), SANS_ANNONCES) is None
    check_paper_totals(dataclasses.replace(sheet, donnes=13, passed=1), SANS_ANNONCES)
    check_paper_totals(dataclasses.replace(sheet, score_ns=1210, awarded_ns=10), SANS_ANNONCES)
    # A capot of 250 brings 88 more, not 90.
    capot_250 = dataclasses.replace(SANS_ANNONCES, capot_points=250)
    assert _refused(sheet, capot_250) is None
    check_paper_totals(dataclasses.replace(sheet, score_ew=872), capot_250)


def test_the_exact_check_needs_belotes_and_capots():
    sheet = PaperTotals(score_ns=1100, score_ew=844, donnes=12, belotes=0, capots=0)
    assert _refused(dataclasses.replace(sheet, belotes=None), SANS_ANNONCES) == "belotes"
    assert _refused(dataclasses.replace(sheet, capots=None), SANS_ANNONCES) == "capots"


# The partial checks.
def test_classique_with_annonces_checks_the_last_digit():
    # 12 donnes: 1944 plus tens of belotes, annonces and capots of 252: ends in 4.
    sheet = PaperTotals(score_ns=1254, score_ew=1000, donnes=12)
    check_paper_totals(sheet, CLASSIQUE)
    assert _refused(dataclasses.replace(sheet, score_ns=1253), CLASSIQUE) is None
    assert _refused(dataclasses.replace(sheet, score_ns=1250), CLASSIQUE) is None
    # A passed donne: 11 × 162 = 1782, ends in 2; points attribués are taken out.
    check_paper_totals(dataclasses.replace(sheet, score_ns=1252, passed=1), CLASSIQUE)
    check_paper_totals(dataclasses.replace(sheet, score_ns=1261, awarded_ns=7), CLASSIQUE)
    # Typed though not needed, belotes and capots are checked, and change no digit.
    check_paper_totals(dataclasses.replace(sheet, belotes=3, capots=2), CLASSIQUE)


def test_a_capot_of_250_with_annonces_moves_the_digit_and_is_needed():
    sheet = PaperTotals(score_ns=1252, score_ew=1000, donnes=12, capots=1)
    check_paper_totals(sheet, CAPOT_250)  # 1944 + 88 ends in 2
    assert _refused(dataclasses.replace(sheet, capots=0), CAPOT_250) is None
    check_paper_totals(dataclasses.replace(sheet, score_ns=1254, capots=0), CAPOT_250)
    assert _refused(dataclasses.replace(sheet, capots=None), CAPOT_250) == "capots"


def test_contrat_multiplie_checks_the_last_digit_too():
    # NS 80 ♥ surcoinché, make 100: 100 + 320 = 420, EW 62: 482, ends in 2.
    played = [take(NS, 80, 100, coinche=Coinche.SURCOINCHE)]
    rules = dataclasses.replace(CONTRAT_MULTIPLIE, max_donnes=1)
    game = score_game(played, rules)
    assert (game.ns, game.ew) == (420, 62)
    sheet = PaperTotals(game.ns, game.ew, donnes=1)
    check_paper_totals(sheet, rules)
    assert _refused(dataclasses.replace(sheet, score_ew=60), rules) is None


def test_rounding_asks_for_multiples_of_ten():
    sheet = PaperTotals(score_ns=1650, score_ew=420, donnes=10)
    check_paper_totals(sheet, FFB)
    assert _refused(dataclasses.replace(sheet, score_ns=1655), FFB) == "score_ns"
    assert _refused(dataclasses.replace(sheet, score_ew=421), FFB) == "score_ew"
    # Points attribués come after rounding: only the rest is a multiple of ten.
    check_paper_totals(dataclasses.replace(sheet, score_ew=427, awarded_ew=7), FFB)
    assert _refused(dataclasses.replace(sheet, awarded_ew=7), FFB) == "score_ew"


def test_counting_demandes_asks_for_multiples_of_ten_without_rounding():
    sheet = PaperTotals(score_ns=1000, score_ew=480, donnes=8)
    check_paper_totals(sheet, CONTRAT_SEUL)
    assert _refused(dataclasses.replace(sheet, score_ns=1002), CONTRAT_SEUL) == "score_ns"


def test_too_few_points_for_the_donnes_played_are_refused():
    # 10 donnes bring at least 1600 with rounding, 640 + 20 … here 1590.
    sheet = PaperTotals(score_ns=1000, score_ew=590, donnes=10)
    assert _refused(sheet, FFB) is None
    check_paper_totals(dataclasses.replace(sheet, score_ew=600), FFB)
    check_paper_totals(dataclasses.replace(sheet, passed=1), FFB)
    # Counting demandes, 80 a donne.
    assert _refused(PaperTotals(score_ns=150, score_ew=0, donnes=2), CONTRAT_SEUL) is None
    check_paper_totals(PaperTotals(score_ns=160, score_ew=0, donnes=2), CONTRAT_SEUL)


def test_a_total_over_the_bound_is_refused():
    most = max_donne_points(SANS_ANNONCES)  # 272: a capot of the takers with the belote
    sheet = PaperTotals(score_ns=2 * most, score_ew=0, donnes=2, belotes=2, capots=2)
    check_paper_totals(sheet, SANS_ANNONCES)  # 2 × 162 + 2 × 20 + 2 × 90
    over = dataclasses.replace(sheet, score_ns=2 * most + 1)
    assert _refused(over, SANS_ANNONCES) == "score_ns"
    assert _refused(PaperTotals(score_ns=0, score_ew=5281, donnes=1), FFB) == "score_ew"
    check_paper_totals(PaperTotals(score_ns=0, score_ew=5280, donnes=1), FFB)
    # A passed donne brings no points but those attributed.
    assert _refused(PaperTotals(0, 5290, donnes=2, passed=1), FFB) == "score_ew"
    check_paper_totals(PaperTotals(0, 5280 + 1000, donnes=2, passed=1, awarded_ew=1000), FFB)


# Bad input, field by field.
@pytest.mark.parametrize(
    ("changed", "field"),
    [
        ({"donnes": 0}, "donnes"),
        ({"donnes": MAX_PAPER_DONNES + 1}, "donnes"),
        ({"donnes": True}, "donnes"),
        ({"donnes": "12"}, "donnes"),
        ({"donnes": 12.0}, "donnes"),
        ({"passed": -1}, "passed"),
        ({"passed": 13}, "passed"),
        ({"passed": False}, "passed"),
        ({"belotes": -1}, "belotes"),
        ({"belotes": 13}, "belotes"),  # one a donne at most without tout atout
        ({"belotes": True}, "belotes"),
        ({"capots": 13}, "capots"),
        ({"capots": "1"}, "capots"),
        ({"awarded_ns": -1}, "awarded_ns"),
        ({"awarded_ns": 12_001}, "awarded_ns"),
        ({"awarded_ew": None}, "awarded_ew"),
        ({"score_ns": -1}, "score_ns"),
        ({"score_ns": True}, "score_ns"),
        ({"score_ew": "844"}, "score_ew"),
        ({"score_ew": 844.0}, "score_ew"),
        ({"score_ew": 10, "awarded_ew": 20}, "score_ew"),
    ],
)
def test_bad_figures_are_refused_naming_their_field(changed, field):
    sheet = PaperTotals(score_ns=1100, score_ew=844, donnes=12, belotes=0, capots=0)
    assert _refused(dataclasses.replace(sheet, **changed), SANS_ANNONCES) == field


def test_belotes_are_bounded_by_four_a_donne_at_tout_atout():
    rules = dataclasses.replace(SANS_ANNONCES, sa_ta=True)
    sheet = PaperTotals(score_ns=1100, score_ew=844 + 20 * 48, donnes=12, belotes=48, capots=0)
    check_paper_totals(sheet, rules)
    assert _refused(dataclasses.replace(sheet, belotes=49), rules) == "belotes"
    assert _refused(dataclasses.replace(sheet, belotes=2, passed=11), SANS_ANNONCES) == "belotes"


def test_anything_but_totals_and_rules_is_a_bug_not_a_user_error():
    sheet = PaperTotals(score_ns=1100, score_ew=844, donnes=12, belotes=0, capots=0)
    with pytest.raises(TypeError):
        check_paper_totals(sheet, "classique-sans-annonces")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check_paper_totals((1100, 844, 12), SANS_ANNONCES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        paper_check_kind(None)  # type: ignore[arg-type]


# The winner of a paper game.
def test_the_higher_total_wins_a_paper_game():
    sheet = PaperTotals(score_ns=800, score_ew=1144, donnes=12, belotes=0, capots=0)
    assert paper_winner(sheet, SANS_ANNONCES) is EW
    assert paper_winner(dataclasses.replace(sheet, score_ns=1144, score_ew=800),
                        SANS_ANNONCES) is NS


def test_equal_totals_are_refused_the_sheet_must_say_who_won():
    sheet = PaperTotals(score_ns=972, score_ew=972, donnes=12, belotes=0, capots=0)
    check_paper_totals(sheet, SANS_ANNONCES)  # such totals can be …
    with pytest.raises(ScoringError, match="qui a gagné") as caught:
        paper_winner(sheet, SANS_ANNONCES)  # … but they name no winner
    assert caught.value.field is None


def test_paper_winner_checks_the_totals_first():
    sheet = PaperTotals(score_ns=1101, score_ew=844, donnes=12, belotes=0, capots=0)
    with pytest.raises(ScoringError, match="1944"):
        paper_winner(sheet, SANS_ANNONCES)


def test_the_paper_types_are_frozen_values():
    sheet = PaperTotals(1, 2, 3)
    assert (sheet.passed, sheet.belotes, sheet.capots, sheet.awarded_ns) == (0, None, None, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sheet.score_ns = 5  # type: ignore[misc]
    assert PaperCheck.__dataclass_params__.frozen


# Version 3's options: the check holds where it can, and says "partiel" where it cannot.
@pytest.mark.parametrize(
    ("options", "exact", "needs", "words"),
    [
        # A chute worth 160 without rounding: neither exact nor digit.
        (dict(chute_base=160), False, set(), "une chute vaut 160 points"),
        (dict(chute_base=162), True, {"belotes", "capots"}, "Contrôle exact"),
        # The takers' belote lost on a chute: belotes no longer add up; tens still do.
        (dict(losing_belote="lost"), False, set(), "belotes perdues"),
        (dict(losing_belote="winner"), True, {"belotes", "capots"}, "Contrôle exact"),
        # The defence's capot on a chute counts like the takers'.
        (dict(defence_capot_bonus=True), True, {"belotes", "capots"},
         "90 par capot réussi par l'une ou l'autre équipe"),
        # A capot worth 162 needs no capot count.
        (dict(capot_points=162), True, {"belotes"}, "un capot vaut 162 points"),
    ],
)
def test_the_classique_exact_check_under_v3_options(options, exact, needs, words):
    check = paper_check_kind(dataclasses.replace(SANS_ANNONCES, **options))
    assert (check.exact, check.needs) == (exact, frozenset(needs))
    assert words in check.explanation
    assert ("partiel" in check.explanation) is not exact


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (dict(capot_bid_score=500), "un capot annoncé ou une générale vaut son score"),
        (dict(generale_score=1000), "un capot annoncé ou une générale vaut son score"),
        (dict(coinche_made="base", capot_points=250),
         "un capot coinché vaut la base, un capot non coinché ses points"),
        (dict(chute_base=160), "une chute vaut 160 points"),
    ],
)
def test_contrat_multiplie_falls_back_to_the_bounds_where_v3_breaks_the_digit(options, words):
    check = paper_check_kind(dataclasses.replace(CONTRAT_MULTIPLIE, **options))
    assert not check.exact and "seules les bornes" in check.explanation
    assert words in check.explanation


@pytest.mark.parametrize(
    "options",
    [dict(coinche_made="base"), dict(coinche_made="points", capot_points=250),
     dict(capot_points=162), dict(defence_capot_bonus=True), dict(chute_base=162)],
)
def test_contrat_multiplie_keeps_the_digit_where_v3_keeps_it(options):
    check = paper_check_kind(dataclasses.replace(CONTRAT_MULTIPLIE, **options))
    assert "finissent par le même chiffre" in check.explanation


def test_a_chute_of_160_lowers_the_least_a_donne_brings():
    rules = dataclasses.replace(SANS_ANNONCES, chute_base=160)
    assert min_donne_points(rules) == 160
    # 12 chutes of 160: accepted, though 162 × 12 is not reached.
    check_paper_totals(PaperTotals(score_ns=0, score_ew=1920, donnes=12), rules)


def test_a_flat_generale_raises_the_bound():
    rules = dataclasses.replace(FFB, generale_score=2000, annonces=False)
    # (160 + 2000 + 20) × 4, rounded.
    assert max_donne_points(rules) == 8720
    surcoinched = Donne(taker=NS, generale_bid=True, trump=Trump.HEARTS, coinche=Coinche.SURCOINCHE,
                        taker_points=100, belote_ew=1)
    assert score_donne(surcoinched, rules).ew == 8080  # (2000 + 20) × 4: within the bound


# Every refusal at once (a form shows them all).
def _fields(sheet: PaperTotals, rules: Rules) -> list[str | None]:
    return [problem.field for problem in paper_problems(sheet, rules)]


def test_every_refused_figure_is_said_at_once_the_first_as_check_paper_totals_says():
    # Belotes missing, a total over its bound, the other not a multiple of 10.
    sheet = PaperTotals(score_ns=99_999, score_ew=845, donnes=12, belotes=None, capots=0)
    assert _fields(sheet, SANS_ANNONCES) == ["belotes", "score_ns"]
    assert _fields(dataclasses.replace(sheet, belotes=0), FFB) == ["score_ns", "score_ew"]
    assert _refused(dataclasses.replace(sheet, belotes=0), FFB) == "score_ns"


def test_the_sum_is_checked_only_once_every_figure_is_accepted():
    sheet = PaperTotals(score_ns=1101, score_ew=844, donnes=12, belotes=0, capots=0)
    assert _fields(sheet, SANS_ANNONCES) == [None]  # 1945 instead of 1944
    assert _fields(dataclasses.replace(sheet, capots=13), SANS_ANNONCES) == ["capots"]
    assert _fields(PaperTotals(score_ns=1000, score_ew=590, donnes=10), FFB) == [None]


def test_a_refused_number_of_donnes_or_points_attribues_stops_the_checks_it_bounds():
    sheet = PaperTotals(score_ns=99_999, score_ew=844, donnes=0, belotes=None, capots=0)
    assert _fields(sheet, SANS_ANNONCES) == ["donnes"]
    wrong = PaperTotals(score_ns=99_999, score_ew=844, donnes=12, belotes=0, capots=0,
                        awarded_ns=-1, awarded_ew=-1)
    assert _fields(wrong, SANS_ANNONCES) == ["awarded_ns", "awarded_ew"]


def test_equal_totals_are_said_with_the_figures_refusals():
    sheet = PaperTotals(score_ns=972, score_ew=972, donnes=12, belotes=None, capots=0)
    assert _fields(sheet, SANS_ANNONCES) == ["belotes", None]
    assert paper_problems(dataclasses.replace(sheet, belotes=0), SANS_ANNONCES)[0].message \
        .startswith("Les deux totaux sont égaux")
    assert _fields(dataclasses.replace(sheet, score_ns=True, score_ew=True),
                   SANS_ANNONCES) == ["belotes", "score_ns", "score_ew"]
