"""Issue 25's acceptance, in a real browser, as a club runs its season.

1. A season of three concours (doublettes, mêlée, doublettes) whose players come back from the
   club's register with other partners: the desk takes the fees at the caisse from the
   keyboard, with a cash prize pool and lots of a value; the organiser creates the season in
   the browser and its standings page is checked against a computation written here, from
   each concours' final places (its standings, `selectors.standings`), with the season's
   table of points.
2. The barème challenge the issue quotes: « victoire 4 points et le score de la partie,
   défaite 2 points et le score de la partie, victoire par exempt 3 points et score
   forfaitaire de 1000 », four parties a journée (« 3 parties en 12 donnes et la quatrième en
   15 »), seven teams (an exempt each partie), partners changing, « chaque participant ayant
   concouru au moins à 4 journées recevra un lot », ties broken by wins then total score, then
   shared. Its last game's totals are chosen so that two players end level on points: the
   tie-break has to decide.
3. « Exporter pour le site » of that club, downloaded from the browser, unzipped, opens from
   file:// with every link of every page leading to a page of the folder, and no request
   leaving the file system.

Entrants and donnes are made through the services (playing 3 concours of donnes by hand in a
browser adds nothing); the season's creation, the caisse and the reading of the standings go
through the browser. The expected standings below never call the season's code.
"""

from __future__ import annotations

import datetime
import io
import random
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from scoring import Donne, Side, Trump
from scoring.paper import PaperTotals
from tests.builders import organiser, register_linked
from tournament import selectors, services
from tournament.models import ClubPlayer, Game, Player, Round, Season, Team, Tournament

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "fr-FR"}
EURO = "\u00a0€"

# The club's register: who comes back from one concours to the next.
NAMES = ["Hélène Dupré", "Basile Martin", "Jeanne Lefèvre", "Marcel Roux", "Odette Girard",
         "Lucien Faure", "Simone Blanc", "Gérard Mercier", "Yvette Bonnet", "René Chevalier",
         "Paulette Morel", "André Fournier", "Ginette Perrin", "Émile Garnier", "Josette Henry",
         "Raymond Lambert"]


# --- The expected standings, computed here from each concours' final places ---------------


@dataclass
class Result:
    """A register player's result in one concours, as its final standings give it."""

    place: int
    wins: int
    score: int
    ranking_points: int


@dataclass
class Expected:
    name: str
    points: int = 0
    played: int = 0
    wins: int = 0
    score: int = 0
    lot: bool = False
    rank: int | None = None
    cells: dict[int, int] = field(default_factory=dict)  # concours index -> its points
    counted: list[int] = field(default_factory=list)  # points of the results counted


def concours_results(t: Tournament) -> dict[str, Result]:
    """Each register player's place, wins and scores in `t`, from the concours' own final
    standings (a doublette's two players both take the team's line; a mêlée player his own).
    Entrants that played no game take no place."""
    rows = [row for row in selectors.standings(t) if row.played]
    if t.format == "melee":
        who = {player.pk: [player.registered.full_name] for player in
               Player.objects.filter(tournament=t).select_related("registered")}
    else:
        who = {team.pk: [team.first.registered.full_name, team.second.registered.full_name]
               for team in Team.objects.filter(tournament=t, round__isnull=True)
               .select_related("first__registered", "second__registered")}
    return {name: Result(row.rank, row.wins, row.points, row.ranking_points)
            for row in rows for name in who[row.entrant]}


