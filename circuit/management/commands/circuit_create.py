"""`manage.py circuit_create`: the comité creates a circuit and names its clubs.

    python manage.py circuit_create --name "Circuit du Gers" --start 2026-09-01
        --end 2027-06-30 --points-table "100,90,80" [--beyond zero|last]
        [--participation B] [--best M] [--min-ranked R] [--tie-breaks best,played]
        [--qualify none|top:12|steps:0=4,9=6|ratio:10] [--clubs adresse,adresse]

Refusals (a rule that cannot be applied, one that divides by zero, an unknown club): a
French message on standard error, exit status 1, nothing created.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from circuit import services
from circuit.models import MemberClub
from circuit.rules import RuleError, parse_qualify
from tournament.season import parse_points_table
from tournament.season.standings import TableError


class Command(BaseCommand):
    help = "Crée un circuit entre clubs (règle de points, qualification pour la finale)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", required=True)
        parser.add_argument("--start", required=True, help="AAAA-MM-JJ")
        parser.add_argument("--end", required=True, help="AAAA-MM-JJ")
        parser.add_argument("--points-table", default="", help="points par place")
        parser.add_argument("--kind", default="table", help="table, formula ou sum")
        parser.add_argument("--beyond", default="zero", help="zero ou last")
        parser.add_argument("--participation", type=int, default=0)
        parser.add_argument("--best", type=int, default=None)
        parser.add_argument("--min-ranked", type=int, default=0)
        parser.add_argument("--tie-breaks", default="best,played")
        parser.add_argument("--qualify", default="none")
        parser.add_argument("--clubs", default="", help="adresses des clubs, séparées par "
                                                        "des virgules")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with transaction.atomic():
                circuit = self._create(options)
        except (services.Refused, RuleError, TableError, ValueError) as refusal:
            self.stderr.write(refusal.message if isinstance(refusal, services.Refused)
                              else str(refusal))
            raise SystemExit(1) from None
        self.stdout.write(f"Circuit « {circuit.name} » : /circuit/circuits/{circuit.slug}/")

    def _create(self, options: dict[str, Any]) -> Any:
        try:
            start = datetime.date.fromisoformat(options["start"])
            end = datetime.date.fromisoformat(options["end"])
        except ValueError:
            raise services.Refused("Dates : AAAA-MM-JJ attendu (--start, --end).") from None
        table = (list(parse_points_table(options["points_table"]))
                 if options["points_table"] else [])
        circuit = services.circuit_create(
            name=options["name"], start=start, end=end, kind=options["kind"],
            points_table=table, beyond=options["beyond"],
            participation=options["participation"], best=options["best"],
            min_ranked=options["min_ranked"],
            tie_breaks=[key for key in options["tie_breaks"].split(",") if key],
            qualify=parse_qualify(options["qualify"]))
        for slug in filter(None, options["clubs"].split(",")):
            club = MemberClub.objects.filter(slug=slug.strip()).first()
            if club is None:
                raise services.Refused(f"Aucun club « {slug.strip()} » sur ce serveur : "
                                       "aucun circuit créé.")
            services.circuit_club_add(circuit=circuit, club=club)
        return circuit
