"""Teams: the registration form and the file import."""

from __future__ import annotations

import csv
import io

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Team
from ..services import ImportLine


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "player1", "player2", "club"]
        widgets = {name: forms.TextInput(attrs={"autocomplete": "off"})
                   for name in ["name", "player1", "player2", "club"]}


IMPORT_COLUMNS = ["équipe", "joueur 1", "joueur 2", "club"]


def _read_rows(upload) -> list[list[str]]:
    name = upload.name.lower()
    if name.endswith(".xlsx"):
        from openpyxl import load_workbook

        try:
            sheet = load_workbook(upload, read_only=True, data_only=True).active
        except Exception as error:  # openpyxl raises many kinds for a damaged file
            raise forms.ValidationError(_("Ce fichier .xlsx ne peut pas être lu.")) from error
        return [["" if cell is None else str(cell).strip() for cell in row]
                for row in sheet.iter_rows(values_only=True)]
    if name.endswith(".csv"):
        raw = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")  # Excel's CSV on a French Windows
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t") if text.strip() else "excel"
        return [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), dialect)]
    raise forms.ValidationError(_("Choisissez un fichier .xlsx ou .csv."))


class TeamImportForm(forms.Form):
    file = forms.FileField(label=_("Fichier .xlsx ou .csv"),
                           help_text=_("Colonnes : équipe, joueur 1, joueur 2, club."))

    def clean_file(self) -> list[ImportLine]:
        rows = _read_rows(self.cleaned_data["file"])
        if rows and [cell.lower() for cell in rows[0][:3]] == IMPORT_COLUMNS[:3]:
            start, rows = 2, rows[1:]
        else:
            start = 1
        lines = []
        for number, row in enumerate(rows, start=start):
            cells = [*row, "", "", "", ""][:4]
            if not any(cells):
                continue  # blank lines are not teams
            lines.append(ImportLine(number, *cells))
        return lines
