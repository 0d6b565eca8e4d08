"""PDF documents: a print template (A4, @page CSS) rendered by WeasyPrint, one per request."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import HTML

from ..models import Round, Tournament
from . import documents


def _render(template: str, context: dict) -> bytes:
    html = render_to_string(template, context)
    return HTML(string=html).write_pdf()


def score_sheets_pdf(round_: Round) -> bytes:
    tournament = round_.tournament
    return _render("printing/score_sheets.html", {
        "tournament": tournament, "round": round_, "rules_line": documents.rules_line(tournament),
        "sheets": documents.score_sheets(round_), "coinche": tournament.game == "coinche",
    })


def pairings_pdf(round_: Round) -> bytes:
    games, seats = documents.pairings(round_)
    return _render("printing/pairings.html", {
        "tournament": round_.tournament, "round": round_, "games": games, "seats": seats,
    })


def standings_pdf(tournament: Tournament) -> bytes:
    return _render("printing/standings.html", {
        "tournament": tournament, "standings": documents.standings(tournament),
        "printed": timezone.localtime(),
    })