def expected_standings(results: list[dict[str, Result]], *, points_of, participation: int = 0,
                       best: int | None = None, min_ranked: int = 0, min_lot: int = 0,
                       tie_breaks: tuple[str, ...] = ("wins", "score")) -> list[Expected]:
    """The season as its rule reads (the issue's words): each concours played gives
    `points_of(result)`; the best `best` count (all when None), plus `participation` per
    concours played; ranked from `min_ranked` concours played, a lot from `min_lot`; equal
    points broken by `tie_breaks` in order, then shared (1, 1, 3)."""
    lines: dict[str, Expected] = {}
    for index, concours in enumerate(results):
        for name, result in concours.items():
            line = lines.setdefault(name, Expected(name))
            line.cells[index] = points_of(result, len(concours))
            line.played += 1
            line.wins += result.wins
            line.score += result.score
    for line in lines.values():
        everything = sorted(line.cells.values(), reverse=True)
        line.counted = everything if best is None else everything[:best]
        line.points = sum(line.counted) + participation * line.played
        line.lot = line.played >= min_lot

    def key(line: Expected) -> tuple[int, ...]:
        return (line.points, *(getattr(line, criterion) for criterion in tie_breaks))

    ranked = [line for line in lines.values() if line.played >= min_ranked]
    for line in ranked:
        line.rank = 1 + sum(1 for other in ranked if key(other) > key(line))
    return sorted(lines.values(), key=lambda line: (line.rank is None, line.rank or 0,
                                                    -line.points, line.name))


# --- Reading the season's page ------------------------------------------------------------


@dataclass
class Shown:
    rank: int | None
    name: str
    points: int
    played: int
    wins: int
    score: int
    lot: bool
    cells: dict[int, int]
    counted: list[int]


def season_shown(page) -> list[Shown]:
    rows = page.eval_on_selector_all("#season-standings tbody tr", """rows => rows.map(row =>
        [...row.cells].map(cell => [cell.textContent.trim(),
                                    cell.classList.contains('counted')]))""")
    shown = []
    for cells in rows:
        texts = [text for text, _counted in cells]
        grid: dict[int, int] = {}
        counted = []
        for index, (text, is_counted) in enumerate(cells[7:]):
            if text:
                grid[index] = int(text.strip("()"))
                if is_counted:
                    counted.append(grid[index])
                else:
                    assert text.startswith("("), text  # a result not counted, in brackets
        shown.append(Shown(None if texts[0] == "—" else int(texts[0]), texts[1], int(texts[2]),
                           int(texts[3]), int(texts[4]), int(texts[5]), texts[6] == "oui",
                           grid, sorted(counted, reverse=True)))
    return shown


def assert_season_page_is(shown: list[Shown], expected: list[Expected]) -> None:
    assert len(shown) == len(expected)
    ranks = [line.rank for line in shown if line.rank is not None]
    assert ranks == sorted(ranks), ranks  # best first, then the unranked
    assert all(line.rank is None for line in shown[len(ranks):])

    def as_tuple(line):
        return (line.rank or 0, line.name, line.points, line.played, line.wins, line.score,
                line.lot, sorted(line.cells.items()), sorted(line.counted, reverse=True))

    assert sorted(map(as_tuple, shown)) == sorted(map(as_tuple, expected))


# --- Playing through the services ---------------------------------------------------------


def register_named(t: Tournament) -> None:
    """Link every entrant to the club's register by name (a newcomer is added to it)."""
    register_linked(t)


def doublettes(owner, *, slug: str, name: str, date: datetime.date,
               teams: list[tuple[str, str]], **options) -> Tournament:
    t = services.tournament_create(organiser=owner, name=name, slug=slug, date=date,
                                   published=True, **options)
    for first, second in teams:
        services.team_create(tournament=t, name=f"{first.split()[0]} et {second.split()[0]}",
                             player1=first, player2=second)
    register_named(t)
    return t


def random_donne(rng: random.Random) -> Donne:
    return Donne(taker=rng.choice([Side.NS, Side.EW]), contract=rng.choice([80, 90, 100]),
                 trump=Trump.HEARTS, taker_points=rng.randrange(0, 163))


def play_by_donnes(game: Game, rng: random.Random) -> int:
    """Random donnes until the game is over; how many were played."""
    count = 0
    game.refresh_from_db()
    while not game.finished:
        count += 1
        services.donne_record(game=game, number=None, donne=random_donne(rng))
        game.refresh_from_db()
    return count


def play_by_totals(game: Game, rng: random.Random, donnes: int) -> None:
    loser = rng.randrange(80, 100) * donnes // 10 * 10
    winner = loser + rng.randrange(1, 80) * 10
    ns, ew = (winner, loser) if rng.random() < 0.5 else (loser, winner)
    services.game_totals_record(game=game, totals=PaperTotals(ns, ew, donnes))


