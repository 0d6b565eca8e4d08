"""The end of a partie: target, max_donnes, the FFB 10.3 belote exception, equal totals."""

import dataclasses

import pytest

from scoring import (
    PRESETS,
    Coinche,
    Donne,
    DonneScore,
    Outcome,
    Rules,
    ScoringError,
    Trump,
    score_donne,
)

from .builders import EW, FFB, NS, PASSED, play, scored_game, take


def test_an_empty_game_is_not_finished():
    game = scored_game([], FFB)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (0, 0, False, None, 0)


def test_totals_are_the_sum_of_the_donnes():
    donnes = [take(NS, 80, 95), take(EW, 100, 98), take(NS, 120, 130, coinche="coinche")]
    game = scored_game(donnes, FFB)
    assert (game.ns, game.ew) == (180 + 260 + 560, 70 + 0 + 0)  # EW chuted the 100
    assert not game.finished and game.winner is None and game.played == 3


def test_a_side_reaching_the_target_wins():
    rules = Rules(target=500)
    game = scored_game([take(NS, 120, 130, coinche="coinche")], rules)
    assert (game.finished, game.winner, game.ns) == (True, NS, 560)


def test_when_both_cross_the_higher_total_wins():
    game = scored_game([take(NS, 80, 90)], Rules(target=60))  # 170 and 70
    assert (game.finished, game.winner) == (True, NS)


def test_max_donnes_ends_the_game_and_the_higher_total_wins():
    rules = Rules(target=None, max_donnes=2)
    first = scored_game([take(NS, 80, 90)], rules)
    assert not first.finished
    game = scored_game([take(NS, 80, 90), take(EW, 80, 95)], rules)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (240, 250, True, EW, 2)


def test_max_donnes_ends_the_game_before_the_target():
    game = scored_game([take(NS, 80, 90)], Rules(target=2000, max_donnes=1))
    assert (game.finished, game.winner) == (True, NS)


def test_a_passed_donne_counts_as_played():
    game = scored_game([PASSED, PASSED], Rules(target=None, max_donnes=3))
    assert (game.played, game.finished) == (2, False)


def test_equal_totals_at_the_end_need_one_more_donne():
    rules = Rules(target=None, max_donnes=2, rounding=False)
    tied = [take(NS, 80, 100), take(EW, 80, 100)]  # 180 + 62 each
    game = scored_game(tied, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (242, 242, False, None)
    still = scored_game([*tied, PASSED], rules)
    assert not still.finished and still.played == 3
    decided = scored_game([*tied, PASSED, take(EW, 80, 90)], rules)
    assert (decided.finished, decided.winner, decided.played) == (True, EW, 4)


def test_both_crossing_with_equal_totals_need_one_more_donne():
    rules = Rules(target=200, rounding=False)
    tied = [take(NS, 80, 100), take(EW, 80, 100)]
    assert not scored_game(tied, rules).finished
    decided = scored_game([*tied, take(NS, 80, 82)], rules)
    assert (decided.finished, decided.winner) == (True, NS)


def test_a_donne_after_the_end_is_refused():
    with pytest.raises(ScoringError, match="terminée") as error:
        scored_game([take(NS, 80, 90), PASSED], Rules(target=60))
    assert error.value.field == "donnes"


def test_a_chuted_side_crossing_with_its_belote_only_has_not_crossed():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)]
    game = scored_game(donnes, rules)
    # NS: 280, then chuted with their belote: 300, but the game goes on.
    assert (game.ns, game.ew, game.finished) == (300, 250, False)


def test_the_belote_only_side_crosses_when_it_next_wins_a_trick():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), take(EW, 80, 80)]
    game = scored_game(donnes, rules)
    # EW chuted: NS 300 + 240 = 540 crossed, EW 250 + 0: NS win.
    assert (game.ns, game.ew, game.finished, game.winner) == (540, 250, True, NS)


def test_the_belote_only_side_crossed_from_its_earlier_donne_and_wins_with_fewer_points():
    # SCORING.md v2 reads FFB 10.3 literally: NS waited since donne 2; chuted again in donne 3
    # but with tricks won, they validate, and their crossing counts from donne 2. EW reach
    # 250 + 260 = 510 in donne 3, later: NS win with 300 against 510.
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), take(NS, 100, 40)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (300, 510, True, NS)


