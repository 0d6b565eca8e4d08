"""The club: its creation, and the club a concours goes to when none is named.

Members, roles, the register of players and its matches grow here (issue 22)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

from ..choices import ROLE_ORGANISATEUR, ROLE_RESPONSABLE
from ..models import Club, Membership
from .common import text_field

__all__ = ["club_create", "club_of_organiser"]

# Roles that create and run concours.
ORGANISING_ROLES = (ROLE_RESPONSABLE, ROLE_ORGANISATEUR)


def _free_slug(name: str) -> str:
    base = (slugify(name) or "club")[:50]
    slug, number = base, 1
    while Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def club_create(*, name: str, responsable: User) -> Club:
    """A new club, `responsable` its first member (role responsable)."""
    name = text_field(Club, "name", name)
    club = Club.objects.create(name=name, slug=_free_slug(name))
    Membership.objects.create(club=club, user=responsable, role=ROLE_RESPONSABLE)
    return club


def club_of_organiser(user: User) -> Club:
    """The club a concours created by `user` goes to when none is named: the first club in
    which `user` organises (responsable or organisateur); a club of their own, of which they
    are the responsable, when they organise in none (an account made before clubs, a test)."""
    membership = (Membership.objects.filter(user=user, role__in=ORGANISING_ROLES)
                  .select_related("club").order_by("pk").first())
    if membership is not None:
        return membership.club
    return club_create(name=f"Club de {user.get_username()}", responsable=user)
