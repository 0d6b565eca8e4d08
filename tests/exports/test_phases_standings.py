"""A concours in phases once its tableaux are over (BRACKETS.md 6): its standings page and
PDF say the places come from the tableaux and print each line's tableau and how it was
placed, not the criteria and figures that did not rank it; the palmarès puts each tableau's
lots under its heading; the final pack (PDF and workbook), the static site and the season
show the places as the tableaux gave them."""

import datetime
import io
import zipfile

import pytest
from django.db import transaction
from django.urls import reverse
from openpyxl import load_workbook

from tests.builders import organiser, register_linked, teams_written, tournament
from tournament import selectors, services
from tournament.amounts import PoolLine
from tournament.exports import documents, final_pack, palmares, pdf, static_site, workbook
from tournament.selectors.phases import phases_standings

pytestmark = pytest.mark.django_db
WHEN = datetime.datetime(2026, 11, 21, 23, 30, tzinfo=datetime.UTC)


def won_by_nord_sud(round_) -> None:
    """Every table of a partie won by its Nord-Sud side: East-West forfeits (fast)."""
    for game in round_.games.filter(team_ew__isnull=False):
        services.game_forfeit(game=game, side="EW")


def played_in_phases(placement: str = "partagees", **options):
    """Eight teams in two poules of four, the first two of each to the principal, the others
    to the consolante (4 each), every tableau played to its end: the better seed wins every
    match (the Nord-Sud side), the petite finale too where there is one."""
    t = tournament(**options)
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules", placement=placement)
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    for tableau in services.tableaux_draw(tournament=t):
        for index in range(2):
            match = services.tableau_match_call(tableau=tableau, round_index=0, index=index)
            services.game_forfeit(game=match.game, side="EW")
        if placement != "partagees":
            petite = services.tableau_match_call(tableau=tableau, low=3, round_index=2,
                                                 index=0)
            services.game_forfeit(game=petite.game, side="EW")
        final = services.tableau_match_call(tableau=tableau, round_index=1, index=0)
        services.game_forfeit(game=final.game, side="EW")
    return t


def test_the_final_standings_say_each_tableau_and_how(lots_world, client):
    _owner, t = lots_world
    places = phases_standings(t).places
    assert [(place.place, place.tableau, place.how) for place in places] == [
        (1, "tableau principal", "vainqueur du tableau principal"),
        (2, "tableau principal", "finaliste du tableau principal"),
        (3, "tableau principal", "places 3–4 partagées"),
        (3, "tableau principal", "places 3–4 partagées"),
        (5, "consolante", "vainqueur de la consolante"),
        (6, "consolante", "finaliste de la consolante"),
        (7, "consolante", "places 3–4 partagées"),
        (7, "consolante", "places 3–4 partagées")]
    assert [place.within for place in places] == [1, 2, 3, 3, 1, 2, 3, 3]
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    assert "Places données par les tableaux" in page
    # Not « après la partie 7 »: the tableaux' matches are its last parties.
    assert "Classement final : tous les matchs des tableaux sont joués." in page
    assert "Critères, dans l" not in page and "Points marqués" not in page
    winner = places[0].team
    assert (f"{winner.number}. {winner.name}</a></td><td >{winner.players}</td>"
            "<td >Tableau principal</td><td >vainqueur du tableau principal</td>") in page
    html = pdf.standings_html(t)
    assert "places données par les tableaux" in html and "critères" not in html
    assert "Points marqués" not in html
    assert "<td>Consolante</td><td>vainqueur de la consolante</td>" in html


def test_the_poules_places_after_the_tableaux_name_their_poule():
    t = tournament()
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules", consolante=False)
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    (principal,) = services.tableaux_draw(tournament=t)
    standing = documents.standings(t)
    # Not over: ranked by the criteria, and said so.
    assert not standing.phases
    assert standing.phase_waiting == "Le tableau principal n'est pas fini."
    for index in range(2):
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")
    # Its parties planned played (4: the poules' 3 and the semi-finals'), still not over.
    assert t.rounds.count() == t.parties_planned
    assert not documents.standings(t).over and palmares.palmares(t).provisional
    final = services.tableau_match_call(tableau=principal, round_index=1, index=0)
    services.game_forfeit(game=final.game, side="EW")
    words = [(place.place, place.how) for place in phases_standings(t).places][4:]
    assert words == [(5, "3e de la poule A"), (5, "3e de la poule B"),
                     (7, "4e de la poule A"), (7, "4e de la poule B")]
    assert documents.standings(t).phases


