"""A sponsor's logo sent by the club: its name, its place, the file. The file's size is read
from the upload before a byte of it is (logos.MAX_BYTES), then logos.py decides what it is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..logos import MAX_BYTES, NAME_LENGTH, Logo, LogoRefused, logo_checked


class SponsorForm(forms.Form):
    name = forms.CharField(label=_("Nom du partenaire"), max_length=NAME_LENGTH)
    order = forms.IntegerField(label=_("Place (vide : à la fin)"), min_value=1, max_value=99,
                               required=False,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    # Empty files reach logo_checked, which says so in its own words.
    logo = forms.FileField(label=_("Logo (PNG ou JPEG, 2 Mo au plus)"), allow_empty_file=True,
                           widget=forms.ClearableFileInput(
                               attrs={"accept": "image/png,image/jpeg,.png,.jpg,.jpeg"}))

    def clean_logo(self) -> Logo:
        upload: Any = self.cleaned_data["logo"]
        # The size first: a huge file is refused before a byte of it is read.
        if upload.size is None or upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("Le fichier est trop lourd : %(mb)d Mo au plus."),
                params={"mb": MAX_BYTES // (1024 * 1024)})
        try:
            return logo_checked(upload.read(MAX_BYTES + 1), upload.name or "")
        except LogoRefused as refused:
            raise forms.ValidationError(refused.message) from None


class SponsorPlaceForm(forms.Form):
    order = forms.IntegerField(label=_("Place"), min_value=1, max_value=99,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}))


class SponsorsPdfForm(forms.Form):
    shown = forms.BooleanField(label=_("Logos des partenaires au pied du classement et du "
                                       "palmarès imprimés"), required=False)
