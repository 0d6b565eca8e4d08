"""Publishing to a results server (issue 36): the club's server (its responsable joins with a
code, or leaves), and each concours' publication — where it stands, its circuits, « Publier
maintenant ». One URL per action; the pushes themselves run in the background
(tournament.publish.outbox)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from ..access import managed_club, organised
from ..errors import UserError
from ..forms.publish import CircuitsForm, JoinForm
from ..models import Club, ResultsServer, Tournament
from ..publish import outbox
from ..publish.status import publication_status, publications_withdrawn
from .common import _form_error


def _server_page(request: HttpRequest, club: Club, form: JoinForm | None = None,
                 status: int = 200) -> HttpResponse:
    return render(request, "tournament/organiser/results_server.html", {
        "club": club, "form": form or JoinForm(),
        "server": ResultsServer.objects.filter(club=club).first(),
        "withdrawn": publications_withdrawn(club.pk),
    }, status=status)


@require_GET
@login_required
@never_cache
def results_server(request: HttpRequest, slug: str) -> HttpResponse:
    return _server_page(request, managed_club(request, slug))


@login_required
@require_POST
def results_server_join(request: HttpRequest, slug: str) -> HttpResponse:
    club = managed_club(request, slug)
    form = JoinForm(request.POST)
    if form.is_valid():
        try:
            server = outbox.results_server_join(club=club, url=form.cleaned_data["url"],
                                                code=form.cleaned_data["code"])
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Le club publie désormais sur %(url)s.")
                             % {"url": server.url})
            return redirect("tournament:results_server", slug=slug)
    return _server_page(request, club, form, status=422)


@login_required
@require_POST
def results_server_leave(request: HttpRequest, slug: str) -> HttpResponse:
    club = managed_club(request, slug)
    outbox.results_server_leave(club=club)
    messages.success(request, _("Plus rien n'est publié sur le serveur de résultats."))
    return redirect("tournament:results_server", slug=slug)


def _publication_page(request: HttpRequest, tournament: Tournament,
                      form: CircuitsForm | None = None, status: int = 200) -> HttpResponse:
    online = publication_status(tournament)
    return render(request, "tournament/organiser/publication.html", {
        "tournament": tournament, "online": online,
        "form": form or CircuitsForm(initial={"circuits": ", ".join(online.circuits)}),
    }, status=status)


@require_GET
@login_required
@never_cache
def publication(request: HttpRequest, slug: str) -> HttpResponse:
    return _publication_page(request, organised(request, slug))


@login_required
@require_POST
def publication_push(request: HttpRequest, slug: str) -> HttpResponse:
    """« Publier maintenant » (« Retirer du serveur maintenant » once unpublished): one push
    or withdrawal at once, whatever the minute's pace (bounded by the client's time-out)."""
    tournament = organised(request, slug)
    outbox.publication_push(tournament=tournament, force=True)
    online = publication_status(tournament)
    done = online.state in {"online", "withdrawn"}
    (messages.success if done else messages.warning)(request, online.words)
    return redirect("tournament:publication", slug=slug)


@login_required
@require_POST
def publication_circuits(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    form = CircuitsForm(request.POST)
    if form.is_valid():
        try:
            outbox.publication_circuits_set(tournament=tournament,
                                            circuits=form.cleaned_data["circuits"])
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Circuits enregistrés : ils partent avec le prochain "
                                        "envoi."))
            return redirect("tournament:publication", slug=slug)
    return _publication_page(request, tournament, form, status=422)


@login_required
@require_POST
def publication_fiche(request: HttpRequest, slug: str) -> HttpResponse:
    """The fiche de résultats as a file, for the comité to upload when the hall has no
    connection."""
    tournament = organised(request, slug)
    try:
        name, signed = outbox.publication_fiche(tournament=tournament)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:publication", slug=slug)
    response = HttpResponse(signed, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
