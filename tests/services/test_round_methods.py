"""The draw methods wired into the parties: the method of each partie (the concours' own, or
chosen for it), its seed (recorded, reusable after an undo), the mêlée's partie teams and
byes, the history the draw reads from the games, the draw's pages and the rotation's
"tableau de marche" PDF."""

import io
import re
from collections import Counter

import pytest
from django.urls import reverse
from django.utils.text import capfirst
from pypdf import PdfReader

from tests.builders import play_to_the_end, tournament
from tournament import selectors, services
from tournament.draw import (
    METHODS,
    DrawInput,
    repeated_pairs,
    rotation_chart,
    rotation_schedule,
)
from tournament.errors import UserError
from tournament.exports import rotation as rotation_export
from tournament.models import AuditEntry, Game, Player, Round, Team
from tournament.services.entrants import player_create, player_withdraw

pytestmark = pytest.mark.django_db


def melee(owner, players: int, **options):
    t = tournament(owner=owner, format="melee", **options)
    for index in range(1, players + 1):
        player_create(tournament=t, name=f"Joueur {index}", club="Club")
    return t


def pdf_text(content: bytes) -> str:
    """A PDF's text, its lines joined (a sentence may wrap)."""
    pages = PdfReader(io.BytesIO(content)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


def finish(round_: Round) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)


def seating(round_: Round) -> list[tuple]:
    """Each game as the players or teams it seats: (table, ns, ew) with sides as sets of
    player ids (mêlée) or team ids."""
    found = []
    for game in round_.games.select_related("team_ns", "team_ew").order_by("table"):
        sides = [game.team_ns, game.team_ew]
        if round_.tournament.format == "melee":
            found.append((game.table, *(None if team is None else
                                        frozenset(filter(None, (team.first_id, team.second_id)))
                                        for team in sides)))
        else:
            found.append((game.table, *(None if team is None else team.id for team in sides)))
    return found


# --- The method of a partie -----------------------------------------------------------------


def test_a_partie_is_drawn_by_the_concours_method_and_records_it(owner):
    t = tournament(owner=owner, teams=6, draw_method="random")
    round_ = services.round_generate(tournament=t, seed=8)
    assert (round_.draw_method, round_.seed) == ("random", 8)
    assert selectors.draw_label(round_.draw_method) == capfirst(str(METHODS["random"].label))


def test_a_partie_may_be_drawn_by_another_method_than_the_concours(owner):
    t = tournament(owner=owner, teams=6)
    assert t.draw_method == "standings"
    round_ = services.round_generate(tournament=t, method="rotation")
    chart = rotation_schedule(6, 1)[0]
    numbers = dict(t.teams.values_list("id", "number"))
    assert round_.draw_method == "rotation" and round_.seed is None  # a fixed movement
    assert [(numbers[ns], numbers[ew]) for _table, ns, ew in seating(round_)] == chart


@pytest.mark.parametrize(("format", "method", "message"), [
    ("doublettes", "melee", "ne convient qu'à une mêlée"),
    ("melee", "random", "ne convient pas à une mêlée"),
    ("doublettes", "tirage-inconnu", "Méthode de tirage inconnue"),
])
def test_a_method_that_does_not_suit_the_format_is_refused(owner, format, method, message):
    t = (melee(owner, 8) if format == "melee" else tournament(owner=owner, teams=8))
    with pytest.raises(UserError, match=message):
        services.round_generate(tournament=t, method=method)
    assert not t.rounds.exists() and not Game.objects.exists()


def test_the_seed_is_recorded_for_the_methods_that_draw_at_random(owner):
    t = tournament(owner=owner, teams=6)
    first = services.round_generate(tournament=t)  # standings: partie 1 at random
    assert first.seed is not None and 0 <= first.seed < 10**9
    finish(first)
    second = services.round_generate(tournament=t, seed=5)  # by the standings: no seed
    assert (second.draw_method, second.seed) == ("standings", None)
    finish(second)
    third = services.round_generate(tournament=t, method="random", seed=11)
    assert (third.draw_method, third.seed) == ("random", 11)


@pytest.mark.parametrize("method", ["random", "melee"])
def test_the_same_seed_after_an_undo_gives_the_same_draw(owner, method):
    t = melee(owner, 18) if method == "melee" else tournament(owner=owner, teams=9)
    finish(services.round_generate(tournament=t, method=method))
    drawn = services.round_generate(tournament=t, method=method)
    before, seed = seating(drawn), drawn.seed
    services.round_undo(round_=drawn)
    assert selectors.round_undone_seed(t) == seed
    again = services.round_generate(tournament=t, method=method, seed=seed)
    assert seating(again) == before and again.seed == seed
    services.round_undo(round_=again)
    other = services.round_generate(tournament=t, method=method, seed=seed + 1)
    assert seating(other) != before


