"""Reads of the club: its members, the concours its members see, and who last changed what
at the desk (the journal's last entry)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet
from django.utils import timezone

from ..choices import ROLE_CHOICES
from ..models import AuditEntry, Club, MemberInvite, Membership, Tournament

__all__ = ["ClubConcours", "club_invitations", "club_members", "home_concours", "last_change",
           "my_invitations"]


def last_change(tournament: Tournament, *, round_number: int | None = None,
                table: int | None = None, kinds: tuple[str, ...] = ()) -> AuditEntry | None:
    """The concours' last journal entry (of partie `round_number`, of its table `table`,
    of the entry kinds `kinds`, when given): « Dernière modification : <qui>, à <heure> » on
    the pages where several members of the desk work at once. One query."""
    entries = AuditEntry.objects.filter(tournament=tournament)
    if kinds:
        entries = entries.filter(kind__in=kinds)
    if round_number is not None:
        entries = entries.filter(round_number=round_number)
    if table is not None:
        entries = entries.filter(table=table)
    return entries.only("at", "actor").order_by("-at", "-id").first()


@dataclass(frozen=True)
class ClubConcours:
    """A club of the account and the concours its members see."""

    club: Club
    role: str
    tournaments: list[Tournament]

    @property
    def role_label(self) -> str:
        return str(dict(ROLE_CHOICES).get(self.role, self.role))


HOME_LIMIT = 100  # the latest concours of each club, and of the published ones


def home_concours(user: AbstractBaseUser | AnonymousUser
                  ) -> tuple[list[ClubConcours], list[Tournament]]:
    """The home page: the concours of every club the account belongs to, grouped by club
    (by name), then the other published concours. Three queries."""
    groups: list[ClubConcours] = []
    if user.is_authenticated:
        memberships = list(Membership.objects.filter(user_id=user.pk).select_related("club")
                           .order_by("club__name", "club_id"))
        ids = [m.club_id for m in memberships]
        by_club: dict[int, list[Tournament]] = {club: [] for club in ids}
        for tournament in Tournament.objects.filter(club_id__in=ids).order_by(
                "-date", "name"):
            if len(by_club[tournament.club_id]) < HOME_LIMIT:
                by_club[tournament.club_id].append(tournament)
        groups = [ClubConcours(m.club, m.role, by_club[m.club_id]) for m in memberships]
        others = Tournament.objects.filter(published=True).exclude(club_id__in=ids)
    else:
        others = Tournament.objects.filter(published=True)
    return groups, list(others.order_by("-date", "name")[:HOME_LIMIT])


def club_members(club: Club) -> list[Membership]:
    """The club's members with their accounts, by name. One query."""
    return list(Membership.objects.filter(club=club).select_related("user")
                .order_by("user__username"))




def _pending() -> QuerySet[MemberInvite]:
    # A link made before invitations were pending has no role: its membership exists.
    return (MemberInvite.objects.filter(used__isnull=True, expires__gt=timezone.now())
            .exclude(role=""))


def club_invitations(club: Club) -> list[MemberInvite]:
    """The club's invitations not yet accepted (nor expired), by name: a new account and
    an account that already existed alike (the page tells no one which user names exist).
    One query."""
    return list(_pending().filter(club=club).select_related("user")
                .order_by("user__username", "pk"))


def my_invitations(user: AbstractBaseUser | AnonymousUser) -> list[MemberInvite]:
    """The invitations the signed-in account may accept from its home page: those of an
    account that already existed (a new account accepts through its link). One query."""
    if not user.is_authenticated:
        return []
    return list(_pending().filter(user_id=user.pk, joins=True).select_related("club")
                .order_by("club__name", "pk"))
