"""A mêlée in phases through the services (BRACKETS.md 1): its players drawn once into pairs
with the poules, the pairs playing the poules and the tableaux as doublettes, the standings
ranking the players by their pair's place."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.builders import melee_bulk, organiser, tableaux_played
from tournament import services
from tournament.brackets.pairs import (
    melee_direct_seeds,
    melee_parties_tableaux,
    melee_poules_deal,
)
from tournament.errors import UserError
from tournament.exports import pdf, static_site
from tournament.models import AuditEntry, PhasePlan, PouleSeat, Team
from tournament.selectors import player_parties, standings, standings_lines, tableau_ranks
from tournament.selectors.phases import (
    formule_summary,
    phases_standings,
    poules_view,
    tableaux_view,
)

pytestmark = pytest.mark.django_db


def won_by_nord_sud(round_) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        services.game_forfeit(game=game, side="EW")


def test_a_melee_in_poules_draws_its_pairs_once_then_plays_them_to_the_final_places():
    t = melee_bulk(players=16)  # clubs "Club 0" to "Club 2" by number modulo 3
    plan = services.phase_plan_set(tournament=t, qualification="poules", consolante=False,
                                   separate_clubs=True)
    assert formule_summary(t, plan.formule()).words.startswith(
        "8 paires : 2 poules de 4, puis un tableau principal de 4")
    services.poules_draw(tournament=t, seed=7)
    clubs = {number: {f"Club {number % 3}"} for number in range(1, 17)}
    expected = melee_poules_deal(range(1, 17), seed=7, clubs=clubs, separate_clubs=True)
    pairs = list(Team.objects.filter(tournament=t).select_related("first", "second"))
    # Every player in exactly one pair, the pairs numbered in the order drawn.
    assert [(team.first.number, team.second.number) for team in pairs] == expected.pairs
    assert pairs[0].name == f"Joueur {expected.pairs[0][0]} et Joueur {expected.pairs[0][1]}"
    seats = PouleSeat.objects.filter(tournament=t).order_by("poule", "position")
    assert [[seat.team.number for seat in seats if seat.poule == poule]
            for poule in (1, 2)] == expected.deal.poules
    entry = AuditEntry.objects.get(tournament=t, kind="phases", action="create")
    assert entry.after["pairs"] == [list(pair) for pair in expected.pairs]
    # The poules' clashes are the players' clubs', named as the pure deal names them.
    assert expected.deal.clashes  # three clubs among 16 players: pairs share clubs
    assert [poule.clash for poule in poules_view(t).poules] == ["; ".join(sorted(
        {f"Poule {name} : deux paires du club {c.club}" for c in expected.deal.clashes
         if c.poule == index})) for index, name in enumerate("AB")]
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    a, b = ([row.number for row in poule.ranking] for poule in poules_view(t).poules)
    (principal,) = services.tableaux_draw(tournament=t)
    assert principal.seeds == [a[0], b[0], a[1], b[1]]
    for index in range(2):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")  # A1 and B1 go through
    final = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    services.game_forfeit(game=final.game, side="NS")  # B1 wins the final
    assert [(row.place, row.team.number) for row in phases_standings(t).places][:2] == [
        (1, b[0]), (2, a[0])]
    # The standings rank the players, both of a pair at its place.
    winners = Team.objects.get(tournament=t, number=b[0])
    lines = standings_lines(t)
    assert len(lines) == 16
    assert {line.number for line in lines if line.row.rank == 1} == {
        winners.first.number, winners.second.number}
    assert [line.row.rank for line in lines] == sorted(line.row.rank for line in lines)
    # Each player's line carries its pair's place (its tableau, how it was placed), and the
    # players are ranked as ex aequo are: a pair's two share a rank, the next come after
    # both (pairs 1, 2, 3, 3 … give players 1, 1, 3, 3, 5, 5, 5, 5 …).
    assert all(line.phase is not None for line in lines)
    assert [line.row.rank for line in lines] == [
        1 + sum(other.phase.place < line.phase.place for other in lines) for line in lines]
    assert [line.row.rank for line in lines][:4] == [1, 1, 3, 3]
    # The lots page's ranks of the principal are its players': 4 pairs, ranks 1 to 8.
    assert [(r.first, r.last) for r in tableau_ranks(t)] == [(1, 8)]
    # A player's parties are its pair's: three in its poule, the semi-final and the final.
    parties = player_parties(winners.first)
    assert [row["game"].round.phase for row in parties] == [
        "poule"] * 3 + ["principal"] * 2
    assert {row["partner"] for row in parties} == {winners.second}


def test_undoing_the_poules_undoes_the_pairs_and_the_same_seed_draws_them_again():
    t = melee_bulk(players=12)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=3)
    before = list(Team.objects.filter(tournament=t).values_list("first__number",
                                                                "second__number"))
    assert len(before) == 6
    services.poules_undraw(tournament=t)
    assert not Team.objects.filter(tournament=t).exists()
    assert AuditEntry.objects.get(tournament=t, action="delete").before["pairs"] == [
        list(pair) for pair in before]
    services.poules_draw(tournament=t, seed=3)
    assert list(Team.objects.filter(tournament=t).values_list(
        "first__number", "second__number")) == before


def test_a_pair_loses_its_poule_parties_by_forfeit_once_one_of_its_players_withdraws():
    t = melee_bulk(players=12)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=3)
    pair = Team.objects.get(tournament=t, number=PouleSeat.objects.get(
        tournament=t, poule=1, position=2).team.number)
    services.player_withdraw(player=pair.second)
    partie = services.poule_partie_generate(tournament=t)
    lost = partie.games.get(team_ns=pair)  # a poule of three: 2 plays 3 at Nord-Sud (2.3)
    assert (lost.forfeit, lost.finished) == ("NS", True)
    others = partie.games.exclude(pk=lost.pk).filter(team_ew__isnull=False)
    assert others.exists() and not others.exclude(forfeit="").exists()


@pytest.mark.parametrize(("players", "options", "message"), [
    (13, {"qualification": "poules"}, "nombre pair de joueurs (13 au tirage)"),
    (10, {"qualification": "poules"}, "au moins 12 joueurs (6 paires)"),
])
def test_a_melee_that_cannot_make_its_pairs_is_refused_at_the_draw(players, options,
                                                                   message):
    t = melee_bulk(players=players)
    services.phase_plan_set(tournament=t, **options)
    with pytest.raises(UserError, match=re.escape(message)):
        services.poules_draw(tournament=t, seed=1)
    assert not Team.objects.filter(tournament=t).exists()
    assert not PouleSeat.objects.filter(tournament=t).exists()


@pytest.mark.parametrize(("options", "message"), [
    ({"qualification": "poules", "tetes": [1]}, "pas de têtes de série"),
    ({"qualification": "direct", "tetes": [2]}, "pas de têtes de série"),
])
def test_what_a_melee_does_not_play_in_phases_is_refused_in_french(options, message):
    t = melee_bulk(players=16)
    with pytest.raises(UserError, match=message):
        services.phase_plan_set(tournament=t, **options)
    assert not PhasePlan.objects.filter(tournament=t).exists()


def test_a_direct_melee_draws_its_pairs_with_the_principal_and_places_its_players():
    t = melee_bulk(players=10)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False)
    services.player_create(tournament=t, name="Joueur 11", club="")
    with pytest.raises(UserError, match="nombre pair de joueurs \\(11 au tirage\\)"):
        services.tableaux_draw(tournament=t, seed=8)
    assert not Team.objects.filter(tournament=t).exists()
    services.player_withdraw(player=t.players.get(number=11))
    (principal,) = services.tableaux_draw(tournament=t, seed=8)
    made = melee_direct_seeds(range(1, 11), seed=8)
    assert principal.seeds == made.seeds
    assert list(Team.objects.filter(tournament=t).values_list(
        "first__number", "second__number")) == made.pairs
    entry = AuditEntry.objects.get(tournament=t, kind="phases", action="tableau")
    assert entry.after["pairs"] == [list(pair) for pair in made.pairs]
    while ready := [slot for _name, slots in tableaux_view(t)[0].rounds for slot in slots
                    if slot.state == "ready"]:
        slot = ready[0]
        match = services.tableau_match_call(tableau=principal, round_index=slot.round_index,
                                            index=slot.index)
        services.game_forfeit(game=match.game, side="EW")  # the better seed goes through
    places = phases_standings(t).places
    assert [place.team.number for place in places][:2] == made.seeds[:2]
    lines = standings_lines(t)
    champions = Team.objects.get(tournament=t, number=made.seeds[0])
    assert {line.number for line in lines if line.row.rank == 1} == {
        champions.first.number, champions.second.number}


def melee_after_parties(players: int = 13, principal: int = 2, consolante: bool = True):
    """A mêlée of `players` after two parties qualificatives, each won at every table by
    Nord-Sud, its formule's principal of `principal` pairs and a consolante (or none)."""
    t = melee_bulk(players=players)
    services.phase_plan_set(tournament=t, qualification="parties", parties=2,
                            principal=principal, consolante=consolante)
    for _partie in range(2):
        won_by_nord_sud(services.round_generate(tournament=t, seed=11))
    return t


