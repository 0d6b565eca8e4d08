"""`{% game_phase game as words %}`: where a partie of a concours in phases stands (« Quart
de finale — tableau principal », « Poule B », « donne décisive »), for its score sheet on the
desk and on the phones (no query for a partie of no phase); `{% formule_words tournament as
words %}`: its formule in plain words, for the règlement."""

from __future__ import annotations

from django import template

from ..models import Game, Tournament
from ..selectors.phases import (
    formule_summary,
    game_phase_words,
    phase_plan_formule,
    phase_plan_of,
)

register = template.Library()


@register.simple_tag(name="game_phase")
def game_phase(game: Game) -> str:
    return game_phase_words(game)


@register.simple_tag(name="formule_words")
def formule_words_tag(tournament: Tournament) -> str:
    """The concours' formule en phases in plain words (« 16 équipes : 4 poules de 4, puis
    … »), or "" for a concours of drawn parties or one the draw would refuse yet: for the
    règlement (one query; two or three for a concours in phases)."""
    plan = phase_plan_of(tournament)
    if plan is None:
        return ""
    return formule_summary(tournament, phase_plan_formule(plan, tournament)).words
