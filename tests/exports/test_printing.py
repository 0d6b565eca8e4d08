"""Printing for the evening: blank score sheets before the draw, a standings PDF that says
when it was printed and which parties it includes, marks withdrawn teams and never leaves a
team alone on its last page; names in French order wherever documents list them; and the
data the projector screen cycles through. PDFs are checked through their text (pypdf)."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services
from tournament.exports import documents, pdf

pytestmark = pytest.mark.django_db

ROW = re.compile(r"\b(\d+)\. Équipe \1\b")  # a standings row: "12. Équipe 12"


def pages_of(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def pdf_pages(client, url) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return pages_of(response.content)


def with_names(*names, **options):
    t = tournament(**options)
    for name in names:
        services.team_create(tournament=t, name=name, player1="Un", player2="Deux")
    return t


# --- French order ---------------------------------------------------------------------------


def test_names_sort_in_french_order_accents_and_case_aside():
    names = ["Les Trèfles", "les atouts", "Zèbres", "Les Ânes", "Cœur d'Atout", "Coeur vaillant",
             "Élan", "Eden", "Les Anes"]
    assert sorted(names, key=documents.name_key) == [
        "Cœur d'Atout", "Coeur vaillant", "Eden", "Élan", "Les Anes", "Les Ânes", "les atouts",
        "Les Trèfles", "Zèbres"]


def test_names_equal_but_for_accents_keep_one_fixed_order():
    assert sorted(["Éric", "Eric"], key=documents.name_key) == sorted(
        ["Eric", "Éric"], key=documents.name_key) == ["Eric", "Éric"]


def test_the_pairings_pdf_lists_where_each_team_plays_in_french_order(client):
    names = ["Les Trèfles", "Les Ânes", "Zèbres", "Élan", "les atouts", "Belote"]
    t = with_names(*names, slug="ordre")
    services.round_generate(tournament=t, seed=3)
    _by_table, by_team = pdf_pages(client, reverse("tournament:pairings_pdf", args=["ordre", 1]))
    positions = [by_team.index(name) for name in
                 ["Belote", "Élan", "Les Ânes", "les atouts", "Les Trèfles", "Zèbres"]]
    assert positions == sorted(positions)


def _name_sizes(page, name: str) -> set[float]:
    """The sizes (pt) the text `name` is drawn in on a PDF page."""
    sizes: set[float] = set()

    def seen(text, cm, tm, font, size):
        if name in text:
            sizes.add(round(size * tm[0] * cm[0], 1))

    page.extract_text(visitor_text=seen)
    return sizes


@pytest.mark.parametrize(("paper", "width", "height", "pt"),
                         [("a4", 842, 595, 28), ("a3", 1191, 842, 40)])
def test_the_pairings_for_the_wall_in_large_type_a_table_a_line(client, paper, width, height,
                                                                pt):
    t = tournament(teams=6, slug="mur", name="Concours du mur")
    services.round_generate(tournament=t, seed=3)
    address = reverse("tournament:pairings_pdf", args=["mur", 1])
    response = client.get(address, {"grands": paper})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert f"mur-partie-1-grands-caracteres-{paper.upper()}.pdf" in (
        response["Content-Disposition"])
    reader = PdfReader(io.BytesIO(response.content))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (width, height)  # landscape
    text = reader.pages[0].extract_text()
    assert all(f"Équipe {n}" in text for n in range(1, 7))
    assert _name_sizes(reader.pages[0], "Équipe") == {float(pt)}
    # The ordinary document stays as it was: A4 portrait, the names in 14 pt.
    ordinary = PdfReader(io.BytesIO(client.get(address).content)).pages[0]
    assert round(float(ordinary.mediabox.height)) == 842
    assert _name_sizes(ordinary, "Équipe") == {14.0}


def test_the_pairings_in_large_type_on_another_paper_are_refused_in_french(client):
    t = tournament(teams=4, slug="papier")
    services.round_generate(tournament=t, seed=3)
    response = client.get(reverse("tournament:pairings_pdf", args=["papier", 1]),
                          {"grands": "a0"}, follow=True)
    assert response["Content-Type"].startswith("text/html")
    assert "le format est A4 ou A3" in response.content.decode()


# --- Blank score sheets ---------------------------------------------------------------------


def test_blank_score_sheets_print_before_the_draw_one_page_a_table(client):
    t = tournament(teams=5, slug="vierges", name="Concours du foyer", place="Salle des fêtes",
                   max_donnes=12)
    client.force_login(t.organiser)
    pages = pdf_pages(client, reverse("tournament:blank_score_sheets", args=["vierges"])
                      + "?tables=12")
    assert len(pages) == 12
    for number, text in enumerate(pages, start=1):
        assert f"Table {number}" in text and "Concours du foyer" in text
        assert "samedi 21 novembre 2026" in text and "Salle des fêtes" in text
        assert "NS :" in text and "EO :" in text and "Signature du capitaine NS" in text
        assert "FFB belote coinchée" in text and "12 donnes" in text
        assert "Équipe" not in text  # the team lines are left to write by hand
    grid = pages[0]
    # The grid: donnes 1 to 12, dealers turning from Nord, and no 13th row.
    assert re.search(r"\b1\s+N\b", grid) and re.search(r"\b4\s+O\b", grid)
    assert re.search(r"\b12\s+O\b", grid) and not re.search(r"\b13\s+N\b", grid)


def test_blank_score_sheets_default_to_one_table_for_two_active_teams(client):
    t = tournament(teams=7, slug="defaut")
    services.team_withdraw(team=t.teams.get(number=7))  # six active teams: three tables
    client.force_login(t.organiser)
    pages = pdf_pages(client, reverse("tournament:blank_score_sheets", args=["defaut"]))
    assert len(pages) == 3 and "Table 3" in pages[2]


@pytest.mark.parametrize("tables", ["0", "201", "-1", "abc", "1e3", "12.5", "²", " "])
def test_a_bad_number_of_blank_sheets_is_refused_in_french(client, tables):
    t = tournament(teams=4, slug="borne")
    client.force_login(t.organiser)
    url = reverse("tournament:blank_score_sheets", args=["borne"])
    response = client.get(url, {"tables": tables}, follow=True)
    if tables == " ":  # blank: the default, one table for two teams
        assert response["Content-Type"] == "application/pdf"
        assert len(pages_of(response.content)) == 2
        return
    assert response.redirect_chain == [(reverse("tournament:detail", args=["borne"]), 302)]
    assert "le nombre de tables est un nombre entier de 1 à 200" in response.content.decode()


def test_the_bounds_of_blank_sheets_are_one_and_two_hundred(client):
    t = tournament(slug="bornes")
    client.force_login(t.organiser)
    url = reverse("tournament:blank_score_sheets", args=["bornes"])
    assert len(pdf_pages(client, url + "?tables=1")) == 1  # no team yet: still one sheet
    assert client.get(url + "?tables=201")["Content-Type"] != "application/pdf"
    assert documents.BLANK_SHEETS_MAX == 200
    assert len(documents.blank_score_sheets(t, 200)) == 200


def test_blank_score_sheets_are_the_organisers_only(client):
    tournament(teams=4, slug="prive", published=True)
    url = reverse("tournament:blank_score_sheets", args=["prive"]) + "?tables=2"
    assert client.get(url).status_code == 404  # anonymous, even once published
    client.force_login(organiser())
    assert client.get(url).status_code == 404  # another club's organiser


def test_a_blank_sheet_has_the_grid_of_a_game_to_a_target(client):
    t = tournament(teams=4, slug="cible", target=1000)
    sheets = documents.blank_score_sheets(t, 2)
    assert [sheet.table for sheet in sheets] == [1, 2]
    assert all(sheet.game is None and not sheet.qr for sheet in sheets)
    assert len(sheets[0].rows) == documents.SHEET_ROWS_TO_A_TARGET
    text = pages_of(pdf.blank_score_sheets_pdf(t, 2))[1]
    assert "Table 2" in text and "partie en 1000 points" in text


def test_a_partie_prints_its_own_number_of_donnes_and_blank_sheets_the_next_ones(client):
    t = tournament(teams=4, slug="regles", max_donnes=12)
    first = services.round_generate(tournament=t, seed=1)
    t.max_donnes = 8  # "we are late: 8 donnes from partie 2 on"; partie 1 keeps its 12
    t.save()
    assert [len(sheet.rows) for sheet in documents.score_sheets(first)] == [12, 12]
    assert len(documents.blank_score_sheets(t, 1)[0].rows) == 8
    client.force_login(t.organiser)
    drawn = pdf_pages(client, reverse("tournament:score_sheets", args=["regles", 1]))[0]
    blank = pdf_pages(client, reverse("tournament:blank_score_sheets", args=["regles"]))[0]
    assert "12 donnes" in drawn and "8 donnes" in blank


# --- The standings PDF ----------------------------------------------------------------------


def test_the_standings_pdf_prints_the_date_the_time_and_the_parties_included(client):
    t = tournament(teams=6, slug="dates", place="Salle Jean Moulin")
    for game in services.round_generate(tournament=t, seed=4).games.all():
        play_to_the_end(game)
    second = services.round_generate(tournament=t)
    play_to_the_end(second.games.get(table=2))
    text = "".join(pdf_pages(client, reverse("tournament:standings_pdf", args=["dates"])))
    assert "samedi 21 novembre 2026" in text and "Salle Jean Moulin" in text
    assert re.search(r"Imprimé le \d+ \w+ \d{4} à \d\d:\d\d", text)
    text = " ".join(text.split())
    assert "Classement après la partie 1 ; partie 2 en cours : 1 table sur 3 terminée." in text


def test_the_standings_pdf_marks_withdrawn_teams(client):
    t = tournament(teams=4, slug="retrait")
    services.team_withdraw(team=t.teams.get(number=3))
    text = pdf_pages(client, reverse("tournament:standings_pdf", args=["retrait"]))[0]
    assert "3. Équipe 3 (retirée)" in text
    assert text.count("retirée") == 1


def test_the_standings_pdf_says_which_parties_it_includes_as_the_page_does(client):
    t = tournament(teams=4, slug="portee")
    first = services.round_generate(tournament=t, seed=1)
    url = reverse("tournament:standings_pdf", args=["portee"])
    for step in ("drawn", "one table", "whole"):
        if step == "one table":
            play_to_the_end(first.games.get(table=1))
        elif step == "whole":
            play_to_the_end(first.games.get(table=2))
        words = documents.standings_scope(t).text
        assert words in " ".join(" ".join(pdf_pages(client, url)).split()), step
    assert words == "Classement après la partie 1."


def standings_rows_by_page(teams: int) -> list[int]:
    t = tournament(teams=teams)
    pages = pages_of(pdf.standings_pdf(t))
    rows = [len(ROW.findall(text)) for text in pages]
    assert sum(rows) == teams  # every team once, none cut
    return rows


def test_a_full_standings_page_holds_more_than_the_rows_of_17_teams():
    # The control for the tests below: the page breaks where the orphan tests expect it.
    rows = standings_rows_by_page(60)
    assert len(rows) >= 3 and rows[0] > 17


@pytest.mark.parametrize("teams", [17, 33])
def test_the_last_page_of_the_standings_never_holds_one_row_alone(teams):
    assert standings_rows_by_page(teams)[-1] > 1


def test_one_row_more_than_a_full_page_takes_a_row_along_to_the_last_page():
    # Without `break-before: avoid` on the last rows, this count printed one team alone (and
    # one more, two teams alone): the last three rows go over together.
    full = standings_rows_by_page(60)[0]
    for extra in (1, 2):
        rows = standings_rows_by_page(full + extra)
        assert len(rows) == 2 and rows[-1] == 3 and rows[0] == full + extra - 3


# --- What the projector screen cycles through -----------------------------------------------


def test_before_the_draw_the_screen_has_the_teams_registered_in_french_order(client):
    t = with_names("Les Trèfles", "Les Ânes", "Belote", slug="avant")
    screen = documents.screen(t)
    assert screen.round is None and not screen.shows_standings
    assert [entry.name for entry in screen.registered] == ["Belote", "Les Ânes", "Les Trèfles"]
    page = client.get(reverse("tournament:screen", args=["avant"])).content.decode()
    assert 'data-view="equipes"' in page and 'data-view="tables"' not in page
    assert "3 équipes inscrites" in page and "Les tables ne sont pas encore tirées." in page
    assert 'data-view="classement"' not in page  # nothing counted yet: nothing to rank


def test_once_drawn_the_screen_has_the_tables_where_each_team_plays_and_the_standings(client):
    t = with_names("Les Trèfles", "Les Ânes", "Belote", "Zèbres", "Élan", slug="pendant")
    round_ = services.round_generate(tournament=t, seed=2)
    play_to_the_end(round_.games.get(table=1))
    services.team_create(tournament=t, name="Les Retardataires", player1="A", player2="B")
    screen = documents.screen(t)
    assert len(screen.tables) == 2 and screen.shows_standings
    assert [seat.name for seat in screen.seats] == [
        "Belote", "Élan", "Les Ânes", "Les Retardataires", "Les Trèfles", "Zèbres"]
    late = screen.seats[3]
    assert late.table is None and not late.is_bye  # registered after the draw: to be seated
    assert sum(seat.is_bye for seat in screen.seats) == 1
    page = client.get(reverse("tournament:screen", args=["pendant"])).content.decode()
    for view in ("tables", "ou", "classement"):
        assert f'data-view="{view}"' in page
    assert "Partie 1 : où je joue ?" in page and "à placer" in page and "exempte" in page
    assert "tournament/screen.js" in page and "tournament/screen.css" in page


def test_the_screen_script_and_style_are_served_without_internet(client):
    for path in ("/static/tournament/screen.js", "/static/tournament/screen.css"):
        response = client.get(path)
        assert response.status_code == 200
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert b"http://" not in body and b"https://" not in body
