"""The lot form: one line, typed fast — from rank, to rank (empty: that one rank), the lot,
then the two boxes "jusqu'au dernier" and "en partant du dernier". The lot comes before the
boxes: most lots are "1 Tab Tab jambon Entrée", the boxes are for the few others.

The numbers are read as text with `whole_number` (a bound before int(), a French message),
then the service checks the whole lot again, as for every way in.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..lots import LABEL_MAX_LENGTH, tableau_refusal
from ..models import PhasePlan, Prize
from ..validators import MAX_SMALL, InvalidText, clean_text, whole_number

StrOrPromise = str | Promise  # a label, translated now or when shown


def _rank_input(placeholder: StrOrPromise = "") -> forms.TextInput:
    attrs: dict[str, Any] = {"inputmode": "numeric", "autocomplete": "off", "size": 5,
                             "maxlength": 5}
    if placeholder:
        attrs["placeholder"] = placeholder
    return forms.TextInput(attrs=attrs)


# Whose places a lot's ranks count (Prize.tableau): "" the concours' final ranks.
_FOR_CHOICES: list[tuple[str, StrOrPromise]] = [
    ("", gettext_lazy("le concours")), ("principal", gettext_lazy("le tableau principal")),
    ("consolante", gettext_lazy("la consolante"))]


class PrizeForm(forms.Form):
    start = forms.CharField(label=gettext_lazy("Du rang"), widget=_rank_input(),
                            error_messages={"required": gettext_lazy(
                                "Du rang : le premier rang qui reçoit ce lot est attendu.")})
    end = forms.CharField(label=gettext_lazy("Au rang"), required=False,
                          widget=_rank_input(gettext_lazy("le même")))
    label = forms.CharField(
        label=gettext_lazy("Lot"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "size": 40,
                                      "maxlength": LABEL_MAX_LENGTH}),
        error_messages={"required": gettext_lazy("Lot : ce champ est obligatoire.")})
    to_last = forms.BooleanField(label=gettext_lazy("jusqu'au dernier"), required=False)
    from_last = forms.BooleanField(label=gettext_lazy("en partant du dernier"), required=False)
    # A concours in phases only (the page shows it then): whose places the ranks count.
    tableau = forms.ChoiceField(label=gettext_lazy("Pour"), required=False,
                                choices=_FOR_CHOICES)

    def __init__(self, *args: Any, plan: PhasePlan | None = None, **kwargs: Any) -> None:
        """`plan`: the concours' formule en phases (None: drawn parties, no tableau)."""
        super().__init__(*args, **kwargs)
        self.plan = plan
        field = self.fields["tableau"]
        if plan is not None and not plan.consolante and isinstance(field, forms.ChoiceField):
            # Not offered; sent all the same, `clean_tableau` says why it is refused.
            field.widget.choices = [(key, label) for key, label in _FOR_CHOICES
                                    if key != "consolante"]
        # A choice the formule refuses gets the French refusal below, not Django's own.
        field.error_messages["invalid_choice"] = _(
            "Pour : « le concours », « le tableau principal » ou « la consolante » est "
            "attendu.")

    @property
    def in_phases(self) -> bool:
        return self.plan is not None

    @classmethod
    def of(cls, prize: Prize, plan: PhasePlan | None = None) -> PrizeForm:
        """The form filled with a lot, to change it."""
        return cls(initial={"start": prize.start, "end": "" if prize.end in (None, prize.start)
                            else prize.end, "to_last": prize.end is None,
                            "from_last": prize.from_last, "label": prize.label,
                            "tableau": prize.tableau}, plan=plan)

    def clean_start(self) -> int:
        start = whole_number(self.cleaned_data["start"])
        if not start:
            raise forms.ValidationError(_("Du rang : un rang de 1 à %(max)d est attendu.")
                                        % {"max": MAX_SMALL})
        return start

    def clean_end(self) -> int | None:
        text = self.cleaned_data["end"].strip()
        if not text:
            return None
        end = whole_number(text)
        if not end:
            raise forms.ValidationError(_("Au rang : un rang de 1 à %(max)d, ou rien pour un "
                                          "seul rang.") % {"max": MAX_SMALL})
        return end

    def clean_tableau(self) -> str:
        tableau = self.cleaned_data.get("tableau") or ""
        refusal = tableau_refusal(tableau, phases=self.plan is not None,
                                  consolante=self.plan is not None and self.plan.consolante)
        if refusal:
            raise forms.ValidationError(refusal)
        return tableau

    def clean_label(self) -> str:
        try:
            return clean_text(self.cleaned_data["label"], label=_("Lot"),
                              max_length=LABEL_MAX_LENGTH)
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if data.get("to_last") and end is not None:
            self.add_error("end", _("Au rang : un rang de fin ou « jusqu'au dernier », pas "
                                    "les deux."))
        elif start is not None and end is not None and end < start:
            self.add_error("end", _("Au rang : %(end)d est avant le rang de départ "
                                    "(%(start)d).") % {"end": end, "start": start})
        return data

    def lot(self) -> dict[str, Any]:
        """The service's arguments: `end` None reaches the last place; an empty "au rang"
        is the one rank `start`."""
        data = self.cleaned_data
        end = None if data["to_last"] else (data["end"] or data["start"])
        return {"start": data["start"], "end": end, "from_last": data["from_last"],
                "label": data["label"], "tableau": data.get("tableau") or ""}