def play_random(t: Tournament, rng: random.Random) -> None:
    """Draw and play every planned partie, each table's sheet typed as its two totals, drawn
    at random (a table or two by donnes, each won by a side chosen at random)."""
    for _number in range(t.parties_planned):
        round_ = services.round_generate(tournament=t, seed=rng.randrange(1, 10_000))
        for game in round_.games.filter(team_ew__isnull=False).order_by("table"):
            if game.table == 1:
                play_by_donnes(game, rng)
            else:
                play_by_totals(game, rng, 12)


def caisse_settings(page, live_server, t: Tournament, *, fee: str, per_player: bool,
                    pool: str = "", lots: dict[str, str] | None = None) -> None:
    """The fee, the cash prize pool and the lots' values, typed on the caisse's settings."""
    page.goto(f"{live_server.url}/t/{t.slug}/caisse/")
    page.get_by_role("link", name="Droit, prix en espèces et valeur des lots").click()
    fee_form = page.locator("#fee-form")
    fee_form.get_by_label("Droit d'inscription").fill(fee)
    if t.format != "melee":
        fee_form.get_by_label("par joueur" if per_player else "par équipe").check()
    fee_form.get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".messages")).to_contain_text("Droit d'inscription enregistré.")
    if pool:
        page.locator("#id_pool").fill(pool)
        page.get_by_role("button", name="Enregistrer les prix").click()
        expect(page.locator(".messages")).to_contain_text("Prix en espèces enregistrés.")
    for label, value in (lots or {}).items():  # one form: typed all, then sent once
        row = page.locator("#lot-values tr", has_text=label)
        row.locator("input[type=text]").fill(value)
    if lots:
        page.get_by_role("button", name="Enregistrer les valeurs").click()
        expect(page.locator(".messages")).to_contain_text("Valeurs des lots enregistrées.")
    page.get_by_role("link", name="Caisse").first.click()


def desk_takes(page, typed: str, method: str, message: str) -> None:
    """At the caisse: the method, then a number or a name typed and Entrée."""
    page.get_by_label(method, exact=True).check()
    search = page.locator("#caisse-filter")
    search.focus()
    page.keyboard.type(typed)
    expect(page.locator("#unpaid .caisse-row.selected")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text(message)
    expect(search).to_be_focused()


def create_season(page, live_server, club_name: str, *, name: str, concours: list[Tournament],
                  kind: str, points_table: str = "", beyond: str = "", participation: str = "",
                  best: str = "", min_ranked: str = "", min_lot: str = "") -> None:
    """The organiser's season, from the home page, at the keyboard and the mouse."""
    page.goto(f"{live_server.url}/")
    club = page.locator("section.club").filter(has=page.get_by_role("heading", name=club_name))
    club.get_by_role("link", name="Saisons", exact=True).click()
    page.get_by_role("link", name="Nouvelle saison").click()
    form = page.locator("#season-form")
    form.get_by_label("Nom").fill(name)
    form.get_by_label("Début").fill("2026-09-01")
    form.get_by_label("Fin").fill("2027-06-30")
    for t in concours:
        form.get_by_label(f"{t.date:%d/%m/%Y} — {t.name}").check()
    form.get_by_label(kind).check()
    form.get_by_label("Barème (points par place)").fill(points_table)
    if beyond:
        form.get_by_label(beyond).check()
    for label, value in (("Bonus de participation", participation),
                         ("Meilleurs résultats comptés", best),
                         ("Concours joués pour être classé", min_ranked),
                         ("Concours joués pour recevoir un lot", min_lot)):
        form.get_by_label(label).fill(value)
    form.get_by_label("Départage 1").select_option("wins")
    form.get_by_label("Départage 2").select_option("score")
    form.get_by_label("Publiée").check()
    form.get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".messages")).to_contain_text("Saison enregistrée.")
    expect(page.locator("h1")).to_have_text(name)


# --- 1. Three concours, the desk's money, the season by a table of points -----------------


TABLE = (100, 80, 65, 55, 50)  # « places beyond: the last value »
IN_12 = {"target": None, "max_donnes": 12, "parties_planned": 3}


