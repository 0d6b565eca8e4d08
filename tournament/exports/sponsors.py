"""The club's sponsors in the documents: their logos as `data:` URLs (a printed document
reads nothing else: fetcher.py), at the foot of the standings and the palmarès when the
concours asks for them (`Tournament.sponsors_in_pdfs`, off by default)."""

from __future__ import annotations

import base64
import dataclasses

from ..models import Sponsor, Tournament
from ..selectors.sponsors import sponsors_with_logos


@dataclasses.dataclass(frozen=True)
class ShownLogo:
    name: str
    uri: str  # data:image/png;base64,…
    kind: str  # png or jpeg (its file's extension in the site export)
    data: bytes


def shown_logo(sponsor: Sponsor) -> ShownLogo:
    data = bytes(sponsor.logo)
    uri = f"data:image/{sponsor.kind};base64,{base64.b64encode(data).decode('ascii')}"
    return ShownLogo(sponsor.name, uri, sponsor.kind, data)


def club_logos(club_id: int) -> list[ShownLogo]:
    return [shown_logo(sponsor) for sponsor in sponsors_with_logos(club_id)]


def pdf_logos(tournament: Tournament) -> list[ShownLogo]:
    """The logos at the foot of the concours' standings and palmarès: none unless asked."""
    return club_logos(tournament.club_id) if tournament.sponsors_in_pdfs else []
