"""The hall in a backup (version 7, issue 37): the concours' screens and its club's sponsors.

`screens`: each hall screen as the desk set it ({"number", "name", "rotation", "message"}).
`sponsors`: the club's logos when the backup was written ({"name", "order", "kind",
"logo"}, the logo in base64), so that the concours restored on another computer shows them
on its screens. A backup is a file from anywhere: each logo is checked and drawn again by
Pillow as an upload is (logos.py); restoring adds to the club only the logos whose name it
lacks (a concours restored over itself, or copied, finds its club's own), within the club's
limit (the others are left out, the restore goes on: a logo is no result).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from django.utils.translation import gettext as _

from ...logos import EXTENSIONS, JPEG, MAX_BYTES, MAX_SPONSORS, PNG, LogoRefused, logo_checked
from ...models import Club, HallScreen, Sponsor, Tournament
from ...screens import MAX_SCREENS, MESSAGE_LENGTH, rotation_of, rotation_text
from ..common import text_field
from .checks import choice, fail, listed, named, whole, within

SCREEN_FIELDS = ["number", "name", "rotation", "message"]
SPONSOR_FIELDS = ["name", "order", "kind", "logo"]
_LOGO_TEXT = (MAX_BYTES + 2) // 3 * 4  # a logo's bytes in base64, at most


def screen_rows(tournament: Tournament) -> list[dict[str, Any]]:
    return [{name: getattr(screen, name) for name in SCREEN_FIELDS}
            for screen in HallScreen.objects.filter(tournament=tournament).order_by("number")]


def sponsor_rows(tournament: Tournament) -> list[dict[str, Any]]:
    return [{"name": sponsor.name, "order": sponsor.order, "kind": sponsor.kind,
             "logo": base64.b64encode(bytes(sponsor.logo)).decode("ascii")}
            for sponsor in Sponsor.objects.filter(club_id=tournament.club_id)
            .order_by("order", "pk")]


def read_screens(value: object) -> list[dict[str, Any]]:
    rows = listed(value, _("Écrans"))
    if len(rows) > MAX_SCREENS:
        fail(_("Écrans"), _("%(n)d écrans au plus.") % {"n": MAX_SCREENS})
    screens, numbers = [], set()
    for index, row in enumerate(rows, start=1):
        where = _("Écran %(i)d") % {"i": index}
        fields = named(row, where, SCREEN_FIELDS)
        number = whole(HallScreen, "number", fields["number"], where, _("numéro"), minimum=1,
                       maximum=MAX_SCREENS * 50)
        if number in numbers:
            fail(where, _("le numéro %(n)d revient deux fois.") % {"n": number})
        numbers.add(number)
        rotation = rotation_text(rotation_of(fields["rotation"])) if isinstance(
            fields["rotation"], str) else ""
        if not rotation:
            fail(where, _("vues : des vues et leurs secondes sont attendues "
                          "(« tables:15,classement:20 »)."))
        message = fields["message"]
        if not isinstance(message, str) or len(message) > MESSAGE_LENGTH:
            fail(where, _("message : un texte de %(n)d caractères au plus est attendu.")
                 % {"n": MESSAGE_LENGTH})
        screens.append({"number": number, "rotation": rotation,
                        "name": text_field(HallScreen, "name", fields["name"],
                                           label=within(where, _("nom"))),
                        "message": text_field(HallScreen, "message", message,
                                              label=within(where, _("message")))})
    return screens


def read_sponsors(value: object) -> list[dict[str, Any]]:
    rows = listed(value, _("Partenaires"))
    if len(rows) > MAX_SPONSORS:
        fail(_("Partenaires"), _("%(n)d logos au plus.") % {"n": MAX_SPONSORS})
    sponsors = []
    for index, row in enumerate(rows, start=1):
        where = _("Partenaire %(i)d") % {"i": index}
        fields = named(row, where, SPONSOR_FIELDS)
        kind = choice(fields["kind"], (PNG, JPEG), where, _("type d'image"))
        text = fields["logo"]
        if not isinstance(text, str) or len(text) > _LOGO_TEXT:
            fail(where, _("logo : une image en base64 de 2 Mo au plus est attendue."))
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            fail(where, _("logo : une image en base64 est attendue."))
        try:  # drawn again, as an upload is: the file may have been crafted
            logo = logo_checked(raw, f"logo{EXTENSIONS[kind][0]}")
        except LogoRefused as refused:
            fail(where, refused.message)
        sponsors.append({"name": text_field(Sponsor, "name", fields["name"],
                                            label=within(where, _("nom"))),
                         "order": whole(Sponsor, "order", fields["order"], where, _("ordre"),
                                        minimum=1, maximum=99),
                         "logo": logo})
    return sponsors


def hall_write(tournament: Tournament, club: Club, screens: list[dict[str, Any]],
               sponsors: list[dict[str, Any]]) -> None:
    """The restored concours' screens; the club's logos it lacks (by name), within its limit.
    Inside the restore's transaction."""
    HallScreen.objects.bulk_create(HallScreen(tournament=tournament, **row) for row in screens)
    Club.objects.select_for_update().filter(pk=club.pk).first()
    kept = set(Sponsor.objects.filter(club=club).values_list("name", flat=True))
    room = MAX_SPONSORS - len(kept)
    for row in sponsors:
        if row["name"] in kept or room <= 0:
            continue
        logo = row["logo"]
        Sponsor.objects.create(club=club, name=row["name"], order=row["order"], logo=logo.data,
                               kind=logo.kind, width=logo.width, height=logo.height,
                               digest=Sponsor.digest_of(logo.data))
        kept.add(row["name"])
        room -= 1
