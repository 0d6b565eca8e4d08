"""A concours in phases through the services (BRACKETS.md 1–2): its formule, refused in
French as section 8 says; its poules dealt from the teams the draw takes; a swap of two
teams while no poule partie has a result; the poules' parties drawn together and ranked."""

import re

import pytest

from tests.builders import play_to_the_end, tableaux_played, teams_written, tournament
from tournament import services
from tournament.brackets.poules import poules_deal
from tournament.errors import UserError
from tournament.models import AuditEntry, Game, PhasePlan, PouleSeat, Round, TableauMatch
from tournament.selectors import standings_lines
from tournament.selectors.phases import (
    formule_summary,
    phases_standings,
    poules_view,
    tableaux_view,
)

pytestmark = pytest.mark.django_db


def concours(teams: int = 0, clubs: dict[int, str] | None = None, **options):
    t = tournament(**options)
    teams_written(t, teams, clubs)
    return t


def test_a_formule_is_stored_journaled_and_said_in_words():
    t = concours(teams=16)
    plan = services.phase_plan_set(tournament=t, qualification="poules",
                                   placement="complet", tetes=[3, 7])
    assert PhasePlan.objects.get(tournament=t) == plan
    assert plan.formule().tetes == (3, 7)
    entry = AuditEntry.objects.get(tournament=t, kind="phases")
    assert (entry.action, entry.before, entry.after["placement"]) == ("update", None,
                                                                      "complet")
    summary = formule_summary(t, plan.formule())
    assert summary.words.startswith("16 équipes : 4 poules de 4, puis un tableau principal "
                                    "de 8 et une consolante de 8 ; chaque équipe joue 6 "
                                    "parties")
    # The same values again change nothing and write nothing.
    services.phase_plan_set(tournament=t, qualification="poules", placement="complet",
                            tetes=[3, 7])
    assert AuditEntry.objects.filter(tournament=t, kind="phases").count() == 1


@pytest.mark.parametrize(("options", "message"), [
    ({"qualification": "poules", "qualified": 3}, "1 ou 2"),
    ({"qualification": "poules", "tetes": [1, 2, 3]}, "Plus de têtes de série (3) que de "
                                                      "poules (2)"),
    ({"qualification": "poules", "tetes": [1, 1]}, "deux fois"),
    ({"qualification": "poules", "tetes": [99]}, "n° 99"),
    ({"qualification": "parties", "parties": 3}, "demandent leur nombre"),
])
def test_a_formule_the_rules_refuse_changes_nothing(options, message):
    t = concours(teams=8)
    with pytest.raises(UserError, match=re.escape(message)):
        services.phase_plan_set(tournament=t, **options)
    assert not PhasePlan.objects.filter(tournament=t).exists()
    assert not AuditEntry.objects.filter(tournament=t, kind="phases").exists()


@pytest.mark.parametrize(("options", "message"), [
    ({"qualification": "poules", "tetes": [1, 2, 3]}, "Il faut au moins 6 équipes"),
    ({"qualification": "parties", "parties": 3, "principal": 4}, "La consolante aurait "
                                                                 "moins de 2 équipes"),
])
def test_what_the_entrants_so_far_cannot_play_is_said_and_refused_at_the_draw(options,
                                                                              message):
    t = concours(teams=5)
    plan = services.phase_plan_set(tournament=t, **options)
    assert message in formule_summary(t, plan.formule()).refusal


def test_too_few_entrants_so_far_is_said_not_refused():
    t = concours(teams=4)
    plan = services.phase_plan_set(tournament=t, qualification="poules")
    summary = formule_summary(t, plan.formule())
    assert (summary.words, summary.refusal) == ("", "Il faut au moins 6 équipes pour jouer "
                                                "en poules")
    # The formule's page says it after a colon: no capital there, a full stop at the end.
    assert summary.refusal_after_colon == "il faut au moins 6 équipes pour jouer en poules."
    with pytest.raises(UserError, match="au moins 6"):
        services.poules_draw(tournament=t, seed=1)
    assert not PouleSeat.objects.filter(tournament=t).exists()


def test_a_melee_in_phases_has_no_tetes_de_serie():
    # Its pairs are drawn with the poules or the tableaux (tests/services/test_melee_phases).
    t = concours(format="melee")
    with pytest.raises(UserError, match="mêlée"):
        services.phase_plan_set(tournament=t, qualification="direct", tetes=[1])