ALONE = ("13e des parties qualificatives : sans partenaire pour la consolante (nombre impair "
         "de joueurs)")


def test_after_its_parties_a_melee_draws_the_tableaux_pairs_among_its_top_players(client):
    t = melee_after_parties()
    late = services.player_create(tournament=t, name="Joueur 14", club="")  # never seated
    groups: dict[int, list[int]] = {}
    for row in standings(t):
        if row.entrant != late.pk:
            groups.setdefault(row.rank, []).append(row.entrant)
    expected = melee_parties_tableaux(list(groups.values()), principal=2, consolante=True,
                                      seed=4)
    principal, consolante = services.tableaux_draw(tournament=t, seed=4)
    assert (principal.seeds, consolante.seeds) == (expected.principal, expected.consolante)
    teams = list(Team.objects.filter(tournament=t, round__isnull=True).order_by("number"))
    # 13 players: 2 pairs of the top 4, 4 pairs of the next 8, the last one alone.
    assert [(team.first_id, team.second_id) for team in teams[:6]] == expected.pairs
    alone = teams[6]
    assert (alone.number, alone.second, principal.rest) == (7, None, [[7]])
    assert [alone.first_id] == expected.rest[0]
    tableaux_played(t)
    places = [(place.place, place.team.number) for place in phases_standings(t).places]
    # The principal's 2 pairs, the consolante's 4 (places 3 to 6), then the one alone.
    assert len(places) == 7 and places[-1] == (7, 7)
    lines = standings_lines(t)
    assert len(lines) == 13 and lines[-1].number == alone.first.number
    best = {player for number in expected.principal[:1]
            for player in expected.pairs[number - 1]}
    assert {line.row.entrant for line in lines if line.row.rank == 1} == best
    # The one alone (an odd count) is said as a player, not a pair: his place is the rank
    # the standings give him (13th, not the 7th place after six pairs), with why he played
    # no tableau (BRACKETS.md is silent on him).
    final = phases_standings(t).places
    assert [place.rank for place in final] == [1, 3, 5, 7, 9, 9, 13]
    assert (final[-1].team, final[-1].how) == (alone, ALONE)
    assert (lines[-1].row.rank, lines[-1].phase.how) == (13, ALONE)
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    assert ALONE in page and "puis les joueurs d'aucun tableau" in page
    assert "puis les équipes" not in page
    assert "puis les joueurs d'aucun tableau" in pdf.standings_html(t)
    # The tableaux page's final standings: the ranks the players take, the one alone so said.
    page = client.get(reverse("tournament:tableaux", args=[t.slug])).content.decode()
    table = page[page.index('id="final-standings"'):]
    assert re.findall(r'<tr><td class="num">(\d+)</td>', table) == [
        "1", "3", "5", "7", "9", "9", "13"]
    assert (f"<td>{alone.name} <small>(joueur seul)</small></td><td>—</td><td>{ALONE}</td>"
            in table)
    site = static_site.data.site(t.name, "Club", [t], timezone.now())
    standings_page = static_site.builder.pages(site)[f"concours/{t.slug}/classement.html"]
    assert f"<td>—</td><td>{ALONE}</td>".encode() in standings_page
    assert b"<th>Joueur</th><th>Tableau</th>" in standings_page


