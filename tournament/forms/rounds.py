"""The draw of a partie: its method (the concours' own unless chosen for this partie) and
its seed (optional; "même graine" draws again with the seed of an undone draw)."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..bounds import MAX_CLOCK_MINUTES
from ..validators import MAX_SEED, whole_number
from .fields import WholeNumberField

SEED_REFUSED = _("La graine du tirage est un nombre entier de %(n)d chiffres au plus.")


class RoundDrawForm(forms.Form):
    """What the draw button posts. `methods`: the (key, label) of the methods suiting the
    concours' format (selectors.round_draw_options); none chosen is the concours' own."""

    draw_method = forms.ChoiceField(label=_("Tirage de cette partie"), required=False)
    # No max_length: a seed too long gets the seed's own message (whole_number reads any
    # length without converting it), not Django's count of characters.
    seed = forms.CharField(label=_("Graine du tirage (facultatif)"), required=False,
                           widget=forms.TextInput(attrs={"maxlength": 40,
                                                         "inputmode": "numeric"}))
    # The button "retirer avec la même graine" posts the seed of the draw undone.
    seed_again = forms.CharField(required=False)

    def __init__(self, *args: object, methods: Sequence[tuple[str, str | Promise]],
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["draw_method"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "")] + [(key, str(label)) for key, label in methods]

    def _seed(self, name: str) -> int | None:
        text = self.cleaned_data.get(name, "").strip()
        if not text:
            return None
        seed = whole_number(text, MAX_SEED)
        if seed is None:
            raise forms.ValidationError(SEED_REFUSED, params={"n": len(str(MAX_SEED))})
        return seed

    def clean_seed(self) -> int | None:
        return self._seed("seed")

    def clean_seed_again(self) -> int | None:
        return self._seed("seed_again")

    @property
    def chosen_seed(self) -> int | None:
        """The seed to draw with (None: the draw picks one): the undone draw's when its
        button was pressed, else the one typed."""
        again = self.cleaned_data.get("seed_again")
        return again if again is not None else self.cleaned_data.get("seed")

    @property
    def chosen_method(self) -> str | None:
        return self.cleaned_data.get("draw_method") or None


class ClockForm(forms.Form):
    """The partie's countdown: its length in minutes."""

    minutes = WholeNumberField(label=_("Durée de la partie (minutes)"),
                               min_value=1, max_value=MAX_CLOCK_MINUTES)
