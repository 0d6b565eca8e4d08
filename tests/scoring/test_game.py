"""The end of a partie: target, max_donnes, the FFB 10.3 belote exception, equal totals."""

import pytest

from scoring import (
    PRESETS,
    Coinche,
    Outcome,
    Rules,
    ScoringError,
    Trump,
    score_donne,
    score_game,
)

from .builders import EW, FFB, NS, PASSED, take


def test_an_empty_game_is_not_finished():
    game = score_game([], FFB)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (0, 0, False, None, 0)


def test_totals_are_the_sum_of_the_donnes():
    donnes = [take(NS, 80, 95), take(EW, 100, 98), take(NS, 120, 130, coinche="coinche")]
    game = score_game(donnes, FFB)
    assert (game.ns, game.ew) == (180 + 260 + 560, 70 + 0 + 0)  # EW chuted the 100
    assert not game.finished and game.winner is None and game.played == 3


def test_a_side_reaching_the_target_wins():
    rules = Rules(target=500)
    game = score_game([take(NS, 120, 130, coinche="coinche")], rules)
    assert (game.finished, game.winner, game.ns) == (True, NS, 560)


def test_when_both_cross_the_higher_total_wins():
    game = score_game([take(NS, 80, 90)], Rules(target=60))  # 170 and 70
    assert (game.finished, game.winner) == (True, NS)


def test_max_donnes_ends_the_game_and_the_higher_total_wins():
    rules = Rules(target=None, max_donnes=2)
    first = score_game([take(NS, 80, 90)], rules)
    assert not first.finished
    game = score_game([take(NS, 80, 90), take(EW, 80, 95)], rules)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (240, 250, True, EW, 2)


def test_max_donnes_ends_the_game_before_the_target():
    game = score_game([take(NS, 80, 90)], Rules(target=2000, max_donnes=1))
    assert (game.finished, game.winner) == (True, NS)


def test_a_passed_donne_counts_as_played():
    game = score_game([PASSED, PASSED], Rules(target=None, max_donnes=3))
    assert (game.played, game.finished) == (2, False)


def test_equal_totals_at_the_end_need_one_more_donne():
    rules = Rules(target=None, max_donnes=2, rounding=False)
    tied = [take(NS, 80, 100), take(EW, 80, 100)]  # 180 + 62 each
    game = score_game(tied, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (242, 242, False, None)
    still = score_game([*tied, PASSED], rules)
    assert not still.finished and still.played == 3
    decided = score_game([*tied, PASSED, take(EW, 80, 90)], rules)
    assert (decided.finished, decided.winner, decided.played) == (True, EW, 4)


def test_both_crossing_with_equal_totals_need_one_more_donne():
    rules = Rules(target=200, rounding=False)
    tied = [take(NS, 80, 100), take(EW, 80, 100)]
    assert not score_game(tied, rules).finished
    decided = score_game([*tied, take(NS, 80, 82)], rules)
    assert (decided.finished, decided.winner) == (True, NS)


def test_a_donne_after_the_end_is_refused():
    with pytest.raises(ScoringError, match="terminée") as error:
        score_game([take(NS, 80, 90), PASSED], Rules(target=60))
    assert error.value.field == "donnes"


def test_a_chuted_side_crossing_with_its_belote_only_has_not_crossed():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)]
    game = score_game(donnes, rules)
    # NS: 280, then chuted with their belote: 300, but the game goes on.
    assert (game.ns, game.ew, game.finished) == (300, 250, False)


def test_the_belote_only_side_crosses_when_it_next_wins_a_trick():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), take(NS, 100, 40)]
    game = score_game(donnes, rules)
    # NS are chuted again but won tricks: they cross; EW reach 510 too and have more.
    assert game.finished and game.winner is EW
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), take(EW, 80, 80)]
    game = score_game(donnes, rules)
    # EW chuted: NS 300 + 240 = 540 crossed, EW 250 + 0: NS win.
    assert (game.finished, game.winner) == (True, NS)