def test_without_a_consolante_the_players_in_no_tableau_are_placed_in_players():
    t = melee_after_parties(players=11, consolante=False)
    services.tableaux_draw(tournament=t, seed=4)
    tableaux_played(t)
    rest = [line for line in standings_lines(t) if not line.phase.key]
    assert len(rest) == 7 and rest[0].row.rank == 5  # after the principal's 4 players
    for line in rest:  # its words say the rank it has: « 5e », « places 6–8 partagées »
        rank = line.row.rank
        assert (line.phase.how == f"{rank}e des parties qualificatives"
                or line.phase.how.startswith(f"places {rank}–")), (rank, line.phase.how)


def test_an_odd_melee_is_said_refused_in_poules_not_after_parties_qualificatives(client):
    owner = organiser()
    t = melee_bulk(players=13, owner=owner)
    plan = services.phase_plan_set(tournament=t, qualification="poules")
    assert "il faut un nombre pair de joueurs" in formule_summary(t, plan.formule()).refusal
    plan = services.phase_plan_set(tournament=t, qualification="parties", parties=3,
                                   principal=2)
    summary = formule_summary(t, plan.formule())
    assert summary.refusal == "" and summary.words.startswith("6 paires : 3 parties")
    # Who the odd count leaves with no partner is said before the evening.
    assert summary.alone == (
        "13 joueurs, un nombre impair : le dernier classé des parties qualificatives après "
        "le tableau principal restera sans partenaire ; il ne jouera pas la consolante et "
        "sera classé 13e.")
    client.force_login(owner)
    page = client.get(reverse("tournament:phase_plan", args=[t.slug])).content.decode()
    assert f'<p class="help" id="formule-alone">{summary.alone}</p>' in page
    # The mêlée's help no longer says every formule needs an even count.
    assert ("après les parties qualificatives avec une consolante, un nombre impair laisse le "
            "dernier sans partenaire pour la consolante") in page
    plan = services.phase_plan_set(tournament=t, qualification="parties", parties=3,
                                   principal=2, consolante=False)
    assert formule_summary(t, plan.formule()).alone == ""  # no tableau for the others


def test_a_melee_with_too_few_players_for_its_tableaux_is_refused_in_french():
    t = melee_after_parties(players=9, principal=3)  # 6 in the principal, 3 left
    with pytest.raises(UserError, match="moins de 2 paires"):
        services.tableaux_draw(tournament=t, seed=1)
    assert not Team.objects.filter(tournament=t, round__isnull=True).exists()


def test_a_player_registered_after_the_pairs_are_drawn_is_not_in_the_standings():
    # Issue 32's rule in phases: only the players the draw seated are ranked; a mêlée's
    # pairs have no partie of their own, their players are seated all the same.
    t = melee_bulk(players=12)
    services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
    services.poules_draw(tournament=t, seed=3)
    late = services.player_create(tournament=t, name="Retardataire")
    won_by_nord_sud(services.poule_partie_generate(tournament=t))
    numbers = {line.number for line in standings_lines(t)}
    assert len(numbers) == 12 and late.number not in numbers


def test_drawing_a_melee_poule_partie_costs_the_same_queries_for_12_or_24_players():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for players in (12, 24):
        t = melee_bulk(players=players)
        services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
        services.poules_draw(tournament=t, seed=1)
        with CaptureQueriesContext(connection) as queries:
            services.poule_partie_generate(tournament=t)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
