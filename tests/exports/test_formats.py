"""Every document in each format and with each result option (issues 12 and 13), read back from
the real files: a mêlée ranked per player (standings PDF, workbook, pairings, score sheets,
projector), games entered by their paper totals, two confirmations (both QR codes, results
awaiting marked "*"), the lots (standings page, PDF, workbook, projector), and the donnes
sheet keeping only the columns the rules can fill."""

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import Donne, Side, Trump
from scoring.paper import PaperTotals
from tests.builders import melee, organiser, play_to_the_end, tournament
from tournament import selectors, services
from tournament.exports import documents, final_pack, pdf, qr, workbook
from tournament.models import DonneRecord, Game, Player, Tournament
from tournament.selectors import name_key, standings_awards, standings_lines

pytestmark = pytest.mark.django_db

LINK_BASE = "http://192.168.1.20:8000"


def pdf_texts(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def squeeze(text: str) -> str:
    """Runs of white space as one space: a cell may wrap in the PDF."""
    return re.sub(r"\s+", " ", text)


def sheet_rows(book, name: str) -> tuple[list, list[tuple]]:
    """A sheet's header (row 2) and its data rows (from row 3)."""
    sheet = book[name]
    header = list(next(sheet.iter_rows(min_row=2, max_row=2, values_only=True)))
    return header, list(sheet.iter_rows(min_row=3, values_only=True))


def players_of(team) -> str:
    """A partie team's players as the documents name them: "3. Joueur 3 et 7. Joueur 7"."""
    names = [f"{team.first.number}. {team.first.name}"]
    if team.second is not None:
        names.append(f"{team.second.number}. {team.second.name}")
    return " et ".join(names)


def real_games(round_):
    return list(round_.games.filter(team_ew__isnull=False).select_related(
        "team_ns__first", "team_ns__second", "team_ew__first", "team_ew__second")
        .order_by("table"))


# --- A mêlée -------------------------------------------------------------------------------


@pytest.fixture
def hall():
    """A mêlée of ten players (two tables, two exempt a partie) with ranking points, one
    partie planned and played, and lots: its standings are final."""
    t = melee(owner=organiser("melee-orga"), players=10, slug="melee-docs", points_win=4,
              points_loss=2, points_exempt=3, parties_planned=1)
    round_ = services.round_generate(tournament=t, seed=7)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="=Un saucisson")
    return Tournament.objects.get(pk=t.pk)


def test_a_melee_workbook_ranks_players_with_their_club_ranking_points_and_lots(client, hall):
    # It used to fail: the standings sheet read line.team, None for a player.
    response = client.get(reverse("tournament:standings_xlsx", args=[hall.slug]))
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Classement", "Parties", "Donnes", "Joueurs"]
    header, rows = sheet_rows(book, "Classement")
    assert header == ["Rang", "N°", "Joueur", "Club", "Points de classement", "Jouées",
                      "Gagnées", "Points marqués", "Points concédés", "Différence", "Lot",
                      "État"]
    lines = standings_lines(hall)
    lots = {award.line.entrant.id: award.label for award in standings_awards(hall).lines}
    assert len(rows) == len(lines) == 10
    assert rows == [(line.row.rank, line.number, line.name, line.club, line.row.ranking_points,
                     line.row.played, line.row.wins, line.row.points, line.row.conceded,
                     line.row.diff, lots[line.entrant.id] or None, None) for line in lines]
    assert {row[3] for row in rows} == {"Club A", "Club B"}
    assert sorted(row[4] for row in rows) == [2] * 4 + [3] * 2 + [4] * 4  # win 4, loss 2, exempt 3
    assert [row[10] for row in rows if row[10]] == ["Un jambon", "=Un saucisson"]
    cell = next(row[10] for row in book["Classement"].iter_rows(min_row=3) if row[10].value
                and row[10].value.startswith("="))
    assert cell.data_type == "s"  # a lot that looks like a formula stays text
    _header, players = sheet_rows(book, "Joueurs")
    assert [row[:3] for row in players] == list(
        Player.objects.filter(tournament=hall).order_by("number").values_list(
            "number", "name", "club"))


