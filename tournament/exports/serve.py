"""The one door every document goes through: the cache, the render slots, the visitors'
limits and the background jobs, behind one function (`document`) the document views call.

A printed document is served from the documents' cache, rendered on a miss within bounds
(exports.cache): a visitor's downloads a minute, a render slot, a size beyond which a
document is not prepared (`too_long`). The organiser is neither counted nor kept to the
public slot; a long document (`estimate`, from its size: `LONG`) the cache does not hold is
made for the organiser in the background, its progress shown (`start`, exports.progress),
and kept in the cache for the visitors. A visitor's long document stays a plain (bounded)
render: a visitor may not start a job, and the slot's queue and Retry-After already bound
them. A season's documents come through the same door, under the club's address.

exports.cache and exports.progress are read only from here: the views ask this module.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ..models import Club, Season, Tournament
from . import cache, progress, weasy
from .progress import LONG, Step
from .progress import State as JobState

__all__ = ["LONG", "JobState", "Step", "document", "download", "job_file", "job_state", "refused",
           "start", "too_long", "visitor_address", "visitor_refused", "visitor_wait"]

PDF = "application/pdf"
Owner = Tournament | Season


def download(content: bytes, content_type: str, name: str, inline: bool = True
             ) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


# --- Visitors ---------------------------------------------------------------------------------


def visitor_address(request: HttpRequest) -> str:
    """The address a visitor's downloads are counted by: the connection's; behind a proxy
    of settings.DOCUMENT_TRUSTED_PROXIES, the last address of X-Forwarded-For that is not
    one of them (the one the trusted proxies saw connect; what comes before it, the visitor
    may have written)."""
    address = request.META.get("REMOTE_ADDR") or "?"
    trusted = set(settings.DOCUMENT_TRUSTED_PROXIES)
    if address not in trusted:
        return address
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")[:1000]
    for hop in reversed([part.strip() for part in forwarded.split(",")]):
        if hop and hop not in trusted:
            return hop[:64]
    return address


def visitor_refused(request: HttpRequest) -> int:
    """0 if the visitor may download one more document now, else the seconds to wait
    (exports.cache.visitor_wait, by `visitor_address`)."""
    return cache.visitor_wait(visitor_address(request))


def visitor_wait(request: HttpRequest, *, kind: str, limit: int) -> int:
    """A count of its own (`kind`, `limit` a minute) for what is not a document (« Où est ma
    table ? »'s searches), by the connection's address: 0 if allowed, else seconds."""
    return cache.visitor_wait(request.META.get("REMOTE_ADDR") or "?", kind=kind, limit=limit)


def refused(request: HttpRequest, owner: Owner, status: int, title: str, message: str,
            retry_after: int | None = None) -> HttpResponse:
    """A document (or a search) refused, in French, on its concours' or season's page."""
    if isinstance(owner, Season):
        response = render(request, "tournament/season/busy.html", {
            "club": owner.club, "season": owner, "retry_after": retry_after,
            "message": message, "title": title}, status=status)
    else:
        response = render(request, "tournament/public/document_refused.html", {
            "tournament": owner, "title": title, "message": message,
            "retry_after": retry_after,
        }, status=status)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def too_long(request: HttpRequest, tournament: Tournament, size: int, bound: int,
             what: str) -> HttpResponse:
    """A document refused for its size: `size` and `bound` counted in `what`."""
    return refused(request, tournament, 403, _("Document trop long"), _(
        "Ce document compterait %(size)s %(what)s, au-delà des %(bound)s qu'il peut "
        "contenir : il n'est pas préparé.") % {
            "size": number_format(size, force_grouping=True), "what": what,
            "bound": number_format(bound, force_grouping=True)})


# --- Background jobs --------------------------------------------------------------------------


def start(request: HttpRequest, tournament: Tournament | None, *, filename: str,
          estimate: float, make: Callable[[Step], bytes | str], back: str,
          content_type: str = PDF, inline: bool = True,
          club: Club | None = None, title: str = "") -> HttpResponse:
    """Start `make` in the background and send the organiser to its progress page (back to
    `back`, with a message, when as many documents are being made as the server makes).
    A club's document (`club`, no tournament) has its page under the club's address."""
    try:
        job = progress.start(slug=tournament.slug if tournament else "", filename=filename,
                             estimate=estimate, first_step=_("Lecture du concours…")
                             if tournament else _("Lecture des données du club…"),
                             make=make, content_type=content_type, inline=inline,
                             club=club.slug if club and not tournament else "", title=title)
    except progress.Busy:
        messages.error(request, _("Deux documents sont déjà en cours de fabrication : "
                                  "réessayez dans un instant."))
        return redirect(back)
    if tournament is None and club is not None:
        return redirect("tournament:club_document_job", club=club.slug, job=job)
    assert tournament is not None
    return redirect("tournament:document_job", slug=tournament.slug, job=job)


def job_state(job: str, *, slug: str = "", club: str = "") -> JobState:
    """The job's state, if it is this concours' (`slug`) or this club's: else a 404."""
    state = progress.state(job)
    if state is None or state.slug != slug or state.club != club:
        raise Http404(_("Ce document n'existe pas, ou plus (il est gardé une heure)."))
    return state


def job_file(state: JobState, job: str) -> HttpResponse:
    content = progress.content(job)
    if content is None:
        raise Http404(_("Ce document n'est pas encore prêt."))
    return download(content, state.content_type, state.filename, state.inline)


# --- Documents --------------------------------------------------------------------------------


def _start_for(request: HttpRequest, owner: Owner, *, filename: str, estimate: float,
               make: Callable[[Step], bytes], back: str, content_type: str,
               inline: bool) -> HttpResponse:
    """A job for a concours' document, or under the club's address for a season's."""
    if isinstance(owner, Season):
        return start(request, None, club=owner.club, filename=filename, estimate=estimate,
                     make=make, back=back, content_type=content_type, inline=inline)
    return start(request, owner, filename=filename, estimate=estimate, make=make, back=back,
                 content_type=content_type, inline=inline)


def document(request: HttpRequest, owner: Owner, *, organiser: bool, name: str,
             params: tuple[object, ...], render_document: Callable[[], bytes],
             content_type: str, filename: str, inline: bool = True, cached: bool = True,
             estimate: float | None = None, make: Callable[[Step], bytes] | None = None,
             back: str = "") -> HttpResponse:
    """The document `name` of `owner` (a concours or a season) with `params`: from the cache
    or rendered now (not kept when not `cached`). `organiser`: the club's desk (the caller
    asked access.py), never counted as a visitor. When `estimate` says it is long, the
    organiser's is made in the background (back to `back` when the server is busy): by
    `make`, which tells its steps, before any look at the cache; else through the cache."""
    if organiser and estimate is not None and make is not None:
        return _start_for(request, owner, filename=filename, estimate=estimate, make=make,
                          back=back, content_type=content_type, inline=inline)
    if not organiser:
        wait = visitor_refused(request)
        if wait:
            return refused(request, owner, 429, _("Trop de téléchargements"), _(
                "Vous avez demandé beaucoup de documents en une minute : les téléphones "
                "des tables passent d'abord."), retry_after=wait)
    if not cached:
        if organiser and estimate is not None:
            return _start_for(request, owner, filename=filename, estimate=estimate,
                              make=lambda _step: render_document(), back=back,
                              content_type=content_type, inline=inline)
        return download(render_document(), content_type, filename, inline)
    key = cache.document_key(owner, name, *params)
    kept = cache.read(owner, name, *params)
    content = cache.servable(kept, key, organiser=organiser)
    if content is None and organiser and estimate is not None:
        def make_kept(step: Step) -> bytes:
            with cache.render_slot(public=False):
                made = cache.servable(cache.read(owner, name, *params), key, organiser=True)
                if made is None:  # (the job renders aside: exports.progress)
                    step(_("Mise en page…"))
                    made = render_document()
                    cache.write(owner, name, params, key, made)
            return made

        return _start_for(request, owner, filename=filename, estimate=estimate,
                          make=make_kept, back=back, content_type=content_type, inline=inline)
    if content is None:
        try:
            with cache.render_slot(public=not organiser):
                # Rendered by another process while this one waited for the slot?
                content = cache.servable(cache.read(owner, name, *params), key,
                                         organiser=organiser)
                if content is None:
                    with weasy.aside():  # in the renderer, below the phones' priority
                        content = render_document()
                    cache.write(owner, name, params, key, content)
        except cache.Busy:
            # Every slot taken: a visitor gets the last rendering, if recent.
            content = cache.busy_fallback(kept, organiser=organiser)
            if content is None:
                return refused(request, owner, 503, _("Documents en préparation"), _(
                    "D'autres documents sont en préparation : celui-ci le sera dans un "
                    "instant."), retry_after=cache.RETRY_BUSY)
    return download(content, content_type, filename, inline)
