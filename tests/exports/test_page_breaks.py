"""Printed tables never leave one or two rows alone on their last page (tables 19–20 of the
pairings, the last 2 of 22 players' standings): the last three rows stay together."""

import io
import re

import pytest
from pypdf import PdfReader

from tests.builders import melee, tournament
from tournament import services
from tournament.exports import pdf
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


def test_a_long_standings_in_parts_prints_the_pages_of_the_whole_table_numbered_across(
        monkeypatch):
    """The parts rendered side by side (thresholds lowered for a test of 70 teams) give the
    pages the one-part document gives: the same rows on each page, one counter."""
    t = tournament(teams=70, slug="parts70")
    whole = pages(standings_pdf(t))
    monkeypatch.setattr(pdf, "PARTS_FROM_ROWS", 40)
    monkeypatch.setattr(pdf, "PROBE_ROWS", 60)
    htmls = pdf.standings_htmls(t, parts=2)
    assert len(htmls) == 2 and "Classement</h1>" not in htmls[1]
    parted = pages(pdf.parts_pdf(htmls))
    rows = [[int(number) for number in re.findall(r"\b(\d+)\. Équipe \1\b", text)]
            for text in parted]
    assert rows == [[int(number) for number in re.findall(r"\b(\d+)\. Équipe \1\b", text)]
                    for text in whole]
    assert len(parted) >= 3
    assert [re.findall(r"page \d+/\d+", text) for text in parted] == [
        [f"page {n}/{len(parted)}"] for n in range(1, len(parted) + 1)]


def test_long_pairings_in_parts_print_the_pages_of_the_whole_lists(monkeypatch):
    t = tournament(teams=90, slug="parts90")
    round_ = services.round_generate(tournament=t, seed=1)
    whole = pages(pdf.weasy.htmls_to_pdf(pdf.pairings_htmls(round_, parts=1)))
    monkeypatch.setattr(pdf, "PARTS_FROM_ROWS", 30)
    monkeypatch.setattr(pdf, "PROBE_ROWS", 50)
    htmls = pdf.pairings_htmls(round_, parts=2)
    assert len(htmls) == 4  # each list in two parts
    parted = pages(pdf.weasy.htmls_to_pdf(htmls))
    assert len(parted) >= 6
    assert [re.findall(r"\d+\. Équipe \d+|\(\d+\)", text) for text in parted] == [
        re.findall(r"\d+\. Équipe \d+|\(\d+\)", text) for text in whole]
