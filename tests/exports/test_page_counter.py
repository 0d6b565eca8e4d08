"""The counter a document laid out in parts gets once joined (pdf.numbered): "page n/total"
on every page, counting the whole file, right-aligned against the right margin in the bottom
one, on portrait and landscape pages alike."""

import io

import pytest
from pypdf import PdfReader

from tests.builders import melee_bulk
from tournament.exports import pdf, weasy

MM = 72 / 25.4


def counters(content: bytes) -> list[tuple[str, float, float, float, float]]:
    """Each page's counter: its text, where it ends and its baseline, the page's size."""
    found = []
    for page in PdfReader(io.BytesIO(content)).pages:
        seen: list[tuple[str, float, float]] = []

        def visit(text, cm, tm, font, size, seen=seen):
            if text.startswith("page "):
                seen.append((text, tm[4], tm[5]))

        page.extract_text(visitor_text=visit)
        assert len(seen) == 1, seen
        text, x, y = seen[0]
        width = pdf._counter_width(text)
        found.append((text, x + width, y, float(page.mediabox.width),
                      float(page.mediabox.height)))
    return found


def test_every_page_is_counted_across_the_file_where_the_templates_put_their_counter():
    html = ("<style>@page wide { size: A4 landscape; } .wide { page: wide; }"
            " p { break-after: page; }</style>"
            "<p>un</p><p class='wide'>deux</p><p>trois (et) \\</p><p>quatre</p>")
    content = weasy.join([weasy.html_to_pdf(html), weasy.html_to_pdf("<p>cinq</p>")])
    found = counters(pdf.numbered(content))
    assert [text for text, *_ in found] == [f"page {n}/5" for n in range(1, 6)]
    for _text, end, baseline, width, _height in found:
        assert abs(end - (width - 10 * MM)) < 0.05
        assert abs(baseline - pdf.COUNTER_BASELINE_PT) < 0.05
    assert [width > height for *_, width, height in found] == [False, True, False, False,
                                                                False]


def test_the_counter_keeps_the_pages_drawing():
    """The page's own drawing is still there, its words where they were."""
    plain = weasy.html_to_pdf("<p>Classement (partie 3)</p>")
    before = PdfReader(io.BytesIO(plain)).pages[0].extract_text()
    after = PdfReader(io.BytesIO(pdf.numbered(plain))).pages[0].extract_text()
    assert "Classement (partie 3)" in before
    assert after.startswith(before) and after.rstrip().endswith("page 1/1")


def test_a_counters_text_is_a_pdf_string_whatever_its_characters():
    assert pdf._pdf_string("p(a)g\\e é") == b"(p\\(a\\)g\\\\e \xe9)"
    assert pdf._pdf_string("ž€→") == b"(\x9e\x80?)"


@pytest.mark.django_db
def test_the_renderer_starts_before_the_standings_are_read_only_when_they_go_in_parts(
        monkeypatch):
    """From PARTS_FROM_ROWS entrants (on a machine of more than one core) the standings are
    laid out in parts by the renderer: it is started first, to warm up while they are read."""
    started = []
    monkeypatch.setattr(weasy, "warm_up", lambda: started.append(True))
    monkeypatch.setattr(weasy.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(pdf, "PARTS_FROM_ROWS", 6)
    small, large = melee_bulk(players=5), melee_bulk(players=6)
    pdf.warm_up_for_standings(small)
    assert started == []
    pdf.warm_up_for_standings(large)
    assert started == [True]
    monkeypatch.setattr(weasy.os, "cpu_count", lambda: 1)  # one core: one part, here
    pdf.warm_up_for_standings(large)
    assert started == [True]
