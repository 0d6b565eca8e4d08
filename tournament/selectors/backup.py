"""What a concours holds, as the page restoring a backup over it lists it (beside what the
backup holds: services.backup.backup_contents), and its last journal entry."""

from __future__ import annotations

import dataclasses
import datetime

from ..models import AuditEntry, DonneRecord, Tournament


@dataclasses.dataclass(frozen=True)
class Contents:
    """What a concours or a backup holds, as the confirmation page lists it."""

    name: str
    slug: str
    date: datetime.date
    teams: int
    players: int
    parties: int
    donnes: int
    entries: int


def tournament_contents(tournament: Tournament) -> Contents:
    return Contents(
        name=tournament.name, slug=tournament.slug, date=tournament.date,
        teams=tournament.teams.filter(round__isnull=True).count(),
        players=tournament.players.count(), parties=tournament.rounds.count(),
        donnes=DonneRecord.objects.filter(game__round__tournament=tournament).count(),
        entries=tournament.audit.count())


def last_entry(tournament: Tournament) -> int:
    """The concours' last journal entry (0: none): every change writes one, so a number
    that moved says the concours changed (since a confirmation page was shown)."""
    return (AuditEntry.objects.filter(tournament=tournament).order_by("-id")
            .values_list("id", flat=True).first()) or 0

