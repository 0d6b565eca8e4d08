"""A game's forms: one donne row, a forfeit, a swap of seats."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring import Coinche, Donne, ScoringError, Side, Trump
from scoring.donne import (
    CARD_POINTS,
    MAX_ANNONCES,
    MAX_AWARDED,
    MAX_BELOTES_AT_TA,
    validate_donne,
)

from ..choices import COINCHE_CHOICES, SIDE_CHOICES, SIDE_SHORT, TRUMP_CHOICES, TRUMP_SHORT
from ..validators import MAX_SMALL, whole_number
from .fields import WholeNumberField

if TYPE_CHECKING:  # django-stubs' name for a text, lazy or not (typing only)
    from django_stubs_ext import StrOrPromise

# Bounds of the figures typed in a row, scoring's own (SCORING.md v2), checked here too so
# that a figure no column holds (10**20 annonces) is a French message beside the row, never a
# database error.
MAX_POINTS = CARD_POINTS
MAX_BELOTES = MAX_BELOTES_AT_TA  # per side: one outside tout atout, one per suit at TA
# Typing 20 (the points) where the count is asked is the likely slip: say so.
BELOTE_COUNT = _("Le nombre de belotes (1, jusqu'à 4 à tout atout), pas leurs points.")


def _bounded(label: StrOrPromise, maximum: int, why: StrOrPromise,
             **options: Any) -> WholeNumberField:
    """An optional whole-number field from 0 to `maximum`, refused above with `why`. A text
    input with a numeric keypad: no spinner to widen the row, no browser bubble that could
    contradict the app's own message (the forms are `novalidate`; the server speaks)."""
    widget_attrs = {"inputmode": "numeric", "autocomplete": "off", **options.pop("attrs", {})}
    return WholeNumberField(
        label=label, required=False, min_value=0, max_value=maximum,
        error_messages={"max_value": why, "min_value": _("Un nombre positif ou nul."),
                        "invalid": _("Un nombre entier.")},
        widget=forms.TextInput(attrs=widget_attrs), **options)


# The desk's shortcuts, typed in the field the cursor is already in (issue 38: every donne in
# at most ten keys). After the points: « b » a belote of the takers, « d » one of the
# defence, « c » a capot (« c » or « 162c » the takers', « 0c » the defence's); after the
# contract: « x » coinché, « xx » surcoinché; a contract in tens (« 8 » is 80, « 12 » 120),
# since no contract is below 80. Each is read back on the row before it is saved, and
# scoring's own checks refuse what the rules make impossible (two belotes at a suit).
_POINTS_TYPED = re.compile(r"([0-9]{1,3})?([bdc]*)")
POINTS_HINT = _("Les points du preneur ; « b » belote des preneurs (92b), « d » belote de la "
                "défense (92d), « c » capot non annoncé des preneurs (c), « 0c » capot de la "
                "défense.")
CONTRACT_TENS = range(8, 51)  # « 8 » … « 50 »: 80 … 500, the highest max_contract
TYPED_COLUMNS = ("belote_ns", "belote_ew", "capot")  # the columns the points' letters fill


@dataclasses.dataclass(frozen=True)
class PointsTyped:
    """What the points field says: the takers' points (None: not typed) and its shortcuts."""

    points: int | None
    belotes_takers: int = 0
    belotes_defence: int = 0
    capot_by_takers: bool | None = None  # « c »: True the takers' capot, False the defence's


def points_typed(text: str) -> PointsTyped:
    """Read the points field (« 92 », « 92b », « c », « 0c », « 100bd »), or raise a
    ValidationError in French. Sides are the takers' and the defence's: the row's taker
    says which is which."""
    text = text.strip().lower() if text else ""  # « 8 0 » is no number
    match = _POINTS_TYPED.fullmatch(text)
    if match is None or not text.isascii():
        raise forms.ValidationError(
            _("Un nombre de points (0 à 162), suivi au besoin de « b » (belote des preneurs), "
              "« d » (belote de la défense) ou « c » (capot)."), code="invalid")
    digits, letters = match.groups()
    points = int(digits) if digits else None
    if points is not None and points > MAX_POINTS:
        raise forms.ValidationError(_("162 points au plus."), code="max_value")
    capot_by_takers = None
    if letters.count("c") > 1:
        raise forms.ValidationError(_("Capot : « c » une seule fois."), code="twice")
    if "c" in letters:
        if points not in (None, 0, MAX_POINTS):
            raise forms.ValidationError(
                _("Capot : les preneurs ont fait tous les plis (« c ») ou aucun (« 0c »), "
                  "pas %(n)d points.") % {"n": points}, code="capot")
        capot_by_takers = points != 0
    return PointsTyped(points, letters.count("b"), letters.count("d"), capot_by_takers)


