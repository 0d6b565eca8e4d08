"""A concours' entrants: a doublette's teams (the registration form, the team page's form with
its players' licences) and a mêlée's players (a player alone), and the file import of each.

Every text is checked by the one rule its file's lines go through too (`imports
.clean_team_field`, `imports.clean_player_field`): a name the form refuses is refused in a
file, with the same French message. What the kinds share — a text field measured once
normalised, its cleaning, the file field — is written once here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Team, Tournament
from ..services import ImportLine, PlayerLine, team_name_refusal
from ..validators import InvalidText, clean_text
from .imports import (
    PLAYER_LABELS,
    TEAM_LABELS,
    clean_player_field,
    clean_team_field,
    player_max_length,
    read_player_file,
    read_team_file,
    team_max_length,
)
from .register import RegisterChoice

if TYPE_CHECKING:  # django-stubs is for the checks only, not installed to run
    from django_stubs_ext import StrOrPromise


def _text_field(label: StrOrPromise, max_length: int, required: bool) -> forms.CharField:
    # No max_length on the field: the rule measures the text once normalised to NFC (an "É"
    # typed as E + accent is one character), with the model's length; the browser's
    # maxlength only helps the typist.
    return forms.CharField(label=label, required=required, widget=forms.TextInput(
        attrs={"autocomplete": "off", "maxlength": max_length}))


def _team_field(field: str) -> forms.CharField:
    return _text_field(TEAM_LABELS[field], team_max_length(field), required=field != "club")


def _player_field(field: str) -> forms.CharField:
    return _text_field(PLAYER_LABELS[field], player_max_length(field),
                       required=field == "name")


class _Texts:
    """`clean_<field>` of each text field through the kind's one rule (`rule(field, value)`),
    its InvalidText shown beside the field."""

    cleaned_data: dict[str, Any]

    @staticmethod
    def rule(field: str, value: object) -> str:
        raise NotImplementedError  # each form names its kind's rule

    def _cleaned(self, field: str, check: Callable[[object], str]) -> str:
        try:
            return check(self.cleaned_data[field])
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def _clean_text(self, field: str) -> str:
        return self._cleaned(field, lambda value: self.rule(field, value))

    def clean_name(self) -> str:
        return self._clean_text("name")

    def clean_club(self) -> str:
        return self._clean_text("club")


def _file_field(help_text: StrOrPromise) -> forms.FileField:
    return forms.FileField(label=_("Fichier .xlsx ou .csv"), help_text=help_text,
                           widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}))


# --- A doublette's teams ---------------------------------------------------------------------


class TeamForm(_Texts, forms.ModelForm):
    rule = staticmethod(clean_team_field)
    name = _team_field("name")
    player1 = _team_field("player1")
    player2 = _team_field("player2")
    club = _team_field("club")
    # The register players chosen in the type-ahead (views.register), if any.
    registered1 = RegisterChoice()
    registered2 = RegisterChoice()

    class Meta:
        model = Team
        fields = ["name", "club"]  # the players' names are Player rows, written by the service

    # The keyboard path the page tells: name, Tab, player 1, Tab, player 2 (Tab, club). A
    # ModelForm would put its model's fields (name, club) first.
    field_order = ["name", "player1", "player2", "club"]

    def __init__(self, *args, tournament: Tournament | None = None, **kwargs) -> None:
        """`tournament`: the concours the team is registered in, whose other teams' names
        are refused beside the form's other errors (None: the service alone says it)."""
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if self.instance.pk is not None:
            self.initial.setdefault("player1", self.instance.player1)
            self.initial.setdefault("player2", self.instance.player2)

    def clean(self) -> dict:
        # A name already taken is said with a missing player, not after it is typed.
        data = super().clean() or self.cleaned_data
        name = data.get("name")
        if name and self.tournament is not None:
            refusal = team_name_refusal(self.tournament, name, exclude=self.instance.pk)
            if refusal is not None:
                self.add_error("name", refusal)
        return data

    def clean_player1(self) -> str:
        return self._clean_text("player1")

    def clean_player2(self) -> str:
        return self._clean_text("player2")


def _licence_field(label: StrOrPromise) -> forms.CharField:
    return _text_field(label, player_max_length("licence"), required=False)


class TeamEditForm(TeamForm):
    """The team page's form: the registration's fields and each player's licence (optional,
    so that a season ranking recognises the player in other concours)."""

    licence1 = _licence_field(_("Licence du joueur 1"))
    licence2 = _licence_field(_("Licence du joueur 2"))
    # The type-ahead's hidden fields (registered1, registered2) stay: a player corrected
    # here is linked again, to the register player chosen or as the name typed finds.
    field_order = [*TeamForm.field_order, "licence1", "licence2"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault("licence1", self.instance.first.licence)
            second = self.instance.second
            self.initial.setdefault("licence2", second.licence if second is not None else "")

    def _clean_licence(self, field: str) -> str:
        # The player form's check (imports.clean_player_field), named after this field.
        return self._cleaned(field, lambda value: clean_text(
            value, label=str(self.fields[field].label), max_length=player_max_length("licence"),
            required=False))

    def clean_licence1(self) -> str:
        return self._clean_licence("licence1")

    def clean_licence2(self) -> str:
        return self._clean_licence("licence2")


class TeamImportForm(forms.Form):
    file = _file_field(_("Colonnes : équipe, joueur 1, joueur 2, club, licence 1, licence 2 "
                         "(le club et les licences peuvent rester vides). "
                         "Un fichier de 2 Mo et 2 000 lignes au plus."))

    def clean_file(self) -> list[ImportLine]:
        """Every line checked, or the file refused whole (`imports.read_team_file`)."""
        return read_team_file(self.cleaned_data["file"])


# --- A mêlée's players -----------------------------------------------------------------------


class PlayerForm(_Texts, forms.Form):
    """A mêlée's player (its page corrects them): with the register player chosen in the
    type-ahead (views.register), if any."""

    rule = staticmethod(clean_player_field)
    name = _player_field("name")
    club = _player_field("club")
    licence = _player_field("licence")
    registered = RegisterChoice()

    def clean_licence(self) -> str:
        return self._clean_text("licence")


class PlayerRegistrationForm(PlayerForm):
    """A new player of a mêlée: the player's form."""


class PlayerImportForm(forms.Form):
    file = _file_field(_("Un joueur par ligne. Colonnes : joueur, club, licence (le club et "
                         "la licence peuvent rester vides). Un fichier de 2 Mo et 2 000 lignes "
                         "au plus."))

    def clean_file(self) -> list[PlayerLine]:
        """Every line checked, or the file refused whole (`imports.read_player_file`)."""
        return read_player_file(self.cleaned_data["file"])
