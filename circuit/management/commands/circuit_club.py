"""`manage.py circuit_club`: the server's administrator or comité manages member clubs.

    python manage.py circuit_club --add "Belote de Auch"   # the club, and a join code
    python manage.py circuit_club --code belote-de-auch    # a new one-time join code
    python manage.py circuit_club --revoke belote-de-auch  # its token no longer works

A join code is shown once (the server keeps its hash): give it to the club, whose laptop
exchanges it for its token (POST /circuit/api/join/). Refusals: a French message on
standard error, exit status 1.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from circuit import services
from circuit.models import MemberClub


class Command(BaseCommand):
    help = ("Ajoute un club au serveur de résultats, lui donne un code d'adhésion ou révoque "
            "son jeton.")

    def add_arguments(self, parser: CommandParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("--add", metavar="NOM", help="nouveau club (et son code)")
        group.add_argument("--code", metavar="ADRESSE", help="nouveau code d'adhésion")
        group.add_argument("--revoke", metavar="ADRESSE", help="révoque le jeton du club")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["add"] is not None:
                club = services.member_club_create(name=options["add"])
            else:
                slug = options["code"] or options["revoke"]
                found = MemberClub.objects.filter(slug=slug).first()
                if found is None:
                    raise services.Refused(f"Aucun club « {slug} » sur ce serveur.")
                club = found
            if options["revoke"] is not None:
                services.club_revoke(club=club)
                self.stdout.write(f"Jeton du club « {club.name} » révoqué.")
                return
            code = services.join_code_create(club=club)
        except services.Refused as refusal:
            self.stderr.write(refusal.message)
            raise SystemExit(1) from None
        self.stdout.write(f"Club « {club.name} » ({club.slug}) : code d'adhésion {code} "
                          f"(valable {services.JOIN_CODE_DAYS} jours, une fois).")
