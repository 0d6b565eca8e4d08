"""Doublettes formées: teams of two register together and play every partie as a team."""

from django.utils.translation import gettext_lazy as _

from .base import EntrantWords, Format, register

DOUBLETTES = register(Format(
    key="doublettes",
    label=_("Doublettes formées"),
    entrant="team",
    words=EntrantWords(one=_("équipe"), many=_("équipes"), the_one=_("l'équipe")),
    default_draw="standings",
))
