"""The desk's forms: an amount typed as the desk says it (« 12,50 », « 12.50 », « 12 € »),
read into integer cents by amounts.parse_amount (bounded, a French message, never a float);
the fee, the cash prize pool (a line each: « 1er 30 % », « 2e à 4e 50 € »), a payment's
method and amount, a refund, a lot's value. The services check every value again."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from ..amounts import (
    MAX_AMOUNT,
    MAX_FEE,
    AmountError,
    PoolLine,
    amount_text,
    parse_amount,
    parse_pool,
    pool_text,
)
from ..choices import FEE_PER_CHOICES, PAYMENT_CASH, PAYMENT_METHOD_CHOICES


class AmountField(forms.CharField):
    """Euros typed as text, cleaned into cents (an int), 0 to `maximum`; empty: None when
    not required."""

    def __init__(self, *, maximum: int = MAX_AMOUNT, zero_blank: bool = False,
                 **kwargs: Any) -> None:
        self.maximum = maximum
        self.zero_blank = zero_blank
        kwargs.setdefault("widget", forms.TextInput(attrs={
            "inputmode": "decimal", "autocomplete": "off", "size": 9, "maxlength": 40,
            "placeholder": "0,00"}))
        super().__init__(max_length=40, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        # The box holds the number only, the « € » beside it: a prefilled « 0,00 € » typed
        # into became « 0,00 €10 » (issue 32). `zero_blank`: 0 is shown as an empty box.
        if isinstance(value, int) and not isinstance(value, bool):
            if value == 0 and self.zero_blank:
                return ""
            return amount_text(value).removesuffix("\u00a0€")
        return value

    def clean(self, value: Any) -> int | None:  # type: ignore[override]
        text = super().clean(value)
        if text in (None, ""):
            return None
        try:
            return parse_amount(text, maximum=self.maximum, label=str(self.label or ""))
        except AmountError as error:
            raise forms.ValidationError(str(error)) from None


class FeeForm(forms.Form):
    fee = AmountField(label=gettext_lazy("Droit d'inscription"), maximum=MAX_FEE,
                      required=False, zero_blank=True,
                      help_text=gettext_lazy("En euros ; vide ou 0 : gratuit."))
    fee_per = forms.ChoiceField(label=gettext_lazy("Demandé"), choices=FEE_PER_CHOICES,
                                widget=forms.RadioSelect)

    def values(self) -> dict[str, Any]:
        return {"fee": self.cleaned_data["fee"] or 0, "fee_per": self.cleaned_data["fee_per"]}


class PoolForm(forms.Form):
    pool = forms.CharField(
        label=gettext_lazy("Prix en espèces"), required=False, max_length=3000,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 30, "spellcheck": "false",
                                     "placeholder": "1er 30 %\n2e à 4e 50 €"}))

    @classmethod
    def of(cls, lines: list[PoolLine]) -> PoolForm:
        return cls(initial={"pool": pool_text(lines)})

    def clean_pool(self) -> list[PoolLine]:
        try:
            return parse_pool(self.cleaned_data["pool"] or "")
        except AmountError as error:
            raise forms.ValidationError(str(error)) from None


class PaymentForm(forms.Form):
    """A payment: the method (espèces unless chosen), and the amount when it is not what the
    entrant owes (empty: what it owes)."""

    method = forms.ChoiceField(choices=PAYMENT_METHOD_CHOICES, required=False)
    amount = AmountField(label=gettext_lazy("Montant"), required=False)

    def clean_method(self) -> str:
        return self.cleaned_data["method"] or PAYMENT_CASH


class RefundForm(forms.Form):
    amount = AmountField(label=gettext_lazy("Remboursement"), required=False)


class LotValueForm(forms.Form):
    value = AmountField(label=gettext_lazy("Valeur"), required=False)
