"""Reads about the rules as the parties played them."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import DonneRecord, Game, Tournament


def games_with_results(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games of `games` that have a result: a donne entered, the sheet's totals entered
    instead (`by_totals`: then no donne is stored), or a forfeit. The one test of "a partie
    has started": undoing its draw, swapping its teams or changing its rules without a
    confirmation would lose or move that result."""
    donnes = DonneRecord.objects.filter(game=OuterRef("pk"))
    return games.filter(Q(by_totals=True) | ~Q(forfeit="") | Exists(donnes))


def rules_change_default_partie(tournament: Tournament) -> int:
    """The partie the rules page offers to change the end of a game from: the last one drawn
    while none of its games has a result (`games_with_results`), else the next one to draw."""
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return 1
    if games_with_results(last.games.all()).exists():
        return last.number + 1
    return last.number


def limits_text(target: int | None, max_donnes: int | None) -> str:
    """The end of a game in words: "2000 points ou 12 donnes"."""
    words = []
    if target:
        words.append(_("%(n)d points") % {"n": target})
    if max_donnes:
        words.append(ngettext("%(n)d donne", "%(n)d donnes", max_donnes) % {"n": max_donnes})
    return _(" ou ").join(words)


def parties_limits(tournament: Tournament) -> list[tuple[str, str]]:
    """The end of a game of each drawn partie, parties alike grouped: [("parties 1 et 2",
    "2000 points ou 12 donnes"), ("partie 3", "8 donnes")]."""
    groups: list[tuple[list[int], str]] = []
    for round_ in tournament.rounds.order_by("number"):
        round_.tournament = tournament
        rules = round_.rules
        text = limits_text(rules.target, rules.max_donnes)
        if groups and groups[-1][1] == text:
            groups[-1][0].append(round_.number)
        else:
            groups.append(([round_.number], text))
    return [(_numbers(numbers), text) for numbers, text in groups]


def _numbers(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return _("partie %(n)d") % {"n": numbers[0]}
    if len(numbers) == 2:
        return _("parties %(a)d et %(b)d") % {"a": numbers[0], "b": numbers[1]}
    return _("parties %(a)d à %(b)d") % {"a": numbers[0], "b": numbers[-1]}


def has_donnes(tournament: Tournament) -> bool:
    """Whether any game has a result (donnes, paper totals or a forfeit): a change of the
    rules then recomputes games, and asks for a confirmation."""
    return games_with_results(Game.objects.filter(round__tournament=tournament)).exists()


__all__ = [
    "has_donnes",
    "limits_text",
    "parties_limits",
    "rules_change_default_partie",
]
