"""The final pack of the demo concours: one PDF with the standings, the palmarès and every
partie by table (read back with pypdf), and the workbook with the same figures and the lots."""

import io
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.html import escape
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import melee, organiser, play_to_the_end, tournament
from tournament import services
from tournament.exports import final_pack
from tournament.models import Game
from tournament.selectors import standings_awards, standings_lines

pytestmark = pytest.mark.django_db

LOTS = [  # (start, end, from_last, label)
    (1, 1, False, "Un jambon de pays"),
    (2, 5, False, "Une bouteille de rosé"),
    (1, 1, True, "Un lot de consolation"),
]


@pytest.fixture
def demo():
    owner = organiser("demo-orga")
    t = services.demo_load(organiser=owner, path=settings.BASE_DIR / "fixtures" / "demo.json")
    t.published = True  # the demo is loaded unpublished; these read it as a visitor
    t.save(update_fields=["published"])
    for start, end, from_last, label in LOTS:
        services.prize_add(tournament=t, start=start, end=end, from_last=from_last,
                           label=label)
    return t


def pages_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def squeeze(text: str) -> str:
    """Text with its runs of white space as one space: a cell may wrap in the PDF."""
    return re.sub(r"\s+", " ", text)


def test_the_final_pack_of_the_demo_holds_the_standings_the_palmares_and_every_partie(
        client, demo):
    response = client.get(reverse("tournament:final_pdf", args=[demo.slug]))  # published
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pages_text(response.content)
    standings_at = next(i for i, text in enumerate(pages) if "— Classement" in text)
    palmares_at = next(i for i, text in enumerate(pages) if "— Palmarès" in text)
    results_at = next(i for i, text in enumerate(pages) if "Résultats des parties" in text)
    assert standings_at < palmares_at < results_at  # in this order, each once
    # The file is titled as the pack, and its bookmarks lead to each part's first page.
    reader = PdfReader(io.BytesIO(response.content))
    assert reader.metadata is not None
    assert reader.metadata.title == f"{demo.name} — dossier de fin de concours"
    marks = {item.title: reader.get_destination_page_number(item) for item in reader.outline
             if not isinstance(item, list)}
    assert marks[f"{demo.name} — Classement"] == standings_at
    assert marks[f"{demo.name} — Palmarès"] == palmares_at
    standings = squeeze(" ".join(pages[standings_at:palmares_at]))
    palmares = squeeze(" ".join(pages[palmares_at:results_at]))
    results = squeeze(" ".join(pages[results_at:]))

    # The standings: every team, in order.
    lines = standings_lines(demo)
    assert len(lines) == 16
    places = [standings.index(f"{line.number}. {line.name}") for line in lines]
    assert places == sorted(places)

    # The palmarès: the lots, each beside the team that wins it, in the standings' order.
    awards = standings_awards(demo).awarded
    assert [award.label for award in awards] == [
        LOTS[0][3], *[LOTS[1][3]] * 4, LOTS[2][3]]
    for award in awards:
        assert f"{award.place} {award.name}" in palmares
    at = [palmares.index(award.name) for award in awards]
    assert at == sorted(at)
    assert lines[6].name not in palmares  # 7th: no lot

    # Every partie, every table: both teams and their scores, in table order.
    games = list(Game.objects.filter(round__tournament=demo).select_related(
        "round", "team_ns", "team_ew").order_by("round__number", "table"))
    assert len(games) == 32
    heads = [results.index(f"Partie {number} ") for number in range(1, 5)]
    assert heads == sorted(heads)
    for game in games:
        start = heads[game.round.number - 1]
        end = heads[game.round.number] if game.round.number < 4 else len(results)
        partie = results[start:end]
        # "3 12. Les As 1620 – 1380 7. Les Rois": the scores between the teams (the
        # winner's name in bold).
        ns = partie.index(f"{game.team_ns.number}. {game.team_ns.name} ")
        score = partie.index(f" {game.score_ns} – {game.score_ew} ", ns)
        assert partie.index(f"{game.team_ew.number}. {game.team_ew.name}", score) > score
    html = "".join(final_pack.results_htmls(demo))
    for game in games:  # the winner's name in bold (class "won"), the other's not
        ns, ew = (' class="won"' if game.winner == side else "" for side in ("NS", "EW"))
        assert (f'<td{ns}>{game.team_ns.number}. {escape(game.team_ns.name)}</td>'
                f'<td class="score">{game.score_ns} – {game.score_ew}</td>'
                f'<td{ew}>{game.team_ew.number}. {escape(game.team_ew.name)}</td>') in html


