"""Teams: the registration form and the file import.

Both check a team's texts with `imports.clean_team_field`: a name the form refuses is refused
in a file too, with the same French message.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Team
from ..services import ImportLine
from ..validators import InvalidText
from .imports import TEAM_LABELS, clean_team_field, read_team_file, team_max_length


def _text_field(field: str) -> forms.CharField:
    # No max_length here: clean_team_field measures the name once normalised to NFC (an "É"
    # typed as E + accent is one character), with the model's length.
    return forms.CharField(
        label=TEAM_LABELS[field], required=field != "club",
        widget=forms.TextInput(attrs={"autocomplete": "off",
                                      "maxlength": team_max_length(field)}),
    )


class TeamForm(forms.ModelForm):
    name = _text_field("name")
    player1 = _text_field("player1")
    player2 = _text_field("player2")
    club = _text_field("club")

    class Meta:
        model = Team
        fields = ["name", "club"]  # the players' names are Player rows, written by the service

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault("player1", self.instance.player1)
            self.initial.setdefault("player2", self.instance.player2)

    def _clean_text(self, field: str) -> str:
        try:
            return clean_team_field(field, self.cleaned_data[field])
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def clean_name(self) -> str:
        return self._clean_text("name")

    def clean_player1(self) -> str:
        return self._clean_text("player1")

    def clean_player2(self) -> str:
        return self._clean_text("player2")

    def clean_club(self) -> str:
        return self._clean_text("club")


class TeamImportForm(forms.Form):
    file = forms.FileField(label=_("Fichier .xlsx ou .csv"),
                           widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
                           help_text=_("Colonnes : équipe, joueur 1, joueur 2, club. "
                                       "Un fichier de 2 Mo et 2 000 lignes au plus."))

    def clean_file(self) -> list[ImportLine]:
        """Every line checked, or the file refused whole (`imports.read_team_file`)."""
        return read_team_file(self.cleaned_data["file"])
