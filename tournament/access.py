"""Who may see and change what. Three roles:

- the tournament's organiser (its Django account): everything of that tournament;
- a table link (/table/<token>/): that one game, and entering its donnes until the round is
  closed — nothing else, the token is the whole credential;
- everyone else: the pairings, games, standings and screen view once the organiser has
  published the tournament; before that, the tournament does not exist for them (404).

Every object is looked up under its tournament, so a slug never reaches another's data.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import Game, Round, Tournament


def is_organiser(request: HttpRequest, tournament: Tournament) -> bool:
    return request.user.is_authenticated and request.user.pk == tournament.organiser_id


def readable(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, if this visitor may read it (published, or theirs)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.published and not is_organiser(request, tournament):
        raise Http404(_("Ce concours n'est pas publié."))
    return tournament


def require_organiser(request: HttpRequest, tournament: Tournament) -> None:
    if not is_organiser(request, tournament):
        raise PermissionDenied(_("Seul l'organisateur du concours peut faire cela."))


def organised(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, for a view that only its organiser may use."""
    tournament = readable(request, slug)
    require_organiser(request, tournament)
    return tournament


def readable_round(request: HttpRequest, slug: str, number: int) -> Round:
    tournament = readable(request, slug)
    return get_object_or_404(Round.objects.select_related("tournament"),
                             tournament=tournament, number=number)


def game_of(tournament: Tournament, number: int, table: int) -> Game:
    """Table `table` of round `number`, looked up under its tournament."""
    return get_object_or_404(
        Game.objects.select_related("round__tournament", "team_ns", "team_ew"),
        round__tournament=tournament, round__number=number, table=table,
    )


def readable_game(request: HttpRequest, slug: str, number: int, table: int) -> Game:
    return game_of(readable(request, slug), number, table)


def linked_game(token: str) -> Game:
    """The game a table link opens: a real table (a bye has nothing to enter)."""
    return get_object_or_404(
        Game.objects.select_related("round__tournament", "team_ns", "team_ew"),
        token=token, team_ew__isnull=False,
    )