def test_a_melee_workbook_names_each_games_players(hall):
    book = load_workbook(io.BytesIO(workbook.standings_workbook(hall)))
    header, parties = sheet_rows(book, "Parties")
    assert header[:4] == ["Partie", "Table", "Nord-Sud", "Est-Ouest"]
    round_ = hall.rounds.get()
    games = real_games(round_)
    assert [row[:6] for row in parties[:2]] == [
        (1, game.table, players_of(game.team_ns), players_of(game.team_ew), game.score_ns,
         game.score_ew) for game in games]
    byes = parties[2:]
    assert len(byes) == 2  # two exempt players: no table, "exempt", their own name
    assert all(row[1] is None and row[3] == "exempt" and row[5] is None for row in byes)
    exempt = {f"{game.team_ns.first.number}. {game.team_ns.first.name}"
              for game in round_.games.filter(team_ew__isnull=True).select_related(
                  "team_ns__first")}
    assert {row[2] for row in byes} == exempt
    header, donnes = sheet_rows(book, "Donnes")
    assert header[:5] == ["Partie", "Table", "Nord-Sud", "Est-Ouest", "Donne"]
    tables = {game.table: game for game in games}
    assert len(donnes) == DonneRecord.objects.filter(game__round=round_).count()
    for row in donnes:
        game = tables[row[1]]
        assert (row[2], row[3]) == (players_of(game.team_ns), players_of(game.team_ew))


def test_the_melee_standings_pdf_ranks_players_with_their_club_and_lot(client, hall):
    response = client.get(reverse("tournament:standings_pdf", args=[hall.slug]))
    assert response.status_code == 200
    text = squeeze(" ".join(pdf_texts(response.content)))
    assert "Rang Joueur Club Points de classement Jouées Gagnées" in text
    assert "Joueur 1 " not in text.split("Différence")[0]  # no "Joueur 1 / 2" columns
    lines = standings_lines(hall)
    at = [text.index(f"{line.number}. {line.name} {line.club}") for line in lines]
    assert at == sorted(at)  # every player, in the standings' order, beside their club
    first, last = lines[0], lines[-1]
    lots = re.findall(r"(\d+\. Joueur \d+) Club [AB] [\d +-]+ (Un jambon|=Un saucisson)", text)
    assert lots == [(f"{first.number}. {first.name}", "Un jambon"),
                    (f"{last.number}. {last.name}", "=Un saucisson")]
    assert "Lots provisoires" not in text  # the partie planned is played: final


def test_the_melee_pairings_list_each_tables_four_players_then_every_player_by_name(client,
                                                                                 hall):
    texts = pdf_texts(client.get(reverse("tournament:pairings_pdf",
                                         args=[hall.slug, 1])).content)
    assert len(texts) == 2
    by_table, by_player = (squeeze(text) for text in texts)
    for game in real_games(hall.rounds.get()):
        row = by_table[by_table.index(f" {game.table} "):]
        for team in (game.team_ns, game.team_ew):
            for player in (team.first, team.second):
                assert f"{player.number}. {player.name}" in row
    assert "où joue chaque joueur ?" in by_player and "Joueur Table Place" in by_player
    players = sorted(Player.objects.filter(tournament=hall), key=lambda p: name_key(p.name))
    at = [by_player.index(f"{player.name} ({player.number})") for player in players]
    assert at == sorted(at)  # all ten, in French order
    assert by_player.count("exempt") == 2


