"""Downloads: each renders one document built by `exports`.

The score sheets carry the table links (QR codes): the club's desk's only (any member). The rest is
readable wherever the tournament is (`access.readable`)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..access import at_desk, is_member, readable, readable_round, require_desk
from ..exports import documents, pdf, registry, weasy, workbook
from ..exports.progress import LONG
from ..models import Tournament
from ..selectors import concours_tables, entrant_count, round_tables
from ..services import backup as backup_module
from ..validators import whole_number
from . import documents as cached
from . import progress
from .common import table_link_base

PDF = registry.PDF
XLSX = registry.XLSX
JSON = "application/json"


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
    require_desk(request, round_.tournament)  # the desk prints every document
    document = registry.PARTIE_DOCUMENTS["sheets"]
    link_base, name = table_link_base(request), document.filename(round_)
    tables = round_tables(round_)
    if tables >= BACKGROUND_TABLES:
        estimate = 2 + tables / (SHEETS_A_SECOND * weasy.workers_for(tables))
        return progress.start(
            request, round_.tournament, filename=name, estimate=estimate,
            make=lambda step: pdf.score_sheets_pdf(round_, link_base=link_base, step=step),
            back=reverse("tournament:round", args=[slug, number]))
    return _download(document.render(round_, link_base, ""), document.content_type, name)


def _back(slug: str) -> str:
    """Where a long document's organiser goes back when the server is busy."""
    return reverse("tournament:detail", args=[slug])


def blank_score_sheets(request: HttpRequest, slug: str) -> HttpResponse:
    """Score sheets for `?tables=N` tables before the draw (by default, one per two active
    teams, or per four active players of a mêlée): the organiser lays them on the tables
    while the teams register."""
    tournament = at_desk(request, slug)
    text = request.GET.get("tables", "").strip()
    if text:
        tables = whole_number(text, maximum=documents.BLANK_SHEETS_MAX)
    else:
        tables = min(documents.tables_for(tournament), documents.BLANK_SHEETS_MAX)
    if not tables:
        messages.error(request, _("Feuilles vierges : le nombre de tables est un nombre entier "
                                  "de 1 à %(max)d.") % {"max": documents.BLANK_SHEETS_MAX})
        return redirect("tournament:detail", slug=slug)
    name = f"feuilles-vierges-{slug}-{tables}-tables.pdf"
    estimate = LONG["blank"].estimate(tables)
    if estimate is not None:
        return progress.start(
            request, tournament, filename=name, estimate=estimate, back=_back(slug),
            make=lambda _step: pdf.blank_score_sheets_pdf(tournament, tables))
    return _download(pdf.blank_score_sheets_pdf(tournament, tables), PDF, name)


def pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The partie's tables; `?grands=a4` or `a3`: in large type for the wall."""
    round_ = readable_round(request, slug, number)
    document = registry.PARTIE_DOCUMENTS["pairings"]
    large = request.GET.get("grands", "").upper()
    if "grands" in request.GET and large not in document.large:
        messages.error(request, _("Tables en grands caractères : le format est A4 ou A3."))
        return redirect("tournament:round", slug=slug, number=number)
    estimate = (LONG["pairings"].estimate(round_tables(round_))
                if is_member(request, round_.tournament) else None)
    # The address phones reach is part of what the document shows (its QR code).
    link_base = table_link_base(request)
    filename = document.filename(round_)
    if large:
        filename = filename.removesuffix(".pdf") + f"-grands-caracteres-{large}.pdf"
    return cached.document(
        request, round_.tournament, name=document.key, params=(number, link_base, large),
        render_document=lambda: document.render(round_, link_base, large),
        content_type=document.content_type, filename=filename,
        estimate=estimate, back=reverse("tournament:round", args=[slug, number]))


# What the time of each long document of the whole concours grows with (its threshold and
# its rate are in exports.progress.LONG, by the same key).
SIZES: dict[str, Callable[[Tournament], int]] = {
    "standings": entrant_count,
    "standings.xlsx": concours_tables,
    "caisse": entrant_count,
    "caisse.xlsx": concours_tables,
}


def _estimate(request: HttpRequest, tournament: Tournament, key: str) -> float | None:
    """The seconds the organiser's document `key` should take when it is long enough to be
    made in the background; None otherwise, and for a visitor (never a job)."""
    size = SIZES.get(key)
    if size is None or not is_member(request, tournament):
        return None
    return LONG[key].estimate(size(tournament))


def concours_document(request: HttpRequest, tournament: Tournament,
                      key: str) -> HttpResponse:
    """Document `key` of the registry (exports.registry) for `tournament`, which the caller
    has checked the visitor may read: from the cache when the document is cached."""
    document, now = registry.document(key), timezone.now()
    name = document.filename(tournament, timezone.localtime(now))
    estimate = _estimate(request, tournament, key)
    if not document.cached:
        if estimate is not None:
            return progress.start(
                request, tournament, filename=name, estimate=estimate,
                make=lambda _step: document.render(tournament, now),
                back=_back(tournament.slug), content_type=document.content_type,
                inline=document.inline)
        return _download(document.render(tournament, now), document.content_type, name,
                         inline=document.inline)
    return cached.document(
        request, tournament, name=document.key, params=(),
        render_document=lambda: document.render(tournament, now),
        content_type=document.content_type, filename=name, inline=document.inline,
        estimate=estimate, back=_back(tournament.slug))


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    return concours_document(request, readable(request, slug), "standings")


def reglement_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """« Règlement du concours »: whoever may read the concours may print its rules."""
    return concours_document(request, readable(request, slug), "reglement")


def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings workbook; the club's members' copy carries the mêlée players'
    licences (cached apart), a visitor's none."""
    tournament = readable(request, slug)
    if not is_member(request, tournament) or not tournament.by_player:
        return concours_document(request, tournament, "standings.xlsx")
    document, now = registry.document("standings.xlsx"), timezone.now()
    return cached.document(
        request, tournament, name=document.key, params=("licences",),
        render_document=lambda: workbook.standings_workbook(tournament, now, licences=True),
        content_type=document.content_type,
        filename=document.filename(tournament, timezone.localtime(now)), inline=False,
        estimate=_estimate(request, tournament, document.key), back=_back(slug))


def backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole tournament as JSON (the file `import_tournament` restores)."""
    tournament = at_desk(request, slug)  # a download; restoring is the organisers'
    name = f"sauvegarde-{slug}-{timezone.localdate():%Y-%m-%d}.json"
    estimate = LONG["backup"].estimate(concours_tables(tournament))
    if estimate is not None:
        return progress.start(
            request, tournament, filename=name, estimate=estimate, back=_back(slug),
            make=lambda _step: backup_module.export_json(tournament).encode(),
            content_type=JSON, inline=False)
    return _download(backup_module.export_json(tournament).encode(), JSON, name, inline=False)
