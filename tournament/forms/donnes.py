"""A game's forms: one donne row, a forfeit, a swap of seats."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import Coinche, Donne, Side, Trump
from scoring.donne import CARD_POINTS, MAX_ANNONCES, MAX_AWARDED, MAX_BELOTES_AT_TA

from ..models import COINCHE_CHOICES
from ..validators import MAX_SMALL, whole_number

# Bounds of the figures typed in a row, scoring's own (SCORING.md v2), checked here too so
# that a figure no column holds (10**20 annonces) is a French message beside the row, never a
# database error.
MAX_POINTS = CARD_POINTS
MAX_BELOTES = MAX_BELOTES_AT_TA  # per side: one outside tout atout, one per suit at TA


def _bounded(label, maximum: int, why: str, **options) -> forms.IntegerField:
    """An optional whole-number field from 0 to `maximum`, refused above with `why`."""
    widget_attrs = {"min": 0, "max": maximum, **options.pop("attrs", {})}
    return forms.IntegerField(
        label=label, required=False, min_value=0, max_value=maximum,
        error_messages={"max_value": why, "min_value": _("Un nombre positif ou nul.")},
        widget=forms.NumberInput(attrs=widget_attrs), **options)


TAKER_CHOICES = [("NS", _("Nord-Sud")), ("EW", _("Est-Ouest")), ("", _("Passe"))]
TRUMP_INPUT_CHOICES = [
    ("", "—"),
    # Labels start with a letter so that typing P, C, CA or T picks the suit from the keyboard.
    ("S", _("Pique ♠")),
    ("H", _("Cœur ♥")),
    ("D", _("Carreau ♦")),
    ("C", _("Trèfle ♣")),
    ("SA", _("Sans atout")),
    ("TA", _("Tout atout")),
]
CAPOT_CHOICES = [("", "—"), ("NS", "NS"), ("EW", "EO")]


class DonneForm(forms.Form):
    """One row of the game page; `clean` returns a `scoring.Donne` in `cleaned_data["donne"]`."""

    taker = forms.ChoiceField(label=_("Preneur"), choices=TAKER_CHOICES, required=False)
    contract = forms.CharField(
        label=_("Contrat"), required=False, max_length=6,
        help_text=_("80, 90, … ou « c » pour un capot"),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 5, "autocomplete": "off"}),
    )
    trump = forms.ChoiceField(label=_("Atout"), choices=TRUMP_INPUT_CHOICES, required=False)
    coinche = forms.ChoiceField(label=_("Coinche"), choices=COINCHE_CHOICES, required=False,
                                initial=Coinche.NONE.value)
    taker_points = _bounded(_("Points faits"), MAX_POINTS, _("162 points au plus."),
                            attrs={"size": 4})
    capot = forms.ChoiceField(label=_("Capot"), choices=CAPOT_CHOICES, required=False)
    belote_ns = _bounded(_("Belote NS"), MAX_BELOTES, _("4 belotes au plus (tout atout)."))
    belote_ew = _bounded(_("Belote EO"), MAX_BELOTES, _("4 belotes au plus (tout atout)."))
    annonces_ns = _bounded(_("Annonces NS"), MAX_ANNONCES,
                           _("550 points d'annonces au plus par camp (quatre carrés)."),
                           attrs={"step": 10})
    annonces_ew = _bounded(_("Annonces EO"), MAX_ANNONCES,
                           _("550 points d'annonces au plus par camp (quatre carrés)."),
                           attrs={"step": 10})
    # Points attribués (an arbiter's penalty), last: the row folds them away until asked for.
    awarded_ns = _bounded(_("Points à NS"), MAX_AWARDED,
                          _("Pénalité : 1000 points au plus."), attrs={"step": 10})
    awarded_ew = _bounded(_("Points à EO"), MAX_AWARDED,
                          _("Pénalité : 1000 points au plus."), attrs={"step": 10})
    # The donne's version when the form was shown (a PositiveIntegerField), for the check that
    # nobody corrected it meanwhile.
    version = forms.IntegerField(required=False, min_value=0, max_value=2**31 - 1,
                                 widget=forms.HiddenInput)

    def __init__(self, *args, rules=None, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.widget.attrs["form"] = "donne-form"  # the inputs sit in table cells
        if rules is not None and not rules.sa_ta:
            self.fields["trump"].choices = TRUMP_INPUT_CHOICES[:5]
        # What the rule set does not play is left out of the row, so it cannot be typed.
        self.hidden_columns = set()
        if rules is not None and rules.game == "classique":
            self.hidden_columns |= {"contract", "coinche"}
        if rules is not None and not rules.annonces:
            self.hidden_columns |= {"annonces_ns", "annonces_ew"}
        for name in self.hidden_columns:
            del self.fields[name]

    def clean_contract(self) -> tuple[int | None, bool]:
        text = self.cleaned_data.get("contract", "").strip().lower()
        if not text:
            return None, False
        if text in {"c", "capot"}:
            return None, True
        value = whole_number(text)
        if value is None:
            raise forms.ValidationError(_("Un nombre (80, 90, …) ou « c » pour un capot."))
        return value, False

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        contract, capot_bid = data.get("contract", (None, False))
        taker = data["taker"] or None
        points = data["taker_points"]
        if points is None and taker is not None:
            # A capot says the figure (162 or 0); otherwise it must be typed, never guessed.
            if not data["capot"]:
                self.add_error("taker_points", _("Indiquez les points faits par le preneur."))
                return data
            points = 162 if data["capot"] == taker else 0
        data["donne"] = Donne(
            taker=Side(taker) if taker else None,
            contract=contract,
            capot_bid=capot_bid,
            trump=Trump(data["trump"]) if data["trump"] else None,
            coinche=Coinche(data.get("coinche") or Coinche.NONE.value),
            taker_points=points or 0,
            capot=Side(data["capot"]) if data["capot"] else None,
            belote_ns=data["belote_ns"] or 0,
            belote_ew=data["belote_ew"] or 0,
            annonces_ns=data.get("annonces_ns") or 0,
            annonces_ew=data.get("annonces_ew") or 0,
            awarded_ns=data["awarded_ns"] or 0,
            awarded_ew=data["awarded_ew"] or 0,
        )
        return data

    @classmethod
    def initial_for(cls, record) -> dict:
        contract = "c" if record.capot_bid else (record.contract or "")
        return {
            "taker": record.taker, "contract": contract, "trump": record.trump,
            "coinche": record.coinche, "taker_points": record.taker_points,
            "capot": record.capot, "belote_ns": record.belote_ns or None,
            "belote_ew": record.belote_ew or None, "annonces_ns": record.annonces_ns or None,
            "annonces_ew": record.annonces_ew or None, "awarded_ns": record.awarded_ns or None,
            "awarded_ew": record.awarded_ew or None, "version": record.version,
        }


class ForfeitForm(forms.Form):
    side = forms.ChoiceField(
        label=_("Forfait"),
        choices=[("", _("Aucun")), ("NS", _("Nord-Sud déclare forfait")),
                 ("EW", _("Est-Ouest déclare forfait"))],
        required=False,
    )


class SwapForm(forms.Form):
    """Two teams' numbers, bounded like every number typed (a team number is a small integer)."""

    team_a = forms.IntegerField(label=_("Équipe (n°)"), min_value=1, max_value=MAX_SMALL)
    team_b = forms.IntegerField(label=_("avec l'équipe (n°)"), min_value=1, max_value=MAX_SMALL)
