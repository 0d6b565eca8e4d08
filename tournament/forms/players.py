"""A mêlée's players: the registration form (a player alone) and the file import (one player
a line: joueur, club, licence).

Both check a player's texts with `imports.clean_player_field`: a name the form refuses is
refused in a file too, with the same French message.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..services import PlayerLine
from ..validators import InvalidText
from .imports import PLAYER_LABELS, clean_player_field, player_max_length, read_player_file
from .register import RegisterChoice


def _text_field(field: str) -> forms.CharField:
    # No max_length here: clean_player_field measures the text once normalised to NFC, with
    # the model's length (the browser's maxlength only helps the typist).
    return forms.CharField(
        label=PLAYER_LABELS[field], required=field == "name",
        widget=forms.TextInput(attrs={"autocomplete": "off",
                                      "maxlength": player_max_length(field)}),
    )


class PlayerForm(forms.Form):
    """A mêlée's player (its page corrects them): with the register player chosen in the
    type-ahead (views.register), if any."""

    name = _text_field("name")
    club = _text_field("club")
    licence = _text_field("licence")
    registered = RegisterChoice()

    def _clean_text(self, field: str) -> str:
        try:
            return clean_player_field(field, self.cleaned_data[field])
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def clean_name(self) -> str:
        return self._clean_text("name")

    def clean_club(self) -> str:
        return self._clean_text("club")

    def clean_licence(self) -> str:
        return self._clean_text("licence")


class PlayerRegistrationForm(PlayerForm):
    """A new player of a mêlée: the player's form."""


class PlayerImportForm(forms.Form):
    file = forms.FileField(label=_("Fichier .xlsx ou .csv"),
                           widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
                           help_text=_("Un joueur par ligne. Colonnes : joueur, club, licence "
                                       "(le club et la licence peuvent rester vides). Un "
                                       "fichier de 2 Mo et 2 000 lignes au plus."))

    def clean_file(self) -> list[PlayerLine]:
        """Every line checked, or the file refused whole (`imports.read_player_file`)."""
        return read_player_file(self.cleaned_data["file"])