class BeloteToggle(forms.CheckboxInput):
    """The phone's belote: one touch says one belote (sent as 1), none says none."""

    def value_from_datadict(self, data, files, name) -> str:  # type: ignore[override]
        value = data.get(name)
        return "1" if value not in (None, "", "0", "false") else ""


PASSE = "P"  # typed at the keyboard, or the phone's « Passe » button: all four passed
TAKER_CHOICES = [("", "—"), *SIDE_CHOICES, (PASSE, _("Passe"))]
_TRUMP_LABELS = dict(TRUMP_CHOICES)
_COINCHE_LABELS = dict(COINCHE_CHOICES)
TRUMP_INPUT_CHOICES = [
    ("", "—"),
    # Labels start with a letter so that typing P, C, CA or T picks the suit from the keyboard.
    (Trump.SPADES.value, _("Pique ♠")),
    (Trump.HEARTS.value, _("Cœur ♥")),
    (Trump.DIAMONDS.value, _("Carreau ♦")),
    (Trump.CLUBS.value, _("Trèfle ♣")),
    (Trump.NO_TRUMP.value, _TRUMP_LABELS[Trump.NO_TRUMP.value]),
    (Trump.ALL_TRUMP.value, _TRUMP_LABELS[Trump.ALL_TRUMP.value]),
]
CAPOT_CHOICES = [("", "—"), *SIDE_SHORT.items()]

# A capot or a générale bid, as typed in the contract field ("c", "g") or touched on the phone:
# the kind of bid and whether it was made (None: not said). "c" alone with 162 points is
# ambiguous (a capot made says its capot; without it, a chute): the row asks rather than
# scoring a chute silently.
CAPOT, GENERALE = "capot", "generale"
_BID_WORDS: dict[str, tuple[str, bool | None]] = {
    "c": (CAPOT, None), "capot": (CAPOT, None), "c+": (CAPOT, True), "c-": (CAPOT, False),
    "g": (GENERALE, None), "générale": (GENERALE, None), "generale": (GENERALE, None),
    "g+": (GENERALE, True), "g-": (GENERALE, False),
}
BID_CHOICES = [
    ("c+", _("Capot réussi")), ("c-", _("Capot chuté")),
    ("g+", _("Générale réussie")), ("g-", _("Générale chutée")),
]

# What a field is set to when it holds an error, so that scoring's own check can go on and name
# the next wrong field: every error of a row shows at once (contract 85, points 170 and a belote
# at sans atout together), not one per round trip.
_NEUTRAL_FIGURES = {"coinche": Coinche.NONE, "capot": None, "belote_ns": 0, "belote_ew": 0,
                    "annonces_ns": 0, "annonces_ew": 0, "awarded_ns": 0, "awarded_ew": 0}
MAX_CHECKS = 16  # more than the fields of a row: each check names a new field or stops


