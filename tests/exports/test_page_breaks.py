"""Printed tables never leave one or two rows alone on their last page (tables 19–20 of the
pairings, the last 2 of 22 players' standings): the last three rows stay together."""

import io
import re

import pytest
from pypdf import PdfReader

from tests.builders import melee, tournament
from tournament import services
from tournament.exports.pdf import pairings_pdf, standings_pdf

pytestmark = pytest.mark.django_db


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_the_pairings_of_20_tables_keep_at_least_three_on_their_last_page():
    t = tournament(teams=40, slug="tables40")
    by_table = [text for text in pages(pairings_pdf(services.round_generate(tournament=t,
                                                                            seed=1)))
                if "où je joue" not in text and "Place" not in text]
    counts = [len(re.findall(r"\d+\. Équipe \d+", text)) // 2 for text in by_table]
    assert sum(counts) == 20 and len(counts) == 2
    assert min(counts) >= 3, counts


def test_22_players_standings_keep_at_least_three_on_their_last_page():
    counts = [len(re.findall(r"\d+\. Joueur \d+", text))
              for text in pages(standings_pdf(melee(players=22, slug="joueurs22")))]
    assert sum(counts) == 22 and len(counts) == 2
    assert min(counts) >= 3, counts