def test_equal_totals_end_the_game_when_one_side_crossed_with_its_belote_only():
    # Found by hypothesis. A game to 441 (contrat seul, SA/TA): EW chute a 440 (NS 440, EW 20
    # for its belote), then NS chute a coinched capot bid at TA with four belotes (EW 500,
    # NS 80). 520 each, but NS reached 441 only with the belotes of a chuted donne: it has
    # not crossed (FFB 10.3). EW alone crossed and wins, totals equal or not.
    rules = Rules(counting="demandes", annonces=False, litige=False, rounding=False,
                  sa_ta=True, target=441, demandes_belote=True)
    donnes = [take(EW, 440, 0, trump=Trump.SPADES, belote_ew=1),
              take(NS, None, 0, trump=Trump.ALL_TRUMP, coinche=Coinche.COINCHE, belote_ns=4)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (520, 520, True, EW)


def test_a_passed_donne_does_not_let_the_belote_only_side_cross():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1), PASSED]
    assert not scored_game(donnes, rules).finished


def test_a_side_made_capot_with_its_belote_only_has_not_crossed():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(EW, 80, 162, capot=EW, belote_ns=1)]
    game = scored_game(donnes, rules)
    # NS reach 280 + 20 while made capot: not crossed; EW 332 + ... 250 + 330 = 580 crosses.
    assert (game.finished, game.winner) == (True, EW)


def test_a_side_made_capot_again_still_has_not_crossed():
    rules = Rules(target=300, max_donnes=3)
    donnes = [
        take(EW, 120, 100),
        take(NS, 90, 50, belote_ns=1),
        take(EW, 80, 162, capot=EW),
    ]
    game = scored_game(donnes, rules)
    # NS (300) never crossed; max_donnes ends it and EW have more: 250 + 330 = 580.
    assert (game.ns, game.ew, game.finished, game.winner) == (300, 580, True, EW)


def test_max_donnes_with_a_waiting_side_compares_totals():
    rules = Rules(target=300, max_donnes=2)
    game = scored_game([take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)], rules)
    assert (game.finished, game.winner) == (True, NS)  # 300 against 250, none crossed


def test_only_the_side_that_crossed_wins_even_with_fewer_points():
    # Counting demandes keeps the figures small enough for this to happen.
    rules = Rules(counting="demandes", annonces=False, rounding=False, target=300,
                  demandes_belote=True)
    donnes = [
        take(EW, 150, 100),  # EW down: NS 150
        take(EW, 140, 100),  # EW down: NS 290
        take(NS, 80, 30, belote_ns=1),  # NS down with their belote: 310, waiting; EW 80
    ]
    assert not scored_game(donnes, rules).finished
    game = scored_game([*donnes, take(EW, 220, 162, capot=EW)], rules)
    # EW make 220 by a capot: 300, crossed; NS, made capot, are still waiting at 310.
    assert (game.ns, game.ew, game.finished, game.winner) == (310, 300, True, EW)


def test_score_game_keeps_each_donnes_own_score():
    donnes = [take(NS, 80, 81), take(EW, 90, 100)]
    game = scored_game(donnes, FFB)
    assert game.donnes[0] == score_donne(donnes[0], FFB)
    assert game.donnes[1] == score_donne(donnes[1], FFB, pot=80)
    assert [s.outcome for s in game.donnes] == [Outcome.LITIGE, Outcome.MADE]


def test_a_classique_game_to_1000():
    rules = PRESETS["ffb-classique"]
    donne = Donne(taker=NS, trump="S", taker_points=162, capot=NS, belote_ns=1, annonces_ns=100)
    game = scored_game([donne, donne, donne], rules)  # 372 a donne
    assert (game.ns, game.finished, game.winner) == (1116, True, NS)


def test_score_game_refuses_anything_but_rules():
    with pytest.raises(TypeError):
        scored_game([], {"target": 2000})


