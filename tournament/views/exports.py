"""The documents' views: one for a concours' documents, one for a partie's, one for a
season's, each serving any key of the registry (exports.registry) through exports.serve,
at its key's address and at its alias (today's address, printed on QR codes). Who may read
each is the registry's word (`access`), asked of access.py here; the rest (the cache, the
slots, the visitors' limits, the background jobs) is serve's. Also the blank score sheets
(a number of tables typed) and the backup's download."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..access import (
    at_desk,
    is_member,
    readable,
    readable_round,
    require_desk,
    season_readable,
)
from ..exports import documents, pdf, registry, serve
from ..exports.serve import LONG
from ..selectors import concours_tables
from ..services import backup as backup_module
from ..validators import whole_number
from .common import table_link_base

PDF = registry.PDF
JSON = "application/json"


def _back(slug: str) -> str:
    """Where a long document's organiser goes back when the server is busy."""
    return reverse("tournament:detail", args=[slug])


def concours_document(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Document `key` of the whole concours (registry.DOCUMENTS), to whoever its `access`
    lets read it."""
    document = registry.document(key)
    if document.access == registry.SIGNED_IN_DESK and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    tournament = (readable(request, slug) if document.access == registry.PUBLIC
                  else at_desk(request, slug))
    if document.refuse is not None:
        refusal = document.refuse(tournament)  # (or a 404: not this concours' document)
        if refusal is not None:
            return serve.too_long(request, tournament, refusal.size, refusal.bound,
                                  refusal.what)
    organiser, now = is_member(request, tournament), timezone.now()
    params: tuple[str, ...] = ()
    render = document.render
    if organiser and document.members is not None and tournament.by_player:
        render, params = document.members, ("licences",)  # (cached apart)
    make = document.make
    return serve.document(
        request, tournament, organiser=organiser, name=document.key, params=params,
        render_document=lambda: render(tournament, now), content_type=document.content_type,
        filename=document.filename(tournament, timezone.localtime(now)),
        inline=document.inline, cached=document.cached,
        estimate=document.estimate(tournament) if organiser and document.estimate else None,
        make=(lambda step: make(tournament, step)) if make else None,
        back=reverse(document.back, args=[slug]))


def partie_document(request: HttpRequest, slug: str, number: int, key: str) -> HttpResponse:
    """Document `key` of partie `number` (registry.PARTIE_DOCUMENTS); `?grands=a4` or `a3`:
    its large-type variant for the wall, where it has one."""
    document = registry.PARTIE_DOCUMENTS[key]
    round_ = readable_round(request, slug, number)
    if document.access != registry.PUBLIC:
        require_desk(request, round_.tournament)  # the desk prints every document
    large = request.GET.get("grands", "").upper()
    if "grands" in request.GET and large not in document.large:
        messages.error(request, _("Tables en grands caractères : le format est A4 ou A3."))
        return redirect("tournament:round", slug=slug, number=number)
    organiser = is_member(request, round_.tournament)
    link_base, make = table_link_base(request), document.make
    filename = document.filename(round_)
    if large:
        filename = filename.removesuffix(".pdf") + f"-grands-caracteres-{large}.pdf"
    return serve.document(
        request, round_.tournament, organiser=organiser, name=document.key,
        params=(number, link_base, large),
        render_document=lambda: document.render(round_, link_base, large),
        content_type=document.content_type, filename=filename,
        cached=document.cached,
        estimate=document.estimate(round_) if organiser and document.estimate else None,
        make=(lambda step: make(round_, link_base, step)) if make else None,
        back=reverse("tournament:round", args=[slug, number]))


def season_document(request: HttpRequest, club: str, season: int, key: str) -> HttpResponse:
    """Document `key` of a club's season (registry.SEASON_DOCUMENTS): its members' and,
    once published, everyone's."""
    document = registry.SEASON_DOCUMENTS[key]
    found, role = season_readable(request, club, season)
    now = timezone.now()
    return serve.document(
        request, found, organiser=role is not None, name=document.key, params=(),
        render_document=lambda: document.render(found, now),
        content_type=document.content_type, filename=document.filename(found, now),
        inline=document.inline,
        estimate=document.estimate(found) if role and document.estimate else None,
        make=lambda _step: document.render(found, now),
        back=reverse("tournament:season", args=[club, season]))


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
        return serve.start(
            request, tournament, filename=name, estimate=estimate, back=_back(slug),
            make=lambda _step: pdf.blank_score_sheets_pdf(tournament, tables))
    return serve.download(pdf.blank_score_sheets_pdf(tournament, tables), PDF, name)


def backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole tournament as JSON (the file `import_tournament` restores)."""
    tournament = at_desk(request, slug)  # a download; restoring is the organisers'
    name = f"sauvegarde-{slug}-{timezone.localdate():%Y-%m-%d}.json"
    estimate = LONG["backup"].estimate(concours_tables(tournament))
    if estimate is not None:
        return serve.start(
            request, tournament, filename=name, estimate=estimate, back=_back(slug),
            make=lambda _step: backup_module.export_json(tournament).encode(),
            content_type=JSON, inline=False)
    return serve.download(backup_module.export_json(tournament).encode(), JSON, name, inline=False)
