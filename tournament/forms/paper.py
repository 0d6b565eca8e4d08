"""A paper sheet's final totals, typed instead of its donnes (services.paper).

The fields follow the keyboard: the two totals, the donnes played, then — only where the
check of the partie's rules needs them (`scoring.paper_check_kind`) — the belotes and the
capots; Enter saves. The passed donnes and points attribués, rare, come last, folded away.
`clean` puts a checked `scoring.paper.PaperTotals` in `cleaned_data["totals"]`; a refusal
of the check is a French message beside the figure at fault (beside the form for the sum).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.donne import MAX_AWARDED, MAX_BELOTES_AT_TA
from scoring.paper import MAX_PAPER_DONNES, PaperTotals, paper_check_kind, paper_problems

from .fields import WholeNumberField

# A total no sheet reaches (the check bounds it by the donnes played): beyond, the column.
MAX_PAPER_TOTAL = 9_999_999


def _number(label, maximum: int, why, *, minimum: int = 0, required: bool = False,
            size: int = 5) -> WholeNumberField:
    """A whole number typed on a numeric keypad, bounded, with French messages (the form is
    `novalidate`: the server speaks, no browser bubble)."""
    return WholeNumberField(
        label=label, required=required, min_value=minimum, max_value=maximum,
        error_messages={"max_value": why, "min_value": _("Un nombre positif ou nul.")
                        if minimum == 0 else _("Au moins une donne."),
                        "invalid": _("Un nombre entier."),
                        "required": _("Indiquez ce nombre.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off",
                                      "size": size, "form": "totals-form"}))


class PaperTotalsForm(forms.Form):
    score_ns = _number(_("Total NS"), MAX_PAPER_TOTAL, _("Un total de moins de 10 millions."),
                       required=True)
    score_ew = _number(_("Total EO"), MAX_PAPER_TOTAL, _("Un total de moins de 10 millions."),
                       required=True)
    donnes = _number(_("Donnes jouées"), MAX_PAPER_DONNES,
                     _("%(n)d donnes au plus.") % {"n": MAX_PAPER_DONNES}, minimum=1,
                     required=True, size=3)
    belotes = _number(_("Belotes"), MAX_PAPER_DONNES * MAX_BELOTES_AT_TA,
                      _("Trop de belotes pour ces donnes."), size=3)
    capots = _number(_("Capots"), MAX_PAPER_DONNES, _("Au plus un capot par donne."), size=3)
    passed = _number(_("dont donnes passées"), MAX_PAPER_DONNES,
                     _("%(n)d donnes au plus.") % {"n": MAX_PAPER_DONNES}, size=3)
    awarded_ns = _number(_("Points attribués à NS"), MAX_AWARDED * MAX_PAPER_DONNES,
                         _("Trop de points attribués."))
    awarded_ew = _number(_("Points attribués à EO"), MAX_AWARDED * MAX_PAPER_DONNES,
                         _("Trop de points attribués."))
    # Switching a game that has donnes to its totals removes them: said, then confirmed.
    confirm = forms.BooleanField(label=_("Je confirme : remplacer les donnes par les totaux"),
                                 required=False,
                                 widget=forms.CheckboxInput(attrs={"form": "totals-form"}))

    def __init__(self, *args: Any, rules, donnes_entered: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.check = paper_check_kind(rules)
        # What the check does without is not asked (a figure not asked cannot be mistyped).
        for name in ("belotes", "capots"):
            if name not in self.check.needs:
                del self.fields[name]
        for name in self.check.needs:
            # Asked for with the other figures, not once they are right (the check says it
            # only after the donnes played).
            field = self.fields[name]
            field.required = True
            field.error_messages["required"] = _(
                "%(label)s : indiquez leur nombre (0 s'il n'y en a pas), le contrôle des "
                "totaux en a besoin.") % {"label": field.label}
        if "belotes" in self.fields:
            self.fields["belotes"].help_text = _("les deux équipes ensemble")
        if "capots" in self.fields:
            self.fields["capots"].help_text = (
                _("réussis par les preneurs") if self.check.exact
                else _("donnes partagées en capot (%(n)d points)") % {"n": rules.capot_points})
        self.donnes_entered = donnes_entered
        if not donnes_entered:
            del self.fields["confirm"]

    @classmethod
    def initial_for(cls, game) -> dict[str, Any]:
        """The form filled with a by-totals game's stored totals (for a correction); for a
        new sheet of a partie played in a fixed number of donnes, that number (the last
        donne once time is called), so that a sheet is its two totals and Entrée (issue 38:
        the shortcut that fits the totals). Shown in its field, it is corrected like any."""
        if not game.by_totals:
            rules = game.round.rules
            planned = rules.max_donnes if rules.target is None else None
            if game.stop_after is not None:
                planned = min(planned or game.stop_after, game.stop_after)
            return {} if planned is None else {"donnes": planned}
        return {"score_ns": game.paper_ns, "score_ew": game.paper_ew,
                "donnes": game.paper_donnes, "belotes": game.paper_belotes,
                "capots": game.paper_capots, "passed": game.paper_passed or None,
                "awarded_ns": game.paper_awarded_ns or None,
                "awarded_ew": game.paper_awarded_ew or None}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # Every refusal at once, the figures' own and the check's (one a submission took
        # four for one sheet). A figure refused by its field goes to the check as None: the
        # check then refuses it again (not said twice) and skips what depends on it.

        def figure(name: str, default: int | None = None) -> Any:
            if name in self.errors:
                return None
            value = data.get(name)
            return default if value is None else value

        totals = PaperTotals(
            score_ns=figure("score_ns"), score_ew=figure("score_ew"),
            donnes=figure("donnes"), passed=figure("passed", 0), belotes=figure("belotes"),
            capots=figure("capots"), awarded_ns=figure("awarded_ns", 0),
            awarded_ew=figure("awarded_ew", 0))
        problems = paper_problems(totals, self.rules)  # the check, and equal totals
        for problem in problems:
            field = problem.field if problem.field in self.fields else None
            if field is None or field not in self.errors:  # a figure said wrong once
                self.add_error(field, problem.message)
        if not problems and not self.errors:
            data["totals"] = totals
        return data

    def mark_errors(self) -> None:
        """Mark each wrong field for assistive technologies; the page puts the cursor on the
        first one."""
        for name in self.errors:
            if name in self.fields:
                attrs = self.fields[name].widget.attrs
                attrs["aria-invalid"] = "true"
                attrs["aria-describedby"] = f"err-{name}"

    @property
    def first_field(self) -> str:
        """Where the cursor goes: the first wrong field, else the first total."""
        return next((name for name in self.fields if name in self.errors), "score_ns")


class TotalsClearForm(forms.Form):
    """Back to donnes: confirmed, and the donnes removed by the switch put back if asked."""

    confirm = forms.BooleanField(label=_("Je confirme : effacer les totaux de la feuille"),
                                 required=False)
    restore = forms.BooleanField(label=_("Rétablir les donnes saisies avant les totaux"),
                                 required=False)


class ConfirmForm(forms.Form):
    """The final score the page showed, so that a score changed meanwhile is not confirmed
    unseen."""

    score_ns = WholeNumberField(min_value=-MAX_PAPER_TOTAL, max_value=MAX_PAPER_TOTAL,
                                  widget=forms.HiddenInput)
    score_ew = WholeNumberField(min_value=-MAX_PAPER_TOTAL, max_value=MAX_PAPER_TOTAL,
                                  widget=forms.HiddenInput)

    @property
    def score(self) -> tuple[int, int]:
        return self.cleaned_data["score_ns"], self.cleaned_data["score_ew"]
