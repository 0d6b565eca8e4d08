"""PDF documents: a print template (A4, @page CSS) rendered by WeasyPrint, one per request."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone

from ..models import Round, Tournament
from ..selectors import StandingsScope
from . import documents, reglement, weasy


def _render(template: str, context: dict) -> bytes:
    return weasy.html_to_pdf(render_to_string(template, context))


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
               "melee": documents.is_melee(tournament)}
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


def score_sheets_pdf(round_: Round, link_base: str = "") -> bytes:
    """The round's score sheets; with `link_base`, each carries its table link's QR code.
    A long round is rendered in chunks on every core (weasy.htmls_to_pdf); the renderer is
    started first, if it is not running yet, to warm up while the sheets are built."""
    if weasy.workers_for(round_.games.filter(team_ew__isnull=False).count()) > 1:
        weasy.warm_up()
    return weasy.htmls_to_pdf(_round_sheet_htmls(round_, link_base))


def blank_score_sheets_pdf(tournament: Tournament, tables: int) -> bytes:
    """Sheets for tables 1 to `tables`, before the draw: the teams are written by hand."""
    sheets = documents.blank_score_sheets(tournament, tables)
    return weasy.htmls_to_pdf(_sheet_htmls(tournament, None, sheets))


def pairings_pdf(round_: Round) -> bytes:
    """The partie by table, then where each team (a mêlée: each player) plays, by name."""
    tables, seats = documents.pairings(round_)
    return _render("printing/pairings.html", {
        "tournament": round_.tournament, "round": round_, "tables": tables, "seats": seats,
        "melee": documents.is_melee(round_.tournament),
    })


def standings_html(tournament: Tournament, standing: documents.Standings | None = None,
                   scope: StandingsScope | None = None) -> str:
    """The standings as WeasyPrint reads them: a line per team, or per player in a mêlée,
    with the ranking points, each line's lot and the results awaiting a confirmation when
    the concours has them (`standing` and its `scope`: read here unless given)."""
    if scope is None:
        scope = documents.standings_scope(tournament)
    if standing is None:
        standing = documents.standings(tournament, scope)
    return render_to_string("printing/standings.html", {
        "tournament": tournament, "standings": standing, "scope": scope,
        "printed": timezone.localtime(),
    })


def standings_pdf(tournament: Tournament, standing: documents.Standings | None = None,
                  scope: StandingsScope | None = None) -> bytes:
    return weasy.html_to_pdf(standings_html(tournament, standing, scope))


def reglement_html(tournament: Tournament) -> str:
    """« Règlement du concours » as WeasyPrint reads it: every rule the scoring applies."""
    return render_to_string("printing/reglement.html", {
        "tournament": tournament, "clauses": reglement.reglement(tournament.rules)})


def reglement_pdf(tournament: Tournament) -> bytes:
    """« Règlement du concours », one A4 page to pin up."""
    return weasy.html_to_pdf(reglement_html(tournament))
