"""The members page's forms: a new member (an account and a role), a member's role, and the
password a new member chooses through their one-time link."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..choices import ROLE_CHOICES, ROLE_MARQUE


class MemberForm(forms.Form):
    username = forms.CharField(
        label=_("Identifiant"), max_length=150,
        help_text=_("Le nom avec lequel le membre se connecte : lettres, chiffres et "
                    "@ . + - _, sans espace."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}))
    role = forms.ChoiceField(label=_("Rôle"), choices=ROLE_CHOICES, initial=ROLE_MARQUE)


class ClubNameForm(forms.Form):
    # The service checks the text (services.clubs.club_rename): one message either way.
    name = forms.CharField(label=_("Nom du club"), max_length=120,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "size": 40}))


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Rôle"), choices=ROLE_CHOICES)


class InvitePasswordForm(forms.Form):
    password1 = forms.CharField(label=_("Mot de passe"), strip=False, max_length=128,
                                widget=forms.PasswordInput(attrs={"autocomplete":
                                                                  "new-password"}))
    password2 = forms.CharField(label=_("Le même mot de passe, encore"), strip=False,
                                max_length=128,
                                widget=forms.PasswordInput(attrs={"autocomplete":
                                                                  "new-password"}))
