"""The tournament's forms: creating a concours, and its rules and options.

Names and places go through `validators.clean_text` (NFC, no control or invisible character),
the address through `validators.check_slug`; every number has bounds a real concours never
reaches, so a typing slip is refused in French instead of stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.validators import MaxValueValidator
from django.db.models import Q
from django.forms.forms import DeclarativeFieldsMetaclass
from django.forms.models import fields_for_model
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from scoring import PRESETS, Rules, ScoringError

from ..bounds import OPTION_BOUNDS
from ..choices import CHUTE_BASE_CHOICES, COINCHE_MADE_CHOICES, EXEMPT_CHOICES, FORMAT_CHOICES
from ..draw import METHODS
from ..errors import UserError
from ..formats import FORMATS, format_of
from ..models import PRESET_CHOICES, RULE_FIELDS, Club, Season, Tournament
from ..ranking import CRITERIA
from ..services import TournamentSettings, criteria_checked
from ..services.common import (
    RANKING_POINTS_MAX,
    draw_method_checked,
    model_column,
)
from ..services.tournaments import KEEP
from ..validators import SLUG_MAX_LENGTH, InvalidText, check_slug, clean_text, slug_suggestion
from .fields import WholeNumberField, model_formfield

if TYPE_CHECKING:  # django-stubs' alias of a text or a lazy translation (tests only install it)
    from django_stubs_ext import StrOrPromise


def _bounded(name: str) -> forms.Field:
    """The model's field for `name` (label, help, required), with the form's bounds: Django's
    own validators then refuse in French, and the browser's number input knows them too."""
    low, high = OPTION_BOUNDS[name]
    field = model_formfield(model_column(Tournament, name), min_value=low, max_value=high)
    if field is None:
        raise TypeError(f"Tournament.{name} has no form field")
    return field


def _max_length(name: str) -> int:
    length = model_column(Tournament, name).max_length
    if length is None:
        raise TypeError(f"Tournament.{name} has no length")
    return length


def _text_field(name: str, label: StrOrPromise, *, required: bool) -> forms.CharField:
    # No max_length on the field: `_clean_text` measures the text once normalised to NFC.
    max_length = _max_length(name)
    return forms.CharField(label=label, required=required,
                           widget=forms.TextInput(attrs={"maxlength": max_length}))


def _clean_text(form: forms.BaseForm, name: str, *, required: bool) -> str:
    try:
        return clean_text(form.cleaned_data[name], label=str(form.fields[name].label),
                          max_length=_max_length(name), required=required)
    except InvalidText as error:
        raise forms.ValidationError(str(error)) from None


