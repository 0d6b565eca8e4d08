"""The results server's views: thin. The push reads the token from the Authorization
header (« Bearer <jeton> »), bounds the body before reading it, and hands it to
`services.concours_push`; a refusal is a JSON object {"erreur": French message} with its
HTTP status. Public pages are read-only and cached for a short while in the shared cache
(Django's cache framework: the same across server processes with a shared backend)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_page
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from tournament.exports import serve

from . import exports, selectors, services
from .access import comite_refusal, visitor_limited
from .models import Circuit, MemberClub
from .payload import MAX_BODY, WITHDRAWAL_MAX

PUBLIC_SECONDS = 30  # a public page is at most this late on a push
FICHE_MAX = MAX_BODY + 512  # the push's bound and the fiche's header line


def _refusal(message: str, status: int) -> JsonResponse:
    return JsonResponse({"erreur": message}, status=status,
                        json_dumps_params={"ensure_ascii": False})


def _bounded_body(request: HttpRequest, limit: int) -> bytes | None:
    """The body, read only when its announced length is within `limit` (None otherwise)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or "")
    except ValueError:
        return None
    if not 0 <= length <= limit:
        return None
    # Never more than announced (and bounded): read() stops at CONTENT_LENGTH.
    return request.read(limit + 1)


def _club_message(request: HttpRequest, limit: int,
                  store: Callable[[MemberClub, bytes], services.PushAnswer]) -> JsonResponse:
    """A club's push or withdrawal: its token, then its body within `limit`, then `store`."""
    scheme, _space, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    club = selectors.club_by_token(token.strip()) if scheme.lower() == "bearer" else None
    if club is None:
        refusal = _refusal(_("Jeton inconnu ou révoqué : ce club ne peut pas publier ici. "
                             "Rien n'a été enregistré."), 401)
        refusal["WWW-Authenticate"] = 'Bearer realm="circuit"'  # what a 401 must say
        return refusal
    body = _bounded_body(request, limit)
    if body is None or len(body) > limit:
        return _refusal(_("Envoi trop gros ou sans longueur annoncée (Content-Length) : au "
                          "plus %(size)d Ko. Rien n'a été enregistré.")
                        % {"size": max(limit // 1024, 1)}, 413)
    try:
        answer = store(club, body)
    except services.Refused as refusal:
        return _refusal(refusal.message, refusal.status)
    return JsonResponse(answer.as_json(), status=201 if answer.created else 200)


@csrf_exempt  # a laptop's push, authenticated by its token (no session, no cookie)
@require_POST
def push(request: HttpRequest) -> JsonResponse:
    return _club_message(request, MAX_BODY,
                         lambda club, body: services.concours_push(club=club, body=body))


@csrf_exempt  # a laptop's season, authenticated by its token (no session, no cookie)
@require_POST
def season_push(request: HttpRequest) -> JsonResponse:
    return _club_message(request, MAX_BODY,
                         lambda club, body: services.season_push(club=club, body=body))


@csrf_exempt  # a laptop's withdrawal, authenticated by its token (no session, no cookie)
@require_POST
def withdraw(request: HttpRequest) -> JsonResponse:
    return _club_message(request, WITHDRAWAL_MAX,
                         lambda club, body: services.concours_withdraw(club=club, body=body))


JOIN_MAX = 1024  # a join's body: {"code": "<43 characters>"}


@csrf_exempt  # a laptop's one-time code (no session, no cookie)
@require_POST
def join(request: HttpRequest) -> JsonResponse:
    """The laptop exchanges its one-time code for the club's token: {"code": "…"} ->
    {"club": its address, "name": its name, "token": the token, shown this once}."""
    raw = _bounded_body(request, JOIN_MAX)
    if raw is None or len(raw) > JOIN_MAX:
        return _refusal(_("Envoi trop gros ou sans longueur annoncée (Content-Length)."), 413)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = None
    if not isinstance(data, dict) or set(data) != {"code"} or not isinstance(data["code"],
                                                                             str):
        return _refusal(_("Un objet JSON {\"code\": \"…\"} est attendu."), 400)
    try:
        club, token = services.club_join(code=data["code"])
    except services.Refused as refusal:
        return _refusal(refusal.message, refusal.status)
    return JsonResponse({"club": club.slug, "name": club.name, "token": token}, status=201,
                        json_dumps_params={"ensure_ascii": False})


class FicheForm(forms.Form):
    fiche = forms.FileField(label=_("Fiche de résultats"))


def fiche_upload(request: HttpRequest) -> HttpResponse:
    """The comité uploads a club's fiche de résultats (server staff accounts only)."""
    if (refusal := comite_refusal(request)) is not None:
        return refusal
    form = FicheForm(request.POST or None, request.FILES or None)
    answer = None
    status = 200
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["fiche"]
        if upload.size > FICHE_MAX:
            form.add_error("fiche", _("Fiche trop grosse : au plus %(size)d Ko.")
                           % {"size": MAX_BODY // 1024})
        else:
            try:
                answer = services.fiche_receive(fiche=upload.read())
            except services.Refused as refused:
                form.add_error("fiche", refused.message)
        status = 200 if answer else 400
    return render(request, "circuit/fiche.html", {"form": form, "answer": answer},
                  status=status)


@require_GET
@cache_page(PUBLIC_SECONDS)
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "circuit/home.html", {"clubs": selectors.public_clubs(),
                                                 "circuits": selectors.public_circuits()})


@require_GET
@cache_page(PUBLIC_SECONDS)
def club(request: HttpRequest, club: str) -> HttpResponse:
    found = get_object_or_404(MemberClub, slug=club)
    return render(request, "circuit/club.html", {"club": found,
                                                 "concours": selectors.club_concours(found),
                                                 "seasons": selectors.club_seasons(found)})


@require_GET
@cache_page(PUBLIC_SECONDS)
def season(request: HttpRequest, club: str, pk: int) -> HttpResponse:
    """A club's season as its laptop computed it (its published concours only)."""
    found = get_object_or_404(MemberClub, slug=club)
    received = get_object_or_404(found.seasons, pk=pk)
    if received.withdrawn is not None:
        return render(request, "circuit/withdrawn.html", {"club": found, "season": True},
                      status=410)
    concours = [(item["name"], datetime.date.fromisoformat(item["date"]))
                for item in received.content["concours"]]  # checked when received
    return render(request, "circuit/season.html", {"club": found, "season": received,
                                                   "concours": concours})


@require_GET
@cache_page(PUBLIC_SECONDS)
def concours(request: HttpRequest, club: str, pk: int) -> HttpResponse:
    found = get_object_or_404(MemberClub, slug=club)
    received = get_object_or_404(found.concours, pk=pk)
    if received.withdrawn is not None:  # gone for good, as its club decided
        return render(request, "circuit/withdrawn.html", {"club": found}, status=410)
    return render(request, "circuit/concours.html", {
        "club": found, "concours": received,
        "standings": selectors.public_standings(received)})


def _document(request: HttpRequest, slug: str, extension: str) -> HttpResponse:
    """The circuit's PDF or workbook as the background job made it (services.
    circuit_document_ask): served from the database by any server process; until one is
    made, a page that says so and reloads itself (202)."""
    found = get_object_or_404(Circuit, slug=slug)
    document = services.circuit_document_ask(circuit=found, extension=extension)
    if document.made is None:
        response = render(request, "circuit/document_wait.html", {
            "circuit": found, "error": document.error}, status=503 if document.error else 202)
        response["Retry-After"] = "3"
        response["Cache-Control"] = "no-store"
        if not document.error:  # reloaded by the browser until the document is there
            response["Refresh"] = "3"
        return response
    if visitor_limited(request) and (wait := serve.visitor_refused(request)):
        # The same limit as a concours' documents (settings.DOCUMENT_VISITOR_LIMIT a minute,
        # by the visitor's address, shared by the server's processes): thousands of readers
        # must not download megabytes in a loop from the database.
        response = render(request, "circuit/document_wait.html", {
            "circuit": found, "error": _(
                "Vous avez demandé beaucoup de documents en une minute : réessayez dans "
                "%(seconds)d secondes.") % {"seconds": wait}}, status=429)
        response["Retry-After"] = str(wait)
        response["Cache-Control"] = "no-store"
        return response
    types = {"pdf": "application/pdf",
             "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
    response = HttpResponse(bytes(document.content), content_type=types[extension])
    disposition = "inline" if extension == "pdf" else "attachment"
    response["Content-Disposition"] = (
        f'{disposition}; filename="{exports.filename(found, extension, document.made)}"')
    return response


@require_GET
def circuit_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    return _document(request, slug, "pdf")


@require_GET
def circuit_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return _document(request, slug, "xlsx")


PAGE_ROWS = 100  # lines of the standings a page
SEARCH_MAX = 60  # characters of a search


@require_GET
@cache_page(PUBLIC_SECONDS)
def circuit(request: HttpRequest, slug: str) -> HttpResponse:
    """The circuit's standings as the background job last stored them (never computed by a
    reader), 100 lines a page, with a search by name."""
    found = get_object_or_404(Circuit, slug=slug)
    table = selectors.circuit_table(found)
    query = " ".join(request.GET.get("q", "")[:SEARCH_MAX].split())
    rows = (table.search(query) if query else table.rows) if table else []
    page = Paginator(rows, PAGE_ROWS).get_page(request.GET.get("page"))
    behind = table.version < found.version if table is not None else found.version > 0
    if behind:  # its job may have been lost with its worker: queued again if so
        services.lost_jobs_recover(every=services.LOST_LOOK_EVERY)
    response = render(request, "circuit/circuit.html", {
        "circuit": found, "table": table, "page": page, "query": query,
        "behind": behind and table is not None,
        "concours": selectors.circuit_concours_list(found)})
    if table is None and found.version:
        # « being computed »: not kept in the cache, nor by the browser, for 30 s
        patch_cache_control(response, max_age=0, no_store=True)
    return response


def same_people(request: HttpRequest, slug: str) -> HttpResponse:
    """The comité's page of the players without licence who may be players with one."""
    if (refusal := comite_refusal(request)) is not None:
        return refusal
    found = get_object_or_404(Circuit, slug=slug)
    return render(request, "circuit/same_people.html", {
        "circuit": found, "ambiguities": selectors.circuit_ambiguities(found)})


@require_POST
def same_person_choose(request: HttpRequest, slug: str) -> HttpResponse:
    """One choice of that page: `name_key` is the licence `licence_key`'s person, or (empty)
    a person of their own."""
    if (refusal := comite_refusal(request)) is not None:
        return refusal
    found = get_object_or_404(Circuit, slug=slug)
    name_key = request.POST.get("name_key", "")
    licence_key = request.POST.get("licence_key", "")
    ambiguity = next((item for item in selectors.circuit_ambiguities(found)
                      if item.name_key == name_key), None)
    if ambiguity is None or licence_key not in {"", *ambiguity.candidate_keys}:
        messages.error(request, _("Ce choix ne correspond à aucun joueur à départager : "
                                  "rien n'a été modifié."))
    else:
        services.same_person_choose(circuit=found, name_key=name_key,
                                    licence_key=licence_key)
        messages.success(request, _("Choix enregistré : le classement du circuit en "
                                    "tient compte."))
    return redirect("circuit:same_people", slug=found.slug)


def qualifiers_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The qualifiers' file for the laptop that runs the final (the comité's: licences)."""
    if (refusal := comite_refusal(request)) is not None:
        return refusal
    found = get_object_or_404(Circuit, slug=slug)
    response = HttpResponse(exports.qualifiers_csv(found), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="qualifies-{found.slug}.csv"'
    return response