def test_a_melee_score_sheet_names_its_four_players(client, hall):
    client.force_login(hall.organiser)
    content = client.get(reverse("tournament:score_sheets", args=[hall.slug, 1])).content
    pages = [squeeze(text) for text in pdf_texts(content)]
    games = real_games(hall.rounds.get())
    assert len(pages) == len(games) == 2
    for text, game in zip(pages, games, strict=True):
        for team, side in ((game.team_ns, "NS"), (game.team_ew, "EO")):
            assert f"{side} : {team.first.number}. {team.first.name}" in text
            assert f"{team.second.number}. {team.second.name}" in text
        # No partie team's name ("2. Joueur 2 et 5. Joueur 5"), but for the winner's.
        assert " et " not in re.sub(r"gagnant : .*? Signature", "", text)


def test_the_melee_projector_shows_players_where_they_play_the_standings_and_the_lots(client,
                                                                                    hall):
    screen = documents.screen(hall)
    assert screen.melee and len(screen.tables) == 2
    assert [len(side.names) for seating in screen.tables for side in seating.sides] == [2] * 4
    assert [seat.name for seat in screen.seats] == sorted(
        Player.objects.filter(tournament=hall).values_list("name", flat=True), key=name_key)
    assert sum(seat.is_bye for seat in screen.seats) == 2
    page = client.get(reverse("tournament:screen", args=[hall.slug])).content.decode()
    assert "Partie 1 : où joue chaque joueur ?" in page
    assert "joueurs par ordre alphabétique" in page
    for view in ("tables", "ou", "classement", "palmares"):
        assert f'data-view="{view}"' in page
    for game in real_games(hall.rounds.get()):
        for team in (game.team_ns, game.team_ew):
            assert f'<span class="player">{team.first.number}. {team.first.name}</span>' in page
    palmares = page[page.index('data-view="palmares"'):]
    first = standings_lines(hall)[0]
    assert re.search(rf"1er</td><td class=\"name\">{first.name}</td><td class=\"lot\">"
                     r"Un jambon", palmares)
    assert "Pts cl." in page  # the ranking points, which rank this concours


def test_before_the_draw_a_melee_projector_lists_its_players_not_teams(client):
    t = melee(players=6, slug="melee-accueil")
    page = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    assert "6 joueurs inscrits" in page and "Joueur 6" in page
    assert [entry.name for entry in documents.screen(t).registered] == [
        f"Joueur {n}" for n in range(1, 7)]


def test_blank_sheets_of_a_melee_default_to_a_table_for_four_players(client):
    t = melee(players=11, slug="melee-vierge")
    assert documents.tables_for(t) == 2  # 8 seated, 3 exempt
    client.force_login(t.organiser)
    response = client.get(reverse("tournament:blank_score_sheets", args=[t.slug]))
    assert len(pdf_texts(response.content)) == 2
    doublettes = tournament(teams=5, slug="doublettes-vierge")
    assert documents.tables_for(doublettes) == 3


def test_a_melee_final_pack_workbook_reuses_the_standings_sheet(hall):
    standings_book = load_workbook(io.BytesIO(workbook.standings_workbook(hall)))
    final_book = load_workbook(io.BytesIO(final_pack.final_workbook(hall)))
    assert sheet_rows(final_book, "Classement") == sheet_rows(standings_book, "Classement")
    _header, parties = sheet_rows(final_book, "Parties")
    game = real_games(hall.rounds.get())[0]
    assert parties[0][:5] == (1, game.table, None, players_of(game.team_ns), game.score_ns)


# --- Paper totals --------------------------------------------------------------------------

EXACT = "classique-sans-annonces"
SHEET = PaperTotals(score_ns=1100, score_ew=974, donnes=12, belotes=2, capots=1)


def classique(taker=Side.NS, points=100) -> Donne:
    return Donne(taker=taker, trump=Trump.HEARTS, taker_points=points)


@pytest.fixture
def paper():
    """Classique without annonces, six teams: table 2 entered by its totals, table 1 by two
    donnes, table 3 by one."""
    t = tournament(owner=organiser("papier-docs"), teams=6, slug="papier-docs", preset=EXACT)
    round_ = services.round_generate(tournament=t, seed=3)
    games = {game.table: game for game in round_.games.all()}
    services.donne_record(game=games[1], number=None, donne=classique())
    services.donne_record(game=games[1], number=None, donne=classique(Side.EW, 90))
    services.game_totals_record(game=games[2], totals=SHEET)
    services.donne_record(game=games[3], number=None, donne=classique(points=120))
    return t


