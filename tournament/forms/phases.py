"""A concours in phases: its formule (BRACKETS.md 1), the poules' draw and a swap of two teams.
What the rules refuse is refused by the service (the brackets' own French messages); the
forms read numbers within their bounds and the têtes de série as a list of team numbers."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models.phases import (
    CADRAGE_CHOICES,
    PLACEMENT_CHOICES,
    POULE_STYLE_CHOICES,
    QUALIFICATION_CHOICES,
    PhasePlan,
)
from ..validators import MAX_SEED, MAX_SMALL

MAX_TETES = 64  # a concours of 256 teams has 64 poules (BRACKETS.md's scale)


class PhasePlanForm(forms.Form):
    qualification = forms.ChoiceField(label=_("Qualification"), choices=QUALIFICATION_CHOICES)
    # Every field is shown whatever the qualification: each says which one it belongs to
    # (a new organiser choosing « poules » filled « Parties qualificatives » too).
    poule_style = forms.ChoiceField(label=_("Parties des poules"), choices=POULE_STYLE_CHOICES,
                                    help_text=_("Qualification en poules seulement."))
    qualified = forms.TypedChoiceField(
        label=_("Qualifiés par poule pour le tableau principal"), coerce=int,
        choices=[(2, _("les 2 premiers")), (1, _("le 1er"))],
        help_text=_("Qualification en poules seulement."))
    parties = forms.IntegerField(label=_("Parties qualificatives"), min_value=1, max_value=30,
                                 required=False,
                                 help_text=_("Qualification par parties seulement (vide "
                                             "sinon)."))
    principal = forms.IntegerField(
        label=_("Équipes du tableau principal (les premières des parties qualificatives)"),
        min_value=2, max_value=1024, required=False,
        help_text=_("Qualification par parties seulement (vide sinon)."))
    consolante = forms.BooleanField(
        label=_("Consolante"), required=False,
        help_text=_("Les équipes non qualifiées (en direct : les perdants de leur première "
                    "partie) jouent un second tableau."))
    cadrage = forms.ChoiceField(label=_("Cadrage"), choices=CADRAGE_CHOICES)
    placement = forms.ChoiceField(label=_("Places dans un tableau"), choices=PLACEMENT_CHOICES)
    separate_clubs = forms.BooleanField(
        label=_("Séparer les clubs"), required=False,
        help_text=_("Qualification en poules : deux équipes d'un même club ne se retrouvent "
                    "pas dans une poule."))
    tetes = forms.CharField(
        label=_("Têtes de série"), required=False, max_length=400,
        help_text=_("Numéros d'équipe dans l'ordre, séparés par des virgules (la 1re va en "
                    "poule A, la 2e en poule B…)."))

    def __init__(self, *args: Any, plan: PhasePlan | None = None, melee: bool = False,
                 **kwargs: Any) -> None:
        if plan is not None:
            kwargs.setdefault("initial", {
                "qualification": plan.qualification, "poule_style": plan.poule_style,
                "qualified": plan.qualified, "parties": plan.parties,
                "principal": plan.principal, "consolante": plan.consolante,
                "cadrage": plan.cadrage, "placement": plan.placement,
                "separate_clubs": plan.separate_clubs,
                "tetes": ", ".join(str(number) for number in plan.tetes)})
        else:
            kwargs.setdefault("initial", {"consolante": True, "qualified": 2})
        super().__init__(*args, **kwargs)
        if melee:
            # A mêlée's tableaux are of pairs drawn among its players (BRACKETS.md 1), and
            # no pair is known before its draw: no têtes de série.
            self.fields["principal"].label = _("Paires du tableau principal (tirées parmi "
                                               "les premiers joueurs des parties "
                                               "qualificatives, 2 par paire)")
            self.fields["separate_clubs"].help_text = _(
                "Deux paires qui partagent un club (celui d'un de leurs joueurs) ne se "
                "retrouvent pas dans une poule.")
            del self.fields["tetes"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned.setdefault("tetes", [])  # a mêlée's form has none
        return cleaned

    def clean_tetes(self) -> list[int]:
        text = self.cleaned_data["tetes"].strip()
        if not text:
            return []
        parts = [part for part in re.split(r"[\s,;]+", text) if part]
        if not all(part.isascii() and part.isdigit() and len(part) <= 5 for part in parts):
            raise forms.ValidationError(_("Des numéros d'équipe séparés par des virgules "
                                          "sont attendus."))
        numbers = [int(part) for part in parts]
        if len(numbers) > MAX_TETES or any(not 1 <= n <= MAX_SMALL for n in numbers):
            raise forms.ValidationError(_("Au plus %(n)d têtes de série, numérotées à partir "
                                          "de 1.") % {"n": MAX_TETES})
        return numbers


class PoulesDrawForm(forms.Form):
    seed = forms.IntegerField(label=_("Graine (vide : au hasard)"), min_value=0,
                              max_value=MAX_SEED, required=False)


class PoulesSwapForm(forms.Form):
    first = forms.IntegerField(label=_("Équipe n°"), min_value=1, max_value=MAX_SMALL)
    second = forms.IntegerField(label=_("avec l'équipe n°"), min_value=1, max_value=MAX_SMALL)


class TableForm(forms.Form):
    table = forms.IntegerField(label=_("Table (vide : la première libre)"), min_value=1,
                               max_value=999, required=False)
