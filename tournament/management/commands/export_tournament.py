"""python manage.py export_tournament <slug> [-o FILE]: one JSON file holding the whole
tournament (teams, parties, donnes, journal); `import_tournament` restores it."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournament.exports.files import write_atomic
from tournament.models import Tournament
from tournament.services import backup


class Command(BaseCommand):
    help = "Écrit la sauvegarde JSON d'un concours."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output",
                            help="Fichier à écrire (par défaut <slug>-<date>.json ; - : la "
                                 "sortie standard).")

    def handle(self, *args, slug: str, output: str | None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Aucun concours « {slug} ».")
        text = backup.export_json(tournament)
        if output == "-":
            self.stdout.write(text)
            return
        path = Path(output or f"{slug}-{timezone.localdate():%Y-%m-%d}.json")
        try:
            # Beside it then renamed: a failed write leaves the previous backup whole.
            write_atomic(path, text)
        except OSError as error:
            raise CommandError(f"Écriture impossible de {path} : {error.strerror}.") from None
        self.stderr.write(f"Sauvegarde écrite : {path}")
