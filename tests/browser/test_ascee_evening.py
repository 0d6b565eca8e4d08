"""Issue 35's acceptance in a real browser: the ASCEE evening. Sixteen teams, four poules of
four « toutes rencontres », a principal and a consolante of eight with every place played
(`complet`): each team's six parties (three in its poule, three in its tableau) are entered
at the desk and on a phone, one of them by a donne décisive, one by a forfeit; the sixteen
places are then checked against BRACKETS.md as computed here, from the results alone (the
app's ranking and bracket code is not asked for what it should give).

A partie is one donne (`max_donnes=1`): the acceptance is about the phases, and a donne
typed is the same path whatever the count."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, teams_written, tournament
from tournament.models import Game, PouleSeat, Tableau

from .test_entry_evening import phone_options
from .test_game_entry import log_in, type_row

pytestmark = pytest.mark.django_db(transaction=True)

TABLEAU_PHASES = ("principal", "consolante")


def strength(number: int) -> int:
    """Who beats whom: the stronger team wins (a permutation of 1 … 16)."""
    return (number * 7) % 17


def taken(index: int) -> tuple[int, int]:
    """A donne's contract and the taker's points, varied so that totals rarely tie."""
    contract = 80 + 10 * (index % 9)
    return contract, min(162, contract + 2 + 7 * (index % 3))


def desk_donne(page, url: str, game: Game, ns_wins: bool, index: int) -> None:
    """The desk types the game's donne on its sheet, keyboard only."""
    page.goto(f"{url}/rounds/{game.round.number}/tables/{game.table}/")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'taker'")
    contract, points = taken(index)
    type_row(page, "N" if ns_wins else "E", str(contract), "C", "", str(points))
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Partie terminée")


def phone_donne(phone, url: str, game: Game, ns_wins: bool | None, index: int) -> None:
    """A player enters the donne on the phone of the table's link (None: a passe)."""
    if not phone.url.endswith(f"/table/{game.token}/"):
        phone.goto(f"{url}/table/{game.token}/")
    if ns_wins is None:
        phone.locator(".choices-taker .segment", has_text="Passe").tap()
    else:
        contract, points = taken(index)
        phone.locator(".choices-taker .segment",
                      has_text="Nord-Sud" if ns_wins else "Est-Ouest").tap()
        phone.fill("#id_contract", str(contract))
        phone.locator(".choices-trump .segment", has_text="♥").tap()
        phone.fill("#id_taker_points", str(points))
    phone.get_by_role("button", name="Enregistrer la donne").tap()
    if ns_wins is None:
        expect(phone.locator("#entry-status")).to_have_text("Donne 1 enregistrée.")
    else:
        expect(phone.locator("main")).to_contain_text("Partie terminée")


def poule_places(poule: list[int], games: list[Game]) -> list[int]:
    """BRACKETS.md 2.4, `toutes rencontres`: wins, then points scored, then the difference,
    over the poule's parties; two tied on all of them by their partie against each other.
    (Three tied on all of them would go by lot: the results here avoid it.)"""
    wins = dict.fromkeys(poule, 0)
    scored = dict.fromkeys(poule, 0)
    conceded = dict.fromkeys(poule, 0)
    beat: dict[frozenset[int], int] = {}
    for game in games:
        a, b = game.team_ns.number, game.team_ew.number
        if a not in poule:
            continue
        winner = a if game.winner == "NS" else b
        wins[winner] += 1
        beat[frozenset((a, b))] = winner
        for one, own, other in ((a, game.score_ns, game.score_ew),
                                (b, game.score_ew, game.score_ns)):
            scored[one] += own
            conceded[one] += other

    def key(n: int) -> tuple[int, int, int]:
        return (-wins[n], -scored[n], -(scored[n] - conceded[n]))

    order = sorted(poule, key=key)
    for at in range(3):
        if key(order[at]) == key(order[at + 1]):
            assert at == 2 or key(order[at + 1]) != key(order[at + 2]), "three tied: by lot"
            if beat[frozenset(order[at:at + 2])] == order[at + 1]:
                order[at], order[at + 1] = order[at + 1], order[at]
    return order


def crossed_seeds(rankings: list[list[int]], first: int) -> list[int]:
    """BRACKETS.md 3.1 for four poules: the places `first` of A … D take seeds 1 … 4; the next
    places take seeds 5 … 8, seed 4 + j being the one of poule q(5 − j), q pairing A–B, C–D."""
    partner = {0: 1, 1: 0, 2: 3, 3: 2}
    level_1 = [ranking[first] for ranking in rankings]
    level_2 = [rankings[partner[4 - j]][first + 1] for j in range(1, 5)]
    return level_1 + level_2


