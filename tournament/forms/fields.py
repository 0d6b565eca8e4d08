"""Form fields shared by the forms.

`WholeNumberField`: Django's IntegerField reads what Python's int() reads, so « 1_00 » was
100, Arabic-Indic « ٨٠ » was 80 and « 80.0 » was 80. A figure typed at the desk is plain
digits 0-9 (a sign where the field allows negatives) or it is refused with the field's own
French message: a slip is never read as some number.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db import models

_WHOLE = re.compile(r"[+-]?[0-9]+")


class WholeNumberField(forms.IntegerField):
    """An IntegerField that takes plain ASCII digits only (spaces around them ignored)."""

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str) and value.strip() and not _WHOLE.fullmatch(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def model_formfield(field: models.Field, **kwargs: Any) -> forms.Field | None:
    """`fields_for_model`'s callback: a model's integer column as a WholeNumberField."""
    if isinstance(field, models.IntegerField) and not field.choices:
        kwargs.setdefault("form_class", WholeNumberField)
    return field.formfield(**kwargs)