class DrawMethodSelect(forms.Select):
    """The draw methods, each option saying which format it suits (data-format), so that the
    page's script offers only those of the format chosen."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        method = METHODS.get(str(value))
        if method is not None:
            option["attrs"]["data-format"] = " ".join(
                key for key, format in FORMATS.items() if format.allows_draw(method.entrant))
        return option


def draw_method_field(format: str | None = None) -> forms.ChoiceField:
    """The draw methods of the registry, in its order; only those of `format` when given
    (None: all, the page's script filtering them as the format changes)."""
    choices = [(key, capfirst(str(method.label))) for key, method in METHODS.items()
               if format is None or format_of(format).allows_draw(method.entrant)]
    # Not required: a form posted without it (a script, an older page) keeps the usual
    # method of the format, or on the rules page the concours' own.
    return forms.ChoiceField(
        label=_("Tirage des tables"), choices=choices, required=False,
        # Long French names: on a phone the list stays within the page.
        widget=DrawMethodSelect(attrs={"style": "max-width: 100%"}),
        help_text=_("Par le classement (chaque partie oppose les équipes de même rang), au "
                    "hasard à chaque partie, par un tableau de marche fixé d'avance, ou à la "
                    "mêlée (partenaires et adversaires tirés à chaque partie)."),
    )


def _clean_draw_method(form: forms.BaseForm, format: str | None) -> None:
    """The method against the format (the services' one check), on the method's field."""
    method = form.cleaned_data.get("draw_method")
    if method and format:
        try:
            form.cleaned_data["draw_method"] = draw_method_checked(method, format)
        except UserError as error:
            form.add_error("draw_method", error.message)


def _ranking_points_field(label: StrOrPromise,
                          help_text: StrOrPromise = "") -> WholeNumberField:
    return WholeNumberField(label=label, required=False, min_value=0,
                              max_value=RANKING_POINTS_MAX, help_text=help_text)


class TournamentCreateForm(forms.Form):
    name = _text_field("name", _("Nom du concours"), required=True)
    slug = forms.CharField(
        label=_("Adresse"), required=False,
        help_text=_("Celle du concours : /t/adresse/. Des lettres minuscules sans accent, des "
                    "chiffres et des tirets ; laissée vide, elle est faite à partir du nom."),
        widget=forms.TextInput(attrs={"maxlength": SLUG_MAX_LENGTH}),
    )
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    place = _text_field("place", _("Lieu"), required=False)
    preset = forms.ChoiceField(label=_("Règlement"), choices=PRESET_CHOICES,
                               initial="ffb-coinche")
    format = forms.ChoiceField(
        label=_("Formule"), choices=FORMAT_CHOICES, initial="doublettes",
        widget=forms.RadioSelect, required=False,
        help_text=_("Doublettes formées : chaque équipe s'inscrit avec ses deux joueurs. "
                    "Mêlée : les joueurs s'inscrivent seuls, partenaires et adversaires sont "
                    "tirés à chaque partie, le classement est individuel."),
    )
    draw_method = draw_method_field()

    def __init__(self, *args: Any, clubs: Sequence[Club] = (), **kwargs: Any) -> None:
        """`clubs`: where the account creates concours; with several, the form asks which
        (first field), else the concours goes to the one (`club` is then None)."""
        super().__init__(*args, **kwargs)
        if len(clubs) > 1:
            self.fields["club"] = forms.ModelChoiceField(
                label=_("Club"), queryset=Club.objects.filter(pk__in=[c.pk for c in clubs]),
                empty_label=None)
            self.order_fields(["club"])

    def clean_name(self) -> str:
        return _clean_text(self, "name", required=True)

    def clean_place(self) -> str:
        return _clean_text(self, "place", required=False)

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"]
        if not slug:
            return ""  # suggested from the name in clean()
        try:
            return check_slug(slug)
        except InvalidText as error:
            raise forms.ValidationError(str(error)) from None

    def clean_format(self) -> str:
        return self.cleaned_data["format"] or "doublettes"  # as before formats existed

    def clean_draw_method(self) -> str | None:
        return self.cleaned_data["draw_method"] or None  # None: the format's usual method

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        _clean_draw_method(self, cleaned.get("format"))
        if cleaned.get("name") and "slug" in cleaned and not cleaned["slug"]:
            try:
                cleaned["slug"] = free_slug(slug_suggestion(cleaned["name"]))
            except InvalidText:
                self.add_error("slug", _("Le nom ne donne pas d'adresse : choisissez-en une."))
        return cleaned


def free_slug(suggestion: str) -> str:
    """`suggestion`, or `suggestion-2`, `-3`… when a concours already has it.

    Only for an address the organiser left empty; one typed and taken is reported by the
    service under "Adresse" (a concours created meanwhile is too)."""
    taken = set(Tournament.objects.filter(slug__startswith=suggestion)
                .values_list("slug", flat=True))
    candidate, number = suggestion, 1
    while candidate in taken and number < 1000:
        number += 1
        suffix = f"-{number}"
        candidate = suggestion[:SLUG_MAX_LENGTH - len(suffix)].rstrip("-") + suffix
    return check_slug(candidate)


# When a rule option applies: every condition (another option's value, or one of several
# written "a|b") must hold. The rules page hides the others (classique hides the coinche
# options, a générale's score only shows where générales are played…) — on load, and as the
# organiser changes the options the conditions name (static/tournament/rules.js).
FAITS = "faits|faits_seuls"  # the countings that score points faits
OPTION_CONDITIONS: dict[str, dict[str, str]] = {
    "counting": {"game": "coinche"},
    # Shown for faits_seuls too: it must then be "score", and says so there if not.
    "multiply": {"game": "coinche", "counting": FAITS},
    "surcoinche_factor": {"game": "coinche"},
    "belote_multiplied": {"game": "coinche", "counting": FAITS, "multiply": "score"},
    "demandes_belote": {"game": "coinche", "counting": "demandes"},
    "beat_defence": {"game": "coinche", "counting": FAITS},
    "max_contract": {"game": "coinche"},
    "litige": {"counting": FAITS, "beat_defence": "1"},
    "tie_to_takers": {"counting": FAITS, "beat_defence": "1", "litige": "0"},
    "annonces": {"counting": FAITS},
    # Version 3.
    "coinche_made": {"game": "coinche", "counting": FAITS},
    "chute_base": {"counting": FAITS},
    "rounding_160": {"rounding": "1"},
    "rounding_decides": {"rounding": "1"},
    "capot_takes_annonces": {"counting": FAITS, "annonces": "1"},
    "defence_capot_bonus": {"counting": FAITS},
    "capot_bid_score": {"game": "coinche"},
    "generale_score": {"game": "coinche"},
    "bye_points": {"exempt_rule": "fixed"},
}
# French help for the options whose model field has none (the others come from the model).
OPTION_HELP = {
    "game": _("Coinche : enchères chiffrées, coinche et surcoinche. Classique : on prend à la "
              "couleur retournée, sans contrat chiffré."),
    "multiply": _("Ce que la coinche et la surcoinche multiplient : tout le score de la donne "
                  "(FFB) ou la valeur du contrat seule."),
    "surcoinche_factor": _("Multiplicateur d'une surcoinche (× 4 à la FFB, × 3 dans certains "
                           "règlements)."),
}


class CriteriaField(forms.MultiValueField):
    """The ranking criteria in order: one drop-down per rank ("Critère 1", "Critère 2"…),
    each listing the criteria by their French names; "—" ends the list."""

    def __init__(self) -> None:
        choices = [("", "—"), *((key, capfirst(str(label))) for key, label in CRITERIA.items())]
        count = len(CRITERIA)
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in range(count)]
        widget = CriteriaWidget([forms.Select(choices=choices) for _ in range(count)])
        super().__init__(fields, widget=widget, require_all_fields=False, required=True,
                         label=_("Critères de classement, dans l'ordre"),
                         help_text=_("Le premier classe d'abord ; les suivants départagent "
                                     "les égalités qui restent."))

    def compress(self, data_list: list[str]) -> list[str]:
        return [key for key in data_list if key]