class DonneForm(forms.Form):
    """One row of the game page; `clean` returns a `scoring.Donne` in `cleaned_data["donne"]`.

    Fields come in the order of the keyboard's Tab: the plain donne (preneur, contrat, atout,
    points) first, so that Enter saves right after the points; the coinche, the capot, the
    belotes and the annonces after them. `phone=True` shows the choices as buttons (one touch
    each) instead of drop-downs."""

    taker = forms.ChoiceField(label=_("Preneur"), choices=TAKER_CHOICES, required=False)
    contract = forms.CharField(
        label=_("Contrat"), required=False, max_length=9,
        help_text=_("80, 90, … ; « c+ » capot réussi, « c- » capot chuté ; « g+ », « g- » "
                    "pour une générale"),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4, "autocomplete": "off"}),
    )
    # The phone's capot and générale: one touch each, made or failed said by the button
    # (« c » cannot be typed on a digit keypad). Only on the phone, only where played.
    bid = forms.ChoiceField(label=_("Capot ou générale"), required=False,
                            choices=BID_CHOICES, widget=forms.RadioSelect)
    trump = forms.ChoiceField(label=_("Atout"), choices=TRUMP_INPUT_CHOICES, required=False)
    # Text, not a number: the desk's shortcuts follow the figure (« 92b », « c »).
    taker_points = forms.CharField(
        label=_("Points faits"), required=False, max_length=12, help_text=POINTS_HINT,
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}))
    coinche = forms.ChoiceField(label=_("Coinche"), choices=COINCHE_CHOICES, required=False,
                                initial=Coinche.NONE.value)
    capot = forms.ChoiceField(label=_("Capot"), choices=CAPOT_CHOICES, required=False)
    belote_ns = _bounded(_("Belote NS"), MAX_BELOTES, BELOTE_COUNT,
                         attrs={"size": 2})
    belote_ew = _bounded(_("Belote EO"), MAX_BELOTES, BELOTE_COUNT,
                         attrs={"size": 2})
    annonces_ns = _bounded(_("Annonces NS"), MAX_ANNONCES,
                           _("550 points d'annonces au plus par camp (quatre carrés)."),
                           attrs={"size": 4})
    annonces_ew = _bounded(_("Annonces EO"), MAX_ANNONCES,
                           _("550 points d'annonces au plus par camp (quatre carrés)."),
                           attrs={"size": 4})
    # Points attribués (an arbiter's penalty), last: the row folds them away until asked for.
    awarded_ns = _bounded(_("Points à NS"), MAX_AWARDED,
                          _("Pénalité : 1000 points au plus."), attrs={"size": 4})
    awarded_ew = _bounded(_("Points à EO"), MAX_AWARDED,
                          _("Pénalité : 1000 points au plus."), attrs={"size": 4})
    # The donne's version when the form was shown (a PositiveIntegerField), for the check that
    # nobody corrected it meanwhile.
    version = WholeNumberField(required=False, min_value=0, max_value=2**31 - 1,
                                 widget=forms.HiddenInput)
    # The stable key of the donne being corrected (DonneRecord.key): its number shifts when
    # an earlier one is deleted, and a correction must never land on the donne that moved up.
    key = forms.CharField(required=False, max_length=22, widget=forms.HiddenInput)

    def __init__(self, *args, rules=None, phone: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.phone = phone
        self.typed: PointsTyped | None = None
        self.typed_coinche: Coinche | None = None
        # The columns a shortcut filled, and the field it was typed in (for its refusals).
        self.typed_in: dict[str, str] = {}
        if not phone:
            # The laptop's inputs sit in table cells, outside the <form>. The phone's sit inside
            # <form id="donne-form">: tied by id as well, during an htmx swap (two forms share
            # that id a moment) its radios would join the new form's groups and lose their
            # checked state.
            for field in self.fields.values():
                field.widget.attrs["form"] = "donne-form"
        # The trumps offered: sans atout and tout atout only where the rule set plays them.
        self.trumps = TRUMP_INPUT_CHOICES if rules is None or rules.sa_ta \
            else TRUMP_INPUT_CHOICES[:5]
        self._choice_field("trump").choices = self.trumps
        points_attrs = self.fields["taker_points"].widget.attrs
        if phone:
            # One touch per choice: buttons instead of drop-downs, no "—" to pick; the capot's
            # « Non » is the empty choice, checked until a side is touched.
            offered: dict[str, list[Any]] = {
                "taker": TAKER_CHOICES, "trump": self.trumps,
                "coinche": [(Coinche.NONE.value, _("Non")), *COINCHE_CHOICES[1:]],
                "capot": [("", _("Non")), *CAPOT_CHOICES[1:]]}
            for name, choices in offered.items():
                field = self._choice_field(name)
                field.widget = forms.RadioSelect()
                field.choices = [choice for choice in choices if choice[0] or name == "capot"]
            # A digits keypad: the shortcuts' letters are the phone's buttons.
            points_attrs["inputmode"] = "numeric"
            if rules is None or not rules.sa_ta:
                # One belote a donne at a suit: a toggle, one touch (tout atout, which may
                # have up to four, keeps the count).
                for name in ("belote_ns", "belote_ew"):
                    self.fields[name].widget = BeloteToggle()
        else:
            points_attrs["title"] = str(POINTS_HINT)
        # The phone's contract buttons: the common values, one touch each (others typed).
        highest = 160 if rules is None else min(160, rules.max_contract)
        self.contract_values = list(range(80, highest + 1, 10))
        # What the rule set does not play is left out of the row, so it cannot be typed.
        self.hidden_columns = set()
        if rules is not None and rules.game == "classique":
            self.hidden_columns |= {"contract", "coinche"}
        if rules is not None and not rules.annonces:
            self.hidden_columns |= {"annonces_ns", "annonces_ew"}
        self.generale = rules is not None and rules.game != "classique" \
            and rules.generale_score is not None
        if not phone or "contract" in self.hidden_columns:
            self.hidden_columns.add("bid")
        elif not self.generale:
            self._choice_field("bid").choices = BID_CHOICES[:2]
        if self.generale:
            self.fields["contract"].help_text = _(
                "80, 90, … ; « c+ » capot réussi, « c- » capot chuté ; « g+ » générale "
                "réussie, « g- » générale chutée")
        else:
            self.fields["contract"].help_text = _(
                "80, 90, … ; « c+ » capot réussi, « c- » capot chuté")
        for name in self.hidden_columns:
            del self.fields[name]
        if phone:
            # By how often each is touched: a belote (one donne in four) before the coinche
            # (one in five) and the capot (one in forty), all within the first screen.
            self.order_fields(["taker", "contract", "bid", "trump", "taker_points",
                               "belote_ns", "belote_ew", "coinche", "capot"])

    @property
    def belote_toggles(self) -> list:
        """The phone's belote buttons (bound fields), when the belote is a toggle."""
        return [self[name] for name in ("belote_ns", "belote_ew")
                if name in self.fields and isinstance(self.fields[name].widget, BeloteToggle)]

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        if not isinstance(field, forms.ChoiceField):
            raise TypeError(f"{name} is not a choice")
        return field

    @property
    def blank_key(self) -> str:
        """What the fields of a blank row (no data, no initial value: the next donne's) are
        made of: the device, the fields the rule set plays, the trumps and bids offered, the
        language. The page renders them once per process for each key ({% cache %}): a
        phone's widgets, rendered each time, were a fifth of the CPU of a donne's entry. ""
        for any other row (typed, refused, or a donne being corrected), rendered each time."""
        if self.is_bound or self.initial:
            return ""
        trumps = ",".join(value for value, _label in self.trumps)
        # The buttons of a capot or générale bid: the générale's only where it is played
        # (a page without them, kept first, was served to a concours that plays it).
        bids = "c,g" if self.generale else "c"
        contracts = ",".join(str(value) for value in self.contract_values)
        return ":".join(["phone" if self.phone else "desk", *self.fields, trumps, bids, contracts,
                         get_language() or ""])

    def clean_taker_points(self) -> int | None:
        """The takers' points; the shortcuts typed after them are kept in `self.typed`."""
        self.typed = points_typed(self.cleaned_data.get("taker_points", ""))
        return self.typed.points

    def clean_contract(self) -> tuple[int | None, str | None, bool | None]:
        """The contract as (value, bid, made): a value, or a capot or générale bid (made
        True, False, or None when not said). A trailing « x » (« xx ») says coinché
        (surcoinché), kept in `self.typed_coinche`; a value in tens (« 8 ») is read ×10."""
        text = self.cleaned_data.get("contract", "").strip().lower()
        stripped = text.rstrip("x").rstrip()
        crosses = len(text) - len(text.rstrip("x"))
        if crosses > 2:
            raise forms.ValidationError(_("« x » coinché, « xx » surcoinché : pas plus."))
        if crosses and stripped:
            text = stripped
            self.typed_coinche = Coinche.COINCHE if crosses == 1 else Coinche.SURCOINCHE
        if not text:
            return None, None, None
        if text.replace(" ", "") in _BID_WORDS:  # « c + » is « c+ »; « 8 0 » is no number
            return None, *_BID_WORDS[text.replace(" ", "")]
        value = whole_number(text)
        if value is None:
            raise forms.ValidationError(_("Un nombre (80, 90, …), « c+ » ou « c- » pour un "
                                          "capot réussi ou chuté."))
        if value in CONTRACT_TENS:  # no contract is below 80: « 8 » is 80, « 12 » 120
            value *= 10
        return value, None, None

    def clean(self):
        data = super().clean()
        if not data.get("taker") and "taker" not in self.errors:
            # An empty row is never a donne: a passe is said with P (or the phone's button).
            self.add_error("taker", _("Indiquez le preneur ou P pour une donne passée."))
        if "taker" in self.errors:
            return data
        taker = None if data["taker"] == PASSE else Side(data["taker"])
        values = {name: self._value(name, data, taker) for name in [*_NEUTRAL_FIGURES, "trump"]}
        self._shortcuts(values, taker)
        contract, bid, made = self._value("contract", data, taker)
        if data.get("bid") and taker is not None:  # the phone's button says it all
            if contract is not None and "contract" not in self.errors:
                self.add_error("contract", _("Un contrat chiffré ou un capot (une générale), "
                                             "pas les deux : videz l'un des deux."))
            contract, (bid, made) = None, _BID_WORDS[data["bid"]]
        values["contract"] = contract
        values["capot_bid"], values["generale_bid"] = bid == CAPOT, bid == GENERALE
        points = data.get("taker_points")
        asked = False
        if bid is not None and taker is not None:
            made, asked = self._bid_made(bid, made, taker, values, points)
            if made:
                values["capot"] = taker  # made: the bidder's side won every trick
            values["generale_made"] = bid == GENERALE and bool(made)
        if "taker_points" not in self.errors and points is None and taker is not None \
                and values["capot"] is None and not asked:
            # A capot says the figure (162 or 0); otherwise it must be typed, never guessed.
            self.add_error("taker_points", _("Indiquez les points faits par le preneur."))
        values["taker_points"] = self._points(data, taker, values["capot"])
        donne = self._checked(Donne(taker=taker, **values), taker)
        if donne is not None and not self.errors:
            data["donne"] = donne
        return data

    def _shortcuts(self, values: dict, taker: Side | None) -> None:
        """Put the shortcuts typed after the points (belotes, capot) and the contract (coinche)
        into the row's values. Said twice (« b » and a figure in the belote column) is refused
        rather than added: which one was meant cannot be told."""
        typed = self.typed if "taker_points" not in self.errors else None
        coinche = self.typed_coinche
        if coinche is not None and "contract" not in self.errors:
            if values["coinche"] not in (Coinche.NONE, coinche):
                self.add_error("contract", _("Coinche indiquée deux fois (« x » et la colonne "
                                             "Coinche) : gardez l'une des deux."))
            else:
                values["coinche"] = coinche
        if typed is None or not (typed.belotes_takers or typed.belotes_defence
                                 or typed.capot_by_takers is not None):
            return
        if taker is None:
            self.add_error("taker_points", _("Donne passée : ni belote ni capot."))
            return
        defence = Side.EW if taker is Side.NS else Side.NS
        columns = {Side.NS: "belote_ns", Side.EW: "belote_ew"}
        for side, count in ((taker, typed.belotes_takers), (defence, typed.belotes_defence)):
            if not count:
                continue
            name = columns[side]
            if values[name] and name not in self.errors:
                self.add_error("taker_points", _(
                    "Belote indiquée deux fois (« %(letter)s » et la colonne %(column)s) : "
                    "gardez l'une des deux.") % {"letter": "b" if side is taker else "d",
                                                "column": self.fields[name].label})
                continue
            values[name] = count
            self.typed_in[name] = "taker_points"
        if typed.capot_by_takers is not None:
            side = taker if typed.capot_by_takers else defence
            if values["capot"] not in (None, side):
                self.add_error("taker_points", _("Capot indiqué deux fois (« c » et la colonne "
                                                 "Capot), pour des camps différents."))
            else:
                values["capot"] = side
                self.typed_in["capot"] = "taker_points"

    def _bid_made(self, bid: str, made: bool | None, taker: Side, values: dict,
                  points: int | None) -> tuple[bool | None, bool]:
        """Whether a capot or générale bid was made, from what was said or what the row
        shows; when it cannot tell (162 points and no capot said, or no points), the row asks
        on the contract field. Returns (made, asked)."""
        capot = values["capot"]
        field = "bid" if self.data.get(self.add_prefix("bid")) else "contract"
        word = _("Capot demandé") if bid == CAPOT else _("Générale")
        if made is True and capot is not None and capot != taker:
            self.add_error(field, _("%(bid)s réussi : la défense ne peut pas avoir fait "
                                    "capot.") % {"bid": word})
        elif made is False and bid == CAPOT and capot == taker:
            self.add_error(field, _("Capot demandé chuté : les preneurs n'ont pas fait tous "
                                    "les plis (capot vide ou à la défense)."))
        if made is not None:
            return made, False
        if bid == CAPOT and capot is not None:
            return capot == taker, False  # the capot column says it
        if capot is not None and capot != taker:
            return False, False  # the defence won every trick
        if capot is None and points is not None and points < CARD_POINTS:
            return False, False  # the defence won some points
        typed = "g+" if bid == GENERALE else "c+"
        self.add_error(field, _("%(bid)s : réussi ou chuté ? Tapez « %(made)s » s'il est "
                                "réussi, « %(down)s » s'il a chuté.")
                       % {"bid": word, "made": typed, "down": typed[0] + "-"})
        return None, True

    def _value(self, name: str, data: dict, taker: Side | None):
        """A field's value for scoring, or a neutral one when the field holds an error (or is
        not played by the rule set)."""
        wrong = name in self.errors
        value = None if wrong else data.get(name)
        if name == "contract":
            if wrong or value is None:
                return (80 if taker is not None and name in self.fields else None), None, None
            return value
        if name == "trump":
            if wrong:
                return None if taker is None else Trump.SPADES
            return Trump(value) if value else None
        if name == "coinche":
            return Coinche(value or Coinche.NONE.value)
        if name == "capot":
            return Side(value) if value else None
        return _NEUTRAL_FIGURES[name] if wrong else (value or 0)

    def _points(self, data: dict, taker: Side | None, capot: Side | None) -> int:
        if taker is not None and capot is not None:
            capot_points = CARD_POINTS if capot == taker else 0
        else:
            capot_points = None
        if "taker_points" in self.errors:
            return capot_points if capot_points is not None else (0 if taker is None else 81)
        points = data.get("taker_points")
        if points is None:
            return capot_points or 0
        return points

    def _checked(self, donne: Donne, taker: Side | None) -> Donne | None:
        """Scoring's check, run again after each error with the wrong field set aside, so that
        every wrong field is named at once. None when the row is refused."""
        if self.rules is None:
            return donne
        refused = False
        for _check in range(MAX_CHECKS):
            try:
                validate_donne(donne, self.rules)
            except ScoringError as error:
                refused = True
                field = ("contract" if error.field in ("capot_bid", "generale_bid",
                                                       "generale_made") else error.field)
                # A belote or capot typed after the points is refused where it was typed.
                shown = self.typed_in.get(field, field) if field else field
                if field not in self.fields or field in self.errors:
                    self.add_error(None if field not in self.fields else shown, error.message)
                    return None
                self.add_error(shown, error.message)
                donne = dataclasses.replace(donne, **self._neutral(field, donne, taker))
            else:
                return None if refused else donne
        return None

    def _neutral(self, field: str, donne: Donne, taker: Side | None) -> dict:
        if field == "contract":
            plays = taker is not None and self.rules.game != "classique"
            return {"contract": 80 if plays else None, "capot_bid": False,
                    "generale_bid": False, "generale_made": False}
        if field == "trump":
            return {"trump": None if taker is None else Trump.SPADES}
        if field == "taker_points":
            if taker is None:
                return {"taker_points": 0}
            if donne.capot is not None:
                return {"taker_points": CARD_POINTS if donne.capot == taker else 0}
            return {"taker_points": 81}
        return {field: _NEUTRAL_FIGURES.get(field, 0)}

    def read_back(self) -> str:
        """The valid row as the app understood it (« NS 80 ♥ coinché, 92 points, belote NS,
        capot NS »), shown beside the preview before saving: a shortcut's effect is read,
        not guessed. Empty for a passe or a refused row."""
        donne = self.cleaned_data.get("donne") if self.is_bound and not self.errors else None
        if donne is None or donne.taker is None:
            return ""
        if donne.generale_bid:
            contract = str(_("générale"))
        elif donne.capot_bid:
            contract = str(_("capot"))
        else:
            contract = str(donne.contract or "")
        words = " ".join(part for part in (
            SIDE_SHORT[donne.taker.value], contract,
            TRUMP_SHORT.get(donne.trump.value if donne.trump else "", ""),
            str(_COINCHE_LABELS[donne.coinche.value]).lower()
            if donne.coinche is not Coinche.NONE else "") if part)
        parts = [words, _("%(n)d points") % {"n": donne.taker_points}]
        for side, count in ((Side.NS, donne.belote_ns), (Side.EW, donne.belote_ew)):
            if count:
                parts.append(_("belote %(side)s") % {"side": SIDE_SHORT[side.value]}
                             if count == 1 else _("%(n)d belotes %(side)s")
                             % {"n": count, "side": SIDE_SHORT[side.value]})
        if donne.capot is not None:
            parts.append(_("capot %(side)s") % {"side": SIDE_SHORT[donne.capot.value]})
        return ", ".join(str(part) for part in parts)

    def typed_columns(self) -> dict[str, str]:
        """The desk's columns a shortcut filled, as the row shows them in their cells before
        saving (« 1 » under Belote NS for « 92b », « EO » under Capot for « c »); "" for the
        others, so that a shortcut erased is erased from its cell too."""
        donne = self.cleaned_data.get("donne") if self.is_bound and not self.errors else None
        shown = dict.fromkeys(TYPED_COLUMNS, "")
        if donne is None:
            return shown
        for name in self.typed_in:
            value = getattr(donne, name)
            shown[name] = SIDE_SHORT[value.value] if isinstance(value, Side) else str(value)
        return shown

    def mark_errors(self) -> None:
        """Mark each wrong field for assistive technologies and for the page's script, which
        puts the cursor on the first one."""
        for name in self.errors:
            if name in self.fields:
                attrs = self.fields[name].widget.attrs
                attrs["aria-invalid"] = "true"
                attrs["aria-describedby"] = f"err-{name}"

    @classmethod
    def initial_for(cls, record) -> dict:
        if record.generale_bid:
            contract = "g+" if record.generale_made else "g-"
        elif record.capot_bid:
            contract = "c+" if record.capot and record.capot == record.taker else "c-"
        else:
            contract = record.contract or ""
        return {
            "taker": record.taker or PASSE, "contract": contract, "trump": record.trump,
            "coinche": record.coinche, "taker_points": record.taker_points,
            "capot": record.capot, "belote_ns": record.belote_ns or None,
            "belote_ew": record.belote_ew or None, "annonces_ns": record.annonces_ns or None,
            "annonces_ew": record.annonces_ew or None, "awarded_ns": record.awarded_ns or None,
            "awarded_ew": record.awarded_ew or None, "version": record.version,
            "key": record.key,
        }


class ForfeitForm(forms.Form):
    side = forms.ChoiceField(
        label=_("Forfait"),
        choices=[("", _("Aucun")), (Side.NS.value, _("Nord-Sud déclare forfait")),
                 (Side.EW.value, _("Est-Ouest déclare forfait"))],
        required=False,
    )


class SwapForm(forms.Form):
    """Two teams' numbers, bounded like every number typed (a team number is a small integer)."""

    team_a = WholeNumberField(label=_("Équipe (n°)"), min_value=1, max_value=MAX_SMALL)
    team_b = WholeNumberField(label=_("avec l'équipe (n°)"), min_value=1, max_value=MAX_SMALL)