def test_a_paper_games_reprinted_sheet_says_saisie_des_totaux_with_its_totals(paper):
    round_ = paper.rounds.get()
    sheets = {sheet.table: sheet for sheet in documents.score_sheets(round_)}
    sheet = sheets[2]
    assert sheet.rows == [] and sheet.paper is not None
    words, figures = sheet.paper
    width = documents.sheet_width(sheet.keep)  # classique: no Contrat nor Coinche column
    assert len(words + figures) == width  # one row of the grid, to the character
    assert words.strip() == "saisie des totaux : 12 donnes, 2 belotes, 1 capot"
    assert figures.split() == ["1100", "974", "1100", "974"]
    assert sheets[1].paper is None and len(sheets[1].rows) == documents.SHEET_ROWS_TO_A_TARGET
    text = squeeze(pdf_texts(pdf.score_sheets_pdf(round_))[1])
    assert "saisie des totaux : 12 donnes, 2 belotes, 1 capot 1100 974 1100 974" in text
    assert "Résultat : NS 1100 — EO 974" in text and "(saisie des totaux)" in text


def test_a_paper_game_is_one_line_of_totals_in_the_donnes_sheet_at_its_place(paper):
    book = load_workbook(io.BytesIO(workbook.standings_workbook(paper)))
    header, donnes = sheet_rows(book, "Donnes")
    at = {title: index for index, title in enumerate(header)}
    assert [(row[at["Table"]], row[at["Donne"]]) for row in donnes] == [
        (1, 1), (1, 2), (2, None), (3, 1)]
    line = donnes[2]
    assert line[at["Preneur"]] == "saisie des totaux"
    assert (line[at["Score NS"]], line[at["Score EO"]]) == (1100, 974)
    assert line[at["Issue"]] == "12 donnes, 2 belotes, 1 capot"
    _header, parties = sheet_rows(book, "Parties")
    game = parties[1]
    assert (game[1], game[6], game[7], game[9], game[10]) == (
        2, 1100, 974, 12, "terminée, saisie des totaux")
    # A finished game for the standings: its two teams have played one partie each.
    _header, standing = sheet_rows(book, "Classement")
    played = {row[2]: row[6] for row in standing}
    paper_game = Game.objects.select_related("team_ns", "team_ew").get(
        round__tournament=paper, table=2)
    assert played[paper_game.team_ns.name] == played[paper_game.team_ew.name] == 1


# --- The donnes sheet keeps the columns the rules can fill ---------------------------------

ALL_DONNE_COLUMNS = [
    "Partie", "Table", "Donne", "Donneur", "Preneur", "Contrat", "Capot demandé", "Atout",
    "Coinche", "Points faits", "Capot", "Belote NS", "Belote EO", "Annonces NS",
    "Annonces EO", "Pénalité NS", "Pénalité EO", "Score NS", "Score EO", "Issue"]


