"""The sides' names come from the one vocabulary (choices.SIDE_NAMES) on every page and PDF
that heads a column or names a seat with them."""

import io
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.builders import organiser, tournament
from tournament import services
from tournament.choices import SIDE_CHOICES
from tournament.templatetags.vocabulary import side_name

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_a_side_s_name_is_its_label_in_the_choices():
    assert [(value, side_name(value)) for value, _label in SIDE_CHOICES] == [
        ("NS", "Nord-Sud"), ("EW", "Est-Ouest")]
    with pytest.raises(KeyError):  # a template's bug, not something to print
        side_name("EO")


def test_no_template_spells_a_side_s_name_itself():
    spelled = [path.name for path in TEMPLATES.rglob("*.html")
               if '{% translate "Nord-Sud" %}' in path.read_text()
               or '{% translate "Est-Ouest" %}' in path.read_text()]
    assert spelled == []


@pytest.mark.django_db
def test_pages_and_pdfs_name_the_sides(client):
    owner = organiser("camps")
    t = tournament(owner=owner, teams=4, slug="camps")
    round_ = services.round_generate(tournament=t, seed=7)
    game = round_.games.select_related("team_ns", "team_ew").get(table=1)
    client.force_login(owner)
    headers = "<th>Nord-Sud</th><th>Est-Ouest</th>"
    for name in ("round", "round_undo"):
        page = client.get(reverse(f"tournament:{name}", args=["camps", 1])).content.decode()
        assert headers in page, name
    for team, side in ((game.team_ns, "Nord-Sud"), (game.team_ew, "Est-Ouest")):
        page = client.get(reverse("tournament:team", args=["camps", team.number]))
        assert f"({side})" in page.content.decode()
    pdf = client.get(reverse("tournament:pairings_pdf", args=["camps", 1])).content
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Nord-Sud" in text and "Est-Ouest" in text
