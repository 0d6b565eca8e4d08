"""Downloads: each renders one document built by `exports`.

The score sheets carry the table links (QR codes): their organiser's only. The rest is
readable wherever the tournament is (`access.readable`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..access import organised, readable, readable_round, require_organiser
from ..exports import documents, pdf, weasy, workbook
from ..services import backup as backup_module
from ..validators import whole_number
from . import documents as cached
from . import progress
from .common import table_link_base

PDF = "application/pdf"


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(content: bytes, content_type: str, name: str, inline: bool = True) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


# From this many tables the score sheets take seconds: made in the background, with progress.
BACKGROUND_TABLES = 100
SHEETS_A_SECOND = 25  # a core lays out about 25-30 sheets a second (the progress's estimate)


def score_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    link_base, name = table_link_base(request), f"feuilles-{slug}-partie-{number}.pdf"
    tables = round_.games.filter(team_ew__isnull=False).count()
    if tables >= BACKGROUND_TABLES:
        estimate = 2 + tables / (SHEETS_A_SECOND * weasy.workers_for(tables))
        return progress.start(
            request, round_.tournament, filename=name, estimate=estimate,
            make=lambda step: pdf.score_sheets_pdf(round_, link_base=link_base, step=step),
            back=reverse("tournament:round", args=[slug, number]))
    return _download(pdf.score_sheets_pdf(round_, link_base=link_base), PDF, name)


def blank_score_sheets(request: HttpRequest, slug: str) -> HttpResponse:
    """Score sheets for `?tables=N` tables before the draw (by default, one per two active
    teams, or per four active players of a mêlée): the organiser lays them on the tables
    while the teams register."""
    tournament = organised(request, slug)
    text = request.GET.get("tables", "").strip()
    if text:
        tables = whole_number(text, maximum=documents.BLANK_SHEETS_MAX)
    else:
        tables = min(documents.tables_for(tournament), documents.BLANK_SHEETS_MAX)
    if not tables:
        messages.error(request, _("Feuilles vierges : le nombre de tables est un nombre entier "
                                  "de 1 à %(max)d.") % {"max": documents.BLANK_SHEETS_MAX})
        return redirect("tournament:detail", slug=slug)
    return _download(pdf.blank_score_sheets_pdf(tournament, tables), PDF,
                     f"feuilles-vierges-{slug}-{tables}-tables.pdf")


def pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    return cached.document(
        request, round_.tournament, name="pairings", params=(number,),
        render_document=lambda: pdf.pairings_pdf(round_), content_type=PDF,
        filename=f"tables-{slug}-partie-{number}.pdf")


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    return cached.document(
        request, tournament, name="standings", params=(),
        render_document=lambda: pdf.standings_pdf(tournament), content_type=PDF,
        filename=f"classement-{slug}-{timezone.localdate():%Y-%m-%d}.pdf")


def reglement_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """« Règlement du concours »: whoever may read the concours may print its rules."""
    tournament = readable(request, slug)
    return cached.document(
        request, tournament, name="reglement", params=(),
        render_document=lambda: pdf.reglement_pdf(tournament), content_type=PDF,
        filename=f"reglement-{slug}.pdf")


def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = readable(request, slug)
    now = timezone.now()
    return cached.document(
        request, tournament, name="standings.xlsx", params=(),
        render_document=lambda: workbook.standings_workbook(tournament, now),
        content_type=XLSX, filename=workbook.filename(tournament, timezone.localtime(now)),
        inline=False)


def backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole tournament as JSON (the file `import_tournament` restores)."""
    tournament = readable(request, slug)
    require_organiser(request, tournament)
    return _download(backup_module.export_json(tournament).encode(), "application/json",
                     f"sauvegarde-{slug}-{timezone.localdate():%Y-%m-%d}.json", inline=False)
