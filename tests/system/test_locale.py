"""The French catalogue: complete (every message of the code has its entry, translated), and
the compiled one is what Django reads."""

from pathlib import Path

import polib
from django.utils import translation

PO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_the_catalogue_is_complete_and_not_fuzzy():
    catalogue = polib.pofile(str(PO))
    assert len(catalogue) > 500
    assert catalogue.untranslated_entries() == [] and catalogue.fuzzy_entries() == []
    assert catalogue.metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"


def test_django_reads_the_compiled_catalogue():
    catalogue = polib.pofile(str(PO))
    messages = {entry.msgid for entry in catalogue if not entry.msgid_plural}
    assert "Fin du temps enregistrée." in messages
    with translation.override("fr"):
        loaded = translation.trans_real.translation("fr")._catalog
        assert "Fin du temps enregistrée." in loaded
        assert translation.ngettext("%(n)d équipe inscrite.", "%(n)d équipes inscrites.",
                                    1) == "%(n)d équipe inscrite."