def test_the_poules_are_dealt_as_the_pure_core_deals_them_and_journaled():
    t = concours(teams=14)
    services.phase_plan_set(tournament=t, qualification="poules", tetes=[5])
    services.poules_draw(tournament=t, seed=42)
    seats = list(PouleSeat.objects.filter(tournament=t).values_list("poule", "position",
                                                                    "team__number"))
    expected = poules_deal(range(1, 15), seed=42, tetes=[5]).poules
    assert [[number for poule, _pos, number in seats if poule == index + 1]
            for index in range(len(expected))] == expected
    assert expected[0][0] == 5 and [len(poule) for poule in expected] == [4, 4, 3, 3]
    entry = AuditEntry.objects.get(tournament=t, kind="phases", action="create")
    assert entry.after == {"seed": 42, "poules": expected}
    with pytest.raises(UserError, match="déjà tirées"):
        services.poules_draw(tournament=t, seed=1)
    with pytest.raises(UserError, match="est dans une poule"):
        services.team_delete(team=t.teams.get(number=5))
    with pytest.raises(UserError, match="annulez leur tirage"):
        services.phase_plan_set(tournament=t, qualification="direct")


def test_clubs_apart_keeps_the_clubs_apart_and_names_what_is_left():
    t = concours(8, clubs={1: "Rouge", 2: "Rouge", 3: "Rouge"})
    services.phase_plan_set(tournament=t, qualification="poules", separate_clubs=True)
    services.poules_draw(tournament=t, seed=3)
    view = poules_view(t)
    reds = [sum(row.club == "Rouge" for row in poule.rows) for poule in view.poules]
    # Three of one club in two poules: one clash is left, and named, never hidden.
    assert sorted(reds) == [1, 2]
    assert [poule.clash for poule in view.poules if poule.clash] == [
        f"Poule {view.poules[reds.index(2)].name} : deux équipes du club Rouge"]


def test_a_swap_exchanges_two_teams_and_their_tables_until_a_result():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=9)
    services.poule_partie_generate(tournament=t)
    before = poules_view(t)
    first, second = before.poules[0].rows[0].number, before.poules[1].rows[2].number
    services.poules_swap(tournament=t, first=first, second=second)
    after = poules_view(t)
    assert after.poules[0].rows[0].number == second
    assert after.poules[1].rows[2].number == first
    # Partie 1 pairs positions 1–4 and 2–3 (2.3): the table of A1 now seats the team moved.
    game = Game.objects.get(round__tournament=t, table=1)
    assert game.team_ns.number == second
    entry = AuditEntry.objects.get(tournament=t, kind="phases", action="swap")
    assert entry.after["teams"] == [first, second]
    with pytest.raises(UserError, match="même poule"):
        services.poules_swap(tournament=t, first=second, second=after.poules[0].rows[1].number)
    play_to_the_end(game)
    with pytest.raises(UserError, match="a un résultat"):
        services.poules_swap(tournament=t, first=first, second=second)
    assert poules_view(t).poules[0].rows[0].number == second


def test_the_poules_parties_are_drawn_together_by_position_and_ranked_live():
    t = concours(teams=7)  # poules of 4 and 3
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    view = poules_view(t)
    a, b = ([row.number for row in poule.rows] for poule in view.poules)
    partie = services.poule_partie_generate(tournament=t)
    assert (partie.number, partie.phase) == (1, "poule")
    tables = [(game.team_ns.number, game.team_ew.number) for game in partie.games.all()]
    # Poule A's 1–4 and 2–3, then poule B's 2–3 (its 1 exempt, with no table).
    assert tables == [(a[0], a[3]), (a[1], a[2]), (b[1], b[2])]
    assert poules_view(t).poules[1].exempt == b
    with pytest.raises(UserError, match="pas terminée"):
        services.poule_partie_generate(tournament=t)
    for game in partie.games.all():
        play_to_the_end(game)
    view = poules_view(t)
    # The Nord-Sud side won each table: the live ranking puts the winners first.
    assert [row.number for row in view.poules[0].ranking][:2] == sorted(
        [a[0], a[1]], key=lambda n: -next(r.scored for r in view.poules[0].rows
                                          if r.number == n))
    assert view.poules[0].rows[0].cells[3].startswith(str(view.poules[0].rows[0].scored))
    with pytest.raises(UserError, match="se joue en poules ou en tableaux"):
        services.round_generate(tournament=t)
    second = services.poule_partie_generate(tournament=t)
    assert Round.objects.get(pk=partie.pk).closed
    assert [(g.team_ns.number, g.team_ew.number) for g in second.games.all()] == [
        (a[0], a[2]), (a[1], a[3]), (b[0], b[2])]


