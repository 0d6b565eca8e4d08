"""A whole tournament as one JSON document, and back (the backup).

- export.py writes the latest version (its field lists are that version's shape);
- upgrade.py brings a file of an older version to the latest, one pure step a version;
- read.py checks a file whole (the latest version only, an older one upgraded first);
- write.py writes what passed, in one transaction (import, restore, copy);
- selectors/backup.py: what a concours holds, beside what a backup holds, on the page that
  restores one (reexported here for the views).

Version 5 (issue 22) gives each player its club's register identity; restoring links the
players to the register of the club the concours goes to (write.py). Version 6 (issue 25)
carries the money at the desk (the fee, the payments, the cash prize pool, the lots' values)
and the pointage (who arrived). Version 7 (issue 37) the hall (hall.py); version 8 (issue
35) a concours in phases: its formule, poules and tableaux (phases.py); version 9 each
partie's chrono. What a backup deliberately leaves out of the models it covers, and why:
carried.py (a test holds every column to it).
"""

from ...selectors.backup import Contents, last_entry, tournament_contents
from .export import FORMAT_FIELDS, export_data, export_json
from .read import (
    MAX_BYTES,
    Review,
    backup_contents,
    backup_review,
    parse_document,
    read,
    restoring_club,
)
from .upgrade import FORMAT, READABLE, VERSION, upgraded
from .write import RESTORE_MODES, backup_restore, import_data, tournament_copy

__all__ = [
    "FORMAT", "FORMAT_FIELDS", "MAX_BYTES", "READABLE", "RESTORE_MODES", "VERSION", "Contents",
    "Review", "backup_contents", "backup_restore", "backup_review", "export_data",
    "export_json", "import_data", "last_entry", "parse_document", "read", "restoring_club",
    "tournament_contents", "tournament_copy", "upgraded",
]
