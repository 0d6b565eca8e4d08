"""The tournament's forms: creating a concours, and its rules and options."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import PRESET_CHOICES, RULE_FIELDS, Tournament
from ..standings import CRITERIA


class TournamentCreateForm(forms.Form):
    name = forms.CharField(label=_("Nom du concours"), max_length=200)
    slug = forms.SlugField(label=_("Adresse (lettres, chiffres, tirets)"), max_length=60)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label=_("Lieu"), max_length=200, required=False)
    preset = forms.ChoiceField(label=_("Règlement"), choices=PRESET_CHOICES,
                               initial="ffb-coinche")


class TournamentRulesForm(forms.ModelForm):
    criteria = forms.CharField(
        label=_("Critères de classement, dans l'ordre"),
        help_text=_("Séparés par des virgules, parmi : ")
        + ", ".join(f"{key} ({label})" for key, label in CRITERIA.items()),
    )
    confirm = forms.BooleanField(
        label=_("Je confirme : recalculer toutes les parties déjà saisies"), required=False
    )

    class Meta:
        model = Tournament
        fields = ["name", "date", "place", *RULE_FIELDS, "parties_planned",
                  "criteria", "bye_points", "forfeit_points"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            self.initial["criteria"] = ", ".join(self.instance.criteria)

    def clean_criteria(self) -> list[str]:
        keys = [key.strip() for key in self.cleaned_data["criteria"].split(",") if key.strip()]
        unknown = [key for key in keys if key not in CRITERIA]
        if unknown:
            raise forms.ValidationError(_("Critère inconnu : %(keys)s."),
                                        params={"keys": ", ".join(unknown)})
        if not keys or len(set(keys)) != len(keys):
            raise forms.ValidationError(_("Au moins un critère, chacun une seule fois."))
        return keys