@pytest.fixture(scope="module")
def lots_world(django_db_setup, django_db_blocker):
    """The concours of eight in phases played (`played_in_phases`), its principal's winner
    and its consolante's winner (final rank 5) given a lot, its players in the register:
    made once for the module's tests, in a transaction kept open around them (each test
    runs in a savepoint of it, rolled back after it) and rolled back at the end."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            owner = organiser()
            t = played_in_phases("partagees", owner=owner)
            register_linked(t)
            services.prize_add(tournament=t, start=1, end=1, from_last=False,
                               label="Un jambon")
            services.prize_add(tournament=t, start=5, end=5, from_last=False,
                               label="Une bouteille")
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield owner, t
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


def test_the_palmares_puts_each_tableau_s_lots_under_its_heading(lots_world, client):
    owner, t = lots_world
    data = palmares.palmares(t)
    assert not data.provisional  # the tableaux are over: the lots are final
    assert [(heading, [(award.name, award.label) for award, _cash in rows])
            for heading, rows in data.sections] == [
        ("tableau principal", [(data.rows[0].name, "Un jambon")]),
        ("consolante", [(data.rows[1].name, "Une bouteille")])]
    html = palmares.palmares_html(t)
    assert html.index('<h2 class="tableau">Tableau principal</h2>') < html.index(
        '<h2 class="tableau">Consolante</h2>') < html.index("Une bouteille")
    assert '<span class="how">vainqueur de la consolante</span>' in html
    # The organiser's page says which final ranks each tableau's places are.
    client.force_login(owner)
    page = client.get(reverse("tournament:prizes", args=[t.slug])).content.decode()
    assert "Consolante : sa 1re place est le rang 5, sa dernière le rang 8." in page
    assert "Consolante — vainqueur de la consolante</td><td>Une bouteille" in page


def test_the_final_pack_s_workbook_shows_the_tableaux_places(lots_world):
    """(The final pack's PDF joins the standings' and the palmarès' HTML tested above: it is
    not laid out again here, a second and more.)"""
    _owner, t = lots_world
    book = load_workbook(io.BytesIO(final_pack.final_workbook(t)), read_only=True)
    rows = list(book["Classement"].iter_rows(values_only=True))
    at = next(index for index, row in enumerate(rows) if row[0] == "Place")  # a title above
    header = rows[at]
    assert header[1] == "N°"
    tableau, how = header.index("Tableau"), header.index("Comment")
    assert [(row[0], row[tableau], row[how]) for row in rows[at + 1:]][:5] == [
        (1, "Tableau principal", "vainqueur du tableau principal"),
        (2, "Tableau principal", "finaliste du tableau principal"),
        (3, "Tableau principal", "places 3–4 partagées"),
        (3, "Tableau principal", "places 3–4 partagées"),
        (5, "Consolante", "vainqueur de la consolante")]
    lots = list(book["Lots"].iter_rows(values_only=True))
    at = next(index for index, row in enumerate(lots) if row[0] == "Place")
    column, lot = lots[at].index("Tableau"), lots[at].index("Lot")
    assert [(row[1], row[column], row[lot]) for row in lots[at + 1:]] == [
        (1, "Tableau principal", "Un jambon"), (5, "Consolante", "Une bouteille")]


def test_the_static_site_shows_the_places_and_the_palmares_by_tableau(lots_world):
    _owner, t = lots_world
    when = datetime.datetime(2026, 11, 21, 23, 30, tzinfo=datetime.UTC)
    with zipfile.ZipFile(io.BytesIO(static_site.concours_zip(t, when))) as archive:
        files = {name: archive.read(name).decode() for name in archive.namelist()
                 if name.endswith(".html")}
    standings = files[f"concours/{t.slug}/classement.html"]
    assert "Places données par les tableaux" in standings and "Départage" not in standings
    assert "<td>Consolante</td><td>vainqueur de la consolante</td>" in standings
    page = files[f"concours/{t.slug}/palmares.html"]
    assert "Provisoire" not in page
    assert page.index('<h3 class="tableau">Tableau principal</h3>') < page.index(
        '<h3 class="tableau">Consolante</h3>') < page.index("Une bouteille")


def test_the_static_site_pays_a_tableau_s_cash_prize_to_that_tableau_s_places(lots_world):
    _owner, t = lots_world
    services.cash_pool_set(tournament=t, lines=[
        PoolLine(1, 1, amount=10000), PoolLine(1, 1, amount=5625, tableau="consolante")])
    site = static_site.data.site(t.name, "Club", [t], WHEN)
    (concours,) = site.concours
    assert [(row.rank, row.tableau, row.cash) for row in concours.standings
            if row.cash is not None] == [(1, "Tableau principal", 10000),
                                         (5, "Consolante", 5625)]
    assert [(prize.tableau, prize.lot, prize.cash) for prize in concours.prizes] == [
        ("Tableau principal", "Un jambon", 10000), ("Consolante", "Une bouteille", 5625)]
    files = static_site.builder.pages(site)
    standings = files[f"concours/{t.slug}/classement.html"].decode()
    assert ("<td>Consolante</td><td>vainqueur de la consolante</td><td class=\"minor\">"
            "Une bouteille</td><td class=\"num minor\">56,25\u00a0€</td>") in standings


def test_the_season_counts_the_places_the_tableaux_gave(lots_world):
    _owner, t = lots_world
    season = services.season_create(
        club=t.club, name="Challenge", start=t.date - datetime.timedelta(days=30),
        end=t.date + datetime.timedelta(days=30), points_table="10,9,8,7,6,5,4,3",
        concours=[t.pk])
    standings = selectors.season_standings(season)
    (concours,) = standings.concours
    assert not concours.in_progress
    points = {row.name: row.line.points for row in standings.rows}
    table = {1: 10, 2: 9, 3: 8, 5: 6, 6: 5, 7: 4}
    for place in phases_standings(t).places:
        for player in (place.team.first, place.team.second):
            assert points[player.name] == table[place.place], (player.name, place.place)


def test_a_match_won_by_forfait_says_so_on_the_tableaux_page_not_a_score(lots_world, client):
    _owner, t = lots_world
    page = client.get(reverse("tournament:tableaux", args=[t.slug])).content.decode()
    semi = page[page.index('id="match-principal-1-1"'):page.index('id="match-principal-1-2"')]
    # Every match of this concours was won by forfait: no 1000–0 printed as a score.
    assert '<span class="forfeit">qualifiée par forfait</span>' in semi
    assert '<span class="forfeit">forfait</span>' in semi and "1000" not in semi
    final = page[page.index('id="match-principal-2-1"'):page.index('id="tableau-consolante"')]
    assert '<span class="forfeit">vainqueur par forfait</span>' in final
    # The final standings under the tableaux say how each tableau placed its teams.
    assert "<td>Consolante</td><td>vainqueur de la consolante</td>" in page


def test_a_direct_consolante_s_ranks_follow_the_principal_less_those_who_left_it(client):
    owner = organiser()
    t = tournament(owner=owner)
    teams_written(t, 12)
    services.phase_plan_set(tournament=t, qualification="direct")
    client.force_login(owner)
    page = client.get(reverse("tournament:prizes", args=[t.slug])).content.decode()
    assert "les rangs de chaque tableau sont donnés ici dès que les tableaux sont tirés" in page
    (principal,) = services.tableaux_draw(tournament=t, seed=3)
    assert [(r.label, r.first, r.last) for r in selectors.tableau_ranks(t)] == [
        ("tableau principal", 1, 12)]
    for index in (1, 3, 5, 7):  # the cadrage: the better seed goes through
        match = services.tableau_match_call(tableau=principal, round_index=0, index=index)
        services.game_forfeit(game=match.game, side="EW")
    for index in range(4):  # seed 1 beaten in its quarter-final, the other byes win
        match = services.tableau_match_call(tableau=principal, round_index=1, index=index)
        services.game_forfeit(game=match.game, side="NS" if index == 0 else "EW")
    services.tableaux_draw(tournament=t)
    # Five left for the consolante (4): the principal places 7, the consolante 8 to 12.
    assert [(r.label, r.first, r.last) for r in selectors.tableau_ranks(t)] == [
        ("tableau principal", 1, 7), ("consolante", 8, 12)]


def test_the_standings_pay_a_tableau_s_cash_prize_to_that_tableau_s_places(lots_world,
                                                                           client):
    """The standings' builder (page, PDF, workbook) pays as the palmarès and the site do."""
    owner, t = lots_world
    services.cash_pool_set(tournament=t, lines=[
        PoolLine(1, 1, amount=10000), PoolLine(1, 1, amount=5625, tableau="consolante")])
    standing = documents.standings(t)
    assert standing.phases
    assert [(entry.line.row.rank, entry.line.phase.tableau, entry.lot, entry.cash)
            for entry in standing.entries if entry.cash is not None] == [
        (1, "tableau principal", "Un jambon", 10000), (5, "consolante", "Une bouteille", 5625)]
    html = pdf.standings_html(t, standing)
    assert ('<td class="lot">Une bouteille</td><td class="num cash">56,25\u00a0€</td>'
            in html)
    client.force_login(owner)
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    assert ('<td >Une bouteille</td><td class="num" style="white-space: nowrap">56,25\u00a0€'
            in page)
    sheet = load_workbook(io.BytesIO(workbook.standings_workbook(t)))["Classement"]
    head = [cell.value for cell in sheet[2]]
    cash = [line[head.index("Prix")].value for line in sheet.iter_rows(min_row=3)]
    assert [value for value in cash if value is not None] == [100, 56.25]