def table_points(result: Result, _entrants: int) -> int:
    return TABLE[result.place - 1] if result.place <= len(TABLE) else TABLE[-1]


def test_a_season_of_three_concours_with_the_desks_money(browser, page, live_server, shot,
                                                         tmp_path):
    owner = organiser("saison")
    rng = random.Random(25)
    p = NAMES
    first = doublettes(owner, slug="vendredi-1", name="Concours d'octobre",
                       date=datetime.date(2026, 10, 2), **IN_12,
                       teams=[(p[0], p[1]), (p[2], p[3]), (p[4], p[5]), (p[6], p[7]),
                              (p[8], p[9]), (p[10], p[11])])
    mixed = services.tournament_create(organiser=owner, name="Mêlée de la Toussaint",
                                       slug="melee", date=datetime.date(2026, 11, 1),
                                       format="melee", published=True, **IN_12)
    for name in [*p[0:8], p[12], p[13]]:
        services.player_create(tournament=mixed, name=name)
    register_named(mixed)
    # Partners change: 1 with 2, 3 with 4…; the first player stays home, a newcomer comes.
    last = doublettes(owner, slug="vendredi-2", name="Concours de décembre",
                      date=datetime.date(2026, 12, 4), **IN_12,
                      teams=[(p[1], p[2]), (p[3], p[4]), (p[5], p[6]), (p[7], p[8]),
                             (p[9], p[10]), (p[11], p[14])])
    assert ClubPlayer.objects.filter(club=first.club).count() == 15  # the same people again
    services.prize_add(tournament=first, start=1, end=1, from_last=False, label="Un jambon")
    services.prize_add(tournament=first, start=2, end=3, from_last=False,
                       label="Deux bouteilles")
    for t in (first, mixed, last):
        play_random(t, rng)

    # The desk: fees, the pool and the lots' values typed, every entrant paid at the keyboard.
    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, live_server, "saison")
    caisse_settings(page, live_server, first, fee="5", per_player=True,
                    pool="1er 30 %\n2e 10 €", lots={"Un jambon": "15", "Deux bouteilles": "6"})
    for number in range(1, 7):
        method = "Chèque" if number % 3 == 0 else "Espèces"
        desk_takes(page, str(number), method,
                   f"N° {number} : payé 10,00{EURO} ({method.lower()}).")
    expect(page.locator("#unpaid .caisse-none")).to_have_text("Tout le monde a payé.")
    # 12 players × 5 € − (30 % of 60 € + 10 €) − (15 € + 2 × 6 €)
    expect(page.locator("#balance-total")).to_have_text(f"5,00{EURO}")
    by_method = page.eval_on_selector_all("#by-method tbody tr", """rows => rows.map(row =>
        [...row.cells].map(cell => cell.textContent.trim()))""")
    assert ["Chèque", "2", f"20,00{EURO}", ""] in by_method, by_method
    assert ["Espèces", "4", f"40,00{EURO}", ""] in by_method, by_method
    shot(page, "acceptance-caisse-1366")

    caisse_settings(page, live_server, mixed, fee="3", per_player=True, pool="1er 50 %")
    for name in [*p[0:8], p[12], p[13]]:
        # A name typed without its accents finds the player.
        typed = "".join(char for char in unicodedata.normalize("NFKD", name.split()[1])
                        if not unicodedata.combining(char)).lower()
        desk_takes(page, typed, "Espèces", f"payé 3,00{EURO} (espèces).")
    expect(page.locator("#balance-total")).to_have_text(f"15,00{EURO}")

    caisse_settings(page, live_server, last, fee="8", per_player=False)
    # A second desk, on a 360 px phone: a touch on « Payé » (nothing scrolls sideways).
    phone = browser.new_context(**PHONE)
    try:
        small = phone.new_page()
        small.set_default_timeout(10_000)
        log_in(small, live_server, "saison")
        small.goto(f"{live_server.url}/t/{last.slug}/caisse/")
        assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot(small, "acceptance-caisse-360")
        small.get_by_label("Offert").tap()
        small.locator("#unpaid .caisse-row", has_text="6. André et Josette").get_by_role(
            "button", name="Payé").tap()
        expect(small.locator(".messages")).to_contain_text(f"N° 6 : payé 0,00{EURO} (offert).")
        assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    finally:
        phone.close()
    page.reload()
    for number in range(1, 6):
        desk_takes(page, str(number), "Carte", f"N° {number} : payé 8,00{EURO} (carte).")
    expect(page.locator("#unpaid .caisse-none")).to_have_text("Tout le monde a payé.")
    expect(page.locator("#balance-total")).to_have_text(f"40,00{EURO}")

    # The cash prizes are on the palmarès with the lots: 30 % of the fees to the first.
    page.goto(f"{live_server.url}/t/{first.slug}/prizes/")
    winners = [row for row in selectors.standings(first) if row.rank == 1]
    if len(winners) == 1:
        expect(page.locator("body")).to_contain_text(f"18,00{EURO}")
    expect(page.locator("body")).to_contain_text(f"10,00{EURO}")

    # The season, created in the browser, and its standings read from its page.
    create_season(page, live_server, first.club.name, name="Challenge 2026-2027",
                  concours=[first, mixed, last],
                  kind="points par place, d'après un barème",
                  points_table=",".join(map(str, TABLE)),
                  beyond="les points de la dernière place du barème",
                  participation="5", best="2", min_ranked="2", min_lot="3")
    expect(page.locator("#included li")).to_have_count(3)
    results = [concours_results(t) for t in (first, mixed, last)]
    expected = expected_standings(results, points_of=table_points, participation=5, best=2,
                                  min_ranked=2, min_lot=3)
    shown = season_shown(page)
    assert_season_page_is(shown, expected)
    # The season has what it must show: players beyond the table, unranked ones (one
    # concours), lots from three, dropped results (best 2 of 3).
    assert any(line.rank is None for line in shown) and any(line.lot for line in shown)
    assert any(len(line.cells) > len(line.counted) for line in shown)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    shot(page, "acceptance-season-1366")

    # The season's PDF: the standings and the grid, kept for a look (pdftoppm).
    pdf = page.request.get(page.url + "saison.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    (tmp_path / "saison.pdf").write_bytes(pdf.body())

    # A sheet corrected afterwards (the last table of the mêlée's last partie, its totals
    # the other way round): the season follows at once.
    game = (Game.objects.filter(round__tournament=mixed, round__number=3, team_ew__isnull=False)
            .order_by("-table").first())
    assert game is not None and game.by_totals
    totals = services.paper_totals(game)
    services.game_totals_record(game=game, totals=PaperTotals(totals.score_ew, totals.score_ns,
                                                              totals.donnes))
    page.reload()
    results[1] = concours_results(mixed)
    again = expected_standings(results, points_of=table_points, participation=5, best=2,
                               min_ranked=2, min_lot=3)
    assert again != expected
    assert_season_page_is(season_shown(page), again)


# --- 2. The barème challenge: 4 parties, the fourth in 15 donnes, an exempt, lots at 4 ------


CHALLENGE = {"points_win": 4, "points_loss": 2, "points_exempt": 3, "bye_points": 1000,
             "exempt_rule": "fixed", "target": None, "max_donnes": 12, "parties_planned": 4}
FRIDAYS = [datetime.date(2027, 1, 8) + datetime.timedelta(weeks=week) for week in range(5)]
# Who stays home each Friday: the last two players twice (three journées: no lot).
ABSENT = [{14, 15}, {14, 15}, {2, 3}, {4, 5}, {6, 7}]


def challenge_points(result: Result, _entrants: int) -> int:
    return result.ranking_points + result.score


@dataclass
class Level:
    """The last game's totals chosen to put two of its players level on points."""

    winner: str
    loser: str
    totals: PaperTotals


def levelling(game: Game, done: list[dict[str, Result]], donnes: int) -> Level:
    """The totals of `game` (the season's last) that leave a player of its winning side level
    on points with one of its losing side, wins differing where possible (the tie-break
    decides): from the expected season before it."""
    before = {line.name: line for line in
              expected_standings(done, points_of=challenge_points, min_lot=4)}
    sides = {side: [player.registered.full_name for player in (team.first, team.second)]
             for side, team in (("NS", game.team_ns), ("EW", game.team_ew))}
    options = []
    for winning, losing in (("NS", "EW"), ("EW", "NS")):
        for winner in sides[winning]:
            for loser in sides[losing]:
                gap = before[loser].points - before[winner].points
                if gap >= 3:  # the winner scores 4 + S_w, the loser 2 + S_l: S_w − S_l = gap − 2
                    wins_differ = before[winner].wins + 1 != before[loser].wins
                    options.append((not wins_differ, gap, winning, winner, loser))
    assert options, sides
    _equal, gap, winning, winner, loser = min(options)
    base = 1500  # each side's donnes, 15 of them: 2 × 1500 ≥ 15 × 160
    margin = gap - 2
    high = base + margin  # the odd units as points attribués, the rest a multiple of 10
    awarded = margin % 10
    ns, ew = (high, base) if winning == "NS" else (base, high)
    totals = PaperTotals(ns, ew, donnes, awarded_ns=awarded if winning == "NS" else 0,
                         awarded_ew=awarded if winning == "EW" else 0)
    return Level(winner, loser, totals)


def test_the_bareme_challenge_and_its_static_site(page, live_server, shot, tmp_path):
    owner = organiser("challenge")
    rng = random.Random(1804)
    journees: list[Tournament] = []
    results: list[dict[str, Result]] = []
    level: Level | None = None
    for index, (friday, absent) in enumerate(zip(FRIDAYS, ABSENT, strict=True)):
        # The first two always together; the others change partners each Friday.
        present = [NAMES[number] for number in range(2, 16) if number not in absent]
        rng.shuffle(present)
        teams = [(NAMES[0], NAMES[1]), *zip(present[::2], present[1::2], strict=True)]
        assert len(teams) == 7  # an exempt team at every partie
        t = doublettes(owner, slug=f"vendredi-{index + 1}", name=f"Journée {index + 1}",
                       date=friday, teams=teams, **CHALLENGE)
        for number in range(1, 5):
            if number == 4:  # « la quatrième en 15 »
                services.tournament_rules_update(tournament=t, max_donnes=15, from_partie=4)
            round_ = services.round_generate(tournament=t, seed=rng.randrange(1, 10_000))
            games = list(round_.games.filter(team_ew__isnull=False).order_by("table"))
            assert len(games) == 3 and round_.games.filter(team_ew__isnull=True).count() == 1
            final = index == len(FRIDAYS) - 1 and number == 4
            for game in games[:-1] if final else games:
                if index == 0 and game.table == 1:
                    # Played donne by donne: the game ends after 12 donnes, 15 in the
                    # fourth partie (one more only when the totals are equal).
                    assert play_by_donnes(game, rng) in ((15, 16) if number == 4 else (12, 13))
                else:
                    play_by_totals(game, rng, 15 if number == 4 else 12)
            if final:
                game = games[-1]
                level = levelling(game, [*results, concours_results(t)], 15)
                services.game_totals_record(game=game, totals=level.totals)
        assert Round.objects.get(tournament=t, number=4).max_donnes == 15
        assert Round.objects.get(tournament=t, number=3).max_donnes == 12
        journees.append(t)
        results.append(concours_results(t))
    assert level is not None

    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, live_server, "challenge")
    create_season(page, live_server, journees[0].club.name, name="Challenge du vendredi",
                  concours=journees,
                  kind="somme des résultats de chaque concours (points de classement et "
                       "scores)", min_lot="4")
    expected = expected_standings(results, points_of=challenge_points, min_lot=4)
    shown = season_shown(page)
    assert_season_page_is(shown, expected)
    by_name = {line.name: line for line in shown}
    # The two players put level: equal points, the tie-break (wins, then scores) decides.
    winner, loser = by_name[level.winner], by_name[level.loser]
    assert winner.points == loser.points and winner.wins != loser.wins
    first, second = sorted((winner, loser), key=lambda line: line.wins, reverse=True)
    assert first.rank is not None and second.rank is not None and first.rank < second.rank
    # The two inseparable partners share their rank.
    assert by_name[NAMES[0]].rank == by_name[NAMES[1]].rank
    assert sum(1 for line in shown if line.rank == by_name[NAMES[0]].rank) >= 2
    # A lot from four journées: the two who came three times have none.
    assert {line.name for line in shown if not line.lot} == {NAMES[14], NAMES[15]}
    assert all(line.played >= 4 for line in shown if line.lot)
    shot(page, "acceptance-challenge-1366")

    # The register's page of each of the inseparable partners gives their season line.
    line = by_name[NAMES[0]]
    for name in NAMES[:2]:
        registered, = (player for player in ClubPlayer.objects.filter(club=journees[0].club)
                       if player.full_name == name)
        page.goto(f"{live_server.url}/clubs/{journees[0].club.slug}/joueurs/{registered.pk}/")
        assert table_texts(page, "#season-totals tbody tr") == [[
            "Challenge du vendredi", f"{line.rank} / {len(shown)}", str(line.points), "5 / 5",
            str(line.wins), str(line.score), "oui"]]

    # 3. The club's results for its website, as the organiser downloads them: the season
    # ticked brings its five concours.
    page.goto(f"{live_server.url}/clubs/{journees[0].club.slug}/export-site/")
    page.get_by_label("Challenge du vendredi", exact=False).check()
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter pour le site (zip)").click()
    folder = tmp_path / "site"
    with zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes())) as archive:
        archive.extractall(folder)
    visited = crawl(page, folder)
    names = {path.relative_to(folder).as_posix() for path in visited}
    for t in journees:
        assert f"concours/{t.slug}/classement.html" in names
    assert len([name for name in names if name.startswith("joueurs/")]) == len(NAMES)
    season = Season.objects.get(tournaments=journees[0])
    # The season's standings and grid, as the app's page gives them (the grid without
    # its first columns), read from the file system.
    page.goto((folder / "saisons" / str(season.pk) / "classement.html").as_uri())
    static = [row[:7] for row in table_texts(page, "table.standings tbody tr")]
    assert static == [[str(line.rank or "—"), line.name, str(line.points), str(line.played),
                       str(line.wins), str(line.score), "oui" if line.lot else "non"]
                      for line in shown]
    page.goto((folder / "saisons" / str(season.pk) / "grille.html").as_uri())
    grid = table_texts(page, "table.standings tbody tr")
    assert [row[1] for row in grid] == [line.name for line in shown]
    assert [row[3:] for row in grid] == [
        [f"{line.cells[index]}" if index in line.cells else "" for index in range(5)]
        for line in shown]
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "acceptance-static-grid-360")


