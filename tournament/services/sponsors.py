"""Writes of the club's sponsors (issue 37): a logo added (already checked and redrawn by
logos.py), one deleted, and a concours' choice to print them at the foot of its standings
and palmarès. A sponsor is the club's, not a concours' result: no journal entry."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..errors import UserError
from ..logos import MAX_SPONSORS, Logo
from ..models import Club, Sponsor, Tournament
from .common import text_field

__all__ = ["sponsor_add", "sponsor_delete", "sponsor_place_set", "sponsors_in_pdfs_set"]


@transaction.atomic
def sponsor_add(*, club: Club, name: str, logo: Logo, order: int | None = None) -> Sponsor:
    """The club's new sponsor, at `order` (None: after the last)."""
    # The club's row locked: two desks adding a logo at once count each other's.
    Club.objects.select_for_update().filter(pk=club.pk).first()
    sponsors = Sponsor.objects.filter(club=club)
    if sponsors.count() >= MAX_SPONSORS:
        raise UserError(_("%(n)d partenaires au plus par club : supprimez-en un d'abord.")
                        % {"n": MAX_SPONSORS})
    name = text_field(Sponsor, "name", name).strip()
    if not name:
        raise UserError(_("Le partenaire a besoin d'un nom."), "name")
    if order is None:
        order = (sponsors.aggregate(last=Max("order"))["last"] or 0) + 1
    if not 1 <= order <= 99:
        raise UserError(_("La place va de 1 à 99."), "order")
    return Sponsor.objects.create(club=club, name=name, order=order, logo=logo.data,
                                  kind=logo.kind, width=logo.width, height=logo.height,
                                  digest=Sponsor.digest_of(logo.data))


@transaction.atomic
def sponsor_place_set(*, sponsor: Sponsor, order: int) -> Sponsor:
    """The logo's place among the club's (1 first; two at one place: the older first)."""
    if type(order) is not int or not 1 <= order <= 99:
        raise UserError(_("La place va de 1 à 99."), "order")
    if not Sponsor.objects.filter(pk=sponsor.pk).update(order=order):
        raise UserError(_("Ce partenaire a déjà été supprimé."))
    sponsor.order = order
    return sponsor


@transaction.atomic
def sponsor_delete(*, sponsor: Sponsor) -> None:
    deleted, _rows = Sponsor.objects.filter(pk=sponsor.pk).delete()
    if not deleted:
        raise UserError(_("Ce partenaire a déjà été supprimé."))


@transaction.atomic
def sponsors_in_pdfs_set(*, tournament: Tournament, shown: bool) -> None:
    """Whether the concours' standings and palmarès PDFs carry the club's logos at their
    foot (off by default: a club's sponsors are printed where it chooses)."""
    Tournament.objects.filter(pk=tournament.pk).update(sponsors_in_pdfs=shown)
    tournament.sponsors_in_pdfs = shown
