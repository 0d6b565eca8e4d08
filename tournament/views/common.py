"""What every view module shares: who makes a change, a service's refusal in a form, and
an entrant's season line."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from .. import selectors
from ..access import season_visible
from ..errors import UserError
from ..journal import Actor
from ..models import Tournament


def _by(request: HttpRequest) -> Actor:
    return Actor.of_user(request.user)


def _form_error(form, error: UserError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def table_link_base(request: HttpRequest) -> str:
    """Where table links start: DJANGO_PUBLIC_URL (the address phones reach), else this one."""
    return settings.PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")


def season_line(request: HttpRequest, tournament: Tournament,
                players: list[int | None]) -> selectors.ConcoursSeason | None:
    """The season line of an entrant's page: its register players (`players`) in the season
    of `tournament`, when it is in one the visitor may read (published, or a member)."""
    season = tournament.season if tournament.season_id is not None else None
    if season is None or not season_visible(request, season):
        return None
    return selectors.concours_season(season, players)
