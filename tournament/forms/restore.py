"""Restoring a backup from the browser, or copying a concours: the file and the new address
and name of a copy. The file is read with its size capped (backup.MAX_BYTES) before a byte
is parsed; its checks are the service's (`backup.backup_restore`), all or nothing."""

from __future__ import annotations

import datetime
from contextlib import suppress
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..errors import UserError
from ..models import Tournament
from ..services import backup
from ..validators import SLUG_MAX_LENGTH, InvalidText, slug_suggestion
from .tournament import free_slug

MODES = [("replace", _("Remplacer ce concours par la sauvegarde (après confirmation)")),
         ("copy", _("En faire un nouveau concours (une copie : nouvelle adresse, nouveaux "
                    "liens de table)"))]


class CopyForm(forms.Form):
    """The new concours' name and address (a copy)."""

    name = forms.CharField(label=_("Nom du nouveau concours"), required=False,
                           widget=forms.TextInput(attrs={"size": 40}))
    slug = forms.CharField(
        label=_("Adresse du nouveau concours"), required=False,
        help_text=_("/t/adresse/ : des lettres minuscules sans accent, des chiffres et des "
                    "tirets."),
        widget=forms.TextInput(attrs={"maxlength": SLUG_MAX_LENGTH, "size": 40}))
    # « Copier ce concours »: the name and address the page proposed (its script follows a
    # name typed over; static/tournament/copy.js). An address still the proposed one was
    # not chosen by hand: it follows the name the organiser gave.
    proposed_name = forms.CharField(required=False, widget=forms.HiddenInput)
    proposed_slug = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, date: datetime.date | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.date = date  # the concours copied's: the proposed address ends with it

    def check_copy(self) -> None:
        """A copy needs both (the service checks what they say); an address left empty is
        made from the name, as for a new concours; an address left as proposed follows a
        name changed (issue 32: the copy took the address made from the first name)."""
        name = self.cleaned_data.get("name", "").strip()
        slug = self.cleaned_data.get("slug", "").strip()
        proposed = self.cleaned_data.get("proposed_slug", "").strip()
        if (self.date is not None and name and proposed and slug == proposed
                and name != self.cleaned_data.get("proposed_name", "").strip()):
            self.cleaned_data["slug"] = copy_slug(name, self.date)
        if name and not self.cleaned_data.get("slug", "").strip():
            # A name that gives no address is told below (« Indiquez l'adresse »).
            with suppress(InvalidText):
                self.cleaned_data["slug"] = free_slug(slug_suggestion(name))
        for field, label in (("name", _("le nom")), ("slug", _("l'adresse"))):
            if not self.cleaned_data.get(field, "").strip():
                self.add_error(field, _("Indiquez %(what)s du nouveau concours.")
                               % {"what": label})


def copy_suggestion(tournament: Tournament) -> dict[str, str]:
    """What « Copier ce concours » proposes, for the organiser only to confirm (issue 32: the
    address was asked for, and a volunteer does not know what to type): the name marked as a
    copy, the address made from the name and the date (« belote-du-vendredi-2026-11-21 »,
    « …-2 » when taken)."""
    slug = copy_slug(tournament.name, tournament.date)
    name = gettext("%(name)s (copie)") % {"name": tournament.name}
    name = name[:Tournament._meta.get_field("name").max_length]
    return {"name": name, "slug": slug, "proposed_name": name, "proposed_slug": slug}


def copy_slug(name: str, date: datetime.date) -> str:
    """The address proposed for a copy named `name` of a concours of `date`: made from the
    name and the date, « -2 »… when taken; "" when every variant is (the organiser types
    one). copy.js makes the same as the name is typed, the « -2 » aside."""
    suffix = date.isoformat()
    base = slug_suggestion(name)[:SLUG_MAX_LENGTH - len(suffix) - 1].rstrip("-")
    try:
        return free_slug(f"{base}-{suffix}" if base else suffix)
    except InvalidText:
        return ""


class RestoreForm(CopyForm):
    file = forms.FileField(label=_("Fichier de sauvegarde (JSON)"))
    mode = forms.ChoiceField(label=_("Restaurer"), choices=MODES, initial="replace",
                             widget=forms.RadioSelect)

    field_order = ["file", "mode", "name", "slug"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload is not None:
            # The size first: a 50 MB file is refused before a byte of it is read.
            if upload.size is None or upload.size > backup.MAX_BYTES:
                self.add_error("file", _("Fichier trop gros pour une sauvegarde de concours "
                                         "(%(mb)d Mo au plus).")
                               % {"mb": backup.MAX_BYTES // (1024 * 1024)})
            else:
                try:
                    cleaned["data"] = backup.parse_document(upload.read(backup.MAX_BYTES + 1))
                except UserError as error:
                    self.add_error("file", error.message)
        if cleaned.get("mode") == "copy":
            self.check_copy()
        return cleaned
