"""The poules on paper (BRACKETS.md 7): each poule's grid of results and its ranking, many
poules on one A4 portrait page, the teams' names as typed."""

import io
import os

import pytest
from pypdf import PdfReader

from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.exports import poules
from tournament.models import Game, Team

pytestmark = pytest.mark.django_db


def _kept(name: str, data: bytes) -> PdfReader:
    # BRACKET_PDF_DIR: where to keep the PDFs to look at them (pdftoppm), else nowhere.
    if folder := os.environ.get("BRACKET_PDF_DIR"):
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)
    return PdfReader(io.BytesIO(data))


def test_the_poules_print_their_grids_and_rankings_on_a4(owner):
    t = tournament(owner=owner, teams=0, slug="poules-papier")
    teams_written(t, 16)
    Team.objects.filter(tournament=t, number=3).update(name="<i>Les Éclairs & Co</i>")
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    blank = _kept("poules-blank-16.pdf", poules.poules_pdf(t))
    assert len(blank.pages) == 1
    assert "Classement (à remplir)" in blank.pages[0].extract_text()
    services.poule_partie_generate(tournament=t)
    game = Game.objects.get(round__tournament=t, table=1)
    play_to_the_end(game)
    game.refresh_from_db()
    reader = _kept("poules-16.pdf", poules.poules_pdf(t))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert page.mediabox.height > page.mediabox.width  # A4 portrait
    assert round(float(page.mediabox.width) / 72 * 25.4) == 210
    text = page.extract_text()
    for name in "ABCD":
        assert f"Poule {name}" in text
    assert f"{game.score_ns}–{game.score_ew}" in text and "Classement provisoire" in text
    assert "<i>Les Éclairs & Co</i>" in text  # as typed, not markup