class CriteriaWidget(forms.MultiWidget):
    # Under tournament/templates/: the default form renderer reads the apps' templates only.
    template_name = "tournament/widgets/criteria.html"

    def decompress(self, value: list[str] | None) -> list[str | None]:
        keys = list(value or [])
        return keys + [None] * (len(self.widgets) - len(keys))


def preset_options() -> dict[str, dict[str, Any]]:
    """Every preset's options as the form's widgets hold them (for the rules page's script)."""
    return {key: {name: _widget_value(getattr(rules, name)) for name in RULE_FIELDS}
            for key, rules in PRESETS.items()}


def _widget_value(value: Any) -> Any:
    return "" if value is None else value if isinstance(value, bool | int) else str(value)


# What the settings page edits, in the page's order: the concours' columns, each a field made
# from its model column (label, choices, help) unless declared below. The form gives them as
# one value (`settings`: the rule options as one scoring.Rules) to the page's one service,
# services.tournament_settings_change.
SETTINGS_FIELDS = ["name", "date", "place", "preset", *RULE_FIELDS, "parties_planned",
                   "format", "draw_method", "criteria", "points_win", "points_loss",
                   "points_exempt", "points_forfeit", "exempt_rule", "bye_points",
                   "forfeit_points", "paper_by_tables", "two_confirmations"]


class _ColumnsFirst(DeclarativeFieldsMetaclass):
    """The settings form's fields: those Django makes from the model's columns (as a
    ModelForm would, in SETTINGS_FIELDS' order), each replaced by the one the form declares
    when there is one; the declared ones the model has not (from_partie, confirm) come
    last."""

    def __new__(mcs, name: str, bases: tuple[type, ...],
                attrs: dict[str, Any]) -> Any:
        # A form class: the metaclass's stubs know nothing of its fields.
        form: Any = super().__new__(mcs, name, bases, attrs)
        fields = fields_for_model(
            Tournament, fields=SETTINGS_FIELDS, formfield_callback=model_formfield,
            widgets={"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")})
        fields.update(form.base_fields)
        form.base_fields = fields
        return form


