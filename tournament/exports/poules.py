"""The poules on paper (BRACKETS.md 7): each poule's teams, the grid of its results and its
ranking as it stands, many poules on one A4 page (a poule never cut across two)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone

from ..models import Tournament
from ..selectors.phases import phase_plan_of, poules_view
from . import weasy


def poules_html(tournament: Tournament) -> str:
    plan = phase_plan_of(tournament)
    view = poules_view(tournament, plan) if plan is not None else None
    return render_to_string("printing/poules.html", {
        "tournament": tournament, "view": view, "printed": timezone.localtime()})


def poules_pdf(tournament: Tournament) -> bytes:
    return weasy.html_to_pdf(poules_html(tournament))
