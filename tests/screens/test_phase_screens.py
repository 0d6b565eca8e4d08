"""The projector and the hall's screens of a concours in phases (BRACKETS.md 7): during the
poules, each poule's grid (the points each team scored against each other, bold when won) and
its place; during the tableaux, the calls (« Table 5 : … », every tableau's, with the donne
décisive), where each team plays, and the bracket of the current rounds in pieces."""

import pytest
from django.urls import reverse

from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.brackets.bracket import round_names
from tournament.models import Game, Tableau
from tournament.selectors.phase_screen import phase_screen, tree_pieces
from tournament.selectors.phases import Slot, TableauView


@pytest.fixture
def evening(owner):
    t = tournament(owner=owner, slug="ascee")
    teams_written(t, 16)
    services.phase_plan_set(tournament=t, qualification="poules", placement="complet")
    services.poules_draw(tournament=t, seed=7)
    return t


@pytest.mark.django_db
def test_during_the_poules_the_screens_show_each_poule_s_grid(evening, client):
    round_ = services.poule_partie_generate(tournament=evening)
    game = round_.games.get(table=1)
    play_to_the_end(game)
    game.refresh_from_db()
    # A screen added to a concours in phases shows its poules and tableaux from the start.
    assert services.screen_add(tournament=evening).rotation == (
        "tables:15,poules:20,tableaux:20,classement:20")
    services.screen_set(screen=evening.hall_screens.get(number=1), name="Bar",
                        seconds={"poules": 20, "tables": 10}, message="")
    projector = client.get(reverse("tournament:screen", args=[evening.slug])).content.decode()
    hall = client.get(reverse("tournament:hall_screen", args=[evening.slug, 1])).content.decode()
    assert 'data-rotation="tables:10,poules:20"' in hall
    for page in (projector, hall):
        assert page.count('class="screen-block poule-block"') == 4
        assert 'data-view="poules"' in page and 'data-view="tables"' in page
        for name in "ABCD":
            assert f">Poule {name}" in page
    winner, loser = ((game.score_ns, game.score_ew) if game.score_ns > game.score_ew
                     else (game.score_ew, game.score_ns))
    assert f'<td class="num cell won">{winner}</td>' in projector
    assert f'<td class="num cell">{loser}</td>' in projector
    # The poule's ranking so far: the winner of the partie played is 1st.
    poule = next(p for p in phase_screen(evening).poules
                 if game.team_ns.name in [row.name for row in p.rows])
    first = next(row for row in poule.rows if row.place == 1)
    assert first.wins == 1 and first.scored == winner
    assert 'data-view="tableaux"' not in projector


@pytest.mark.django_db
def test_during_the_tableaux_the_screens_show_the_calls_and_the_current_rounds(
        owner, client):
    t = tournament(owner=owner, slug="direct")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False,
                            placement="complet")
    services.tableaux_draw(tournament=t)
    principal = t.tableaux.get(name="principal")
    called = services.tableau_match_call(tableau=principal, round_index=0, index=1, table=5)
    level = services.tableau_match_call(tableau=principal, round_index=0, index=2, table=6)
    # Level after its last donne at table 6 (time called at 1): the hall hears it.
    Game.objects.filter(pk=level.game_id).update(played=1, stop_after=1)
    page = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    a, b = called.game.team_ns.name, called.game.team_ew.name
    assert (f'<td class="table-number">5</td><td class="name">{a} – {b}</td>'
            '<td class="round-words">Quart de finale — tableau principal</td>') in page
    assert ('<td class="table-number">6</td>' in page
            and '<td class="round-words">Quart de finale — tableau principal · '
            '<strong class="decisive">donne décisive</strong></td>') in page
    assert f'<td class="name">{a}</td><td class="table-number">5</td>' in page  # « où »
    # The tree: quarts, demis and final on one piece, the called match at its table.
    assert page.count('class="screen-block tree-piece"') == 1
    for name in ("Quarts de finale", "Demi-finales", "Finale"):
        assert f">{name}</h3>" in page
    assert "Table 5" in page and "feuille" not in page and "Appeler" not in page
    assert 'data-view="poules"' not in page
    pieces = phase_screen(t).trees
    assert [(len(piece.columns[0][1]), len(piece.columns)) for piece in pieces] == [(4, 3)]
    # The first two quarts over (forfeits): the placing match of their losers is live.
    first = services.tableau_match_call(tableau=principal, round_index=0, index=0, table=7)
    for match in (first, called):
        services.game_forfeit(game=match.game, side="EW")
    page = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    assert "Tableau principal — matchs de classement" in page
    assert page.count('class="match state-ready" id="places-principal-5-4-1"') == 1


def test_a_long_round_is_shown_in_pieces_of_four_matches_and_the_two_rounds_after():
    seeds = list(range(1, 33))
    rounds = [(name, [Slot(depth, index, None, None, "waiting")
                      for index in range(16 >> depth)])
              for depth, name in enumerate(round_names(32))]
    for slot in rounds[0][1][:8]:
        slot.state = "played"  # the 16es half played: they are still the current round
    view = TableauView(Tableau(name="principal", seeds=seeds), "tableau principal",
                       rounds, [])
    pieces = tree_pieces(view)
    assert [piece.part for piece in pieces] == ["1/4", "2/4", "3/4", "4/4"]
    assert [name for name, _matches in pieces[1].columns] == [
        "16es de finale", "8es de finale", "quarts de finale"]
    # Piece 2 holds matches 5–8, the 8es they lead to (3, 4) and the quart after (2),
    # each across the rows of the two it comes from.
    assert [[(m.slot.index, m.row, m.span) for m in matches]
            for _name, matches in pieces[1].columns] == [
        [(4, 1, 1), (5, 2, 1), (6, 3, 1), (7, 4, 1)], [(2, 1, 2), (3, 3, 2)], [(1, 1, 4)]]
    # The final being played: the semi-finals beside it.
    for _name, slots in rounds[:-1]:
        for slot in slots:
            slot.state = "played"
    assert [name for name, _m in tree_pieces(view)[0].columns] == ["demi-finales", "finale"]


@pytest.mark.django_db
def test_a_forfeit_in_a_poule_reads_f_on_the_screens_not_its_points(evening, client):
    round_ = services.poule_partie_generate(tournament=evening)
    game = round_.games.get(table=1)
    services.game_forfeit(game=game, side="EW")
    game.refresh_from_db()
    assert max(game.score_ns, game.score_ew) >= 1000  # the spec's forfeit points, stored
    projector = client.get(reverse("tournament:screen", args=[evening.slug])).content.decode()
    # The cell, not the points (the poule's « Pts » count them, as the concours scores a
    # forfait: BRACKETS.md 3.3).
    assert f'cell won">{max(game.score_ns, game.score_ew)}<' not in projector
    assert ('<td class="num cell won"><abbr title="gagné par forfait">F</abbr></td>'
            in projector)
    assert '<td class="num cell"><abbr title="forfait">F</abbr></td>' in projector
    assert "en gras : gagné ; F : forfait" in projector
    # The poule's page says the same in words.
    page = client.get(reverse("tournament:poules", args=[evening.slug])).content.decode()
    assert "gagné par forfait" in page
