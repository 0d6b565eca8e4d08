"""`{% standings_scope tournament as scope %}`: which parties the standings include.

The standings page's view renders what `exports.documents.standings` builds, shared with
the PDF and the workbook; until that builder carries the scope, the page asks for it here
(one query)."""

from __future__ import annotations

from django import template

from ..models import Tournament
from ..selectors import StandingsScope, standings_scope

register = template.Library()


@register.simple_tag(name="standings_scope")
def standings_scope_tag(tournament: Tournament) -> StandingsScope:
    return standings_scope(tournament)
