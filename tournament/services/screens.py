"""Writes of the hall's screens: add one, set its rotation and message, delete it. A screen
shows what the concours already shows: its settings move no document's version, but each
change is journaled (kind "screen": who turned the bar's television to the standings, and
when), in the same transaction."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import UserError
from ..journal import SYSTEM, Actor, log
from ..journal.screen import screen_values
from ..models import HallScreen, PhasePlan, Tournament
from ..screens import (
    DEFAULT_ROTATION,
    MAX_SCREENS,
    MAX_SECONDS,
    MIN_SECONDS,
    PHASES_ROTATION,
    VIEWS,
    rotation_text,
)
from .common import text_field

__all__ = ["screen_add", "screen_delete", "screen_set"]


@transaction.atomic
def screen_add(*, tournament: Tournament, by: Actor = SYSTEM) -> HallScreen:
    """The concours' next screen (numbered after the last), showing the tables and the
    standings until the desk chooses (and a concours in phases its poules and tableaux)."""
    # The concours' row locked: two desks adding a screen at once get two numbers.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    numbers = list(HallScreen.objects.filter(tournament=tournament)
                   .values_list("number", flat=True))
    if len(numbers) >= MAX_SCREENS:
        raise UserError(_("%(n)d écrans au plus par concours.") % {"n": MAX_SCREENS})
    screen = HallScreen.objects.create(tournament=tournament,
                                       number=max(numbers, default=0) + 1,
                                       rotation=PHASES_ROTATION if PhasePlan.objects.filter(
                                           tournament=tournament).exists()
                                       else DEFAULT_ROTATION)
    log(tournament, by, "screen", "create", number=screen.number, after=_values(screen))
    return screen


def _values(screen: HallScreen) -> dict[str, str]:
    return screen_values(screen.name, screen.rotation, screen.message)


@transaction.atomic
def screen_set(*, screen: HallScreen, name: str, seconds: dict[str, int],
               message: str, by: Actor = SYSTEM) -> HallScreen:
    """The screen's name, its views' times (0: not shown) and its message; the screen
    follows at its next look (it asks every few seconds)."""
    for key, value in seconds.items():
        if key not in VIEWS:
            raise UserError(_("Vue inconnue : %(key)s.") % {"key": key[:40]})
        if type(value) is not int or not (value == 0 or MIN_SECONDS <= value <= MAX_SECONDS):
            raise UserError(_("%(view)s : de %(min)d à %(max)d secondes, ou 0 pour ne pas "
                              "la montrer.") % {"view": VIEWS[key].label, "min": MIN_SECONDS,
                                                "max": MAX_SECONDS}, f"seconds_{key}")
    rotation = rotation_text(seconds)
    if not rotation:
        raise UserError(_("Choisissez au moins une vue (un temps de plus de 0 seconde)."))
    screen = HallScreen.objects.select_for_update().get(pk=screen.pk)
    before = _values(screen)
    screen.name = text_field(HallScreen, "name", name)
    screen.message = text_field(HallScreen, "message", message)
    if "message" in seconds and seconds["message"] and not screen.message:
        raise UserError(_("La vue « message » a besoin d'un message."), "message")
    screen.rotation = rotation
    screen.save()
    if _values(screen) != before:  # saved anyway: the screen reloads, as asked
        log(screen.tournament, by, "screen", "update", number=screen.number, before=before,
            after=_values(screen))
    return screen


@transaction.atomic
def screen_delete(*, screen: HallScreen, by: Actor = SYSTEM) -> None:
    """The screen gone from the desk's list; its address is a 404 from then on (its page
    stops asking: it finds its settings gone), and a new screen takes the next number."""
    found = HallScreen.objects.select_for_update().filter(pk=screen.pk).first()
    if found is None:
        raise UserError(_("Cet écran a déjà été supprimé."))
    log(found.tournament, by, "screen", "delete", number=found.number, before=_values(found))
    found.delete()
