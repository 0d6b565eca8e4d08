"""The hall's screens: the desk's list (add a screen, set each one's views and message) and
the screens themselves (`/t/<slug>/ecrans/<n>/`, public as the projector is), each asking
every few seconds whether its settings moved (`…/etat/`), to follow the desk's change."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk, is_organiser, readable
from ..errors import UserError
from ..exports import documents, qr
from ..forms.screens import ScreenForm
from ..models import HallScreen, Sponsor, Tournament
from ..screens import SPONSORS_PER_PAGE, VIEWS, rotation_of
from ..selectors.phase_screen import phase_screen
from .common import _by, _form_error, table_link_base

STATE_POLL = 5  # seconds between a screen's looks at its settings


def _screen(tournament: Tournament, number: int) -> HallScreen:
    found = selectors.hall_screen(tournament, number)
    if found is None:
        raise Http404
    return found


@login_required
def screens(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    listed = [(screen, [(VIEWS[key].word, seconds)
                        for key, seconds in rotation_of(screen.rotation).items()])
              for screen in selectors.hall_screens(tournament)]
    return render(request, "tournament/organiser/screens.html", {
        "tournament": tournament, "screens": listed,
        "sponsor_count": len(selectors.club_sponsors(tournament.club_id)),
        "may_run": is_organiser(request, tournament), "link_base": table_link_base(request)})


@login_required
@require_POST
def screen_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = at_desk(request, slug)
    try:
        screen = services.screen_add(tournament=tournament, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:screens", slug)
    return redirect("tournament:screen_settings", slug, screen.number)


@login_required
def screen_settings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = at_desk(request, slug)
    screen = _screen(tournament, number)
    form = ScreenForm(request.POST or None, screen=screen)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.screen_set(screen=screen, name=form.cleaned_data["name"],
                                    seconds=form.seconds(),
                                    message=form.cleaned_data["message"],
                                    by=_by(request))
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Écran %(n)d : réglages enregistrés, il les suit "
                                            "dans quelques secondes.") % {"n": number})
                return redirect("tournament:screens", slug)
        status = 422
    return render(request, "tournament/organiser/screen_settings.html", {
        "tournament": tournament, "hall_screen": screen, "form": form,
        # The whole address, typed on the screen's computer: the path alone opened nothing.
        "link_base": table_link_base(request)}, status=status)


@login_required
@require_POST
def screen_delete(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = at_desk(request, slug)
    screen = _screen(tournament, number)
    try:
        services.screen_delete(screen=screen, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Écran %(n)d supprimé.") % {"n": number})
    return redirect("tournament:screens", slug)


def hall_screen(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A screen of the hall: the projector's page showing its own views, each its time."""
    tournament = readable(request, slug)
    screen = _screen(tournament, number)
    finder = documents.finder_link(tournament, table_link_base(request))
    rotation = rotation_of(screen.rotation)
    return render(request, "tournament/public/screen.html", {
        "tournament": tournament, "screen": documents.screen(tournament),
        "finder": finder, "finder_qr": qr.data_uri(finder) if finder else "", "hall_screen": screen,
        "rotation": ",".join(f"{key}:{seconds}" for key, seconds in rotation.items()),
        "state_poll": STATE_POLL, "sponsor_pages": _sponsor_pages(tournament, rotation),
        "phases": phase_screen(tournament),
    })


def _sponsor_pages(tournament: Tournament,
                   rotation: dict[str, int]) -> list[list[Sponsor]] | None:
    """The club's logos a few a page, when the screen shows them (None, and no query,
    otherwise)."""
    if "partenaires" not in rotation:
        return None
    sponsors = selectors.club_sponsors(tournament.club_id)
    return [sponsors[start:start + SPONSORS_PER_PAGE]
            for start in range(0, len(sponsors), SPONSORS_PER_PAGE)]


def hall_screen_state(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """When the screen's settings last changed: the screen reloads when it moves."""
    screen = _screen(readable(request, slug), number)
    return JsonResponse({"changed": screen.changed.isoformat()})