def test_no_undone_seed_before_any_undo(owner):
    t = tournament(owner=owner, teams=4)
    assert selectors.round_undone_seed(t) is None
    services.round_generate(tournament=t, seed=3)
    assert selectors.round_undone_seed(t) is None  # partie 2 was never drawn


# --- Byes -----------------------------------------------------------------------------------


def test_a_bye_is_numbered_after_the_real_tables(owner):
    t = tournament(owner=owner, teams=7)
    round_ = services.round_generate(tournament=t, seed=2)
    tables = list(round_.games.order_by("table").values_list("table", "team_ew_id"))
    assert [table for table, _ew in tables] == [1, 2, 3, 4]
    assert tables[-1][1] is None and all(ew is not None for _table, ew in tables[:-1])
    bye = round_.games.get(table=4)
    assert bye.finished and bye.score_ns == t.bye_points
    entry = AuditEntry.objects.get(kind="round", action="create")
    assert entry.after["tables"]["4"] == [bye.team_ns.number, None]


def test_a_late_table_keeps_the_room_numbered_and_moves_the_bye_after_it(owner):
    t = tournament(owner=owner, teams=5)
    round_ = services.round_generate(tournament=t, seed=4)
    late = [services.team_create(tournament=t, name=f"Tard {n}", player1="A", player2="B")
            for n in (1, 2)]
    game = services.round_seat_new_table(round_=round_, team_ns=late[0], team_ew=late[1])
    assert game.table == 3
    assert list(round_.games.order_by("table").values_list("table", flat=True)) == [1, 2, 3, 4]
    assert round_.games.get(table=4).is_bye
    third = services.team_create(tournament=t, name="Tard 3", player1="A", player2="B")
    game = services.round_seat_against_bye(round_=round_, team=third)
    assert game.table == 4 and not round_.games.filter(team_ew__isnull=True).exists()


# --- Mêlée ----------------------------------------------------------------------------------


def test_a_melee_partie_makes_its_teams_and_a_bye_for_each_exempt_player(owner):
    t = melee(owner, 11)  # two tables, three players exempt
    round_ = services.round_generate(tournament=t, seed=21)
    assert round_.draw_method == "melee" and round_.seed == 21
    teams = list(Team.objects.filter(round=round_).select_related("first", "second"))
    assert [team.number for team in teams] == [1, 2, 3, 4, 5, 6, 7]
    for team in teams[:4]:
        assert team.name == f"{team.first.name} et {team.second.name}" and team.club == ""
        assert team.tournament_id == t.id
    for team in teams[4:]:
        assert team.second is None and team.name == team.first.name
    games = list(round_.games.order_by("table"))
    assert [(g.table, g.team_ns.number, g.team_ew and g.team_ew.number) for g in games] == [
        (1, 1, 2), (2, 3, 4), (3, 5, None), (4, 6, None), (5, 7, None)]
    assert all(g.finished and g.score_ns == t.bye_points for g in games[2:])
    players = [p for team in teams for p in (team.first_id, team.second_id) if p]
    assert sorted(players) == sorted(t.players.values_list("id", flat=True))
    # The registered "teams" of the concours are none: the partie's teams are the draw's.
    assert not t.teams.filter(round__isnull=True).exists()


def test_an_exempt_player_cannot_swap_with_a_doublette(owner):
    """A team of one at a table would be a side of one player: refused, nothing moved; two
    doublettes, or two exempt players, still swap."""
    t = melee(owner, 10)  # two tables, two players exempt
    round_ = services.round_generate(tournament=t, seed=1)
    solo, other_solo = Team.objects.filter(round=round_, second__isnull=True).order_by("number")
    pair = Team.objects.get(round=round_, number=1)
    seating = {g.table: (g.team_ns_id, g.team_ew_id) for g in round_.games.all()}
    with pytest.raises(UserError, match="Un joueur exempt ne peut pas échanger"):
        services.round_swap_teams(round_=round_, team_a=pair.id, team_b=solo.id)
    assert {g.table: (g.team_ns_id, g.team_ew_id) for g in round_.games.all()} == seating
    services.round_swap_teams(round_=round_, team_a=solo.id, team_b=other_solo.id)
    services.round_swap_teams(round_=round_, team_a=pair.id,
                              team_b=Team.objects.get(round=round_, number=3).id)
    assert all(g.team_ns.second_id and g.team_ew.second_id
               for g in round_.games.filter(team_ew__isnull=False))


