"""The pages of a long document made in the background (exports.serve starts it): the
organiser is sent to a page that shows its progress (htmx polls the page's progress part
every second), then offers the file. Only the tournament's desk (or, for a club's document,
the club's members) reads a job."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from ..access import at_desk, club_member
from ..exports import serve
from ..models import Club, Tournament


def _page(request: HttpRequest, state: serve.JobState, job: str, *, name: str,
          poll_url: str, file_url: str, tournament: Tournament | None = None,
          club: Club | None = None) -> HttpResponse:
    template = ("tournament/partials/document_progress.html" if request.headers.get("HX-Request")
                else "tournament/organiser/document_job.html")
    return render(request, template, {"name": name, "state": state, "job": job,
                                      "poll_url": poll_url, "file_url": file_url,
                                      "tournament": tournament, "club": club})


def job(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    state = serve.job_state(job, slug=tournament.slug)
    return _page(request, state, job, name=tournament.name, tournament=tournament,
                 poll_url=reverse("tournament:document_job", args=[slug, job]),
                 file_url=reverse("tournament:document_file", args=[slug, job]))


def job_file(request: HttpRequest, slug: str, job: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    return serve.job_file(serve.job_state(job, slug=tournament.slug), job)


def club_job(request: HttpRequest, club: str, job: str) -> HttpResponse:
    found = club_member(request, club)
    state = serve.job_state(job, club=found.slug)
    return _page(request, state, job, name=found.name, club=found,
                 poll_url=reverse("tournament:club_document_job", args=[club, job]),
                 file_url=reverse("tournament:club_document_file", args=[club, job]))


def club_job_file(request: HttpRequest, club: str, job: str) -> HttpResponse:
    found = club_member(request, club)
    return serve.job_file(serve.job_state(job, club=found.slug), job)
