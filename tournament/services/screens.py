"""Writes of the hall's screens: add one, set its rotation and message. A screen shows what
the concours already shows; its settings are no result, so they are not journaled (nor do
they move the documents' version)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import UserError
from ..models import HallScreen, Tournament
from ..screens import (
    DEFAULT_ROTATION,
    MAX_SCREENS,
    MAX_SECONDS,
    MIN_SECONDS,
    VIEWS,
    rotation_text,
)
from .common import text_field

__all__ = ["screen_add", "screen_set"]


@transaction.atomic
def screen_add(*, tournament: Tournament) -> HallScreen:
    """The concours' next screen (numbered after the last), showing the tables and the
    standings until the desk chooses."""
    # The concours' row locked: two desks adding a screen at once get two numbers.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    numbers = list(HallScreen.objects.filter(tournament=tournament)
                   .values_list("number", flat=True))
    if len(numbers) >= MAX_SCREENS:
        raise UserError(_("%(n)d écrans au plus par concours.") % {"n": MAX_SCREENS})
    return HallScreen.objects.create(tournament=tournament, number=max(numbers, default=0) + 1,
                                     rotation=DEFAULT_ROTATION)


@transaction.atomic
def screen_set(*, screen: HallScreen, name: str, seconds: dict[str, int],
               message: str) -> HallScreen:
    """The screen's name, its views' times (0: not shown) and its message; the screen
    follows at its next look (it asks every few seconds)."""
    for key, value in seconds.items():
        if key not in VIEWS:
            raise UserError(_("Vue inconnue : %(key)s.") % {"key": key[:40]})
        if type(value) is not int or not (value == 0 or MIN_SECONDS <= value <= MAX_SECONDS):
            raise UserError(_("%(view)s : de %(min)d à %(max)d secondes, ou 0 pour ne pas "
                              "la montrer.") % {"view": VIEWS[key], "min": MIN_SECONDS,
                                                "max": MAX_SECONDS}, f"seconds_{key}")
    rotation = rotation_text(seconds)
    if not rotation:
        raise UserError(_("Choisissez au moins une vue (un temps de plus de 0 seconde)."))
    screen = HallScreen.objects.select_for_update().get(pk=screen.pk)
    screen.name = text_field(HallScreen, "name", name)
    screen.message = text_field(HallScreen, "message", message)
    if "message" in seconds and seconds["message"] and not screen.message:
        raise UserError(_("La vue « message » a besoin d'un message."), "message")
    screen.rotation = rotation
    screen.save()
    return screen
