"""PDF documents: a print template (A4, @page CSS) rendered by WeasyPrint, one per request.

A long table (the standings of 1,000 teams, the pairings of 500 tables) is cut into parts of
whole pages rendered side by side (`weasy.htmls_to_pdf`), as the score sheets are: WeasyPrint
lays a table out row after row on one core, about 6 ms a row (1,000 teams' standings: 6.5 s
of CPU). Where the pages fall is read from a short probe (the first rows laid out here: how
many go on the first page and on the next ones), so that each part starts on a page of its
own as the whole table would; the tables have set column widths (`table-layout: fixed`) so
that every part draws the same columns. A part whose rows take more room than the probe's
(a long name on two lines) ends on a page of its own, not full: a rare blank end of page.
The parts print no page counter; the joined file gets one (`numbered`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from ..amounts import amount_text
from ..models import Round, Tournament
from ..selectors import StandingsScope
from ..selectors.documents import entrant_count, round_tables
from . import documents, qr, reglement, weasy
from .rows import StandingsRow, figure_titles, standings_table
from .sponsors import pdf_logos

if TYPE_CHECKING:
    from pypdf.generic import DecodedStreamObject

# WeasyPrint and pypdf are imported by the functions that use them, with the first PDF:
# loading the URLs imports this module, and they cost a second and a half (WeasyPrint runs
# ldconfig and gcc to find its libraries) to every server's first page (bench_structure).

# --- Long tables in parts of whole pages ----------------------------------------------------

# Rows from which a table is cut into parts (below, one part: the probe would cost more than
# it saves), and the rows the probe lays out (three pages of the standings, of the seats).
PARTS_FROM_ROWS = 240
PROBE_ROWS = 70


def rows_per_page(html: str) -> list[int]:
    """The rows of the table bodies on each page of `html`, as WeasyPrint lays it out."""
    from weasyprint import HTML
    from weasyprint.formatting_structure import boxes

    from .fetcher import LocalFetcher

    counts = []
    with weasy.collector_paused():
        pages = HTML(string=html, url_fetcher=LocalFetcher()).render().pages
    for page in pages:
        count, stack = 0, [page._page_box]
        while stack:
            box = stack.pop()
            if isinstance(box, boxes.TableRowGroupBox):
                count += 0 if box.is_header or box.is_footer else len(box.children)
            elif isinstance(box, boxes.ParentBox):
                stack.extend(box.children)
        counts.append(count)
    return counts


def default_parts(rows: int) -> int:
    """The parts a table of `rows` rows is laid out in by default: as many as `weasy`
    renders at once."""
    return weasy.workers_for(rows, pages_per_worker=PARTS_FROM_ROWS // 2)


def in_parts(rows: int, parts: int) -> bool:
    """Whether a table of `rows` rows asked in `parts` parts is cut (`page_parts`), laid out
    by the renderer."""
    return parts > 1 and rows >= PARTS_FROM_ROWS


def page_parts(rows: int, probe: Callable[[int], str], parts: int) -> list[tuple[int, int]]:
    """[start, stop) of each part of a table of `rows` rows, cut between pages: `probe(n)` is
    the document with its first n rows (the first part's heading, then the table)."""
    if not in_parts(rows, parts):
        return [(0, rows)]
    counts = rows_per_page(probe(PROBE_ROWS))
    if len(counts) < 3 or min(counts[:2]) < 1:  # no full second page: rows too tall to tell
        return [(0, rows)]
    first, then = counts[0], counts[1]
    pages = [(0, first)] + [(start, min(start + then, rows))
                            for start in range(first, rows, then)]
    size = -(-len(pages) // parts)
    return [(pages[index][0], pages[min(index + size, len(pages)) - 1][1])
            for index in range(0, len(pages), size)]


def parts_pdf(htmls: Sequence[str]) -> bytes:
    """The parts of a document (each without page counter) rendered side by side, joined,
    its pages numbered across the file; a single part is rendered as it is."""
    if len(htmls) == 1:
        return weasy.html_to_pdf(htmls[0])
    return numbered(weasy.htmls_to_pdf([unnumbered(html) for html in htmls]))


# A document laid out in parts would count each part's pages only: the parts print no
# counter, and the joined file gets one.
_NO_COUNTER = "<style>@page { @bottom-right { content: none; } }</style>"
# The joined file's counter: "page n/total" where the print templates' own counter stands
# (their bottom-right margin box: right-aligned against the 10 mm right margin, in the middle
# of the 12 mm bottom one), written straight into each page's content in Times, a font every
# PDF reader has (nothing embedded): a serif as that box's (DejaVu Serif at 8 pt, which
# Times matches at 9 pt). A page of numbers laid out by WeasyPrint and merged over each page
# cost 4.4 ms a page (the final pack's 254 pages: 1.11 s; written so: 0.16 s).
COUNTER_FONT = "Times-Roman"
COUNTER_PT = 9
COUNTER_RIGHT_PT = 10 * 72 / 25.4
COUNTER_BASELINE_PT = 14.4  # where that box puts its baseline (its middle, 17 pt, less 2.6)


def unnumbered(html: str) -> str:
    """A part's HTML without its page counter (a later rule of the same page wins)."""
    head = html.find("</head>")
    return html[:head] + _NO_COUNTER + html[head:] if head >= 0 else _NO_COUNTER + html


def _counter_width(text: str) -> float:
    """`text`'s width in points, in the counter's font and size."""
    # The AFM widths of the 14 standard fonts, as pypdf ships them (a module of its own).
    from pypdf._codecs.core_font_metrics import CORE_FONT_METRICS

    widths = CORE_FONT_METRICS[COUNTER_FONT].character_widths
    return sum(widths.get(char, widths["default"]) for char in text) * COUNTER_PT / 1000


def _pdf_string(text: str) -> bytes:
    """`text` as a PDF literal string in WinAnsiEncoding (a character it lacks: "?")."""
    data = text.encode("cp1252", errors="replace")
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def numbered(content: bytes, title: str | None = None) -> bytes:
    """`content` with "page n/total" at the foot of each page, counting the whole file (and
    `title` as the file's title, if given: the joined parts have their first one's)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(content)))
    if title is not None:
        writer.add_metadata({"/Title": title})
    font = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/" + COUNTER_FONT),
        NameObject("/Encoding"): NameObject("/WinAnsiEncoding")}))
    # The page's own drawing between q and Q: whatever state it leaves (its transformation
    # turns the y axis down), the counter is drawn in the page's own coordinates.
    save = writer._add_object(_stream(b"q"))
    word, total = _("page"), len(writer.pages)
    for number, page in enumerate(writer.pages, 1):
        text = f"{word} {number}/{total}"
        box = page.mediabox
        x = float(box.right) - COUNTER_RIGHT_PT - _counter_width(text)
        y = float(box.bottom) + COUNTER_BASELINE_PT
        counter = writer._add_object(_stream(
            b"Q q BT /PageCounter %d Tf %.2f %.2f Td %s Tj ET Q"
            % (COUNTER_PT, x, y, _pdf_string(text))))
        resources = page.setdefault(NameObject("/Resources"), DictionaryObject()).get_object()
        fonts = resources.setdefault(NameObject("/Font"), DictionaryObject()).get_object()
        fonts[NameObject("/PageCounter")] = font
        contents = page.get("/Contents")  # a stream, an array of streams, or none
        drawn = [] if contents is None else contents.get_object()
        if not isinstance(drawn, ArrayObject | list):
            drawn = [contents]
        page[NameObject("/Contents")] = ArrayObject([save, *drawn, counter])
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def _stream(data: bytes) -> DecodedStreamObject:
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def _sheet_htmls(tournament: Tournament, round_: Round | None,
                 sheets: list[documents.ScoreSheet]) -> list[str]:
    """Score sheets as HTML, in as many chunks as `weasy` renders at once."""
    # Classique leaves the Contrat and Coinche columns out (documents.sheet_keep).
    keep = documents.sheet_keep(round_.rules if round_ is not None else tournament.rules)
    context = {"tournament": tournament, "round": round_,
               "rules_line": documents.rules_line(tournament, round_),
               "head": documents.sheet_head(keep), "head_scale": documents.SHEET_HEAD_SCALE,
               "rules_image": documents.sheet_rules_image(keep),
               "row_image": documents.sheet_row_image(keep), "row_mm": documents.SHEET_ROW_MM,
               "grid_width": documents.sheet_width(keep), "font_pt": documents.SHEET_FONT_PT,
               "melee": tournament.by_player}
    chunks = weasy.workers_for(len(sheets))
    size = -(-len(sheets) // chunks)
    return [render_to_string("printing/score_sheets.html",
                             {**context, "sheets": sheets[start:start + size]})
            for start in range(0, max(len(sheets), 1), size or 1)]


def _round_sheet_htmls(round_: Round, link_base: str) -> list[str]:
    return _sheet_htmls(round_.tournament, round_, documents.score_sheets(round_, link_base))


def score_sheets_html(round_: Round, link_base: str = "") -> str:
    """The first chunk of the round's score sheets, as WeasyPrint reads it (for tests)."""
    return _round_sheet_htmls(round_, link_base)[0]


# From this many tables the score sheets take seconds: made in the background, with progress.
BACKGROUND_TABLES = 100
SHEETS_A_SECOND = 25  # a core lays out about 25-30 sheets a second (the progress's estimate)


def score_sheets_pdf(round_: Round, link_base: str = "",
                     step: Callable[[str], None] | None = None) -> bytes:
    """The round's score sheets; with `link_base`, each carries its table link's QR code.
    A long round is rendered in chunks on every core (weasy.htmls_to_pdf); the renderer is
    started first, if it is not running yet, to warm up while the sheets are built. `step`
    hears where it is (a background job's progress)."""
    tables = round_tables(round_)
    if weasy.workers_for(tables) > 1:
        weasy.warm_up()
    htmls = _round_sheet_htmls(round_, link_base)
    if step is not None:
        step(_("Mise en page de %(count)d feuilles sur %(cores)d cœurs…")
             % {"count": tables, "cores": len(htmls)})
    return weasy.htmls_to_pdf(htmls)


def blank_score_sheets_pdf(tournament: Tournament, tables: int) -> bytes:
    """Sheets for tables 1 to `tables`, before the draw: the teams are written by hand."""
    sheets = documents.blank_score_sheets(tournament, tables)
    return weasy.htmls_to_pdf(_sheet_htmls(tournament, None, sheets))


# The pairings for the wall in « grands caractères » (`large`): a table a line, landscape,
# names in this many points (a capital 7 mm high on A4, 10 mm on A3: read from about 3 m and
# 4 m), the table's number half as large again.
PAIRINGS_LARGE_PT = {"A4": 28, "A3": 40}
PAIRINGS_LARGE_PAPERS = tuple(PAIRINGS_LARGE_PT)


def pairings_htmls(round_: Round, parts: int | None = None, finder: str = "",
                   large: str = "") -> list[str]:
    """The partie by table, then where each team (a mêlée: each player) plays, by name: each
    list in `parts` parts of whole pages (by default as many as `weasy` renders at once).
    `finder`: the address of « Où est ma table ? », printed with its QR code at the top;
    `large`: the paper of the large-type variant (PAIRINGS_LARGE_PT), "" for the ordinary."""
    tables, seats = documents.pairings(round_)
    context = {"tournament": round_.tournament, "round": round_,
               "melee": round_.tournament.by_player,
               "finder": finder, "finder_qr": qr.source(finder) if finder else "",
               "large": large, "large_pt": PAIRINGS_LARGE_PT.get(large)}
    if parts is None:
        parts = default_parts(len(seats))
    if in_parts(len(seats), parts):
        weasy.warm_up()  # the renderer starts while the probes are laid out
    cuts: dict[str, list[str]] = {}
    for key, rows in (("tables", tables), ("seats", seats)):
        def part(start: int, stop: int, key: str = key, rows: Sequence[object] = rows) -> str:
            return render_to_string("printing/pairings.html", {
                **context, key: rows[start:stop], "heading": start == 0,
                "last": stop >= len(rows)})

        def probe(rows: int, part: Callable[[int, int], str] = part) -> str:
            return part(0, rows)

        cuts[key] = [part(start, stop)
                     for start, stop in page_parts(len(rows), probe, parts)]
    if len(cuts["tables"]) == len(cuts["seats"]) == 1:  # a short partie: one document
        return [render_to_string("printing/pairings.html", {
            **context, "tables": tables, "seats": seats, "heading": True, "last": True})]
    return cuts["tables"] + cuts["seats"]


def pairings_pdf(round_: Round, finder: str = "", large: str = "") -> bytes:
    """The partie by table, then where each team (a mêlée: each player) plays, by name
    (`finder`: « Où est ma table ? »'s address, its QR code at the top; `large`: the paper
    of the large-type variant, for the wall)."""
    return weasy.htmls_to_pdf(pairings_htmls(round_, finder=finder, large=large))


# --- The standings' figures -----------------------------------------------------------------

# A line's figures (ranking points, played, won, points for and against, difference) are one
# cell of monospaced text under their columns' titles, each right-aligned in a field of whole
# characters: a cell each made nine cells a line, and WeasyPrint lays a cell out in about
# 0.4 ms (500 lines' part: 1.94 s of CPU with nine cells a line, 1.41 s with five). The
# titles' cells are the fields' widths (characters of that font, in mm), with no rule between
# them.
FIGURES_PT = 10  # the figures' size (the names': 11 pt)
TITLE_PADDING_MM = 2.0  # a title's padding on each side (printing/standings.html)
FIGURE_CHARS = 10  # a field's characters at least: the titles' longest word, and a space


@dataclass(frozen=True)
class FigureColumn:
    title: str
    chars: int  # the field's width in characters, a space after the figure included

    @property
    def width(self) -> str:
        """The title cell's width (its padding left out), as CSS: the field's width."""
        return f"{self.chars * _figure_ch_mm() - 2 * TITLE_PADDING_MM:.3f}mm"


def _figure_ch_mm() -> float:
    return documents.MONO_ADVANCE * FIGURES_PT * 25.4 / 72


def _figure_values(row: StandingsRow) -> list[str]:
    """A row's figures as the PDF writes them: the points marked "*" when one of its results
    awaits a confirmation, a positive difference with its sign."""
    values = [str(figure) for figure in row.figures]
    if row.entry.awaiting:
        values[-3] = f"{values[-3]}\N{NO-BREAK SPACE}*"
    if row.figures[-1] > 0:
        values[-1] = f"+{values[-1]}"
    return values


def figure_columns(standing: documents.Standings,
                   values: Sequence[Sequence[str]]) -> list[FigureColumn]:
    """The figures' columns, each as wide as its longest figure (and a space) needs, at
    least `FIGURE_CHARS` (the difference's title two more, the ranking points' three)."""
    titles = [_(title) for title in figure_titles(standing.ranking_points)]
    least = ([FIGURE_CHARS + 3] * standing.ranking_points + [FIGURE_CHARS] * 4
             + [FIGURE_CHARS + 2])
    return [FigureColumn(title, max([chars] + [len(line[index]) + 2 for line in values]))
            for index, (title, chars) in enumerate(zip(titles, least, strict=True))]


def figures_text(values: Sequence[str], columns: Sequence[FigureColumn]) -> str:
    """A line's figures, each right-aligned in its field, a space after it."""
    return "".join(value.rjust(column.chars - 1) + " "
                   for value, column in zip(values, columns, strict=True))


# The « Prix » column is as wide as its longest amount needs, not a fixed share: every
# millimetre it takes, the players' column gives up, and a team's two players then go on two
# lines (1,000 teams: 42 pages without the column, 62 with a fixed 22 mm one). DejaVu Sans
# draws a figure and « € » 1303/2048 of an em wide, a comma and a space 651/2048.
NAMES_PT = 11  # the names' and amounts' size (printing/standings.html)
WIDE_EM, NARROW_EM = 1303 / 2048, 651 / 2048
CASH_TITLE_EM = 2.6  # « Prix » in bold, and a little air


def cash_width(standing: documents.Standings) -> str:
    """The « Prix » column's width (its padding left out), as CSS: its longest amount's."""
    ems = [sum(NARROW_EM if char in ",\u00a0 " else WIDE_EM for char in amount_text(cents))
           for cents in (standing.cash or {}).values()]
    return f"{max([CASH_TITLE_EM, *ems]) * NAMES_PT * 25.4 / 72 + 0.5:.2f}mm"


def standings_html(tournament: Tournament, standing: documents.Standings | None = None,
                   scope: StandingsScope | None = None) -> str:
    """The standings as WeasyPrint reads them: a line per team, or per player in a mêlée,
    with the ranking points, each line's lot and the results awaiting a confirmation when
    the concours has them (`standing` and its `scope`: read here unless given)."""
    return standings_htmls(tournament, standing, scope, parts=1)[0]


def standings_htmls(tournament: Tournament, standing: documents.Standings | None = None,
                    scope: StandingsScope | None = None,
                    parts: int | None = None) -> list[str]:
    """The standings in `parts` parts of whole pages (by default as many as `weasy` renders
    at once): the first with the heading, each with the table's head."""
    if standing is None and parts != 1:
        warm_up_for_standings(tournament)
    if scope is None:
        scope = documents.standings_scope(tournament)
    if standing is None:
        standing = documents.standings(tournament, scope)
    table = standings_table(standing)
    values = [_figure_values(row) for row in table.rows]
    columns = figure_columns(standing, values)
    lines = [(row.entry, figures_text(line, columns)) for row, line in zip(table.rows, values,
                                                                          strict=True)]
    context = {"tournament": tournament, "standings": standing, "scope": scope,
               "printed": timezone.localtime(), "figures": columns, "figures_pt": FIGURES_PT,
               "sponsor_logos": pdf_logos(tournament),
               "cash_width": cash_width(standing) if standing.has_cash else ""}

    def part(start: int, stop: int) -> str:
        return render_to_string("printing/standings.html", {
            **context, "rows": lines[start:stop], "heading": start == 0,
            "last": stop >= len(lines)})

    if parts is None:
        parts = default_parts(len(lines))
    if in_parts(len(lines), parts):
        weasy.warm_up()  # the renderer starts while the probe is laid out
    return [part(start, stop) for start, stop in
            page_parts(len(lines), lambda count: part(0, count), parts)]


def warm_up_for_standings(tournament: Tournament) -> None:
    """Start the renderer now if the standings will be laid out in parts: it warms up (a
    second) while they are read (0.45 s for 1,000 teams), not after."""
    entrants = entrant_count(tournament)
    if in_parts(entrants, default_parts(entrants)):
        weasy.warm_up()


def standings_pdf(tournament: Tournament, standing: documents.Standings | None = None,
                  scope: StandingsScope | None = None) -> bytes:
    return parts_pdf(standings_htmls(tournament, standing, scope))


def reglement_html(tournament: Tournament) -> str:
    """« Règlement du concours » as WeasyPrint reads it: every rule the scoring applies."""
    return render_to_string("printing/reglement.html", {
        "tournament": tournament, "clauses": reglement.reglement(tournament.rules)})


def reglement_pdf(tournament: Tournament) -> bytes:
    """« Règlement du concours », one A4 page to pin up."""
    return weasy.html_to_pdf(reglement_html(tournament))