def won_by_nord_sud(round_) -> None:
    """Every table of a partie won by its Nord-Sud side: East-West forfeits (fast)."""
    for game in round_.games.filter(team_ew__isnull=False):
        services.game_forfeit(game=game, side="EW")


def test_the_tableaux_are_seeded_from_the_poules_and_their_matches_flow():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=4)
    with pytest.raises(UserError, match="n'ont pas fini"):
        services.tableaux_draw(tournament=t)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    view = poules_view(t)
    a, b = ([row.number for row in poule.ranking] for poule in view.poules)
    principal, consolante = services.tableaux_draw(tournament=t)
    # 3.1: the 1sts in poule order, then the 2nds crossed (A–B): A1, B1, A2, B2.
    assert principal.seeds == [a[0], b[0], a[1], b[1]]
    assert consolante.seeds == [a[2], b[2], a[3], b[3]]
    assert not Round.objects.filter(tournament=t, phase="poule", closed=False).exists()
    first = tableaux_view(t)[0]
    assert [name for name, _slots in first.rounds] == ["demi-finales", "finale"]
    semis = first.rounds[0][1]
    # Seed 1 meets seed 4: A1–B2, never two of one poule.
    assert [(s.a.number, s.b.number, s.state) for s in semis] == [
        (a[0], b[1], "ready"), (b[0], a[1], "ready")]
    with pytest.raises(UserError, match="ne peut pas être appelé"):
        services.tableau_match_call(tableau=principal, round_index=1, index=0)
    one = services.tableau_match_call(tableau=principal, round_index=0, index=0)
    two = services.tableau_match_call(tableau=principal, round_index=0, index=1)
    assert (one.game.table, two.game.table) == (1, 2)
    assert one.game.round == two.game.round and one.game.round.phase == "principal"
    with pytest.raises(UserError, match="occupée"):
        services.tableau_match_call(tableau=consolante, round_index=0, index=0, table=2)
    services.tableau_match_uncall(match=two)
    assert tableaux_view(t)[0].rounds[0][1][1].state == "ready"
    two = services.tableau_match_call(tableau=principal, round_index=0, index=1)
    assert two.game.table == 2
    services.game_forfeit(game=one.game, side="NS")  # B2 goes through
    with pytest.raises(UserError, match="a un résultat"):
        services.tableau_match_uncall(match=one)
    services.game_forfeit(game=two.game, side="EW")  # B1 goes through
    final = tableaux_view(t)[0].rounds[1][1][0]
    assert (final.a.number, final.b.number, final.state) == (b[1], b[0], "ready")
    called = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    # The final is a partie of its own round, at the lowest free table.
    assert called.game.round != one.game.round and called.game.table == 1
    assert AuditEntry.objects.filter(tournament=t, kind="phases", action="call").count() == 4
    assert AuditEntry.objects.filter(tournament=t, kind="phases", action="uncall").count() == 1
    # The semi-final's winner plays on: its result no longer changes (3.3).
    with pytest.raises(UserError, match="suivant est appelé à la table 1"):
        services.game_forfeit(game=one.game, side="")
    services.tableau_match_uncall(match=called)
    services.game_forfeit(game=one.game, side="EW")  # corrected: A1 goes through
    final = tableaux_view(t)[0].rounds[1][1][0]
    assert (final.a.number, final.b.number) == (a[0], b[0])


def test_the_final_standings_place_the_tableau_then_the_poules_places():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    a, b = ([row.number for row in poule.ranking] for poule in poules_view(t).poules)
    (principal,) = services.tableaux_draw(tournament=t)
    assert phases_standings(t).waiting == "Le tableau principal n'est pas fini."
    for index in range(2):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")  # A1 and B1 go through
    final = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    services.game_forfeit(game=final.game, side="NS")  # B1 wins the final
    places = [(row.place, row.team.number, row.tableau) for row in phases_standings(t).places]
    principal_label = "tableau principal"
    # 6: the principal's places (semi-final losers share 3rd), then the 3rds of the
    # poules sharing 5th, the 4ths sharing 7th, « placed by no tableau ».
    assert places == [(1, b[0], principal_label), (2, a[0], principal_label),
                      (3, b[1], principal_label), (3, a[1], principal_label),
                      (5, a[2], ""), (5, b[2], ""), (7, a[3], ""), (7, b[3], "")]


