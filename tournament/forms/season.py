"""A season's form: its name and dates, the concours it includes (chosen among the club's),
and its rule. Numbers are read as text (`whole_number`: bounded before int(), a French
message); the points table is read by the service (the one place that knows it), which also
checks everything again, as for every way in."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Season, Tournament
from ..models.season import SEASON_BEYOND_CHOICES, SEASON_KIND_CHOICES, SEASON_TIE_BREAK_CHOICES
from ..validators import whole_number

NUMBER_MAX = 10_000
TIE_BREAK_SLOTS = len(SEASON_TIE_BREAK_CHOICES)


def _number(placeholder: str = "") -> forms.TextInput:
    attrs: dict[str, Any] = {"inputmode": "numeric", "autocomplete": "off", "size": 6,
                             "maxlength": 5}
    if placeholder:
        attrs["placeholder"] = placeholder
    return forms.TextInput(attrs=attrs)


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Nom"), max_length=120,
                           widget=forms.TextInput(attrs={"autofocus": True, "size": 30}))
    start = forms.DateField(label=gettext_lazy("Début"),
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    end = forms.DateField(label=gettext_lazy("Fin"),
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    concours = forms.MultipleChoiceField(
        label=gettext_lazy("Concours de la saison"), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Les concours du club qui ne sont dans aucune autre saison ; "
                               "un concours compte pour une saison au plus, et doit être "
                               "daté entre le début et la fin."))
    kind = forms.ChoiceField(label=gettext_lazy("Règle"), choices=SEASON_KIND_CHOICES,
                             widget=forms.RadioSelect)
    points_table = forms.CharField(
        label=gettext_lazy("Barème (points par place)"), required=False, max_length=3000,
        widget=forms.TextInput(attrs={"size": 40, "autocomplete": "off",
                                      "placeholder": "100,90,80,70,60"}),
        help_text=gettext_lazy("Les points du 1er, du 2e, … séparés par des virgules ; "
                               "chaque place vaut au plus celle d'avant. Des équipes à "
                               "égalité marquent chacune les points de leur place commune."))
    beyond = forms.ChoiceField(label=gettext_lazy("Les places au-delà du barème marquent"),
                               choices=SEASON_BEYOND_CHOICES, widget=forms.RadioSelect)
    participation = forms.CharField(
        label=gettext_lazy("Bonus de participation"), widget=_number("0"), required=False,
        help_text=gettext_lazy("Points ajoutés pour chaque concours joué."))
    best = forms.CharField(
        label=gettext_lazy("Meilleurs résultats comptés"), widget=_number(), required=False,
        help_text=gettext_lazy("Vide : tous les concours comptent ; 10 : les 10 meilleurs."))
    min_ranked = forms.CharField(
        label=gettext_lazy("Concours joués pour être classé"), widget=_number("0"),
        required=False)
    min_lot = forms.CharField(
        label=gettext_lazy("Concours joués pour recevoir un lot"), widget=_number("0"),
        required=False)
    published = forms.BooleanField(
        label=gettext_lazy("Publiée"), required=False,
        help_text=gettext_lazy("Le classement de la saison est visible de tous (sinon des "
                               "membres du club seuls)."))

    def __init__(self, *args: Any, choices: list[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["concours"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = [(str(tournament.pk),
                          f"{tournament.date:%d/%m/%Y} — {tournament.name}")
                         for tournament in choices]
        blank = [("", _("—"))]
        for index in range(TIE_BREAK_SLOTS):
            self.fields[f"tie_break_{index}"] = forms.ChoiceField(
                label=_("Départage %(n)d") % {"n": index + 1}, required=False,
                choices=blank + [(key, str(label)) for key, label in SEASON_TIE_BREAK_CHOICES])

    @classmethod
    def of(cls, season: Season | None, choices: list[Tournament]) -> SeasonForm:
        if season is None:
            initial: dict[str, Any] = {"kind": "table", "beyond": "zero",
                                       "points_table": "100,90,80,70,60,50,40,30,20,10",
                                       "tie_break_0": "wins", "tie_break_1": "score"}
        else:
            initial = {
                "name": season.name, "start": season.start, "end": season.end,
                "kind": season.kind, "beyond": season.beyond,
                "points_table": ",".join(map(str, season.points_table)),
                "participation": season.participation or "",
                "best": season.best or "", "min_ranked": season.min_ranked or "",
                "min_lot": season.min_lot or "", "published": season.published,
                "concours": [str(tournament.pk) for tournament in choices
                             if tournament.season_id == season.pk],
                **{f"tie_break_{index}": key for index, key in enumerate(season.tie_breaks)},
            }
        return cls(initial=initial, choices=choices)

    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_break_{index}"] for index in range(TIE_BREAK_SLOTS)]

    def _whole(self, name: str, label: str, *, empty: int | None) -> int | None:
        text = self.cleaned_data.get(name) or ""
        if not text.strip():
            return empty
        value = whole_number(text, NUMBER_MAX)
        if value is None:
            raise forms.ValidationError(_("%(label)s : un nombre entier de 0 à %(max)d est "
                                          "attendu.") % {"label": label, "max": NUMBER_MAX})
        return value

    def clean_participation(self) -> int | None:
        return self._whole("participation", _("Bonus de participation"), empty=0)

    def clean_best(self) -> int | None:
        return self._whole("best", _("Meilleurs résultats comptés"), empty=None) or None

    def clean_min_ranked(self) -> int | None:
        return self._whole("min_ranked", _("Concours joués pour être classé"), empty=0)

    def clean_min_lot(self) -> int | None:
        return self._whole("min_lot", _("Concours joués pour recevoir un lot"), empty=0)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        keys = [cleaned.get(f"tie_break_{index}") for index in range(TIE_BREAK_SLOTS)]
        chosen = [key for key in keys if key]
        if len(set(chosen)) != len(chosen):
            self.add_error("tie_break_0", _("Chaque départage une seule fois."))
        cleaned["tie_breaks"] = chosen
        return cleaned

    def values(self) -> dict[str, Any]:
        """What the service takes, by name."""
        data = self.cleaned_data
        return {"name": data["name"], "start": data["start"], "end": data["end"],
                "kind": data["kind"], "points_table": data["points_table"],
                "beyond": data["beyond"], "participation": data["participation"],
                "best": data["best"], "min_ranked": data["min_ranked"],
                "min_lot": data["min_lot"], "tie_breaks": data["tie_breaks"],
                "published": data["published"],
                "concours": [int(pk) for pk in data["concours"]]}
