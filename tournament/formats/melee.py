"""Mêlée: players register alone; the teams are drawn at each partie and players ranked."""

from django.utils.translation import gettext_lazy as _

from .base import EntrantWords, Format, register

MELEE = register(Format(
    key="melee",
    label=_("Mêlée"),
    entrant="player",
    words=EntrantWords(one=_("joueur"), many=_("joueurs"), the_one=_("le joueur")),
    default_draw="melee",
))
