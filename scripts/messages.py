"""The French catalogue (locale/fr): the interface is written in French, so each message is
its own translation. `fill` completes the catalogue after `manage.py makemessages`; `compile`
writes the .mo Django reads, with polib (pure Python: no gettext tools needed to run the app).

    python scripts/messages.py fill      # after makemessages (make messages)
    python scripts/messages.py compile   # make run / make test do it when the .po changed
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

PO = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def fill() -> None:
    catalogue = polib.pofile(str(PO))
    catalogue.header = ("Concours de belote: the French interface. The messages are written in "
                        "French;\neach is its own translation (scripts/messages.py fill).")
    for placeholder in ("PO-Revision-Date", "Last-Translator", "Language-Team",
                        "Report-Msgid-Bugs-To"):
        catalogue.metadata.pop(placeholder, None)
    catalogue.metadata.update({"Project-Id-Version": "belote-concours", "Language": "fr",
                               "Content-Type": "text/plain; charset=UTF-8",
                               "Plural-Forms": "nplurals=2; plural=(n > 1);"})
    for entry in catalogue:
        if entry.msgid_plural:
            entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
        else:
            entry.msgstr = entry.msgid
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    catalogue.metadata_is_fuzzy = False
    catalogue.save()


def compile_catalogue() -> None:
    catalogue = polib.pofile(str(PO))
    untranslated = catalogue.untranslated_entries()
    if untranslated:
        sys.exit(f"{PO}: {len(untranslated)} messages without translation; run "
                 "`make messages` (first: {untranslated[0].msgid!r})")
    catalogue.save_as_mofile(str(PO.with_suffix(".mo")))


if __name__ == "__main__":
    {"fill": fill, "compile": compile_catalogue}[sys.argv[1]]()