# The belote exception, read literally (SCORING.md v2, "One game").
def test_a_side_crossing_at_once_beats_a_side_left_waiting_in_the_same_donne():
    # NS reach 300 in donne 2 with their belote while chuted: waiting. EW reach 320 in the
    # same donne: crossed at once, so the game ends and EW win.
    rules = Rules(target=300)
    game = scored_game([take(EW, 120, 100), take(NS, 160, 50, belote_ns=1)], rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (300, 320, True, EW)


def test_both_sides_waiting_validate_in_the_same_donne_and_the_higher_total_wins():
    # Donne 2: NS bid 300 at TA and make a capot worth 252 + 20 < 300: chuted as takers,
    # while EW were made capot. Both reach 500 only thanks to a belote: both wait. In donne
    # 3 both win tricks: both crossed in donne 2, and the higher total wins.
    rules = Rules(target=500, sa_ta=True, rounding=False)
    donnes = [
        take(EW, 80, 60, coinche=Coinche.COINCHE, belote_ew=1),  # NS (162 + 80) × 2, EW 20
        take(NS, 300, 162, Trump.ALL_TRUMP, capot=NS, belote_ns=1, belote_ew=1),
    ]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished) == (484 + 20, 20 + 162 + 300 + 20, False)
    game = scored_game([*donnes, take(EW, 80, 100)], rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (566, 682, True, EW)


def test_a_side_that_reached_the_target_without_its_belote_crosses_at_once_when_chuted():
    # Chuted, but 20 awarded points brought NS there: not "uniquement grâce" to the belote.
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1, awarded_ns=20)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (320, 250, True, NS)


def test_a_side_reaching_the_target_with_awarded_points_in_a_passed_donne_crosses():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), Donne(awarded_ns=20)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.finished, game.winner) == (300, True, NS)


def test_without_the_belote_exception_a_chuted_side_crosses_with_its_belote():
    rules = Rules(target=300, belote_exception=False)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (300, 250, True, NS)


def test_a_made_capot_defence_waits_with_its_multiplied_belote():
    # NS bid 300, coinché, and make a capot (252 + 20 < 300): a chute. EW, made capot, score
    # (160 + 300 + 20) × 2 = 960, 40 of them for their belote: to 930 they wait.
    donne = take(NS, 300, 162, coinche=Coinche.COINCHE, capot=NS, belote_ew=1)
    assert score_donne(donne, FFB).ew == 960
    waiting = scored_game([donne], Rules(target=930))
    assert (waiting.finished, waiting.ns, waiting.ew) == (False, 0, 960)
    decided = scored_game([donne, take(NS, 80, 100)], Rules(target=930))
    assert (decided.finished, decided.winner) == (True, EW)  # EW won tricks: crossed in 1
    # To 920 the belote did not decide: 960 - 40 = 920.
    assert scored_game([donne], Rules(target=920)).winner is EW


def test_a_made_capot_defence_waits_with_its_surcoinched_belote():
    # (160 + 300 + 20) × 4 = 1920, 80 of them for the belote.
    donne = take(NS, 300, 162, coinche=Coinche.SURCOINCHE, capot=NS, belote_ew=1)
    assert score_donne(donne, FFB).ew == 1920
    assert not scored_game([donne], Rules(target=1850)).finished
    assert scored_game([donne], Rules(target=1840)).winner is EW
    # Surcoinche ×3: 1440, 60 of them for the belote.
    assert not scored_game([donne], Rules(target=1390, surcoinche_factor=3)).finished
    assert scored_game([donne], Rules(target=1380, surcoinche_factor=3)).winner is EW


def test_a_made_capot_defence_waits_with_its_belote_not_coinched():
    donne = take(NS, 300, 162, capot=NS, belote_ew=1)
    assert score_donne(donne, FFB).ew == 160 + 300 + 20
    assert not scored_game([donne], Rules(target=480)).finished
    assert scored_game([donne], Rules(target=460)).winner is EW


