"""The formats' registry (tournament.formats): what each format plays, and the phases' names."""

from types import SimpleNamespace

import pytest
from django.utils.translation import gettext_lazy as _

from tournament.choices import FORMAT_CHOICES
from tournament.draw import METHODS, DrawInput
from tournament.formats import (
    FORMATS,
    EntrantWords,
    Format,
    choices,
    format_of,
    phase_label,
    register,
)
from tournament.formats.base import poule_name


def test_doublettes_and_melee_are_registered_in_the_forms_order():
    assert list(FORMATS) == ["doublettes", "melee"]
    assert [(key, str(label)) for key, label in choices()] == [
        ("doublettes", "Doublettes formées"), ("melee", "Mêlée")]
    assert [key for key, _label in FORMAT_CHOICES] == list(FORMATS)


def test_a_melee_ranks_players_and_doublettes_teams():
    assert format_of("melee").by_player and format_of("melee").entrant == "player"
    assert not format_of("doublettes").by_player and format_of("doublettes").entrant == "team"
    assert str(format_of("melee").words.many) == "joueurs"
    assert str(format_of("doublettes").words.one) == "équipe"


def test_a_concours_format_is_read_from_its_key():
    assert format_of(SimpleNamespace(format="melee")) is FORMATS["melee"]


@pytest.mark.parametrize("key", ["doublettes", "melee"])
def test_each_format_starts_with_a_draw_method_of_its_own_entrants(key):
    format = FORMATS[key]
    assert METHODS[format.default_draw].entrant == format.entrant
    allowed = [m.key for m in METHODS.values() if format.allows_draw(m.entrant)]
    others = [m.key for m in METHODS.values() if not format.allows_draw(m.entrant)]
    assert format.default_draw in allowed and others
    assert set(allowed).isdisjoint(others)


def test_a_format_is_registered_once():
    with pytest.raises(ValueError, match="registered twice"):
        register(Format(key="melee", label=_("Mêlée"), entrant="player",
                        words=EntrantWords(_("joueur"), _("joueurs"), _("le joueur")),
                        default_draw="melee"))
    assert list(FORMATS) == ["doublettes", "melee"]


@pytest.mark.parametrize(("number", "name"), [
    (1, "A"), (2, "B"), (26, "Z"), (27, "AA"), (28, "AB"), (52, "AZ"), (53, "BA"),
    (702, "ZZ"), (703, "AAA")])
def test_poules_are_named_a_to_z_then_aa(number, name):
    assert poule_name(number) == name


def test_a_partie_says_its_phase_and_poule():
    assert phase_label(None) == ""
    assert phase_label("poule", 2) == "poule B"
    assert phase_label("principal") == "tableau principal"
    with pytest.raises(ValueError):
        poule_name(0)


def test_a_draw_carries_poules_and_the_last_winners():
    draw = DrawInput(entrants=[1, 2, 3, 4], partie=2, seed=1, groups={1: 1, 2: 1, 3: 2, 4: 2},
                     winners=[1, 3])
    assert draw.groups[3] == 2 and set(draw.winners) == {1, 3}
    with pytest.raises(ValueError, match="poule"):
        DrawInput(entrants=[1, 2], partie=1, seed=1, groups={1: 0, 2: 1})