def test_undoing_a_melee_draw_deletes_its_teams(owner):
    t = melee(owner, 9)
    round_ = services.round_generate(tournament=t, seed=1)
    assert Team.objects.filter(round=round_).count() == 5
    services.round_undo(round_=round_)
    assert not Team.objects.exists() and not Game.objects.exists()
    assert Player.objects.filter(tournament=t).count() == 9


def test_the_melee_draw_reads_partners_opponents_and_byes_from_the_games(owner):
    t = melee(owner, 9)
    first = services.round_generate(tournament=t, seed=3)
    finish(first)
    data = selectors.draw_input(t, 2, seed=1)
    team_of = {}
    for team in Team.objects.filter(round=first):
        for player in (team.first_id, team.second_id):
            if player:
                team_of[player] = team
    partners = {frozenset(pair) for pair in data.partners}
    assert partners == {frozenset((team.first_id, team.second_id))
                        for team in Team.objects.filter(round=first, second__isnull=False)}
    exempt = Team.objects.get(round=first, second__isnull=True).first_id
    assert dict(data.byes) == {exempt: 1} and list(data.not_played) == [exempt]
    assert len(data.opponents) == 2 * 4  # four opponents a player, two tables
    for a, b in data.opponents:
        game = Game.objects.get(round=first, team_ew__isnull=False,
                                team_ns__in=[team_of[a], team_of[b]])
        assert {team_of[a].id, team_of[b].id} == {game.team_ns_id, game.team_ew_id}
    # Ranked by the standings after partie 1: the players of the winning teams first.
    ranked = [row.team for row in selectors.standings(t) if row.team in set(data.entrants)]
    assert list(data.entrants) == ranked


def test_melee_parties_are_the_draw_of_their_history_and_share_the_byes(owner):
    """Three parties through the services, each the pure draw of the history replayed
    beside them: no repeated partner, the byes shared (the opponents avoided are the draw's
    business, tested in tests/draw/)."""
    t = melee(owner, 14, parties_planned=3)
    players = sorted(t.players.values_list("id", flat=True))
    byes = Counter()
    partners, opponents = [], []
    for number in range(1, 4):
        round_ = services.round_generate(tournament=t, seed=number)
        expected = METHODS["melee"].draw(DrawInput(players, number, number, tuple(opponents),
                                                   tuple(partners), dict(byes)))
        drawn = []
        for game in round_.games.select_related("team_ns", "team_ew").order_by("table"):
            if game.is_bye:
                byes[game.team_ns.first_id] += 1
                continue
            sides = [(game.team_ns.first_id, game.team_ns.second_id),
                     (game.team_ew.first_id, game.team_ew.second_id)]
            drawn.append(tuple(sides))
            partners += sides
            opponents += [(a, b) for a in sides[0] for b in sides[1]]
        assert drawn == [(table.ns, table.ew) for table in expected.tables]
        finish(round_)
    assert repeated_pairs(partners) == 0
    assert sorted(byes.values()) == [1] * 6  # two a partie, never twice the same player


def test_a_withdrawn_player_is_not_drawn(owner):
    t = melee(owner, 8)
    gone = t.players.get(number=3)
    player_withdraw(player=gone)
    round_ = services.round_generate(tournament=t, seed=2)
    seated = set(Team.objects.filter(round=round_).values_list("first_id", flat=True)) | set(
        Team.objects.filter(round=round_).values_list("second_id", flat=True))
    assert gone.id not in seated and len(seated - {None}) == 7


def test_a_long_pair_of_names_is_cut_to_the_column(owner):
    name = selectors.partie_team_name("A" * 100, "B" * 100)
    assert len(name) == Team._meta.get_field("name").max_length and name.endswith("…")
    assert selectors.partie_team_name("Anne", "Basile") == "Anne et Basile"
    assert selectors.partie_team_name("Anne", None) == "Anne"


def test_late_seats_are_refused_in_a_melee(owner):
    t = melee(owner, 9)
    round_ = services.round_generate(tournament=t, seed=2)
    assert selectors.round_waiting_teams(round_) == []
    bye = round_.games.filter(team_ew__isnull=True).first()
    with pytest.raises(UserError, match="partie suivante"):
        services.round_seat_against_bye(round_=round_, team=bye.team_ns)


