"""Points attribués (SCORING.md, "Points attribués"): added after rounding, never multiplied,
in no total, outcome or pot, and allowed on a passed donne."""

from scoring import Coinche, Donne, DonneScore, Outcome, Rules, score_donne

from .builders import CONTRAT_SEUL, EW, EXACT, FFB, NS, PASSED, scored_game, take


def test_they_are_added_after_rounding():
    # 97 + 80 = 177 -> 180 and 65 -> 70, then + 5 and + 4: never rounded.
    score = score_donne(take(NS, 80, 97, awarded_ns=5, awarded_ew=4), FFB)
    assert score == DonneScore(185, 74, Outcome.MADE, 0)


def test_they_are_never_multiplied():
    score = score_donne(take(NS, 80, 100, coinche=Coinche.SURCOINCHE, awarded_ns=30), FFB)
    assert score == DonneScore((160 + 80) * 4 + 30, 0, Outcome.MADE, 0)
    score = score_donne(take(NS, 80, 70, coinche=Coinche.COINCHE, awarded_ew=30), FFB)
    assert score == DonneScore(0, (160 + 80) * 2 + 30, Outcome.DOWN, 0)


def test_they_do_not_help_a_contract():
    # 75 + 10 would reach 80: awarded points are in no total.
    score = score_donne(take(NS, 80, 75, awarded_ns=10), FFB)
    assert score == DonneScore(10, 240, Outcome.DOWN, 0)


def test_they_do_not_break_a_tie_nor_go_into_the_pot():
    score = score_donne(take(EW, 80, 81, awarded_ew=20, awarded_ns=10), EXACT)
    assert score == DonneScore(81 + 10, 20, Outcome.LITIGE, 81)


def test_a_passed_donne_scores_only_them_and_leaves_the_pot_waiting():
    score = score_donne(Donne(awarded_ns=50, awarded_ew=20), FFB, pot=80)
    assert score == DonneScore(50, 20, Outcome.PASSED, 80)


def test_they_count_with_demandes_too():
    score = score_donne(take(NS, 90, 100, awarded_ew=7), CONTRAT_SEUL)
    assert score == DonneScore(90, 7, Outcome.MADE, 0)


def test_they_count_in_the_game_totals_and_can_end_a_game():
    rules = Rules(target=300)
    donnes = [take(NS, 80, 100), Donne(awarded_ns=120)]  # 180, then 300
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (300, 60, True, NS, 2)


def test_a_pot_goes_to_the_next_winner_whatever_the_awarded_points():
    game = scored_game([take(NS, 80, 81), Donne(awarded_ns=10), take(EW, 90, 100)], FFB)
    assert [(s.ns, s.ew, s.pot) for s in game.donnes] == [(0, 80, 80), (10, 0, 80), (60, 270, 0)]
    assert Donne(awarded_ns=0, awarded_ew=0) == PASSED
