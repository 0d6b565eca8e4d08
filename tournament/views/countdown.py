"""The partie's countdown: started and stopped from the partie's page (one URL each)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import readable_round, require_organiser
from ..bounds import MAX_CLOCK_MINUTES
from ..errors import UserError
from ..forms import ClockForm
from ..services.countdown import round_clock_start, round_clock_stop


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    form = ClockForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Chrono non lancé : une durée de 1 à %(max)d minutes est "
                                  "attendue.") % {"max": MAX_CLOCK_MINUTES})
    else:
        try:
            round_clock_start(round_=round_, minutes=form.cleaned_data["minutes"])
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Chrono lancé : %(m)d minutes, affiché sur l'écran de "
                                        "salle et les téléphones des tables.")
                             % {"m": form.cleaned_data["minutes"]})
    return redirect("tournament:round", slug=slug, number=number)


@login_required
@require_POST
def round_clock_cancel(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    try:
        round_clock_stop(round_=round_)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Chrono arrêté."))
    return redirect("tournament:round", slug=slug, number=number)