def test_the_final_workbook_has_the_same_figures_and_the_lots(client, demo):
    response = client.get(reverse("tournament:final_xlsx", args=[demo.slug]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    book = load_workbook(io.BytesIO(response.content))  # every row as wide as the sheet
    assert book.sheetnames == ["Classement", "Lots", "Parties", "Liste des lots"]
    awards = standings_awards(demo)
    header = next(book["Classement"].iter_rows(min_row=2, max_row=2, values_only=True))
    columns = [header.index(name) for name in ("Rang", "Équipe", "Jouées", "Gagnées",
                                               "Points marqués", "Lot")]
    standing = list(book["Classement"].iter_rows(min_row=3, values_only=True))
    assert [tuple(row[column] for column in columns) for row in standing] == [
        (award.rank, award.name, award.line.row.played, award.line.row.wins,
         award.line.row.points, award.label or None) for award in awards.lines]
    rows = list(book["Lots"].iter_rows(min_row=3, values_only=True))
    assert [(row[0], row[1], row[2], row[4]) for row in rows] == [
        (award.position, award.rank, award.name, award.label) for award in awards.awarded]
    listed = list(book["Liste des lots"].iter_rows(min_row=3, values_only=True))
    assert listed == [(1, 1, 1, "non", "1er", LOTS[0][3], 1),
                      (2, 2, 5, "non", "2e à 5e", LOTS[1][3], 4),
                      (3, 1, 1, "oui", "dernier", LOTS[2][3], 1)]
    games = Game.objects.filter(round__tournament=demo).select_related(
        "round", "team_ns", "team_ew").order_by("round__number", "table")
    parties = list(book["Parties"].iter_rows(min_row=3, values_only=True))
    assert [row[:9] for row in parties] == [
        (game.round.number, game.table, game.team_ns.number, game.team_ns.name,
         game.score_ns, game.team_ew.number, game.team_ew.name, game.score_ew,
         (game.team_ns if game.winner == "NS" else game.team_ew).name) for game in games]


def test_a_lot_that_looks_like_a_formula_stays_text_in_the_workbook(demo):
    services.prize_add(tournament=demo, start=6, end=6, from_last=False,
                       label='=HYPERLINK("http://x","clic")')
    book = load_workbook(io.BytesIO(final_pack.final_workbook(demo)))
    cell = next(row[4] for row in book["Lots"].iter_rows(min_row=3) if row[0].value == 6)
    assert cell.data_type == "s" and cell.value.startswith("=HYPERLINK")


def test_byes_forfeits_and_unfinished_games_are_said():
    t = tournament(teams=5, slug="petit")
    round_ = services.round_generate(tournament=t, seed=5)
    games = list(round_.games.filter(team_ew__isnull=False).order_by("table"))
    play_to_the_end(games[0])
    services.game_forfeit(game=games[1], side="EW")
    results = final_pack.partie_results(t)
    assert len(results) == 1
    tables = results[0].tables
    assert [result.table for result in tables] == [1, 2, None]  # the bye after the tables
    played, forfeit, bye = tables
    assert played.won == "NS" and played.winner == games[0].team_ns.name
    assert forfeit.note == f"forfait : {games[1].team_ew.name}"
    assert forfeit.winner == games[1].team_ns.name
    assert bye.ew is None and bye.winner == bye.ns.name
    text = squeeze(" ".join(pages_text(final_pack.final_pack_pdf(t))))
    assert f"forfait : {games[1].team_ew.name}" in text
    assert f"{bye.ns.number}. {bye.ns.name}" in text and "exempte" in text


def test_an_unfinished_game_is_said_to_be_playing():
    t = tournament(teams=4, slug="encours")
    services.round_generate(tournament=t, seed=1)
    results = final_pack.partie_results(t)[0].tables
    assert [result.note for result in results] == ["en cours", "en cours"]
    assert all(result.winner == "" for result in results)


@pytest.mark.parametrize("name", ["final_pdf", "final_xlsx", "palmares_pdf"])
def test_the_documents_of_an_unpublished_concours_are_its_organiser_s(client, name):
    owner = organiser()
    t = tournament(owner=owner, teams=4, published=False)
    services.round_generate(tournament=t, seed=1)
    url = reverse(f"tournament:{name}", args=[t.slug])
    assert client.get(url).status_code == 404
    client.force_login(organiser())
    assert client.get(url).status_code == 404
    client.force_login(owner)
    assert client.get(url).status_code == 200


def test_in_a_melee_the_lots_go_to_players():
    t = melee(players=9, slug="melee-lots")
    round_ = services.round_generate(tournament=t, seed=4)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Un saucisson")
    lines = standings_lines(t)
    assert len(lines) == 9 and all(line.player is not None for line in lines)
    awarded = standings_awards(t).awarded
    assert [(award.name, award.label) for award in awarded] == [
        (lines[0].name, "Un jambon"), (lines[-1].name, "Un saucisson")]
    pages = pages_text(final_pack.final_pack_pdf(t))
    palmares = squeeze(next(text for text in pages if "— Palmarès" in text))
    assert re.search(rf"1er(ex aequo)? {re.escape(lines[0].name)} Un jambon", palmares)
    assert "Rang Joueur Lot" in palmares
    results = squeeze(" ".join(text for text in pages if "Partie 1" in text))
    # Each table names its players with their own numbers (a partie team's number means
    # nothing to them): "3. Joueur 3 et 7. Joueur 7".
    for game in round_.games.select_related("team_ns__first", "team_ns__second"):
        ns = game.team_ns
        players = f"{ns.first.number}. {ns.first.name}"
        if ns.second is not None:
            players += f" et {ns.second.number}. {ns.second.name}"
        assert players in results
    book = load_workbook(io.BytesIO(final_pack.final_workbook(t)))
    assert [row[2] for row in book["Lots"].iter_rows(min_row=3, values_only=True)] == [
        lines[0].name, lines[-1].name]
    assert book["Lots"]["C2"].value == "Joueur"


def test_the_lots_sheet_has_the_cash_prizes_as_euro_numbers_as_the_palmares(demo):
    """The palmarès PDF showed each place's cash prize; the workbook's « Lots » had none."""
    from decimal import Decimal

    from tournament.amounts import PoolLine
    from tournament.exports.palmares import palmares

    services.fee_set(tournament=demo, fee=625, fee_per="player")
    for number in range(1, 6):
        services.payment_take(tournament=demo, number=number, method="especes")
    services.cash_pool_set(tournament=demo, lines=[
        PoolLine(1, 1, percent=Decimal(30)), PoolLine(2, 3, amount=1000)])
    book = load_workbook(io.BytesIO(final_pack.final_workbook(demo)))
    sheet = book["Lots"]
    header = [cell.value for cell in sheet[2]]
    column = header.index("Prix en espèces")
    rows = list(sheet.iter_rows(min_row=3))
    expected = palmares(demo).cash_rows
    assert [row[0].value for row in rows] == [award.position for award, _cash in expected]
    cash = [(row[column].value, row[column].number_format) for row in rows]
    assert [value for value, _format in cash] == [
        None if amount is None else Decimal(amount) / 100 for _award, amount in expected]
    assert cash[0][0] == Decimal("18.75")  # 30 % of 10 × 6,25 €, exact
    assert all("€" in number_format for value, number_format in cash if value is not None)
