"""A long document made in the background (exports.progress): the organiser's request starts
it and is sent to a page that shows its progress (htmx polls the page's progress part every
second), then offers the file. Only the tournament's organiser starts or reads a job."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ..access import at_desk
from ..exports import progress
from ..exports.progress import Step
from ..models import Tournament


def start(request: HttpRequest, tournament: Tournament, *, filename: str, estimate: float,
          make: Callable[[Step], bytes], back: str) -> HttpResponse:
    """Start `make` in the background and send the organiser to its progress page (back to
    `back`, with a message, when as many documents are being made as the server makes)."""
    try:
        job = progress.start(slug=tournament.slug, filename=filename, estimate=estimate,
                             first_step=_("Lecture du concours…"), make=make)
    except progress.Busy:
        messages.error(request, _("Deux documents sont déjà en cours de fabrication : "
                                  "réessayez dans un instant."))
        return redirect(back)
    return redirect("tournament:document_job", slug=tournament.slug, job=job)


def _job(request: HttpRequest, slug: str, job: str) -> tuple[Tournament, progress.State]:
    tournament = at_desk(request, slug)
    state = progress.state(job)
    if state is None or state.slug != tournament.slug:
        raise Http404(_("Ce document n'existe pas, ou plus (il est gardé une heure)."))
    return tournament, state


def job(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    tournament, state = _job(request, slug, job)
    template = ("tournament/partials/document_progress.html" if request.headers.get("HX-Request")
                else "tournament/organiser/document_job.html")
    return render(request, template, {"tournament": tournament, "state": state, "job": job})


def job_file(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    _tournament, state = _job(request, slug, job)
    content = progress.content(job)
    if content is None:
        raise Http404(_("Ce document n'est pas encore prêt."))
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{state.filename}"'
    return response
