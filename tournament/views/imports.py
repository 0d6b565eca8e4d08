"""The second step of a file of teams or players whose names the club's register finds
ambiguous: the file was read and checked (forms.imports), its lines are kept aside
(views.pending: on the server, an hour at most), and this page asks, for each ambiguous
name, which register player it is (or a new one) before anything is written. The import
then runs whole, in one transaction (services.teams_import / players_import), with the
choices; a file without an ambiguous name is imported at once, as before, and a file
refused for another reason is refused on the import's form before anything is asked.

The register is read again at the confirmation: a choice that is no longer one of its
candidates (the register changed meanwhile) is asked again, nothing written."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk
from ..errors import UserError
from ..forms import ChoicesForm
from ..models import Tournament
from ..register_match import LINKED, NEW
from . import pending
from .common import _by
from .entrant_kinds import KINDS

KIND = "imports"  # the folder of the files kept aside (var/imports/)


def notes_said(request: HttpRequest, notes: Sequence[str]) -> None:
    """The import's summary beside its count: each licence of the file not added to the
    register, and why (services.register_licences_from_file)."""
    for note in notes:
        messages.warning(request, note)


def _page(request: HttpRequest, tournament: Tournament, kind: str, name: str,
          lines: Sequence[Any], form: ChoicesForm, status: int = 200) -> HttpResponse:
    incoming = services.import_identities(lines)
    found = selectors.register_matches(tournament.club, incoming)
    places = KINDS[kind].places(lines)
    return render(request, "tournament/organiser/import_choose.html", {
        "tournament": tournament, "form": form, "pending": name,
        "action": KINDS[kind].confirm_url, "back": KINDS[kind].list_url,
        "rows": [(ambiguity, form[ambiguity.field], places[ambiguity.index])
                 for ambiguity in form.ambiguities],
        "linked": sum(1 for match in found if match.kind == LINKED),
        "new": sum(1 for match in found if match.kind == NEW),
    }, status=status)


def choose_page(request: HttpRequest, tournament: Tournament, kind: str,
                lines: Sequence[Any]) -> HttpResponse:
    """The page choosing the ambiguous names of `lines` (a file read, whose import the
    service refused for them alone: services.Ambiguous), the lines kept aside."""
    ambiguities = selectors.register_ambiguities(tournament.club,
                                                 services.import_identities(lines))
    name = pending.keep_aside(KIND, tournament, {
        "kind": kind, "lines": [dataclasses.asdict(line) for line in lines]})
    return _page(request, tournament, kind, name, lines, ChoicesForm(ambiguities))


def _confirm(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    tournament = at_desk(request, slug)  # the desk registers entrants
    what = KINDS[kind]
    name = request.POST.get("pending", "")
    data = pending.kept(KIND, tournament, name)
    if not isinstance(data, dict) or data.get("kind") != kind:
        messages.error(request, _("Cet import n'est plus en attente : envoyez le fichier à "
                                  "nouveau."))
        return redirect(what.list_url, slug=slug)
    if "cancel" in request.POST:
        pending.discard(KIND, tournament, name)
        messages.info(request, _("Import annulé : rien n'a changé."))
        return redirect(what.list_url, slug=slug)
    lines = [what.line(**row) for row in data["lines"]]
    form = ChoicesForm(selectors.register_ambiguities(
        tournament.club, services.import_identities(lines)), request.POST)
    if form.is_valid():
        notes: list[str] = []
        try:
            written = what.import_(tournament=tournament, lines=lines, choices=form.choices(),
                                 notes=notes, by=_by(request))
        except UserError as error:
            form.add_error(None, error.message)
        else:
            pending.discard(KIND, tournament, name)
            messages.success(request, what.done(len(written)))
            notes_said(request, notes)
            return redirect(what.list_url, slug=slug)
    return _page(request, tournament, kind, name, lines, form, status=400)


@login_required
@require_POST
def teams_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    return _confirm(request, slug, "teams")


@login_required
@require_POST
def players_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    return _confirm(request, slug, "players")
