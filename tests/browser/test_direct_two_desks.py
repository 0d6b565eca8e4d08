"""Issue 35's second acceptance in a real browser: 24 teams straight into a principal
(`direct`) with a cadrage down to 16, and the consolante of the first losers (the cadrage's,
and the bye-holders beaten in the round after it), played with two tables de marque at once
— two accounts, two browsers, calling the matches and typing the results side by side, one
call made twice refused. The places are then checked against BRACKETS.md as computed here
from the seeds drawn and the results typed.

A partie is one donne (`max_donnes=1`), typed at the desk's keyboard."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, teams_written, tournament
from tournament.models import Game, Membership, Tableau

from .test_ascee_evening import TABLEAU_PHASES, desk_donne
from .test_desk_roles import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

CALLED = re.compile(r"Table \d+ :|Ce match ne peut pas être appelé")
Beats = Callable[[int, int], int]
Played = list[list[tuple[int, int, int]]]  # each round's (a, b, winner), byes left out


def standard_order(size: int) -> list[int]:
    """3.2: from [1, 2], each seed s replaced by (s, 2m + 1 − s), 2m the new size."""
    order = [1, 2]
    while len(order) < size:
        order = [x for s in order for x in (s, 2 * len(order) + 1 - s)]
    return order


def knockout(seeds: list[int], beats: Beats) -> Played:
    """A tableau played out (3.2): seeds above the entrants are byes for the best seeds."""
    size = 1
    while size < len(seeds):
        size *= 2
    slots: list[int | None] = [seeds[s - 1] if s <= len(seeds) else None
                               for s in standard_order(size)]
    rounds: Played = []
    while len(slots) > 1:
        pairs, going_on = [], []
        for a, b in zip(slots[::2], slots[1::2], strict=True):
            assert a is not None
            if b is None:  # a bye: the better seed comes first in every pair
                going_on.append(a)
                continue
            winner = beats(a, b)
            pairs.append((a, b, winner))
            going_on.append(winner)
        rounds.append(pairs)
        slots = going_on
    return rounds


def shared_places(seeds: list[int], rounds: Played, gone: set[int]) -> dict[int, set[int]]:
    """5, `partagées`: the final's loser 2nd, each later round's losers sharing place
    (matches + 1), the cadrage's losers place P + 1; those gone to the consolante take none
    here (4)."""
    largest = 1
    while largest * 2 <= len(seeds):
        largest *= 2
    places: dict[int, set[int]] = {1: {rounds[-1][0][2]}}
    cadrage = largest != len(seeds)
    for index, pairs in enumerate(rounds):
        place = largest + 1 if cadrage and index == 0 else len(pairs) + 1
        losers = {a if w == b else b for a, b, w in pairs} - gone
        if losers:
            places.setdefault(place, set()).update(losers)
    return places


def test_24_teams_direct_with_a_cadrage_and_two_desks_at_once(browser, live_server, shot):
    chef = organiser("directeur")
    t = tournament(owner=chef, slug="direct", name="Direct à 24", max_donnes=1)
    teams_written(t, 24)
    for username in ("josette", "marcel"):
        Membership.objects.create(club=t.club, user=organiser(username), role="marque")
    url = f"{live_server.url}/t/direct"
    contexts = []
    try:
        chef_context, chef_page = sign_in(browser, live_server, "directeur")
        contexts.append(chef_context)
        desks = []
        for username in ("josette", "marcel"):
            context, desk = sign_in(browser, live_server, username)
            contexts.append(context)
            desks.append(desk)
        one, two = desks

        # The organiser chooses the formule and draws the principal.
        chef_page.goto(f"{url}/phases/")
        chef_page.select_option("#id_qualification", "direct")
        chef_page.select_option("#id_cadrage", "tetes")
        chef_page.select_option("#id_placement", "partagees")
        chef_page.check("#id_consolante")
        chef_page.click("#phase-plan-form button[type=submit]")
        expect(chef_page.locator("#formule-summary")).to_contain_text(
            "24 équipes : un tableau principal de 24 avec cadrage")
        chef_page.goto(f"{url}/tableaux/")
        chef_page.click("#tableaux-draw button")
        expect(chef_page.locator("#tableau-principal h3").first).to_have_text("Cadrage")
        seeds = list(Tableau.objects.get(tournament=t, name="principal").seeds)
        assert sorted(seeds) == list(range(1, 25))
        seed_of = {team: at for at, team in enumerate(seeds, start=1)}
        # The better seed wins, but for two bye-holders (seeds 7 and 8) beaten in the round
        # after the cadrage: they go on to the consolante with the cadrage's losers.
        upsets = {frozenset((7, 10)), frozenset((8, 9))}

        def beats(a: int, b: int) -> int:
            better, worse = sorted((a, b), key=seed_of.__getitem__)
            upset = frozenset((seed_of[a], seed_of[b])) in upsets
            return worse if upset else better

        principal = knockout(seeds, beats)
        assert [len(pairs) for pairs in principal] == [8, 8, 4, 2, 1]
        leaving = sorted({a if w == b else b for a, b, w in principal[0]}
                         | {seeds[6], seeds[7]}, key=seed_of.__getitem__)
        consolante = knockout(leaving, beats)

        # Both desks at once on a page loaded before the other's call: the same match
        # called twice is refused the second time, nothing changed.
        for desk in desks:
            desk.goto(f"{url}/tableaux/")
        with one.expect_navigation():
            one.get_by_role("button", name="Appeler").first.click()
        expect(one.locator(".messages")).to_contain_text("Table 1 :")
        with two.expect_navigation():
            two.get_by_role("button", name="Appeler").first.click()
        expect(two.locator(".messages")).to_contain_text("ne peut pas être appelé")
        assert Game.objects.filter(round__tournament=t).count() == 1

        entered, forfeit_table = 0, 0
        while True:
            # Each desk calls from its end of the list, from a page the other may have
            # changed behind it.
            for desk in desks:
                desk.goto(f"{url}/tableaux/")
            while True:
                clicked = False
                for desk, end in ((one, "first"), (two, "last")):
                    buttons = desk.get_by_role("button", name="Appeler")
                    if buttons.count():
                        with desk.expect_navigation():
                            getattr(buttons, end).click()
                        # The other desk may have called it a moment before: refused.
                        expect(desk.locator(".messages")).to_contain_text(CALLED)
                        clicked = True
                if not clicked:
                    break
            games = list(Game.objects.filter(round__tournament=t, finished=False)
                         .select_related("round", "team_ns", "team_ew").order_by("table"))
            tables = [game.table for game in games]
            assert len(set(tables)) == len(tables)
            if not games:
                if Tableau.objects.filter(tournament=t).count() == 1:
                    # The first losers known: the organiser draws the consolante.
                    chef_page.goto(f"{url}/tableaux/")
                    chef_page.click("#consolante-draw button")
                    expect(chef_page.locator("#tableau-consolante")).to_be_visible()
                    assert list(Tableau.objects.get(tournament=t, name="consolante")
                                .seeds) == leaving
                    continue
                break
            for at, game in enumerate(games):
                entered += 1
                winner = beats(game.team_ns.number, game.team_ew.number)
                if entered == 1:
                    # A forfeit in the cadrage: its loser still goes to the consolante, the
                    # tree says « qualifiée par forfait ».
                    one.goto(f"{url}/rounds/{game.round.number}/tables/{game.table}/")
                    one.click("details.forfeit summary")
                    one.select_option("#id_side", "EW" if winner == game.team_ns.number
                                      else "NS")
                    one.click("details.forfeit button[type=submit]")
                    expect(one.locator("#result")).to_contain_text("orfait")
                    forfeit_table = game.table
                    continue
                desk_donne(desks[at % 2], url, game, game.team_ns.number == winner, entered)

        # Every match was BRACKETS.md's, and so is every place.
        for name, rounds in (("principal", principal), ("consolante", consolante)):
            played = {frozenset((game.team_ns.number, game.team_ew.number)) for game in
                      Game.objects.filter(round__tournament=t, round__phase=name)
                      .select_related("team_ns", "team_ew")}
            assert played == {frozenset((a, b)) for pairs in rounds for a, b, _w in pairs}
        assert set(TABLEAU_PHASES) == set(Game.objects.filter(round__tournament=t)
                                          .values_list("round__phase", flat=True))
        expected = shared_places(seeds, principal, set(leaving))
        expected.update({14 + place: teams for place, teams in
                         shared_places(leaving, consolante, set()).items()})
        chef_page.goto(f"{url}/tableaux/")
        rows = chef_page.locator("#final-standings tbody tr")
        expect(rows).to_have_count(24)
        shown: dict[int, set[int]] = {}
        for row in rows.all():
            place, name = row.locator("td").all_inner_texts()[:2]
            shown.setdefault(int(place), set()).add(int(name.removeprefix("Équipe ")))
        assert shown == expected
        # The one match won by forfeit, at its table, says so beside its winner.
        forfeited = chef_page.locator("#tableau-principal .match.state-played",
                                      has=chef_page.locator(".forfeit"))
        expect(forfeited).to_have_count(1)
        expect(forfeited).to_contain_text("qualifiée par forfait")
        expect(forfeited.locator(".state")).to_have_text(f"Table {forfeit_table}")
        shot(chef_page, "direct-tableaux")
    finally:
        for context in contexts:
            context.close()
