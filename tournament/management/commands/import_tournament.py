"""python manage.py import_tournament FILE [--organiser NAME] [--replace | --copy SLUG NAME]
[--choose NUMBER=ID …]: restore a tournament written by `export_tournament` (or downloaded from
its dashboard), all or nothing; with --copy, as a new concours with new table links
(backup.backup_restore).

Its players are linked to the register of the club the concours goes to (a version 5 file's
register uid, else the licence, then the name): exact matches linked, new people registered.
A player whom several register players may be (an ambiguous name) is registered as a new
player unless `--choose NUMBER=ID` names the register player (ID, as the command lists them;
`NUMBER=nouveau`: a new one); the command prints each ambiguous player, its candidates and
what it did, so that a wrong guess is fixed by merging the two in the register.

The file is read with a size cap and every refusal (too big, not JSON, nested too deep, a
fault that `backup.import_data` names) is a `CommandError` in French, never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.errors import UserError
from tournament.models import Tournament
from tournament.services import backup
from tournament.services.backup import MAX_BYTES

NEW = ("nouveau", "new")


def chosen(values: list[str]) -> dict[int, int | None]:
    """The --choose values (NUMBER=ID, NUMBER=nouveau) by player number."""
    choices: dict[int, int | None] = {}
    for value in values:
        number, _sep, entry = value.partition("=")
        if not (number.isdigit() and len(number) < 10
                and (entry in NEW or (entry.isdigit() and len(entry) < 19))):
            raise CommandError(f"--choose {value} : NUMÉRO=ID ou NUMÉRO=nouveau est attendu "
                               f"(le numéro du joueur dans le fichier, l'identifiant du "
                               f"joueur du registre).")
        choices[int(number)] = None if entry in NEW else int(entry)
    return choices


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
        parser.add_argument("--choose", action="append", default=[],
                            metavar="NUMÉRO=ID",
                            help="Relie le joueur NUMÉRO du fichier au joueur ID du registre "
                                 "du club (NUMÉRO=nouveau : un nouveau joueur) quand son nom "
                                 "en désigne plusieurs ; sans choix, un nouveau joueur.")

    def handle(self, *args, file: str, organiser: str | None, replace: bool,
               copy: list[str] | None = None, choose: list[str] | None = None, **options):
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
        by_number = chosen(choose or [])
        try:
            replaced = None
            if replace and not copy and isinstance(data, dict):
                slug = (data.get("tournament") or {}).get("slug")
                replaced = (Tournament.objects.filter(slug=slug, organiser=owner).first()
                            if isinstance(slug, str) else None)
            review = backup.backup_review(data, club=backup.restoring_club(owner, replaced))
            choices = self.choices(review, by_number)
            if copy:
                tournament = backup.backup_restore(organiser=owner, data=data, mode="copy",
                                                   slug=copy[0], name=copy[1],
                                                   choices=choices)
            else:
                tournament = backup.import_data(data, organiser=owner, replace=replace,
                                                choices=choices)
        except UserError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Concours « {tournament.name} » restauré ({tournament.slug}).")
        linked = tournament.players.filter(registered__isnull=False).count()
        self.stdout.write(f"{linked} joueur(s) relié(s) au registre du club "
                          f"« {tournament.club.name} ».")

    def choices(self, review: backup.Review, by_number: dict[int, int | None]
                ) -> dict[int, int | None]:
        """The choice of each ambiguous player (by its index in the file), as --choose
        says, else a new player; each one printed with its candidates."""
        index_of = {number: index for index, number in enumerate(review.numbers)}
        unknown = sorted(set(by_number) - set(index_of))
        if unknown:
            raise CommandError(f"--choose : pas de joueur n° {unknown[0]} dans le fichier.")
        ambiguous = {ambiguity.index: ambiguity for ambiguity in review.ambiguities}
        choices: dict[int, int | None] = {}
        for number, entry in by_number.items():
            ambiguity = ambiguous.get(index_of[number])
            if ambiguity is None:
                raise CommandError(f"--choose : le joueur n° {number} n'a pas à être choisi "
                                   f"(il est retrouvé dans le registre, ou nouveau).")
            if entry is not None and entry not in {c.pk for c in ambiguity.candidates}:
                raise CommandError(f"--choose : le joueur {entry} du registre n'est pas un "
                                   f"de ceux que le joueur n° {number} peut être.")
            choices[ambiguity.index] = entry
        for ambiguity in review.ambiguities:
            number = review.numbers[ambiguity.index]
            candidates = " ; ".join(f"{entry.pk} = {entry.full_name}"
                                    + (f" ({entry.home_club})" if entry.home_club else "")
                                    + (f", licence {entry.licence}" if entry.licence else "")
                                    for entry in ambiguity.candidates)
            choice = choices.setdefault(ambiguity.index, None)
            done = ("nouveau joueur du registre" if choice is None
                    else f"relié au joueur {choice} du registre")
            self.stdout.write(f"Joueur n° {number} « {ambiguity.incoming.full_name} » : "
                              f"plusieurs joueurs du registre possibles ({candidates}) ; "
                              f"{done} (--choose {number}=ID pour un autre choix).")
        return choices
