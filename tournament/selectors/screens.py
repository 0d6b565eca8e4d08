"""Reads of the hall's screens: the concours' screens, one of them. One query each."""

from __future__ import annotations

from ..models import HallScreen, Tournament

__all__ = ["hall_screen", "hall_screens"]


def hall_screens(tournament: Tournament) -> list[HallScreen]:
    return list(HallScreen.objects.filter(tournament=tournament).order_by("number"))


def hall_screen(tournament: Tournament, number: int) -> HallScreen | None:
    return HallScreen.objects.filter(tournament=tournament, number=number).first()