@pytest.mark.parametrize(("preset", "left_out"), [
    ("ffb-coinche", []),
    ("contrat-seul", ["Annonces NS", "Annonces EO"]),
    ("ffb-classique", ["Contrat", "Capot demandé", "Coinche"]),
    (EXACT, ["Contrat", "Capot demandé", "Coinche", "Annonces NS", "Annonces EO"]),
])
def test_the_donnes_sheet_leaves_out_the_columns_the_rules_never_fill(preset, left_out):
    t = tournament(teams=2, slug=f"colonnes-{preset}", preset=preset)
    game = services.round_generate(tournament=t, seed=1).games.get()
    if t.rules.game == "classique":
        services.donne_record(game=game, number=None, donne=Donne(
            taker=Side.EW, trump=Trump.SPADES, taker_points=97, belote_ew=1))
    else:
        services.donne_record(game=game, number=None, donne=Donne(
            taker=Side.EW, contract=90, trump=Trump.SPADES, taker_points=97, belote_ew=1))
    header, donnes = sheet_rows(load_workbook(io.BytesIO(workbook.standings_workbook(t))),
                                "Donnes")
    assert header == [title for title in ALL_DONNE_COLUMNS if title not in left_out]
    record = DonneRecord.objects.get(game=game)
    row = dict(zip(header, donnes[0], strict=True))
    # Each figure still under its own title once columns are left out.
    assert (row["Preneur"], row["Atout"], row["Points faits"], row["Belote EO"],
            row["Score NS"], row["Score EO"]) == ("EO", "♠", 97, 1, record.score_ns,
                                                  record.score_ew)
    assert row.get("Contrat", 90) == 90


# --- Two confirmations ---------------------------------------------------------------------


@pytest.fixture
def signed():
    """Two confirmations on, four teams; table 1 finished from North-South's phone (it awaits
    East-West), table 2 by the organiser (nothing awaits); the lots: the first wins one."""
    t = tournament(owner=organiser("signes"), teams=4, slug="signes", target=1000,
                   parties_planned=1)
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True)
    t.refresh_from_db()
    round_ = services.round_generate(tournament=t, seed=5)
    games = {game.table: game for game in round_.games.all()}
    from scoring import Coinche
    from tests.builders import made
    while not Game.objects.get(pk=games[1].pk).finished:
        services.donne_record(game=games[1], side=Side.NS, number=None, open_only=True,
                             donne=made(Side.NS, 160, 162, coinche=Coinche.SURCOINCHE))
    play_to_the_end(games[2])
    assert selectors.awaiting_games(t) == {games[1].pk}
    return Tournament.objects.get(pk=t.pk)


def test_with_two_confirmations_each_sheet_carries_both_sides_links(signed):
    sheets = documents.score_sheets(signed.rounds.get(), LINK_BASE)
    for sheet in sheets:
        assert sheet.link == f"{LINK_BASE}/table/{sheet.game.token}/"
        assert sheet.link_ew == f"{LINK_BASE}/table/{sheet.game.token_ew}/"
        assert sheet.qr_ew == qr.source(sheet.link_ew) != sheet.qr
    content = pdf.score_sheets_pdf(signed.rounds.get(), LINK_BASE)
    reader = PdfReader(io.BytesIO(content))
    # Two QR codes (squares) a table; the other images are the grid's rules.
    assert len({image.data for page in reader.pages for image in page.images
                if image.image.width == image.image.height}) == 4
    for text in pdf_texts(content):
        text = squeeze(text)
        assert "Nord-Sud : saisir ou confirmer le score" in text
        assert "Est-Ouest : saisir ou confirmer le score" in text
    Tournament.objects.filter(pk=signed.pk).update(two_confirmations=False)
    signed.refresh_from_db()
    one = documents.score_sheets(signed.rounds.get(), LINK_BASE)
    assert all(sheet.link and not sheet.link_ew and not sheet.qr_ew for sheet in one)


def awaiting_names(t) -> set[str]:
    game = Game.objects.select_related("team_ns", "team_ew").get(round__tournament=t, table=1)
    return {game.team_ns.name, game.team_ew.name}