Beats = Callable[[int, int], int]


def complet_of_8(seeds: list[int], beats: Beats) -> tuple[list[list[frozenset[int]]],
                                                          list[int]]:
    """BRACKETS.md 3.2 and 5 (`complet`) for eight entrants: the pairs of each of its three
    rounds of play, and the teams by place 1 … 8."""
    s = dict(enumerate(seeds, start=1))
    quarters = [(s[1], s[8]), (s[4], s[5]), (s[2], s[7]), (s[3], s[6])]

    def play(pairs):
        winners = [beats(a, b) for a, b in pairs]
        return winners, [a if w == b else b for (a, b), w in zip(pairs, winners, strict=True)]

    w, lost = play(quarters)
    semis, five = [(w[0], w[1]), (w[2], w[3])], [(lost[0], lost[1]), (lost[2], lost[3])]
    sw, sl = play(semis)
    fw, fl = play(five)
    last = [(sw[0], sw[1]), (sl[0], sl[1]), (fw[0], fw[1]), (fl[0], fl[1])]
    lw, ll = play(last)
    places = [lw[0], ll[0], lw[1], ll[1], lw[2], ll[2], lw[3], ll[3]]
    rounds = [quarters, semis + five, last]
    return [[frozenset(pair) for pair in pairs] for pairs in rounds], places


