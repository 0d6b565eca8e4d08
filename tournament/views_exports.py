"""Downloads and the projector view: each renders one document built by `exports`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from .exports import documents, pdf, workbook
from .models import Round, Tournament

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(content: bytes, content_type: str, name: str, inline: bool = True) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


def _round(slug: str, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"),
                             tournament__slug=slug, number=number)


def score_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = _round(slug, number)
    return _download(pdf.score_sheets_pdf(round_), PDF,
                     f"feuilles-{slug}-partie-{number}.pdf")


def pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = _round(slug, number)
    return _download(pdf.pairings_pdf(round_), PDF, f"tables-{slug}-partie-{number}.pdf")


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    return _download(pdf.standings_pdf(tournament), PDF,
                     f"classement-{slug}-{timezone.localdate():%Y-%m-%d}.pdf")


def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    now = timezone.now()
    return _download(workbook.standings_workbook(tournament, now), XLSX,
                     workbook.filename(tournament, timezone.localtime(now)), inline=False)


def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for a projector: the current pairings and the standings, in turn."""
    tournament = get_object_or_404(Tournament, slug=slug)
    current = tournament.rounds.order_by("-number").first()
    games, seats = documents.pairings(current) if current else ([], [])
    return render(request, "tournament/screen.html", {
        "tournament": tournament, "round": current, "games": games, "seats": seats,
        "standings": documents.standings(tournament),
    })
