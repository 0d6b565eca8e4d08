"""A printed document served from the documents' cache, rendered on a miss within bounds
(exports.cache): a visitor's downloads a minute, a render slot, a size beyond which a
document is not prepared. The organiser is neither counted nor kept to the public slot; a
long document (`estimate`, from its size: exports.progress.LONG) the cache does not hold is
made for the organiser in the background, its progress shown (views.progress), and kept in
the cache for the visitors. A visitor's long document stays a plain (bounded) render: a
visitor may not start a job, and the slot's queue and Retry-After already bound them."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ..access import is_member
from ..exports import cache, weasy
from ..exports.progress import Step
from ..models import Tournament
from . import progress


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


def _download(content: bytes, content_type: str, name: str, inline: bool) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


def refused(request: HttpRequest, tournament: Tournament, status: int, title: str,
            message: str, retry_after: int | None = None) -> HttpResponse:
    response = render(request, "tournament/public/document_refused.html", {
        "tournament": tournament, "title": title, "message": message,
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


def document(request: HttpRequest, tournament: Tournament, *, name: str,
             params: tuple[object, ...], render_document: Callable[[], bytes],
             content_type: str, filename: str, inline: bool = True,
             estimate: float | None = None, back: str = "") -> HttpResponse:
    """The document `name` of `tournament` with `params`, from the cache or rendered now
    (made in the background for the organiser when `estimate` says it is long: back to
    `back` when the server is busy)."""
    organiser = is_member(request, tournament)  # the club's desk, not a visitor
    if not organiser:
        wait = visitor_refused(request)
        if wait:
            return refused(request, tournament, 429, _("Trop de téléchargements"), _(
                "Vous avez demandé beaucoup de documents en une minute : les téléphones "
                "des tables passent d'abord."), retry_after=wait)
    key = cache.document_key(tournament, name, *params)
    kept = cache.read(tournament, name, *params)
    content = cache.servable(kept, key, organiser=organiser)
    if content is None and organiser and estimate is not None:
        def make(step: Step) -> bytes:
            with cache.render_slot(public=False):
                made = cache.servable(cache.read(tournament, name, *params), key,
                                      organiser=True)
                if made is None:  # (the job renders aside: exports.progress)
                    step(_("Mise en page…"))
                    made = render_document()
                    cache.write(tournament, name, params, key, made)
            return made

        return progress.start(request, tournament, filename=filename, estimate=estimate,
                              make=make, back=back, content_type=content_type,
                              inline=inline)
    if content is None:
        try:
            with cache.render_slot(public=not organiser):
                # Rendered by another process while this one waited for the slot?
                content = cache.servable(cache.read(tournament, name, *params), key,
                                         organiser=organiser)
                if content is None:
                    with weasy.aside():  # in the renderer, below the phones' priority
                        content = render_document()
                    cache.write(tournament, name, params, key, content)
        except cache.Busy:
            # Every slot taken: a visitor gets the last rendering, if recent.
            content = cache.busy_fallback(kept, organiser=organiser)
            if content is None:
                return refused(request, tournament, 503, _("Documents en préparation"), _(
                    "D'autres documents sont en préparation : celui-ci le sera dans un "
                    "instant."), retry_after=cache.RETRY_BUSY)
    return _download(content, content_type, filename, inline)
