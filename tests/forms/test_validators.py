"""The checks every way in shares (`tournament.validators`): clean_text for names, same_name for
"the same team", check_slug for addresses and whole_number for numbers read from text."""

import unicodedata

import pytest

from tournament.validators import (
    BLANK_LOOKALIKES,
    MAX_SEED,
    MAX_SMALL,
    RESERVED_SLUGS,
    SLUG_MAX_LENGTH,
    InvalidText,
    check_slug,
    clean_text,
    same_name,
    whole_number,
)


def clean(value: object, *, max_length: int = 120, required: bool = True) -> str:
    return clean_text(value, label="Équipe", max_length=max_length, required=required)


def refusal(value: object, **options) -> str:
    with pytest.raises(InvalidText) as error:
        clean(value, **options)
    return str(error.value)


# --- clean_text: what a name may be ------------------------------------------------------------


@pytest.mark.parametrize("name", [
    "Cœur d'Atout", "Les Ânes", "L'Équipe 🂡", "Æ", "李小龍", "김민준", "Ñandú", "Zoë & Chloé",
    "❤\ufe0f Les Cœurs",  # an emoji with its variation selector (a combining mark) is kept
    "٣ أصدقاء", "Ⅻ", "!", "€", "Ångström",
])
def test_a_real_name_is_kept_as_it_is(name):
    assert clean(name) == name


@pytest.mark.parametrize("name", [
    "\u3164", "\u2800", "\uffa0", "\u115f", "\u1160", "\U0001d159",
    " \u3164 ", "\u3164\u2800", "\u2800 \u2800", "\u115f\u1160\u3164\uffa0",
    "Les\u3164As",  # looks like "Les As", and would be another team
    "Les As\u2800",
])
def test_a_blank_look_alike_is_refused_anywhere_by_its_code_point(name):
    first = next(char for char in name if char in BLANK_LOOKALIKES)
    assert refusal(name) == (
        f"Équipe : caractère invisible ou de contrôle refusé (U+{ord(first):04X}).")
    with pytest.raises(InvalidText):
        clean(name, required=False)  # a club of blanks is not an empty club either


def test_the_blank_look_alikes_are_letters_or_symbols_drawn_as_nothing():
    assert {unicodedata.category(char) for char in BLANK_LOOKALIKES} == {"Lo", "So"}
    assert all(not char.isspace() for char in BLANK_LOOKALIKES)  # str.split() kept them


@pytest.mark.parametrize("name", ["\u0301", " \u0301 ", "\u0301\u0308", "\u0301 \u0327",
                                  "\u20dd", "\ufe0f"])
def test_combining_marks_alone_are_no_visible_name(name):
    assert refusal(name) == (
        "Équipe : aucun caractère visible (une lettre, un chiffre ou un signe est attendu).")
    with pytest.raises(InvalidText):
        clean(name, required=False)


@pytest.mark.parametrize("char", ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e",
                                  "\x1f", "\x85", "\x00", "\x07", "\x1b", "\x7f"])
@pytest.mark.parametrize("where", ["Les{}As", "{}Les As", "Les As{}", "{}"])
def test_a_control_character_is_refused_never_folded_into_a_space(char, where):
    assert refusal(where.format(char)) == (
        f"Équipe : caractère invisible ou de contrôle refusé (U+{ord(char):04X}).")


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u200b", "\u200d", "\u202e", "\ufeff",
                                  "\u2063", "\U000e0041", "\ud800", "\u0378"])
def test_separators_format_characters_surrogates_and_unassigned_code_points_are_refused(char):
    assert refusal(f"Les{char}As") == (
        f"Équipe : caractère invisible ou de contrôle refusé (U+{ord(char):04X}).")


def test_runs_of_unicode_spaces_fold_to_one_space_and_the_ends_are_dropped():
    assert clean("  Les \u00a0\u3000 As\u202f ") == "Les As"
    assert clean("Les\u2009\u2009Rois\u1680de\u205fcœur") == "Les Rois de cœur"


@pytest.mark.parametrize("value", ["", " ", "\u00a0\u3000"])
def test_an_empty_or_blank_name_is_required_and_an_optional_one_is_empty(value):
    assert refusal(value) == "Équipe : ce champ est obligatoire."
    assert clean(value, required=False) == ""


