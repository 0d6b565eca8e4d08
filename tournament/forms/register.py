"""The club's register of players: a player's form (add, correct), the choice of two players
to merge, the confirmation of an anonymisation, and the hidden field by which a concours'
registration form names the register player chosen in its type-ahead."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import ClubPlayer
from ..services import NEW_REGISTER_PLAYER
from ..services.common import model_column
from ..validators import InvalidText, clean_text

# An id is at most this many digits (a BigAutoField's ids stay below 2**63).
ID_DIGITS = 18


def register_id(value: object) -> int | None:
    """A register player's id as a form posts it, or None (nothing chosen, or not an id: the
    name typed is then matched to the register, as if nothing had been chosen)."""
    text = value.strip() if isinstance(value, str) else ""
    if not text.isascii() or not text.isdigit() or len(text) > ID_DIGITS:
        return None
    return int(text)


class RegisterChoice(forms.CharField):
    """The hidden field the type-ahead fills with the chosen register player's id, or « new »
    (its « Nouveau joueur »: a new register player, though the register has the name)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs) -> None:
        super().__init__(required=False, **kwargs)

    def clean(self, value: object) -> int | None:  # type: ignore[override]
        if isinstance(value, str) and value.strip() == "new":
            return NEW_REGISTER_PLAYER
        return register_id(value)


class ClubPlayerForm(forms.Form):
    name = forms.CharField(label=_("Nom"))
    first_name = forms.CharField(label=_("Prénom"), required=False)
    licence = forms.CharField(label=_("Licence"), required=False)
    home_club = forms.CharField(label=_("Club d'origine"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            length = model_column(ClubPlayer, name).max_length
            field.widget.attrs.update({"autocomplete": "off", "maxlength": length})

    def _clean_text(self, name: str) -> str:
        # The service checks again (services.common.text_field): one message either way.
        try:
            return clean_text(self.cleaned_data[name], label=str(self.fields[name].label),
                              max_length=model_column(ClubPlayer, name).max_length or 0,
                              required=self.fields[name].required)
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def clean_name(self) -> str:
        return self._clean_text("name")

    def clean_first_name(self) -> str:
        return self._clean_text("first_name")

    def clean_licence(self) -> str:
        return self._clean_text("licence")

    def clean_home_club(self) -> str:
        return self._clean_text("home_club")


class MergeForm(forms.Form):
    """Two register players, by id: the one kept and its duplicate."""

    kept = RegisterChoice()
    duplicate = RegisterChoice()

    def clean(self) -> dict:
        data = super().clean() or self.cleaned_data
        if data.get("kept") is None or data.get("duplicate") is None:
            raise forms.ValidationError(_("Choisissez le joueur gardé et son doublon."))
        return data


class AnonymiseForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Je confirme : le nom, le prénom, la licence et le club de ce joueur seront "
                "effacés partout, sans retour possible."),
        error_messages={"required": _("Cochez la confirmation : l'anonymisation est "
                                      "définitive.")})