def test_a_direct_tableau_seeds_every_team_by_lot_with_a_cadrage():
    t = concours(teams=6)
    services.phase_plan_set(tournament=t, qualification="direct", tetes=[5],
                            consolante=False)
    (principal,) = services.tableaux_draw(tournament=t, seed=8)
    assert principal.seeds[0] == 5 and sorted(principal.seeds) == [1, 2, 3, 4, 5, 6]
    (view,) = tableaux_view(t)
    assert [name for name, _slots in view.rounds] == ["cadrage", "demi-finales", "finale"]
    first = view.rounds[0][1]
    # S = 8, E = 6: seeds 1 and 2 have the byes, 3–6 and 4–5 play the cadrage (3.2).
    assert [(s.a.number, s.b.number if s.b else None, s.state) for s in first] == [
        (5, None, "bye"), (principal.seeds[3], principal.seeds[4], "ready"),
        (principal.seeds[1], None, "bye"), (principal.seeds[2], principal.seeds[5], "ready")]
    semi = view.rounds[1][1][0]
    assert (semi.a.number, semi.b, semi.state) == (5, None, "waiting")
    with pytest.raises(UserError, match="déjà tirés"):
        services.tableaux_draw(tournament=t, seed=8)


def test_every_place_is_played_and_ranked_with_complet():
    """The ASCEE's placement (5): every loser plays on; in a principal of 4 the semi-finals'
    losers play for 3rd, and the standings place the consolante after the principal."""
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules", placement="complet")
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    for tableau in services.tableaux_draw(tournament=t):
        for index in range(2):
            match = services.tableau_match_call(tableau=tableau, round_index=0, index=index)
            services.game_forfeit(game=match.game, side="EW")  # seeds 1 and 2 go through
        view = next(v for v in tableaux_view(t) if v.tableau.pk == tableau.pk)
        ((name, (slot,)),) = view.placing
        assert (name, slot.state) == ("petite finale", "ready")
        petite = services.tableau_match_call(tableau=tableau, low=3, round_index=2, index=0)
        semi = TableauMatch.objects.get(tableau=tableau, low=0, round_index=0, index=0)
        # The semi-final's loser plays on: its result no longer changes.
        with pytest.raises(UserError, match="suivant est appelé"):
            services.game_forfeit(game=semi.game, side="")
        services.game_forfeit(game=petite.game, side="NS")  # EW takes 3rd
        final = services.tableau_match_call(tableau=tableau, round_index=1, index=0)
        services.game_forfeit(game=final.game, side="EW")  # NS (seed 1) wins
    standings = phases_standings(t)
    assert standings.waiting == ""
    seeds = {tableau.name: tableau.seeds for tableau in t.tableaux.all()}
    expected = []
    for offset, name in ((0, "principal"), (4, "consolante")):
        one, two, three, four = seeds[name]
        # Semis: 1–4, 2–3 won by 1 and 2; the petite finale 4 (NS) – 3 won by 3.
        expected += [(offset + 1, one), (offset + 2, two), (offset + 3, three),
                     (offset + 4, four)]
    assert [(row.place, row.team.number) for row in standings.places] == expected
    entry = AuditEntry.objects.filter(tournament=t, kind="phases", action="call",
                                      after__match=[3, 2, 0]).count()
    assert entry == 2
    # The concours' standings (page, documents, palmarès, workbook) follow these places.
    lines = standings_lines(t)
    assert [(line.row.rank, line.number) for line in lines] == expected


def test_after_the_parties_qualificatives_the_top_m_play_the_principal():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="parties", parties=2, principal=4,
                            consolante=False)
    won_by_nord_sud(services.round_generate(tournament=t, seed=3))
    with pytest.raises(UserError, match="ne sont pas finies"):
        services.tableaux_draw(tournament=t)
    won_by_nord_sud(services.round_generate(tournament=t, seed=4))
    lines = standings_lines(t)
    (principal,) = services.tableaux_draw(tournament=t, seed=1)
    wins = {line.number: line.row.wins for line in lines}
    # By their place: the two teams of two wins, then two of the four of one win (by lot).
    assert [wins[number] for number in principal.seeds] == [2, 2, 1, 1]
    top = set(principal.seeds)
    assert sorted(n for group in principal.rest for n in group) == sorted(
        set(range(1, 9)) - top)
    for index in range(2):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")
    final = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    services.game_forfeit(game=final.game, side="EW")
    places = phases_standings(t).places
    assert [place.team.number for place in places][:2] == principal.seeds[:2]
    assert [place.place for place in places][:4] == [1, 2, 3, 3]
    assert {place.team.number for place in places[4:]} == set(range(1, 9)) - top
    assert all(place.tableau == "" for place in places[4:])