@pytest.mark.parametrize("value", [None, 12, b"Les As", ["Les As"]])
def test_anything_but_a_string_is_refused(value):
    assert refusal(value) == "Équipe : du texte est attendu."


def test_a_name_is_stored_in_nfc():
    assert clean("Fe\u0302te a\u0300 Se\u0300te") == "Fête à Sète"
    assert clean(unicodedata.normalize("NFD", "Les Éclairs")) == "Les Éclairs"


def test_the_length_is_measured_once_normalised_to_nfc():
    decomposed = unicodedata.normalize("NFD", "é" * 120)
    assert len(decomposed) == 240
    assert clean(decomposed) == "é" * 120
    assert refusal(decomposed + "e\u0301") == "Équipe : 120 caractères au plus (il y en a 121)."
    assert refusal("x" * 5000) == "Équipe : 120 caractères au plus (il y en a 5000)."


def test_the_length_is_measured_once_spaces_are_folded():
    assert clean("  " + "x " * 59 + "  x  ") == "x " * 59 + "x"


# --- same_name ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("one", "other"), [
    ("Les Éclairs", "LES E\u0301CLAIRS"),
    ("les éclairs", "LES ÉCLAIRS"),
    ("Straße", "STRASSE"),
    ("Cœur", "CŒUR"),
])
def test_same_name_folds_case_and_composition(one, other):
    assert same_name(one) == same_name(other)


@pytest.mark.parametrize(("one", "other"), [
    ("Les Eclairs", "Les Éclairs"),  # an accent makes another name
    ("Les As", "Les Rois"),
])
def test_same_name_keeps_different_names_apart(one, other):
    assert same_name(one) != same_name(other)


def test_names_cleaned_then_compared_are_one_team_whatever_their_spaces():
    assert same_name(clean(" Les\u00a0 E\u0301clairs ")) == same_name(clean("les éclairs"))


# --- check_slug --------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(RESERVED_SLUGS))
def test_a_reserved_word_is_refused_as_an_address(slug):
    with pytest.raises(InvalidText) as error:
        check_slug(slug)
    assert str(error.value) == f"Adresse : « {slug} » est réservée, choisissez-en une autre."


@pytest.mark.parametrize("slug", ["fete-du-village", "noel-2026", "a", "x" * SLUG_MAX_LENGTH,
                                  "new-year", "admin2"])
def test_a_plain_address_is_kept(slug):
    assert check_slug(slug) == slug


@pytest.mark.parametrize("slug", [
    "Noel", "NOEL", "noël", "fête", "a/b", "../admin", "a b", "a--b", "-a", "a-", "a_b", "a.b",
    "", "x" * (SLUG_MAX_LENGTH + 1), "noel\n", None, 12,
])
def test_an_address_of_other_characters_or_too_long_is_refused(slug):
    with pytest.raises(InvalidText) as error:
        check_slug(slug)
    assert "des lettres minuscules sans accent" in str(error.value)
    assert f"({SLUG_MAX_LENGTH} caractères au plus)" in str(error.value)


# --- whole_number -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("0", 0), ("7", 7), ("007", 7), (str(MAX_SMALL), MAX_SMALL), (" 12 ", 12), ("\t12\n", 12),
])
def test_a_whole_number_in_plain_digits_within_bounds_is_read(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize("text", [
    str(MAX_SMALL + 1), "99999", "1" * 5000, "¹", "²3", "٣", "１２", "-1", "+1", "1.0", "1e3",
    "1_000", "1 000", "", " ", "0x10", None, 12, b"12",
])
def test_anything_else_is_no_number(text):
    assert whole_number(text) is None


def test_the_maximum_is_a_bound_included():
    assert whole_number("9", maximum=9) == 9
    assert whole_number("10", maximum=9) is None
    assert whole_number(str(MAX_SEED), MAX_SEED) == MAX_SEED
    assert whole_number(str(MAX_SEED + 1), MAX_SEED) is None
    assert MAX_SEED < 2**63  # a BigIntegerField holds every seed read


def test_a_5000_digit_string_is_refused_before_int():
    # Python refuses int() of more than 4,300 digits (ValueError): whole_number must say None.
    assert whole_number("9" * 5000, MAX_SEED) is None
    assert whole_number(" " + "0" * 5000 + " ", MAX_SEED) is None
