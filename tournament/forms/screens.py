"""A hall screen's settings: its name, each view's time (0: not shown) and its message."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import HallScreen
from ..screens import MAX_SECONDS, MESSAGE_LENGTH, VIEWS, rotation_of


class ScreenForm(forms.Form):
    name = forms.CharField(label=_("Nom (où est l'écran)"), max_length=60, required=False)
    message = forms.CharField(label=_("Message"), max_length=MESSAGE_LENGTH, required=False,
                              widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, screen: HallScreen, **kwargs: Any) -> None:
        kept = rotation_of(screen.rotation)
        kwargs.setdefault("initial", {"name": screen.name, "message": screen.message,
                                      **{f"seconds_{key}": kept.get(key, 0) for key in VIEWS}})
        super().__init__(*args, **kwargs)
        for key, view in VIEWS.items():
            # Left empty: not shown (a view added since the screen was set has no time).
            self.fields[f"seconds_{key}"] = forms.IntegerField(
                label=str(view.label), min_value=0, max_value=MAX_SECONDS, required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))

    @property
    def view_fields(self) -> list[forms.BoundField]:
        return [self[f"seconds_{key}"] for key in VIEWS]

    def seconds(self) -> dict[str, int]:
        return {key: self.cleaned_data[f"seconds_{key}"] or 0 for key in VIEWS}
