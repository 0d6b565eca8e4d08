"""A whole tournament as one JSON document, and back (the backup).

- export.py writes the latest version (its field lists are that version's shape);
- upgrade.py brings a file of an older version to the latest, one pure step a version;
- read.py checks a file whole (the latest version only, an older one upgraded first);
- write.py writes what passed, in one transaction (import, restore, copy);
- selectors/backup.py: what a concours holds, beside what a backup holds, on the page that
  restores one (reexported here for the views).

A version 5: one step `v4_to_v5` in upgrade.py (VERSION and READABLE there), the export
writing it, the reader reading it.
"""

from ...selectors.backup import Contents, last_entry, tournament_contents
from .export import FORMAT_FIELDS, export_data, export_json
from .read import MAX_BYTES, backup_contents, parse_document, read
from .upgrade import FORMAT, READABLE, VERSION, upgraded
from .write import RESTORE_MODES, backup_restore, import_data, tournament_copy

__all__ = [
    "FORMAT", "FORMAT_FIELDS", "MAX_BYTES", "READABLE", "RESTORE_MODES", "VERSION", "Contents",
    "backup_contents", "backup_restore", "export_data", "export_json", "import_data",
    "last_entry", "parse_document", "read", "tournament_contents", "tournament_copy",
    "upgraded",
]