# --- Rotation -------------------------------------------------------------------------------


def test_the_rotation_plays_its_movement_without_a_repeat_then_starts_again(owner):
    t = tournament(owner=owner, teams=5, draw_method="rotation", parties_planned=6)
    numbers = dict(t.teams.values_list("id", "number"))
    meetings = []
    for number in range(1, 7):
        round_ = services.round_generate(tournament=t)
        assert round_.seed is None
        for _table, ns, ew in seating(round_):
            if ew is not None:
                meetings.append((numbers[ns], numbers[ew]))
        finish(round_)
        if number == 5:
            assert repeated_pairs(meetings) == 0
    assert repeated_pairs(meetings) == 2  # partie 6 is partie 1 again: two tables


def test_the_tableau_de_marche_is_what_the_rotation_draws(owner):
    t = tournament(owner=owner, teams=7, draw_method="rotation", parties_planned=5)
    before = rotation_export.rotation_chart(t)
    assert (before.teams, before.parties, before.without_repeat, before.drawn) == (7, 5, 7, 0)
    assert [[seat.table or 0 for seat in row.seats] for row in before.rows] == rotation_chart(7, 5)
    for _number in range(1, 6):
        round_ = services.round_generate(tournament=t)
        finish(round_)
    after = rotation_export.rotation_chart(t)
    assert after.drawn == 5 and after.rows == before.rows


