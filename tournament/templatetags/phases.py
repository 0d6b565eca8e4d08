"""`{% game_phase game as words %}`: where a partie of a concours in phases stands (« Quarts
de finale — tableau principal », « Poule B », « donne décisive »), for its score sheet on the
desk and on the phones. No query for a partie of no phase."""

from __future__ import annotations

from django import template

from ..models import Game
from ..selectors.phases import game_phase_words

register = template.Library()


@register.simple_tag(name="game_phase")
def game_phase(game: Game) -> str:
    return game_phase_words(game)