def test_gagnants_perdants_pairs_the_winners_then_the_barrage_and_ranks_by_them():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules", poule_style="gagnants")
    services.poules_draw(tournament=t, seed=6)
    p1, p2, p3, p4 = (row.number for row in poules_view(t).poules[0].rows)
    won_by_nord_sud(services.poule_partie_generate(tournament=t))  # 1–4 won by 1, 2–3 by 2
    second = services.poule_partie_generate(tournament=t)
    pairs = [(g.team_ns.number, g.team_ew.number) for g in second.games.all()][:2]
    # The winners together, the losers together, the one from 1–4 named first (2.3).
    assert pairs == [(p1, p2), (p4, p3)]
    won_by_nord_sud(second)  # gagnants won by 1, perdants by 4
    third = services.poule_partie_generate(tournament=t)
    # The barrage: the gagnants' loser (2) against the perdants' winner (4); one per poule.
    barrages = [(g.team_ns.number, g.team_ew.number) for g in third.games.all()]
    assert len(barrages) == 2 and barrages[0] == (p2, p4)
    won_by_nord_sud(third)
    poule = poules_view(t).poules[0]
    assert poule.finished
    assert [row.number for row in poule.ranking] == [p1, p2, p4, p3]


def test_a_withdrawn_team_loses_its_poule_parties_and_its_matches_by_forfeit():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=5)
    gone = poules_view(t).poules[0].rows[0].number
    services.team_withdraw(team=t.teams.get(number=gone))
    partie = services.poule_partie_generate(tournament=t)
    game = partie.games.get(team_ns__number=gone)
    # Its table is decided at once: the opponent goes through « par forfait ».
    assert (game.forfeit, game.finished, game.winner) == ("NS", True, "EW")
    assert partie.games.filter(finished=False).count() == 3


def test_a_direct_consolante_takes_the_losers_of_their_first_partie():
    t = concours(teams=12)
    services.phase_plan_set(tournament=t, qualification="direct")
    (principal,) = services.tableaux_draw(tournament=t, seed=3)
    seeds = principal.seeds  # S = 16: seeds 1–4 have byes, 5–12 play the cadrage
    for index in (1, 3, 5, 7):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")  # the better seed goes through
    with pytest.raises(UserError, match="pas toutes jouées"):
        services.tableaux_draw(tournament=t)
    for index in range(4):
        match = services.tableau_match_call(tableau=principal, round_index=1, index=index)
        # Seed 1 is beaten in its quarter-final, the other bye-holders win theirs.
        services.game_forfeit(game=match.game, side="NS" if index == 0 else "EW")
    (consolante,) = services.tableaux_draw(tournament=t)
    # 4: the cadrage's losers (seeds 9–12) and the bye-holder beaten next, by seed.
    assert consolante.seeds == [seeds[0], seeds[8], seeds[9], seeds[10], seeds[11]]
    assert consolante.name == "consolante"


def test_a_withdrawn_team_is_never_sent_to_the_consolante_and_is_placed_by_its_poule():
    """BRACKETS.md 3.3, 4, 6: the consolante takes the places left after the principal's,
    the withdrawn one's skipped (its poule's next place moves up); it is placed in neither
    tableau, by its place in its poule."""
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    a, b = ([row.number for row in poule.ranking] for poule in poules_view(t).poules)
    services.team_withdraw(team=t.teams.get(number=a[2], round__isnull=True))
    principal, consolante = services.tableaux_draw(tournament=t)
    assert principal.seeds == [a[0], b[0], a[1], b[1]]
    assert sorted(consolante.seeds) == sorted([a[3], b[2], b[3]])
    assert a[2] not in consolante.seeds
    # Its place: the 3rds' (the first group), in neither tableau, after both tableaux.
    assert principal.rest == [[a[2]]]
    tableaux_played(t)
    final = phases_standings(t)
    assert final.waiting == "" and len(final.places) == 8
    last = final.places[-1]
    assert (last.team.number, last.place, last.how) == (a[2], 8, "3e de la poule A")


def test_a_withdrawn_loser_of_a_direct_principal_is_not_sent_to_the_consolante():
    t = concours(teams=8)
    services.phase_plan_set(tournament=t, qualification="direct")
    (principal,) = services.tableaux_draw(tournament=t, seed=3)
    seeds = principal.seeds
    for index in range(4):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")  # the better seed goes through
    losers = sorted(seeds[4:], key=seeds.index)
    services.team_withdraw(team=t.teams.get(number=losers[0], round__isnull=True))
    (consolante,) = services.tableaux_draw(tournament=t)
    assert consolante.seeds == losers[1:]