class TournamentRulesForm(forms.Form, metaclass=_ColumnsFirst):
    """The settings page's one form (a plain form: it writes nothing; `settings` gives its
    values as one, for the page's one service)."""

    preset = forms.ChoiceField(
        label=_("Règlement de départ"), choices=PRESET_CHOICES,
        help_text=_("Choisir un règlement remplit toutes les options ci-dessous avec les "
                    "siennes ; chacune peut ensuite être ajustée."),
    )
    name = _text_field("name", _("Nom"), required=True)
    place = _text_field("place", _("Lieu"), required=False)
    target = _bounded("target")
    max_donnes = _bounded("max_donnes")
    parties_planned = _bounded("parties_planned")
    bye_points = _bounded("bye_points")
    forfeit_points = _bounded("forfeit_points")
    max_contract = _bounded("max_contract")
    capot_bid_score = _bounded("capot_bid_score")
    generale_score = _bounded("generale_score")
    criteria = CriteriaField()
    draw_method = draw_method_field()
    exempt_rule = forms.ChoiceField(
        label=_("Score d'une exemption"), choices=EXEMPT_CHOICES, required=False,
        help_text=_("Un score fixe (ci-dessous) ; la moitié des points joués aux tables de la "
                    "partie, en moyenne ; ou la moyenne des scores de la partie, forfaits "
                    "compris. Recalculé à chaque score saisi de la partie."),
    )
    points_win = _ranking_points_field(
        _("Points de classement d'une victoire"),
        _("Points donnés à chaque résultat, que le critère « points de classement » "
          "additionne ; vide : aucun. Par exemple une victoire 4, une défaite 2, une "
          "exemption 3."))
    points_loss = _ranking_points_field(_("Points de classement d'une défaite"))
    points_exempt = _ranking_points_field(_("Points de classement d'une exemption"))
    points_forfeit = _ranking_points_field(
        _("Points de classement d'un forfait (pour qui le déclare)"))
    # Beside the target and the number of donnes, which change from this partie on; shown
    # once a partie is drawn (before, every partie is to come).
    from_partie = WholeNumberField(
        label=_("À partir de la partie"), required=False, min_value=1,
        help_text=_("Le score à atteindre et le nombre de donnes changent à partir de cette "
                    "partie ; les parties d'avant gardent les leurs. Les autres options valent "
                    "pour toutes les parties."),
    )
    confirm = forms.BooleanField(
        label=_("Je confirme : recalculer les parties déjà saisies que ce changement touche"),
        required=False,
    )

    def __init__(self, data: Any = None, *, tournament: Tournament, from_partie: int = 1,
                 next_partie: int = 1, registered: bool = False) -> None:
        """`tournament`: the concours as stored (its values are the initial ones, and the
        form never writes into it); `from_partie`: the partie offered by default;
        `next_partie`: the next one to draw, the last a change can start from (`from_partie`
        is hidden while it is 1); `registered`: players or teams are registered (the format
        no longer changes)."""
        initial = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
        initial["criteria"] = list(tournament.criteria)
        super().__init__(data, initial=initial)
        self.tournament = tournament
        # The format is chosen once: nobody registered yet, or it stays (disabled: a posted
        # value is ignored, the service refuses a change anyway).
        self.fields["format"].required = False
        self.format_locked = registered
        if registered:
            self.fields["format"].disabled = True
            self.fields["format"].help_text = _(
                "Des joueurs ou des équipes sont inscrits : la formule ne change plus.")
            # Only the methods of its format (without the script, the page still says so).
            self.fields["draw_method"] = draw_method_field(tournament.format)
        self._season_field(tournament)
        self.initial.setdefault("from_partie", from_partie)
        self.default_from_partie = from_partie
        from_field = self.fields["from_partie"]
        assert isinstance(from_field, WholeNumberField)  # declared above
        from_field.max_value = next_partie
        self.fields["from_partie"].validators.append(MaxValueValidator(next_partie))
        self.fields["from_partie"].widget.attrs["max"] = next_partie
        self.show_from_partie = next_partie > 1
        # The form's order: "à partir de la partie" right after the number of donnes.
        order = [name for name in self.fields if name != "from_partie"]
        order.insert(order.index("max_donnes") + 1, "from_partie")
        self.order_fields(order)
        for name, text in OPTION_HELP.items():
            self.fields[name].help_text = text
        self.fields["max_contract"].widget.attrs["step"] = 10
        for name in ("capot_bid_score", "generale_score"):
            self.fields[name].widget.attrs["step"] = 10
        # The spec's "none", said in words rather than Django's "---------".
        none_words = (
            ("coinche_made", COINCHE_MADE_CHOICES,
             _("selon la coinche (la base si elle multiplie tout le score, les points sinon)")),
            ("chute_base", CHUTE_BASE_CHOICES, _("selon l'arrondi (160 avec, 162 sans)")),
        )
        for name, choices, words in none_words:
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)  # a model field with choices
            field.choices = [("", words), *choices]

    def _season_field(self, tournament: Tournament) -> None:
        """The concours' season (issue 32: a copy's warning pointed to a choice that did not
        exist): the club's seasons whose dates hold the concours' date, and its own."""
        seasons = Season.objects.filter(club_id=tournament.club_id).filter(
            Q(start__lte=tournament.date, end__gte=tournament.date)
            | Q(pk=tournament.season_id or 0)).order_by("-start", "name")
        self.fields["season"] = forms.ModelChoiceField(
            label=_("Saison"), queryset=seasons, required=False,
            empty_label=_("aucune saison"),
            help_text=_("Le concours compte pour cette saison. Seules les saisons du club dont "
                        "les dates comprennent celle du concours sont proposées."))
        self.initial["season"] = tournament.season_id
        order = list(self.fields)
        order.remove("season")
        order.insert(order.index("place") + 1, "season")
        self.order_fields(order)

    def _current(self, name: str) -> str:
        """An option's value as shown: the posted one, else the tournament's ("1"/"0" for
        yes and no, as the script reads the checkboxes)."""
        field = self.fields[name]
        value = (field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
                 if self.is_bound else self.initial.get(name, field.initial))
        if isinstance(field, forms.BooleanField):
            return "1" if field.to_python(value) else "0"
        return "" if value is None else str(value)

    def option_rows(self) -> list[tuple[forms.BoundField, str, bool]]:
        """Each field with its condition (as the script reads it: "game=coinche counting=faits")
        and whether it applies now."""
        rows = []
        for bound in self:
            if bound.name in ("preset", "confirm") or (
                    bound.name == "from_partie" and not self.show_from_partie):
                continue
            condition = OPTION_CONDITIONS.get(bound.name, {})
            # A refused option is shown, condition or not, so that its error is seen.
            applies = bool(bound.errors) or all(self._current(other) in value.split("|")
                                                for other, value in condition.items())
            rows.append((bound, " ".join(f"{k}={v}" for k, v in condition.items()), applies))
        return rows

    def clean_max_contract(self) -> int:
        value = self.cleaned_data["max_contract"]
        if value % 10:
            raise forms.ValidationError(_("Un multiple de 10 (80, 90, … 500)."))
        return value

    def _clean_flat_score(self, name: str) -> int | None:
        value = self.cleaned_data[name]
        if value is not None and value % 10:
            raise forms.ValidationError(_("Un multiple de 10 (250, 260, … 2000), ou vide."))
        return value

    def clean_capot_bid_score(self) -> int | None:
        return self._clean_flat_score("capot_bid_score")

    def clean_generale_score(self) -> int | None:
        return self._clean_flat_score("generale_score")

    def clean_name(self) -> str:
        return _clean_text(self, "name", required=True)

    def clean_place(self) -> str:
        return _clean_text(self, "place", required=False)

    def clean_from_partie(self) -> int:
        """Left empty (or not shown): the partie offered, never silently the first."""
        value = self.cleaned_data["from_partie"]
        return self.default_from_partie if value is None else value

    # Left out of a post (a script, an older page), these keep the concours' values: None
    # leaves a field as it is in services.tournament_format_update.
    def clean_format(self) -> str | None:
        return self.cleaned_data["format"] or None

    def clean_draw_method(self) -> str | None:
        return self.cleaned_data["draw_method"] or None

    def clean_exempt_rule(self) -> str | None:
        return self.cleaned_data["exempt_rule"] or None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        _clean_draw_method(self, cleaned.get("format") or self.tournament.format)
        self._clean_rules(cleaned)
        return cleaned

    def _clean_rules(self, cleaned: dict[str, Any]) -> None:
        """The rule options as one rule set (`cleaned["rules"]`): scoring refuses a
        contradiction on the option it names (`ScoringError.field`, a field of this form), or
        on the form as a whole. An option refused on its own already says so."""
        if not all(name in cleaned for name in RULE_FIELDS):
            return
        try:
            cleaned["rules"] = Rules(**{name: cleaned[name] for name in RULE_FIELDS})
        except ScoringError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)

    def settings(self, *, season_posted: bool = True) -> TournamentSettings:
        """The page's values as one (a valid form's), for services.tournament_settings_change;
        `season_posted` False: the post had no season field (an older page), which leaves the
        season as it is."""
        values = self.cleaned_data
        return TournamentSettings(
            name=values["name"], date=values["date"], place=values["place"],
            preset=values["preset"], rules=values["rules"],
            parties_planned=values["parties_planned"], criteria=values["criteria"],
            bye_points=values["bye_points"], forfeit_points=values["forfeit_points"],
            format=values["format"], draw_method=values["draw_method"],
            exempt_rule=values["exempt_rule"], points_win=values["points_win"],
            points_loss=values["points_loss"], points_exempt=values["points_exempt"],
            points_forfeit=values["points_forfeit"],
            paper_by_tables=values["paper_by_tables"],
            two_confirmations=values["two_confirmations"],
            season=values["season"] if season_posted else KEEP)

    def clean_criteria(self) -> list[str]:
        try:
            return criteria_checked(self.cleaned_data["criteria"])  # the services' one check
        except UserError as error:
            raise forms.ValidationError(error.message) from None
