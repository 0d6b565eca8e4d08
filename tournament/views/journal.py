"""The journal: every change, a table's history, and restoring a value."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import at_desk, game_of, is_organiser, organised
from ..errors import UserError
from ..journal import KIND, KINDS, Actor, describe, restorable
from ..models import AuditEntry

JOURNAL_LENGTH = 500  # the latest entries; the backup holds them all


def _rows(entries) -> list[dict]:
    rows = []
    for entry in entries:
        before, after = describe(entry)
        rows.append({"entry": entry, "before": before, "after": after,
                     "restorable": restorable(entry)})
    return rows


@login_required
def journal(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = at_desk(request, slug)  # read by the desk; restored by its organisers
    kind = request.GET.get("kind", "")
    entries = tournament.audit.all()
    if kind in KIND:
        entries = entries.filter(kind=kind)
    return render(request, "tournament/organiser/journal.html", {
        "tournament": tournament, "rows": _rows(entries[:JOURNAL_LENGTH]),
        "kinds": [(known.key, known.label) for known in KINDS], "kind": kind,
        "title": _("Journal des modifications"),
        "is_organiser": is_organiser(request, tournament),
    })


@login_required
def table_history(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = at_desk(request, slug)
    game = game_of(tournament, number, table)
    entries = tournament.audit.filter(round_number=number, table=table)
    return render(request, "tournament/organiser/journal.html", {
        "tournament": tournament, "game": game, "rows": _rows(entries),
        "title": _("Historique de la table %(t)d, partie %(n)d") % {"t": table, "n": number},
        "is_organiser": is_organiser(request, tournament),
    })


@login_required
@require_POST
def restore(request: HttpRequest, slug: str, entry: int) -> HttpResponse:
    tournament = organised(request, slug)
    record = get_object_or_404(AuditEntry, tournament=tournament, pk=entry)
    try:
        services.audit_restore(entry=record, which=request.POST.get("which", "before"),
                               by=Actor.of_user(request.user))
    except UserError as error:
        messages.error(request, _("Rien n'a été rétabli : %(e)s") % {"e": error.message})
    else:
        messages.success(request, _("Valeur rétablie ; les scores sont recalculés."))
    back = request.POST.get("next", "")
    # A path of this site only: redirect() would take "-1" or "home" for a view's name to
    # reverse (a NoReverseMatch, a 500).
    if back.startswith("/") and url_has_allowed_host_and_scheme(back, {request.get_host()},
                                       require_https=request.is_secure()):
        return redirect(back)
    return redirect("tournament:journal", slug=slug)
