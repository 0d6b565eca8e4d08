"""The visitor's role in a concours' club, for the pages' links (access.py decides; every
page checks again): `{% if tournament|run_by:request.user %}`."""

from __future__ import annotations

from django import template

from ..access import DESK_ROLES, RUNNING_ROLES, club_roles
from ..models import Club, Tournament

register = template.Library()


@register.filter
def run_by(tournament: Tournament, user) -> bool:
    """Whether `user` runs the concours (responsable or organisateur of its club)."""
    return club_roles(user).get(tournament.club_id) in RUNNING_ROLES


@register.filter
def desk_of(tournament: Tournament, user) -> bool:
    """Whether `user` sits at the concours' desk (any member of its club)."""
    return club_roles(user).get(tournament.club_id) in DESK_ROLES


@register.filter
def club_role_of(club: Club, user) -> str | None:
    """`user`'s role in `club` (choices.ROLE_*), None for anyone who is not a member."""
    return club_roles(user).get(club.pk)