def test_the_ascee_evening(page, browser, live_server, shot):
    t = tournament(owner=organiser("ascee"), slug="ascee", name="Soirée ASCEE", max_donnes=1)
    teams_written(t, 16)
    url = f"{live_server.url}/t/ascee"
    phone_context = browser.new_context(**phone_options(390, 844))
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    entered = 0

    def enter(game: Game, winner: int, *, on_phone: bool) -> None:
        nonlocal entered
        entered += 1
        ns_wins = game.team_ns.number == winner
        if on_phone:
            phone_donne(phone, live_server.url, game, ns_wins, entered)
        else:
            desk_donne(page, url, game, ns_wins, entered)

    try:
        log_in(page, live_server, "ascee")
        # The formule, chosen on the rules page.
        page.goto(f"{url}/rules/")
        page.click("#phase-plan-link a")
        page.select_option("#id_qualification", "poules")
        page.select_option("#id_poule_style", "toutes")
        page.select_option("#id_placement", "complet")
        page.click("#phase-plan-form button[type=submit]")
        expect(page.locator("#formule-summary")).to_contain_text(
            "16 équipes : 4 poules de 4, puis un tableau principal de 8 et une consolante "
            "de 8")
        # The poules, drawn and shown before play.
        page.click("#to-poules")
        page.fill("#id_seed", "35")
        page.click("#poules-draw button")
        for name in "ABCD":
            expect(page.locator(f"#poule-{name}")).to_be_visible()
        poules = [[seat.team.number for seat in PouleSeat.objects.filter(
            tournament=t, poule=index).select_related("team").order_by("position")]
            for index in range(1, 5)]

        # The poules' three parties: 1–4 and 2–3, then 1–3 and 2–4, then 1–2 and 3–4.
        for partie, pairs in ((1, ((0, 3), (1, 2))), (2, ((0, 2), (1, 3))),
                              (3, ((0, 1), (2, 3)))):
            page.goto(f"{url}/poules/")
            page.click("#poule-partie button")
            page.wait_for_url(f"{url}/rounds/{partie}/")
            games = list(Game.objects.filter(round__tournament=t, round__number=partie)
                         .select_related("round", "team_ns", "team_ew").order_by("table"))
            assert [(g.team_ns.number, g.team_ew.number) for g in games] == [
                (poule[a], poule[b]) for poule in poules for a, b in pairs]
            for game in games:
                a, b = game.team_ns.number, game.team_ew.number
                winner = a if strength(a) > strength(b) else b
                if partie == 3 and game.table % 3 == 0:
                    winner = a if winner == b else b  # an upset, so that wins tie
                if partie == 2 and game.table == 3:
                    # The forfeit: the loser's side declares it at the desk.
                    page.goto(f"{url}/rounds/2/tables/3/")
                    page.click("details.forfeit summary")
                    page.select_option("#id_side", "EW" if winner == a else "NS")
                    page.click("details.forfeit button[type=submit]")
                    expect(page.locator("#result")).to_contain_text("orfait")
                    continue
                enter(game, winner, on_phone=game.table % 2 == 0)
        poule_games = list(Game.objects.filter(round__tournament=t, round__phase="poule")
                           .select_related("team_ns", "team_ew"))
        assert all(game.finished for game in poule_games)
        rankings = [poule_places(poule, poule_games) for poule in poules]
        page.goto(f"{url}/poules/")
        for name, ranking in zip("ABCD", rankings, strict=True):
            table = page.locator(f"#poule-{name} table.ranking")
            expect(table.locator("caption")).to_have_text("Classement de la poule")
            expect(table.locator("tbody td:nth-child(2)")).to_have_text(
                [f"Équipe {number}" for number in ranking])
        shot(page, "ascee-poules")

        # The tableaux: the 1sts and 2nds to the principal, the others to the consolante.
        page.click("#to-tableaux")
        page.click("#tableaux-draw button")
        expect(page.locator("#tableau-consolante")).to_be_visible()
        expected_seeds = {"principal": crossed_seeds(rankings, 0),
                          "consolante": crossed_seeds(rankings, 2)}
        assert {tableau.name: list(tableau.seeds)
                for tableau in Tableau.objects.filter(tournament=t)} == expected_seeds

        def beats(a: int, b: int) -> int:
            return a if strength(a) > strength(b) else b

        plans = {name: complet_of_8(seeds, beats) for name, seeds in expected_seeds.items()}
        for step in range(3):
            # The desk calls every match whose two teams are known, each to the first free
            # table.
            page.goto(f"{url}/tableaux/")
            calls = page.get_by_role("button", name="Appeler")
            for _ in range(8):
                with page.expect_navigation():
                    calls.first.click()
                expect(page.locator(".messages")).to_contain_text("Table ")
            expect(calls).to_have_count(0)
            games = list(Game.objects.filter(round__tournament=t, finished=False,
                                             round__phase__in=TABLEAU_PHASES)
                         .select_related("round", "team_ns", "team_ew").order_by("table"))
            for name in TABLEAU_PHASES:
                assert {frozenset((g.team_ns.number, g.team_ew.number)) for g in games
                        if g.round.phase == name} == set(plans[name][0][step]), (name, step)
            for at, game in enumerate(games):
                winner = beats(game.team_ns.number, game.team_ew.number)
                if step == 2 and at == 0:
                    # The donne décisive: a passe leaves the game level after its last
                    # donne; it goes on, the phone and the sheet say so, the next decides.
                    phone_donne(phone, live_server.url, game, None, 0)
                    phone.reload()
                    expect(phone.locator("#game-phase")).to_have_text(
                        "Finale — tableau principal · donne décisive")
                    shot(phone, "ascee-phone-decisive")
                    page.goto(f"{url}/rounds/{game.round.number}/tables/{game.table}/")
                    expect(page.locator("#game-phase")).to_contain_text("donne décisive")
                    page.goto(f"{url}/tableaux/")
                    expect(page.locator(".match.state-called").first).to_contain_text(
                        "donne décisive")
                    enter(game, winner, on_phone=True)
                    game.refresh_from_db()
                    assert (game.finished, game.played) == (True, 2)
                    continue
                enter(game, winner, on_phone=at % 2 == 1)

        # Every team has played its six parties; the sixteen places are BRACKETS.md's.
        played = Game.objects.filter(round__tournament=t)
        for number in range(1, 17):
            assert (played.filter(team_ns__number=number).count()
                    + played.filter(team_ew__number=number).count()) == 6, number
        names = dict(enumerate(plans["principal"][1] + plans["consolante"][1], start=1))
        page.goto(f"{url}/tableaux/")
        rows = page.locator("#final-standings tbody tr")
        expect(rows).to_have_count(16)
        shown = [tuple(row.locator("td").all_inner_texts()[:2]) for row in rows.all()]
        assert shown == [(str(place), f"Équipe {team}") for place, team in names.items()]
        shot(page, "ascee-tableaux")
        # The organiser's menu links the poules and the tableaux; nothing to draw by lot.
        page.goto(f"{url}/")
        expect(page.locator("#nav-poules")).to_be_visible()
        expect(page.locator("#nav-tableaux")).to_be_visible()
        expect(page.locator("nav.tournament-nav")).not_to_contain_text("Partie 1")
        expect(page.get_by_role("button", name="Tirer la partie")).to_have_count(0)
        shot(page, "ascee-menu")
    finally:
        phone_context.close()
