"""Incoming entrants (a file of teams or players, a backup's players) matched to a club's
register (register_match.py, pure): the register read in one query, the candidates of the
ambiguous ones in one more, for the page where the person chooses."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db.models import Count

from ..choices import ROLE_ORGANISATEUR, ROLE_RESPONSABLE
from ..models import Club, ClubPlayer, Membership
from ..register_match import AMBIGUOUS, Incoming, Known, Match, matches


def club_register(club: Club | None) -> list[Known]:
    """The register of `club` as the matcher sees it (none: an empty register). One query."""
    if club is None:
        return []
    rows = (ClubPlayer.objects.filter(club=club)
            .values_list("pk", "name", "first_name", "licence", "home_club", "uid"))
    return [Known(id=pk, name=name, first_name=first_name, licence=licence,
                  home_club=home_club, uid=str(uid))
            for pk, name, first_name, licence, home_club, uid in rows]


def register_matches(club: Club | None, incoming: Sequence[Incoming]) -> list[Match]:
    """The match of each of `incoming` in `club`'s register, in order."""
    return matches(club_register(club), incoming)


@dataclasses.dataclass(frozen=True)
class Ambiguity:
    """An entrant whose register entry the person chooses: `index` in the incoming list, what
    came in, and the candidates (register entries), or a new entry."""

    index: int
    incoming: Incoming
    candidates: list[ClubPlayer]

    @property
    def field(self) -> str:
        """The name of its choice in a form (forms.matching.ChoicesForm)."""
        return f"choice-{self.index}"


def register_ambiguities(club: Club | None, incoming: Sequence[Incoming],
                         found: Sequence[Match] | None = None) -> list[Ambiguity]:
    """The ambiguous ones of `incoming` (their matches `found`, else matched here), each with
    its candidates read in one query."""
    if found is None:
        found = register_matches(club, incoming)
    wanted = {pk for match in found if match.kind == AMBIGUOUS for pk in match.candidates}
    if not wanted:
        return []
    # Each with its count of concours: what tells two identical namesakes apart.
    entries = ClubPlayer.objects.annotate(
        concours=Count("entries__tournament", distinct=True)).in_bulk(wanted)
    return [Ambiguity(index, incoming[index], [entries[pk] for pk in match.candidates])
            for index, match in enumerate(found) if match.kind == AMBIGUOUS]


def organising_club(user: User) -> Club | None:
    """The first club where `user` organises (responsable or organisateur), as
    services.club_of_organiser finds it; None when there is none (it would make one)."""
    membership = (Membership.objects.filter(
        user=user, role__in=(ROLE_RESPONSABLE, ROLE_ORGANISATEUR))
        .select_related("club").order_by("pk").first())
    return membership.club if membership is not None else None


__all__ = ["Ambiguity", "club_register", "organising_club", "register_ambiguities",
           "register_matches"]