def test_equal_totals_end_the_game_when_one_side_crossed_with_its_belote_only():
    # Found by hypothesis. A game to 441 (contrat seul, SA/TA): EW chute a 440 (NS 440, EW 20
    # for its belote), then NS chute a coinched capot bid at TA with four belotes (EW 500,
    # NS 80). 520 each, but NS reached 441 only with the belotes of a chuted donne: it has
    # not crossed (FFB 10.3). EW alone crossed and wins, totals equal or not.
    rules = Rules(counting="demandes", annonces=False, litige=False, rounding=False,
                  sa_ta=True, target=441)
    donnes = [take(EW, 440, 0, trump=Trump.SPADES, belote_ew=1),
              take(NS, None, 0, trump=Trump.ALL_TRUMP, coinche=Coinche.COINCHE, belote_ns=4)]
    game = score_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (520, 520, True, EW)


def test_a_passed_donne_does_not_let_the_belote_only_side_cross():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), PASSED]
    assert not score_game(donnes, rules).finished


def test_a_side_made_capot_with_its_belote_only_has_not_crossed():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(EW, 80, 162, capot=EW, belote_ns=1)]
    game = score_game(donnes, rules)
    # NS reach 280 + 20 while made capot: not crossed; EW 332 + ... 250 + 330 = 580 crosses.
    assert (game.finished, game.winner) == (True, EW)


def test_a_side_made_capot_again_still_has_not_crossed():
    rules = Rules(target=300, max_donnes=3)
    donnes = [
        take(EW, 120, 100),
        take(NS, 90, 50, belote_ns=1),
        take(EW, 80, 162, capot=EW),
    ]
    game = score_game(donnes, rules)
    # NS (300) never crossed; max_donnes ends it and EW have more: 250 + 330 = 580.
    assert (game.ns, game.ew, game.finished, game.winner) == (300, 580, True, EW)


def test_max_donnes_with_a_waiting_side_compares_totals():
    rules = Rules(target=300, max_donnes=2)
    game = score_game([take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)], rules)
    assert (game.finished, game.winner) == (True, NS)  # 300 against 250, none crossed


def test_only_the_side_that_crossed_wins_even_with_fewer_points():
    # Counting demandes keeps the figures small enough for this to happen.
    rules = Rules(counting="demandes", annonces=False, rounding=False, target=300)
    donnes = [
        take(EW, 150, 100),  # EW down: NS 150
        take(EW, 140, 100),  # EW down: NS 290
        take(NS, 80, 30, belote_ns=1),  # NS down with their belote: 310, waiting; EW 80
    ]
    assert not score_game(donnes, rules).finished
    game = score_game([*donnes, take(EW, 220, 162, capot=EW)], rules)
    # EW make 220 by a capot: 300, crossed; NS, made capot, are still waiting at 310.
    assert (game.ns, game.ew, game.finished, game.winner) == (310, 300, True, EW)


def test_score_game_keeps_each_donnes_own_score():
    donnes = [take(NS, 80, 81), take(EW, 90, 100)]
    game = score_game(donnes, FFB)
    assert game.donnes[0] == score_donne(donnes[0], FFB)
    assert game.donnes[1] == score_donne(donnes[1], FFB, pot=80)
    assert [s.outcome for s in game.donnes] == [Outcome.LITIGE, Outcome.MADE]


def test_a_classique_game_to_1000():
    rules = PRESETS["ffb-classique"]
    from scoring import Donne

    donne = Donne(taker=NS, trump="S", taker_points=162, capot=NS, belote_ns=1, annonces_ns=100)
    game = score_game([donne, donne, donne], rules)  # 372 a donne
    assert (game.ns, game.finished, game.winner) == (1116, True, NS)


def test_score_game_refuses_anything_but_rules():
    with pytest.raises(TypeError):
        score_game([], {"target": 2000})
