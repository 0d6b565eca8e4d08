"""Reads of the club's sponsors: the list (without the logos' bytes, for the pages), one
logo under a concours (the screens' public address), the logos with their bytes (the
PDFs, the site export, the backups). One query each."""

from __future__ import annotations

import hashlib

from ..models import Club, Sponsor

__all__ = ["club_sponsors", "sponsor_logo", "sponsors_state", "sponsors_with_logos"]


def club_sponsors(club_id: int) -> list[Sponsor]:
    return list(Sponsor.objects.filter(club_id=club_id).defer("logo").order_by("order", "pk"))


def sponsors_with_logos(club_id: int) -> list[Sponsor]:
    return list(Sponsor.objects.filter(club_id=club_id).order_by("order", "pk"))


def sponsor_logo(club_id: int, sponsor_id: int) -> Sponsor | None:
    """A sponsor of the club, with its logo (another club's is not found from here)."""
    return Sponsor.objects.filter(club_id=club_id, pk=sponsor_id).first()


def sponsors_state(club: Club | int) -> str:
    """The club's logos as they stand (which, in which order): a document showing them is
    kept by it (exports.cache)."""
    club_id = club if isinstance(club, int) else club.pk
    rows = Sponsor.objects.filter(club_id=club_id).order_by("order", "pk").values_list(
        "pk", "name", "digest")
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()[:16]
