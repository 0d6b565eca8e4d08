"""A long document made in the background (exports.progress): the organiser's request starts
it and is sent to a page that shows its progress (htmx polls the page's progress part every
second), then offers the file. Only the tournament's desk (or, for a club's document, the
club's members) starts or reads a job."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..access import at_desk, club_member
from ..exports import progress
from ..exports.progress import Step
from ..models import Club, Tournament

PDF = "application/pdf"


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


def _state(job: str, *, slug: str = "", club: str = "") -> progress.State:
    state = progress.state(job)
    if state is None or state.slug != slug or state.club != club:
        raise Http404(_("Ce document n'existe pas, ou plus (il est gardé une heure)."))
    return state


def _page(request: HttpRequest, state: progress.State, job: str, *, name: str,
          poll_url: str, file_url: str, tournament: Tournament | None = None,
          club: Club | None = None) -> HttpResponse:
    template = ("tournament/partials/document_progress.html" if request.headers.get("HX-Request")
                else "tournament/organiser/document_job.html")
    return render(request, template, {"name": name, "state": state, "job": job,
                                      "poll_url": poll_url, "file_url": file_url,
                                      "tournament": tournament, "club": club})


def _file(state: progress.State, job: str) -> HttpResponse:
    content = progress.content(job)
    if content is None:
        raise Http404(_("Ce document n'est pas encore prêt."))
    response = HttpResponse(content, content_type=state.content_type)
    disposition = "inline" if state.inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{state.filename}"'
    return response


def job(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    state = _state(job, slug=tournament.slug)
    return _page(request, state, job, name=tournament.name, tournament=tournament,
                 poll_url=reverse("tournament:document_job", args=[slug, job]),
                 file_url=reverse("tournament:document_file", args=[slug, job]))


def job_file(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    return _file(_state(job, slug=tournament.slug), job)


def club_job(request: HttpRequest, club: str, job: str) -> HttpResponse:
    found = club_member(request, club)
    state = _state(job, club=found.slug)
    return _page(request, state, job, name=found.name, club=found,
                 poll_url=reverse("tournament:club_document_job", args=[club, job]),
                 file_url=reverse("tournament:club_document_file", args=[club, job]))


def club_job_file(request: HttpRequest, club: str, job: str) -> HttpResponse:
    found = club_member(request, club)
    return _file(_state(job, club=found.slug), job)