def test_the_tableau_de_marche_pdf_lists_each_team_s_tables(client, owner):
    t = tournament(owner=owner, teams=6, draw_method="rotation", parties_planned=4,
                   slug="marche")
    response = client.get(reverse("tournament:rotation_pdf", args=["marche"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Tableau de marche" in text and "Mouvement de 6 équipes" in text
    assert "5 parties sans que deux équipes se rencontrent deux fois" in text
    for number in range(1, 7):
        assert f"Équipe {number}" in text
    # Team 6 holds the fixed position: table 1 at every partie, NS and EO in turn.
    row = rotation_export.rotation_chart(t).rows[5]
    assert [(seat.table, seat.side) for seat in row.seats] == [
        (1, "NS"), (1, "EO"), (1, "NS"), (1, "EO")]


def test_the_tableau_de_marche_says_when_the_movement_starts_again(client, owner):
    tournament(owner=owner, teams=4, draw_method="rotation", parties_planned=5, slug="court")
    text = pdf_text(client.get(reverse("tournament:rotation_pdf", args=["court"])).content)
    assert "À partir de la partie 4, il recommence" in text


def test_only_a_rotation_concours_has_a_tableau_de_marche(client, owner):
    tournament(owner=owner, teams=4, slug="classement")
    assert client.get(reverse("tournament:rotation_pdf", args=["classement"])).status_code == 404
    tournament(owner=owner, teams=4, slug="cache", draw_method="rotation", published=False)
    assert client.get(reverse("tournament:rotation_pdf", args=["cache"])).status_code == 404
    client.force_login(owner)
    assert client.get(reverse("tournament:rotation_pdf", args=["cache"])).status_code == 200


# --- Pages ----------------------------------------------------------------------------------


def test_the_draw_page_offers_the_methods_of_the_format_and_the_rotation_s_reach(client, owner):
    tournament(owner=owner, teams=9, slug="page", draw_method="rotation")
    client.force_login(owner)
    page = client.get(reverse("tournament:round_generate", args=["page"])).content.decode()
    for key in ("standings", "random", "rotation"):
        assert f'<option value="{key}"' in page
    assert 'value="melee"' not in page
    assert '<option value="rotation" selected>' in page and "celui du concours" in page
    assert "le mouvement de 9 équipes joue 9 parties" in page
    assert reverse("tournament:rotation_pdf", args=["page"]) in page
    assert 'name="seed"' in page  # the random methods use one


def test_a_partie_drawn_from_the_page_by_a_chosen_method_shows_it(client, owner):
    t = tournament(owner=owner, teams=6, slug="choisi")
    client.force_login(owner)
    response = client.post(reverse("tournament:round_generate", args=["choisi"]),
                           {"page": "draw", "draw_method": "random", "seed": "1234"})
    assert response["Location"] == reverse("tournament:round", args=["choisi", 1])
    round_ = t.rounds.get()
    assert (round_.draw_method, round_.seed) == ("random", 1234)
    page = client.get(response["Location"]).content.decode()
    assert "Tirage : Au hasard à chaque partie" in page and "graine 1234" in page


def test_a_bad_seed_or_method_is_refused_on_the_draw_page(client, owner):
    t = tournament(owner=owner, teams=6, slug="refus")
    client.force_login(owner)
    url = reverse("tournament:round_generate", args=["refus"])
    page = client.post(url, {"page": "draw", "seed": "12x"}).content.decode()
    assert "La graine du tirage est un nombre entier" in page
    page = client.post(url, {"page": "draw", "draw_method": "melee"}).content.decode()
    assert "Sélectionnez un choix valide" in page
    assert not t.rounds.exists()


def test_after_an_undo_the_partie_page_offers_the_same_seed(client, owner):
    t = tournament(owner=owner, teams=6, slug="meme", draw_method="random")
    finish(services.round_generate(tournament=t, seed=1))
    drawn = services.round_generate(tournament=t, seed=777)
    before = seating(drawn)
    services.round_undo(round_=drawn)
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=["meme", 1])).content.decode()
    assert 'name="seed_again" value="777"' in page and "Retirer avec la même graine (777)" in page
    client.post(reverse("tournament:round_generate", args=["meme"]),
                {"back": "1", "seed_again": "777", "seed": ""})
    assert seating(t.rounds.get(number=2)) == before


def test_a_melee_partie_page_names_the_players_of_each_table(client, owner):
    t = melee(owner, 9, slug="joueurs")
    round_ = services.round_generate(tournament=t, seed=5)
    client.force_login(owner)
    page = client.get(reverse("tournament:round", args=["joueurs", 1])).content.decode()
    for team in Team.objects.filter(round=round_).select_related("first", "second"):
        assert f"{team.first.name} <small>({team.first.number})</small>" in page
    assert "exempt</td>" in page and "Tirage : À la mêlée" in page


def test_swapping_in_a_melee_exchanges_the_partie_s_teams(client, owner):
    t = melee(owner, 8, slug="echange")
    first = services.round_generate(tournament=t, seed=5)
    finish(first)
    second = services.round_generate(tournament=t, seed=6)
    before = seating(second)
    client.force_login(owner)
    client.post(reverse("tournament:round", args=["echange", 2]), {"team_a": "1", "team_b": "3"})
    after = seating(second)
    assert after[0][1] == before[1][1] and after[1][1] == before[0][1]
    assert seating(first) != after  # partie 1's teams 1 and 3 were not touched


def test_the_undo_says_the_seed_and_a_fixed_method_offers_no_same_seed(client, owner):
    t = tournament(owner=owner, teams=6, slug="fixe", draw_method="rotation")
    finish(services.round_generate(tournament=t, method="random", seed=5))
    services.round_generate(tournament=t, method="random", seed=91)
    client.force_login(owner)
    response = client.post(reverse("tournament:round_undo", args=["fixe", 2]), follow=True)
    page = response.content.decode()
    assert "Tirage de la partie 2 annulé (graine 91" in page
    # The concours draws by its rotation, which takes no seed: no "même graine" button
    # that would redraw by the rotation; the seed can still be typed with "au hasard".
    assert selectors.round_undone_seed(t) == 91
    assert 'name="seed_again"' not in page and 'name="seed"' in page


def test_what_the_pages_ask_of_a_method_comes_from_its_registry_entry():
    """A new method is one module: whether it uses the seed, how far it goes without a repeat
    and whether it prints a chart are its own entry's, not a list of keys in the services."""
    from tournament.draw import METHODS
    from tournament.draw.base import DrawMethod
    from tournament.selectors.rounds import draw_reach, draw_uses_seed

    assert draw_uses_seed("random", 3) and draw_uses_seed("melee", 2)
    assert draw_uses_seed("standings", 1) and not draw_uses_seed("standings", 2)
    assert not draw_uses_seed("rotation", 1) and not draw_uses_seed("inconnue", 1)
    METHODS["essai"] = DrawMethod(key="essai", label="Essai", entrant="team",
                                  draw=METHODS["random"].draw, uses_seed=lambda n: n == 2,
                                  max_parties=lambda n: n * 10, chart=True)
    try:
        assert draw_uses_seed("essai", 2) and not draw_uses_seed("essai", 1)
        assert draw_reach([("essai", "Essai")], 7) == 70
        assert draw_reach([("random", "")], 7) is None
    finally:
        del METHODS["essai"]


# --- Rotation: positions fixed at partie 1 ----------------------------------------------------


def test_after_a_withdrawal_the_rotation_draws_the_chart_without_a_repeated_meeting(owner):
    t = tournament(owner=owner, teams=10, draw_method="rotation", parties_planned=9)
    teams = list(t.teams.order_by("number"))
    for _number in (1, 2):
        finish(services.round_generate(tournament=t))
    printed = rotation_export.rotation_chart(t)  # the chart on the wall, made before
    services.team_withdraw(team=teams[3])  # team 4 leaves after partie 2 (the reported case)
    chart = rotation_export.rotation_chart(t)
    assert chart.teams == 10 and chart.without_repeat == 9
    meetings, gaps = [], 0
    for number in range(1, 10):
        round_ = (services.round_generate(tournament=t) if number > 2
                  else t.rounds.get(number=number))
        seats = {}
        for table, ns, ew in seating(round_):
            seats[ns] = (table, "NS") if ew is not None else (None, "")
            if ew is not None:
                seats[ew] = (table, "EO")
                meetings.append((ns, ew))
        for team, row, on_wall in zip(teams, chart.rows, printed.rows, strict=True):
            seat = row.seats[number - 1]
            assert seats.get(team.id, (None, "")) == (seat.table, seat.side)
            assert (team.id in seats and seats[team.id][0] is None) == seat.exempt
            if seat.table is not None:  # at the table the printed chart gave it
                assert seat.table == on_wall.seats[number - 1].table
        # From partie 3, team 4's table of the chart stays empty (its number unused); the
        # byes come after the last table.
        on_walls = {on_wall.seats[number - 1].table for on_wall in printed.rows}
        empty = {printed.rows[3].seats[number - 1].table} if number > 2 else set()
        games = seating(round_)
        tables = [table for table, _ns, ew in games if ew is not None]
        assert tables == sorted(on_walls - empty)
        gaps += tables != list(range(1, len(tables) + 1))
        assert all(table > max(tables) for table, _ns, ew in games if ew is None)
        finish(round_)
    assert repeated_pairs(meetings) == 0
    # A gap in the numbers wherever team 4's table was not the last (the fifth).
    assert gaps == sum(seat.table != 5 for seat in printed.rows[3].seats[2:]) > 0
    # Every meeting the movement promised between present teams is played: team 4's
    # opponents are exempt once each from partie 3, nobody else is.
    exempt = Counter(game.team_ns_id for game in Game.objects.filter(
        round__tournament=t, team_ew__isnull=True))
    assert sum(exempt.values()) == 7 and teams[3].id not in exempt


def test_after_a_withdrawal_the_draw_page_gives_the_movement_s_reach(client, owner):
    t = tournament(owner=owner, teams=9, slug="depart", draw_method="rotation")
    finish(services.round_generate(tournament=t))
    services.team_withdraw(team=t.teams.get(number=4))
    client.force_login(owner)
    page = client.get(reverse("tournament:round_generate", args=["depart"])).content.decode()
    # 8 active teams would be a movement of 7 parties; the concours' movement is of 9.
    assert "8 équipes tirées" in page
    assert "le mouvement de 9 équipes joue 9 parties" in page
    text = pdf_text(client.get(reverse("tournament:rotation_pdf", args=["depart"])).content)
    assert "Mouvement de 9 équipes" in text and "9 parties sans que" in text


def test_a_late_team_plays_the_missing_position_of_an_odd_rotation(owner):
    t = tournament(owner=owner, teams=7, draw_method="rotation", parties_planned=7)
    finish(services.round_generate(tournament=t))
    late = services.team_create(tournament=t, name="Tard", player1="A", player2="B")
    chart = rotation_export.rotation_chart(t)
    assert chart.teams == 7 and chart.rows[-1].seats[1].table == 4
    meetings = []
    for _number in range(2, 8):
        round_ = services.round_generate(tournament=t)
        last = seating(round_)[-1]
        assert last[0] == 4 and last[2] == late.id  # at the bye's place
        meetings += [(ns, ew) for _table, ns, ew in seating(round_)]
        finish(round_)
    assert repeated_pairs(meetings) == 0


def test_a_late_team_of_an_even_rotation_is_refused_and_changes_nothing(owner):
    t = tournament(owner=owner, teams=6, draw_method="rotation")
    finish(services.round_generate(tournament=t))
    services.team_create(tournament=t, name="Tard", player1="A", player2="B")
    with pytest.raises(UserError, match="contre une équipe exempte"):
        services.round_generate(tournament=t)
    assert t.rounds.count() == 1
