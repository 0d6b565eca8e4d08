"""python manage.py import_tournament FILE [--organiser NAME] [--replace]: restore a tournament
written by `export_tournament` (or downloaded from its dashboard), all or nothing."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament import backup
from tournament.services import UserError


class Command(BaseCommand):
    help = "Restaure un concours depuis sa sauvegarde JSON."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--organiser",
                            help="Compte qui organisera le concours (par défaut le premier "
                                 "administrateur).")
        parser.add_argument("--replace", action="store_true",
                            help="Remplace un concours de même adresse.")

    def handle(self, *args, file: str, organiser: str | None, replace: bool, **options):
        users = get_user_model().objects
        owner = (users.filter(username=organiser).first() if organiser
                 else users.filter(is_superuser=True).order_by("pk").first())
        if owner is None:
            raise CommandError("Compte organisateur introuvable : indiquez --organiser.")
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"Lecture impossible de {file} : {error}") from None
        try:
            tournament = backup.import_data(data, organiser=owner, replace=replace)
        except UserError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Concours « {tournament.name} » restauré ({tournament.slug}).")