def test_counting_demandes_without_belote_marked_has_no_belote_exception_to_apply():
    # The chuted takers' belote is not marked: awarded points take them to the target.
    rules = Rules(counting="demandes", annonces=False, rounding=False, target=100)
    donnes = [take(EW, 80, 70), take(NS, 80, 50, belote_ns=1, awarded_ns=20)]
    game = scored_game(donnes, rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (100, 80, True, NS)


def test_takers_made_capot_in_a_litige_have_scored_no_belote_points():
    # Capot 250: NS take, EW make capot, NS show 230 of annonces and a belote: 250 against
    # 250, a litige; NS's belote went into the pot. NS, made capot, reach the target with
    # awarded points, not thanks to a belote: they cross at once, and so do EW. The pot
    # goes back to NS at the end: 350 against 250.
    rules = dataclasses.replace(PRESETS["classique-capot-250"], target=100)
    donne = play(NS, 0, capot=EW, annonces_ns=230, belote_ns=1, awarded_ns=100)
    assert score_donne(donne, rules) == DonneScore(100, 250, Outcome.LITIGE, 250)
    game = scored_game([donne], rules)
    assert (game.ns, game.ew, game.finished, game.winner) == (350, 250, True, NS)


def test_a_waiting_side_is_not_validated_by_its_returned_pot():
    # Decision: the pot handed back makes a side cross only if it had not reached the
    # target yet; a waiting side still needs a trick (FFB 10.3).
    rules = PRESETS["classique-capot-250"]
    donnes = [
        play(EW, 0, capot=NS, annonces_ns=550, belote_ns=1),  # EW down: NS 162 + 550 + 20
        play(NS, 60, belote_ns=1, awarded_ns=248),  # NS down: 732 + 20 + 248 = 1000, waiting
        # NS made capot, 230 + 20 against 250: a litige; EW 162 + 250 + 600 awarded = 1012.
        play(NS, 0, capot=EW, annonces_ns=230, belote_ns=1, awarded_ew=600),
    ]
    assert not scored_game(donnes[:2], rules).finished
    game = scored_game(donnes, rules)
    assert [(s.ns, s.ew, s.outcome, s.pot) for s in game.donnes] == [
        (732, 0, Outcome.DOWN, 0),
        (268, 162, Outcome.DOWN, 0),
        (0, 850, Outcome.LITIGE, 250),
    ]
    # EW alone crossed; NS get their pot back (1250) but have won no trick since donne 2.
    assert (game.ns, game.ew, game.finished, game.winner) == (1250, 1012, True, EW)


# Time called: scored_game(…, stop_after=n).
def test_stop_after_ends_the_game_after_that_donne_like_max_donnes():
    donnes = [take(NS, 80, 90), take(EW, 80, 95), take(NS, 80, 100)]
    game = scored_game(donnes[:2], FFB, stop_after=2)
    assert (game.ns, game.ew, game.finished, game.winner, game.played) == (240, 250, True, EW, 2)
    assert game == scored_game(donnes[:2], dataclasses.replace(FFB, max_donnes=2))
    with pytest.raises(ScoringError) as error:
        scored_game(donnes, FFB, stop_after=2)
    assert error.value.field == "donnes"


def test_stop_after_beyond_the_donnes_played_leaves_the_game_open():
    game = scored_game([take(NS, 80, 90)], FFB, stop_after=5)
    assert (game.finished, game.played) == (False, 1)


def test_stop_after_larger_than_max_donnes_changes_nothing():
    rules = Rules(target=None, max_donnes=2)
    donnes = [take(NS, 80, 90), take(EW, 80, 95)]
    assert scored_game(donnes, rules, stop_after=10) == scored_game(donnes, rules)


def test_stop_after_smaller_than_max_donnes_wins():
    rules = Rules(target=None, max_donnes=10)
    game = scored_game([take(NS, 80, 90)], rules, stop_after=1)
    assert (game.finished, game.winner) == (True, NS)


def test_the_target_still_ends_a_game_before_stop_after():
    game = scored_game([take(NS, 120, 130, coinche="coinche")], Rules(target=500), stop_after=9)
    assert (game.finished, game.winner, game.played) == (True, NS, 1)


def test_stop_after_hands_back_the_waiting_pot():
    game = scored_game([take(NS, 100, 130), take(EW, 80, 81)], FFB, stop_after=2)
    assert (game.ns, game.ew, game.finished, game.winner) == (310, 110, True, NS)


def test_stop_after_with_equal_totals_plays_one_more_donne():
    rules = Rules(rounding=False)
    tied = [take(NS, 80, 100), take(EW, 80, 100)]
    assert not scored_game(tied, rules, stop_after=2).finished
    assert not scored_game([*tied, PASSED], rules, stop_after=2).finished
    decided = scored_game([*tied, PASSED, take(EW, 80, 90)], rules, stop_after=2)
    assert (decided.finished, decided.winner, decided.played) == (True, EW, 4)


def test_stop_after_counts_a_waiting_side_as_not_crossed():
    rules = Rules(target=300)
    donnes = [take(EW, 120, 100), take(NS, 90, 50, belote_ns=1)]
    game = scored_game(donnes, rules, stop_after=2)
    assert (game.finished, game.winner) == (True, NS)  # 300 against 250, none crossed


@pytest.mark.parametrize("stop_after", [0, -1, 1.5, "3", True, False])
def test_a_bad_stop_after_is_refused_naming_the_field(stop_after):
    with pytest.raises(ScoringError) as error:
        scored_game([], FFB, stop_after=stop_after)
    assert error.value.field == "stop_after"
    assert "entier positif" in str(error.value)