def test_a_score_awaiting_its_confirmation_is_marked_on_the_standings_page_and_pdf(client,
                                                                                signed):
    page = client.get(reverse("tournament:standings", args=[signed.slug]))
    html = page.content.decode()
    assert "* score à confirmer" in html
    marked = {row.record.name for row in page.context["table"].rows
              if "*" in str(row.get_cell("points"))}
    assert marked == awaiting_names(signed)
    text = pdf_texts(pdf.standings_pdf(signed))[0]
    assert "* score à confirmer : un résultat de cette ligne attend" in text
    # The points marked, beside them: "1 1. Équipe 1 Joueur 1A et Joueur 1B 1 1 1280 * 0 +1280"
    # (the figures aligned in fields of spaces).
    marked = set(re.findall(r"^\d+ \d+\. (Équipe \d) .* \d+\xa0\* +\d+ +[+-]?\d+ *$", text, re.M))
    assert marked == awaiting_names(signed)
    # Confirmed by East-West: no mark left anywhere.
    game = Game.objects.get(round__tournament=signed, table=1)
    services.game_confirm(game=game, side=Side.EW)
    assert "score à confirmer" not in client.get(
        reverse("tournament:standings", args=[signed.slug])).content.decode()
    assert "score à confirmer" not in " ".join(pdf_texts(pdf.standings_pdf(signed)))


def test_a_score_awaiting_its_confirmation_is_marked_in_the_workbook_and_on_the_projector(
        client, signed):
    book = load_workbook(io.BytesIO(workbook.standings_workbook(signed)))
    header, rows = sheet_rows(book, "Classement")
    column = header.index("Score à confirmer")
    assert {row[2] for row in rows if row[column] == "*"} == awaiting_names(signed)
    assert sum(row[column] is None for row in rows) == 2
    _header, parties = sheet_rows(book, "Parties")
    assert [row[10] for row in parties] == ["terminée, * score à confirmer", "terminée"]
    page = client.get(reverse("tournament:screen", args=[signed.slug])).content.decode()
    assert " — * score à confirmer" in page
    assert page.count('<span class="awaiting">*</span>') == 2
    final = final_pack.partie_results(signed)[0].tables
    assert [result.note for result in final] == ["* score à confirmer", ""]


# --- The lots on the standings and the projector -------------------------------------------


def test_the_lots_show_on_the_standings_page_pdf_and_projector_once_the_concours_is_over(
        client, signed):
    services.game_confirm(game=Game.objects.get(round__tournament=signed, table=1), side=None)
    url = reverse("tournament:standings", args=[signed.slug])
    screen_url = reverse("tournament:screen", args=[signed.slug])
    assert "lot" not in [column.name for column in client.get(url).context["table"].columns]
    assert "Lot" not in squeeze(pdf_texts(pdf.standings_pdf(signed))[0]).split("Différence")[1]
    assert 'data-view="palmares"' not in client.get(screen_url).content.decode()

    services.prize_add(tournament=signed, start=1, end=2, from_last=False, label="Un jambon")
    page = client.get(url)
    table = page.context["table"]
    assert [row.get_cell("lot") for row in table.rows] == ["Un jambon"] * 2 + [""] * 2
    assert "Les lots suivent l'ordre du classement final" in page.content.decode()
    text = squeeze(pdf_texts(pdf.standings_pdf(signed))[0])
    assert "Différence Lot" in text and text.count("Un jambon") == 2
    screen = client.get(screen_url).content.decode()
    palmares = screen[screen.index('data-view="palmares"'):]
    assert palmares.count("Un jambon") == 2 and "1er" in palmares


def test_lots_are_provisional_and_off_the_projector_while_the_concours_goes_on(client):
    t = tournament(teams=4, slug="en-cours-lots", target=1000, parties_planned=3)
    round_ = services.round_generate(tournament=t, seed=2)
    play_to_the_end(round_.games.get(table=1))
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon")
    assert not documents.standings(t).over
    page = client.get(reverse("tournament:standings", args=[t.slug])).content.decode()
    assert "Lots provisoires" in page
    assert "Lots provisoires" in " ".join(pdf_texts(pdf.standings_pdf(t)))
    screen = client.get(reverse("tournament:screen", args=[t.slug])).content.decode()
    assert 'data-view="classement"' in screen and 'data-view="palmares"' not in screen
    _header, rows = sheet_rows(load_workbook(io.BytesIO(workbook.standings_workbook(t))),
                               "Classement")
    assert [row[11] for row in rows] == ["Un jambon", None, None, None]
