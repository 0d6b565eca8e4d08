"""The club's logos in the documents: at the foot of the standings and the palmarès when the
concours asks (off by default), a new logo making the kept PDFs new; in the site export."""

from __future__ import annotations

import io
import zipfile

import pytest
from pypdf import PdfReader

from tests.sponsors.images import image_bytes
from tournament import services
from tournament.exports import cache, palmares, pdf, static_site
from tournament.logos import logo_checked

pytestmark = pytest.mark.django_db


def test_the_logos_print_at_the_foot_of_the_standings_and_the_palmares_only_when_asked(
        concours):
    services.sponsor_add(club=concours.club, name="Boulangerie <Dupont>",
                         logo=logo_checked(image_bytes("PNG"), "logo.png"))
    assert 'id="sponsors-foot"' not in pdf.standings_html(concours)
    assert 'id="sponsors-foot"' not in palmares.palmares_html(concours)
    before = cache.version(concours)
    services.sponsors_in_pdfs_set(tournament=concours, shown=True)
    assert cache.version(concours) != before
    html = pdf.standings_html(concours)
    assert 'alt="Boulangerie &lt;Dupont&gt;"' in html and 'src="data:image/png;base64,' in html
    document = PdfReader(io.BytesIO(palmares.palmares_pdf(concours)))
    assert [len(page.images) for page in document.pages][-1] == 1
    assert "Avec nos partenaires" in document.pages[-1].extract_text()
    # Another logo: the concours' journal has no entry of it, its PDFs change all the same.
    shown = cache.version(concours)
    services.sponsor_add(club=concours.club, name="Garage",
                         logo=logo_checked(image_bytes("JPEG"), "garage.jpg"))
    assert cache.version(concours) != shown


def test_the_site_export_carries_the_logos_as_its_own_files_at_the_foot_of_its_pages(
        concours):
    sponsor = services.sponsor_add(club=concours.club, name="Boulangerie <Dupont>",
                                   logo=logo_checked(image_bytes("PNG"), "logo.png"))
    services.sponsor_add(club=concours.club, name="Garage",
                         logo=logo_checked(image_bytes("JPEG"), "garage.jpg"))
    with zipfile.ZipFile(io.BytesIO(static_site.concours_zip(concours))) as archive:
        assert archive.read("partenaires/1.png") == bytes(sponsor.logo)
        assert "partenaires/2.jpg" in archive.namelist()
        index = archive.read("index.html").decode()
        standings = archive.read(f"concours/{concours.slug}/classement.html").decode()
    assert '<img src="partenaires/1.png" alt="Boulangerie &lt;Dupont&gt;"' in index
    assert '<img src="../../partenaires/2.jpg" alt="Garage"' in standings
