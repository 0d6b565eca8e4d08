"""Downloads and the projector view: each renders one document built by `exports`.

The score sheets carry the table links (QR codes): their organiser's only. The rest is
readable wherever the tournament is (`access.readable`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from . import backup as backup_module
from .access import readable, readable_round, require_organiser
from .exports import documents, pdf, workbook
from .views_common import table_link_base

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(content: bytes, content_type: str, name: str, inline: bool = True) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


def score_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    return _download(pdf.score_sheets_pdf(round_, link_base=table_link_base(request)), PDF,
                     f"feuilles-{slug}-partie-{number}.pdf")


def pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    return _download(pdf.pairings_pdf(round_), PDF, f"tables-{slug}-partie-{number}.pdf")


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    return _download(pdf.standings_pdf(tournament), PDF,
                     f"classement-{slug}-{timezone.localdate():%Y-%m-%d}.pdf")


def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    now = timezone.now()
    return _download(workbook.standings_workbook(tournament, now), XLSX,
                     workbook.filename(tournament, timezone.localtime(now)), inline=False)


def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for a projector: the current pairings and the standings, in turn."""
    tournament = readable(request, slug)
    current = tournament.rounds.order_by("-number").first()
    games, seats = documents.pairings(current) if current else ([], [])
    return render(request, "tournament/screen.html", {
        "tournament": tournament, "round": current, "games": games, "seats": seats,
        "standings": documents.standings(tournament),
    })


def backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole tournament as JSON (the file `import_tournament` restores)."""
    tournament = readable(request, slug)
    require_organiser(request, tournament)
    return _download(backup_module.export_json(tournament).encode(), "application/json",
                     f"sauvegarde-{slug}-{timezone.localdate():%Y-%m-%d}.json", inline=False)