def table_texts(page, rows: str) -> list[list[str]]:
    return page.eval_on_selector_all(rows, """rows => rows.map(row =>
        [...row.cells].map(cell => cell.textContent.trim()))""")


def _path(url: str) -> Path:
    return Path(unquote(urlsplit(url).path))


def crawl(page, folder: Path) -> set[Path]:
    """Every page reached from the index by its links: each link a file of the folder (its
    anchor there), no request leaving the file system, every page of the folder reached."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    to_visit, seen, anchors = [(folder / "index.html").as_uri()], set(), set()
    while to_visit:
        url = to_visit.pop()
        if url in seen:
            continue
        seen.add(url)
        page.goto(url)
        assert page.locator("header.top a").count() == 1, url  # a page of the site, styled
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            assert href.startswith("file://"), (url, href)
            target = _path(href)
            assert target.is_file() and folder in target.parents, (url, href)
            address, _hash, fragment = href.partition("#")
            if fragment:
                anchors.add((address, fragment))
            to_visit.append(address)
    for address, fragment in anchors:
        page.goto(f"{address}#{fragment}")
        assert page.locator(f"#{fragment}").count() == 1, (address, fragment)
    assert requests and all(url.startswith("file://") for url in requests), [
        url for url in requests if not url.startswith("file://")]
    reached = {_path(url) for url in seen}
    assert reached == set(folder.rglob("*.html"))
    return reached

