"""The litige pot: kept, carried over passed donnes, handed on, taken, returned at the end."""

from scoring import DonneScore, Outcome, Rules, score_donne

from .builders import EW, EXACT, FFB, NS, PASSED, scored_game, take


def test_the_takers_total_goes_into_the_pot_rounded_and_the_defence_scores_its_own():
    # 71 + 20 belote = 91 against 91: the takers' belote goes into the pot with their total.
    score = score_donne(take(NS, 90, 71, belote_ns=1), FFB)
    assert score == DonneScore(0, 90, Outcome.LITIGE, 90)


def test_with_rounding_off_the_pot_is_exact():
    assert score_donne(take(EW, 80, 81), EXACT) == DonneScore(81, 0, Outcome.LITIGE, 81)


def test_the_pot_goes_to_the_takers_of_the_next_donne_when_they_make_it():
    assert score_donne(take(NS, 80, 100), FFB, pot=80) == DonneScore(180 + 80, 60, Outcome.MADE, 0)


def test_the_pot_goes_to_the_defence_when_the_next_donne_is_a_chute():
    score = score_donne(take(EW, 100, 90), FFB, pot=80)
    assert score == DonneScore(160 + 100 + 80, 0, Outcome.DOWN, 0)


def test_the_pot_is_added_after_rounding_and_never_multiplied():
    score = score_donne(take(NS, 80, 100, coinche="coinche"), EXACT, pot=81)
    assert score.ns == (162 + 80) * 2 + 81


def test_a_passed_donne_leaves_the_pot_waiting_for_the_next_one_played():
    game = scored_game([take(NS, 80, 81), PASSED, PASSED, take(EW, 90, 100)], FFB)
    assert [s.pot for s in game.donnes] == [80, 80, 80, 0]
    assert [(s.ns, s.ew) for s in game.donnes] == [(0, 80), (0, 0), (0, 0), (60, 270)]


def test_a_new_litige_gives_its_defence_the_waiting_pot_and_makes_a_new_pot():
    first = score_donne(take(NS, 80, 81), FFB)
    second = score_donne(take(EW, 80, 71, belote_ew=1), FFB, pot=first.pot)
    # NS defend the second litige: their 91 -> 90, plus the waiting 80; EW's 91 -> 90 waits.
    assert second == DonneScore(170, 0, Outcome.LITIGE, 90)


def test_a_pot_waiting_at_the_end_goes_back_to_the_takers_who_put_it_in():
    rules = Rules(target=None, max_donnes=2)
    game = scored_game([take(NS, 100, 130), take(EW, 80, 81)], rules)
    # NS: 230 + 80 as the litige's defence; EW: 30, and their pot of 80 comes back.
    assert (game.ns, game.ew, game.finished, game.winner) == (310, 110, True, NS)
    assert game.donnes[1] == DonneScore(80, 0, Outcome.LITIGE, 80)  # not in the donne's score


def test_the_returned_pot_can_make_its_owner_cross_and_win():
    rules = Rules(target=400)
    donnes = [
        take(NS, 160, 161),  # NS 321 -> 320
        take(EW, 150, 162, belote_ew=1),  # EW 162 + 20 + 150 = 332 -> 330
        take(EW, 90, 71, belote_ew=1),  # 91 against 91: a litige
    ]
    game = scored_game(donnes, rules)
    # NS 320 + 90 as the litige's defence: 410. EW 330, and its pot of 90 comes back: 420.
    assert (game.ns, game.ew, game.finished, game.winner) == (410, 420, True, EW)


def test_a_returned_pot_making_a_tie_leaves_the_pot_for_the_deciding_donne():
    rules = Rules(target=400)
    donnes = [take(NS, 160, 161), take(EW, 160, 161), take(NS, 80, 71, belote_ns=1)]
    game = scored_game(donnes, rules)
    # EW 320 + 90 = 410 crosses; NS 320 + its pot of 90 = 410 too: a tie, the game goes on.
    assert (game.ns, game.ew, game.finished) == (320, 410, False)
    decided = scored_game([*donnes, take(EW, 80, 100)], rules)
    # EW make it and take the waiting pot: 410 + 180 + 90; NS 320 + 60.
    assert (decided.ns, decided.ew, decided.finished, decided.winner) == (380, 680, True, EW)
