"""Every word the standings workbook writes (sheet names, title, column titles, states, yes
and no, the bye) goes through gettext: translated, it changes; the names typed by the
organiser never do."""

import io

import pytest
from openpyxl import load_workbook

from tests.builders import made, melee, tournament
from tournament import services
from tournament.choices import SIDE_NAMES
from tournament.exports import workbook

pytestmark = pytest.mark.django_db


def marked(text: str) -> str:
    return f"‹{text}›"


def _cells(book) -> dict[str, list[tuple]]:
    return {sheet.title: list(sheet.iter_rows(values_only=True)) for sheet in book.worksheets}


@pytest.mark.parametrize("mixed", [False, True], ids=["doublettes", "melee"])
def test_every_word_is_translated(monkeypatch, mixed):
    t = (melee(players=10, slug="mots") if mixed
         else tournament(teams=5, slug="mots", game="coinche"))
    round_ = services.round_generate(tournament=t, seed=1)
    game = round_.games.filter(team_ew__isnull=False).order_by("table").first()
    services.donne_record(game=game, number=None, donne=made(points=100))
    monkeypatch.setattr(workbook, "_", marked)
    sides = {str(name) for name in SIDE_NAMES.values()}
    sheets = _cells(load_workbook(io.BytesIO(workbook.standings_workbook(t))))
    assert all(name.startswith("‹") for name in sheets)
    for rows in sheets.values():
        assert rows[0][0].startswith("‹") and rows[0][0].endswith("›")  # the title
        # A mêlée's sides are titled by the choices' side names (translated there).
        assert all(title.startswith("‹") or title in sides for title in rows[1])
    games = sheets["‹Parties›"][2:]
    states = {row[-1] for row in games}
    assert states <= {"‹en cours›", "‹terminée›"} and states
    bye = "‹exempt›" if mixed else "‹exempte›"
    assert any(bye in row for row in games)
    entrants = sheets["‹Joueurs›" if mixed else "‹Équipes›"][2:]
    assert {row[-1] for row in entrants} == {"‹oui›"}


def test_untranslated_the_workbook_is_as_before():
    t = tournament(teams=3, slug="avant")
    services.round_generate(tournament=t, seed=1)
    book = load_workbook(io.BytesIO(workbook.standings_workbook(t)))
    assert book.sheetnames == ["Classement", "Parties", "Donnes", "Équipes"]
    parties = list(book["Parties"].iter_rows(values_only=True))
    assert parties[1] == ("Partie", "Table", "N° NS", "Équipe NS", "N° EO", "Équipe EO",
                          "Score NS", "Score EO", "Gagnant", "Donnes jouées", "État")
    assert "exempte" in {cell for row in parties[2:] for cell in row}
    assert {row[-1] for row in book["Équipes"].iter_rows(min_row=3, values_only=True)} == \
        {"oui"}
    assert " — exporté le " in parties[0][0]
