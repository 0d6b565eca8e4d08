"""The tableaux on paper (BRACKETS.md 7): each tableau a tree on A4 landscape with its rounds'
names, the matches' tables and forfaits, a tableau of 64 on two halves and its final's page
saying where it continues, and the blank tree of poule places before the poules end."""

import io
import os

import pytest
from pypdf import PdfReader

from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.exports import brackets
from tournament.models import Game, Team

pytestmark = pytest.mark.django_db


def _read(data: bytes) -> PdfReader:
    # BRACKET_PDF_DIR: where to keep the PDFs to look at them (pdftoppm), else nowhere.
    return PdfReader(io.BytesIO(data))


def _keep(name: str, data: bytes) -> None:
    folder = os.environ.get("BRACKET_PDF_DIR")
    if folder:
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)


def _landscape(reader: PdfReader) -> bool:
    return all(page.mediabox.width > page.mediabox.height for page in reader.pages)


def _direct(owner, slug: str, count: int, placement: str = "partagees"):
    t = tournament(owner=owner, teams=0, slug=slug)
    teams_written(t, count)
    services.phase_plan_set(tournament=t, qualification="direct", consolante=False,
                            placement=placement)
    services.tableaux_draw(tournament=t, seed=7)
    return t


def test_a_tableau_of_24_is_one_landscape_page_with_its_cadrage_and_calls(owner):
    t = _direct(owner, "cadrage", 24)
    Team.objects.filter(tournament=t, number=1).update(name="<b>Les As & Cie</b>")
    principal = t.tableaux.get(name="principal")
    match = services.tableau_match_call(tableau=principal, round_index=0, index=1, table=5)
    services.game_forfeit(game=match.game, side="EW")
    data = brackets.bracket_pdf(t)
    _keep("bracket-24.pdf", data)
    reader = _read(data)
    assert len(reader.pages) == 1 and _landscape(reader)
    text = reader.pages[0].extract_text()
    for name in ("Cadrage", "8es de finale", "Quarts de finale", "Demi-finales", "Finale"):
        assert name in text
    assert "exempt" in text and "Table 5 · qualifiée par forfait" in text
    assert "<b>Les As & Cie</b>" in text  # the team's name as typed, not markup


def test_a_tableau_of_8_shows_scores_the_donne_decisive_and_its_placing_matches(owner):
    t = _direct(owner, "huit", 8, placement="complet")
    principal = t.tableaux.get(name="principal")
    played, level, lost = (services.tableau_match_call(tableau=principal, round_index=0,
                                                       index=index) for index in range(3))
    play_to_the_end(played.game)
    services.game_forfeit(game=lost.game, side="NS")
    # Level after its last donne (time called at 1): it goes on donne by donne.
    Game.objects.filter(pk=level.game.pk).update(played=1, stop_after=1)
    data = brackets.bracket_pdf(t)
    _keep("bracket-8.pdf", data)
    reader = _read(data)
    assert len(reader.pages) == 2 and _landscape(reader)  # the tree, its placing matches
    tree = reader.pages[0].extract_text()
    game = Game.objects.get(pk=played.game.pk)
    assert "Quarts de finale" in tree and "Cadrage" not in tree
    assert str(max(game.score_ns, game.score_ew)) in tree
    assert "Table 2 · donne décisive" in tree and "Table 3 · qualifiée par forfait" in tree
    placing = reader.pages[1].extract_text()
    assert "matchs de classement" in placing and "Places 5–8" in placing


def test_a_tableau_of_64_is_cut_in_halves_that_say_where_it_continues(owner):
    t = _direct(owner, "soixante-quatre", 64)
    data = brackets.bracket_pdf(t)
    _keep("bracket-64.pdf", data)
    reader = _read(data)
    assert len(reader.pages) == 3 and _landscape(reader)
    first, second, final = (page.extract_text() for page in reader.pages)
    assert "(première moitié)" in first and "(seconde moitié)" in second
    assert "32es de finale" in first and "Demi-finales" in first
    assert "suite page 3" in first and "suite page 3" in second
    assert "vainqueur page 1" in final and "vainqueur page 2" in final
    assert "Finale" in final and "32es de finale" not in final


def test_the_blank_tree_names_the_poule_places_before_the_poules_end(owner):
    t = tournament(owner=owner, teams=0, slug="blanc")
    teams_written(t, 16)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.poules_draw(tournament=t, seed=1)
    data = brackets.bracket_pdf(t)
    _keep("bracket-blank-16.pdf", data)
    reader = _read(data)
    assert len(reader.pages) == 2 and _landscape(reader)  # the principal, the consolante
    principal = reader.pages[0].extract_text()
    assert "Tableau principal" in principal and "à remplir à la fin des poules" in principal
    assert "1er poule A" in principal and "2e poule B" in principal
    assert "3e poule A" in reader.pages[1].extract_text()
