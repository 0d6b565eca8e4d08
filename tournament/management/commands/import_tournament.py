"""python manage.py import_tournament FILE [--organiser NAME] [--replace | --copy SLUG NAME]:
restore a tournament written by `export_tournament` (or downloaded from its dashboard), all or
nothing; with --copy, as a new concours with new table links (backup.backup_restore).

The file is read with a size cap and every refusal (too big, not JSON, nested too deep, a
fault that `backup.import_data` names) is a `CommandError` in French, never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.errors import UserError
from tournament.services import backup
from tournament.services.backup import MAX_BYTES


def read_document(file: str) -> object:
    """The JSON document in `file`, or a CommandError saying why it cannot be read."""
    try:
        with Path(file).open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise CommandError(f"Lecture impossible de {file} : {error.strerror}.") from None
    if len(raw) > MAX_BYTES:
        raise CommandError(f"{file} : fichier trop gros pour une sauvegarde de concours "
                           f"({MAX_BYTES // (1024 * 1024)} Mo au plus).")
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CommandError(f"{file} : ce fichier n'est pas du texte UTF-8.") from None
    except RecursionError:
        raise CommandError(f"{file} : données imbriquées trop profondément.") from None
    except ValueError as error:  # json.JSONDecodeError, or an integer of 4,300+ digits
        raise CommandError(f"{file} : ce n'est pas du JSON valide ({error}).") from None


class Command(BaseCommand):
    help = "Restaure un concours depuis sa sauvegarde JSON."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--organiser",
                            help="Compte qui organisera le concours (par défaut le premier "
                                 "compte d'équipe, sinon le premier administrateur).")
        parser.add_argument("--replace", action="store_true",
                            help="Remplace un concours de même adresse du même organisateur.")
        parser.add_argument("--copy", nargs=2, metavar=("ADRESSE", "NOM"),
                            help="En fait un nouveau concours à cette adresse et de ce nom, "
                                 "avec de nouveaux liens de table (l'original peut exister).")

    def handle(self, *args, file: str, organiser: str | None, replace: bool,
               copy: list[str] | None = None, **options):
        users = get_user_model().objects
        if organiser:
            owner = users.filter(username=organiser).first()
        else:  # the organiser's account that first_run creates is staff, not superuser
            owner = (users.filter(is_staff=True, is_active=True).order_by("pk").first()
                     or users.filter(is_superuser=True, is_active=True).order_by("pk").first())
        if owner is None:
            raise CommandError("Compte organisateur introuvable : indiquez --organiser.")
        data = read_document(file)
        if copy and replace:
            raise CommandError("--copy et --replace ne vont pas ensemble.")
        try:
            if copy:
                tournament = backup.backup_restore(organiser=owner, data=data, mode="copy",
                                                   slug=copy[0], name=copy[1])
            else:
                tournament = backup.import_data(data, organiser=owner, replace=replace)
        except UserError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Concours « {tournament.name} » restauré ({tournament.slug}).")
