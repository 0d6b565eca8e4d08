"""The partie's countdown: a length set by the organiser, an end time kept on the partie.

The server only records when the countdown ends; the projector and every table's phone count
down to it on their own clock (static/tournament/countdown.js, corrected by the server's time
sent with the page), so that no page has to ask the server each second. The countdown changes
no score: when it runs out, the organiser is offered « fin du temps » (services.rounds), which
is what stops the games.

Locks: the tournament's row, then the partie's, the order every service of a partie takes.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..bounds import MAX_CLOCK_MINUTES
from ..errors import UserError
from ..models import Round, Tournament
from .autobackups import on_clock_changed
from .common import whole_field


def _locked(round_: Round) -> Round:
    Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    return Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)


@transaction.atomic
def round_clock_start(*, round_: Round, minutes: int,
                      now: datetime.datetime | None = None) -> Round:
    """Start (or restart) the partie's countdown: it ends `minutes` from now. A closed partie
    (the next one is drawn) has no more time to count."""
    minutes = whole_field(Round, "clock_minutes", minutes, label=_("Durée de la partie"),
                          minimum=1, maximum=MAX_CLOCK_MINUTES)
    round_ = _locked(round_)
    if round_.closed:
        raise UserError(_("Cette partie est close : son chrono ne peut plus être lancé."))
    round_.clock_minutes = minutes
    round_.clock_ends = (now or timezone.now()) + datetime.timedelta(minutes=minutes)
    round_.save(update_fields=["clock_minutes", "clock_ends"])
    on_clock_changed(tournament_id=round_.tournament_id, number=round_.number)
    return round_


@transaction.atomic
def round_clock_stop(*, round_: Round) -> Round:
    """Take the countdown away (a wrong length, or no clock wanted after all)."""
    round_ = _locked(round_)
    if round_.clock_ends is None:
        raise UserError(_("Aucun chrono n'est lancé pour cette partie."))
    round_.clock_minutes = None
    round_.clock_ends = None
    round_.save(update_fields=["clock_minutes", "clock_ends"])
    on_clock_changed(tournament_id=round_.tournament_id, number=round_.number)
    return round_
