"""Checks shared by every way in: forms, file imports, backups and services.

A name typed in a form, read from a team file or restored from a backup goes through the same
`clean_text`, so two ways in can never disagree on what a team name may be. Numbers read from
an address or a form go through `whole_number` with a bound, before `int()`: a 5,000-digit
"number" or one beyond the database's integers is refused, never a server error.
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _


class InvalidText(ValueError):
    """A refused text, with a French message that names what is wrong."""


# Unicode categories refused in names: control characters (Cc: NUL, tabs, line feeds, escapes),
# format characters (Cf: zero-width spaces, direction overrides, which make two names look
# alike), lone surrogates (Cs: cannot be stored as UTF-8), unassigned code points (Cn), and the
# line and paragraph separators (Zl U+2028, Zp U+2029): a name is one line.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"}

# Blank look-alikes: characters of a "visible" category (letters, symbols) that are drawn as
# nothing, so that "\u3164" would be a team with an invisible name and "Les\u3164As" another
# team than "Les As" that looks the same. Refused anywhere, like the format characters.
# - U+115F, U+1160, U+3164, U+FFA0: the Hangul fillers, the only letters (Lo) among Unicode's
#   Default_Ignorable_Code_Point (the rest of that property is Cf or Cn, refused above, or
#   combining marks Mn, which never make a name visible on their own: see `_visible`);
#   Korean names are written in syllables (U+AC00-U+D7A3), never with fillers.
# - U+2800 BRAILLE PATTERN BLANK (So): a braille cell without dots, an empty glyph.
# - U+1D159 MUSICAL SYMBOL NULL NOTEHEAD (So): a notehead that is drawn as nothing.
BLANK_LOOKALIKES = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")


# Runs of Unicode spaces (Zs, as of Unicode 15: the space, the no-break spaces, the Ogham space
# mark, the en/em/thin… spaces and the ideographic space). The controls that str.split() also
# takes for spaces (\t, \n, \r, \x0b, \x0c, \x1c-\x1f, \x85) are Cc and refused before
# folding; U+2028 and U+2029 are Zl and Zp, refused too.
_SPACES = re.compile("[\u0020\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")


def _refused(char: str) -> bool:
    return unicodedata.category(char) in _REFUSED_CATEGORIES or char in BLANK_LOOKALIKES


def _visible(char: str) -> bool:
    """A character that is drawn: a letter, digit, punctuation or symbol (L*, N*, P*, S*) that
    is not a blank look-alike. Spaces (Z*) and combining marks alone (M*) are not."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LOOKALIKES


def clean_text(value: object, *, label: str, max_length: int, required: bool = True) -> str:
    """`value` as a name to store: NFC-normalised, its runs of spaces folded to single spaces.

    Refused: anything but a string; control characters (tabs and line feeds included: they are
    refused before spaces are folded, never turned into spaces), format and other invisible
    characters; a text with no visible character (spaces, blank look-alikes and combining
    marks alone); a name that is empty when `required`, or longer than `max_length`
    characters once normalised.
    """
    if not isinstance(value, str):
        raise InvalidText(_("%(label)s : du texte est attendu.") % {"label": label})
    text = unicodedata.normalize("NFC", value)
    for char in text:
        if _refused(char):
            raise InvalidText(
                _("%(label)s : caractère invisible ou de contrôle refusé (U+%(code)04X).")
                % {"label": label, "code": ord(char)}
            )
    # Only spaces (Zs: the space, no-break spaces, the ideographic space…) are left to fold.
    text = _SPACES.sub(" ", text).strip(" ")
    if text and not any(_visible(char) for char in text):
        raise InvalidText(
            _("%(label)s : aucun caractère visible (une lettre, un chiffre ou un signe est "
              "attendu).") % {"label": label}
        )
    if required and not text:
        raise InvalidText(_("%(label)s : ce champ est obligatoire.") % {"label": label})
    if len(text) > max_length:
        raise InvalidText(
            _("%(label)s : %(max)d caractères au plus (il y en a %(n)d).")
            % {"label": label, "max": max_length, "n": len(text)}
        )
    return text


def same_name(text: str) -> str:
    """The key under which two names are the same team: case and accents' case folded, and
    look-alike forms (NFKC: full-width « Ｌｅｓ », the ligature « ﬁ ») taken as the letters
    they show, or « Ｌｅｓ Éclairs » would be a second « Les Éclairs »."""
    return unicodedata.normalize("NFKC", text).casefold()


def search_key(text: str) -> str:
    """The key under which the club's register finds a player as one types: case and
    accents ignored ("Hélène" is "helene", "LEFÈVRE" is "lefevre"), runs of spaces one space.
    Coarser than `same_name` on purpose: it suggests, a person chooses."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


# What starts a word of a name: a space, a hyphen ("Jean-Pierre"), an apostrophe ("D'Arc").
WORD_STARTS = (" ", "-", "'", "’")


def key_words(key: str) -> list[str]:
    """The words of a search key (`search_key`), split where a word of a name starts: « jean-
    pierre d'arc » is « jean », « pierre », « d », « arc »."""
    for before in WORD_STARTS[1:]:
        key = key.replace(before, " ")
    return key.split()


def name_rotations(name: str) -> set[str]:
    """The register keys (ClubPlayer.key: « prénom nom », folded) a name typed in either order
    may be: each rotation of its folded words (« Lebrun Henri » is « henri lebrun »)."""
    words = search_key(name).split()
    return {" ".join(words[index:] + words[:index]) for index in range(len(words))}


# --- Addresses ------------------------------------------------------------------------------

SLUG_MAX_LENGTH = 60
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Words that are (or will be) routes under /t/: a tournament there would be unreachable.
RESERVED_SLUGS = frozenset({
    "new", "nouveau", "import", "export", "restore", "admin", "static", "media", "api",
    "aide", "help", "login", "logout", "table", "screen",
})


# Words of a name left in lower case inside it (« Jean de La Fontaine »).
_PARTICLES = frozenset({"de", "du", "des", "d", "la", "le", "les", "van", "von", "der", "den"})


def name_spelled(text: str) -> str:
    """A person's name as the club's register writes it (issue 32: « castel mireille » and
    « Mireille CASTEL » stood side by side). Typed with its own capitals (« Mireille
    CASTEL », « Anne McKay »), it is kept: the desk chose them. Typed all in small letters
    or all in capitals, each word is capitalised at each of its parts (« jean-pierre » →
    « Jean-Pierre », « d'arc » → « d'Arc »), the particles inside the name (« de », « du »,
    « d' »…) in small letters; the words in the order typed (the register matches either
    order), accents kept. Anything but a name's letters, spaces, hyphens, apostrophes and
    dots (« @joueur 1 », « =b1 », « martin 2 ») is kept as typed: it is no spelling of a
    name, and the text typed is the user's."""
    if not all(char.isalpha() or char in " -'’." for char in text):
        return text
    letters = [char for char in text if char.isalpha()]
    if any(char.isupper() for char in letters) and any(char.islower() for char in letters):
        return text

    def capitalised(part: str) -> str:
        return part[:1].upper() + part[1:].lower()

    def spelled(index: int, word: str) -> str:
        particle, apostrophe, rest = word.lower().partition("'")
        if index and particle in _PARTICLES:
            return f"{particle}'{capitalised(rest)}" if apostrophe else particle
        return re.sub(r"[^\W\d_]+", lambda match: capitalised(match[0]), word)

    return " ".join(spelled(index, word) for index, word in enumerate(text.split()))


def check_slug(value: object) -> str:
    """A tournament's address: lowercase letters, digits and single hyphens, not a route word."""
    if not isinstance(value, str) or not _SLUG.fullmatch(value) or len(value) > SLUG_MAX_LENGTH:
        raise InvalidText(
            _("Adresse : des lettres minuscules sans accent, des chiffres et des tirets "
              "(%(max)d caractères au plus).") % {"max": SLUG_MAX_LENGTH}
        )
    if value in RESERVED_SLUGS:
        raise InvalidText(_("Adresse : « %(slug)s » est réservée, choisissez-en une autre.")
                          % {"slug": value})
    return value


def slug_suggestion(name: str) -> str:
    """An address made from a tournament's name ("Fête du village" → "fete-du-village")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_name.lower()))[:SLUG_MAX_LENGTH].strip("-")
    return slug if slug and slug not in RESERVED_SLUGS else (slug + "-1").lstrip("-")


# --- Numbers --------------------------------------------------------------------------------

# Bounds for numbers read from addresses and forms. A donne number, a table, a partie or a team
# number never needs more than these; a seed is kept below 2**63 (a BigIntegerField).
MAX_SMALL = 32_767  # PositiveSmallIntegerField
MAX_SEED = 10**18 - 1


def whole_number(text: object, maximum: int = MAX_SMALL) -> int | None:
    """The number `text` writes in plain digits 0-9, if it is at most `maximum`; else None.

    (str.isdigit also accepts "¹" or "²", which int() refuses; the length is checked before
    int() so that a 5,000-digit string costs nothing.)"""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(maximum)):
        return None
    value = int(text)
    return value if value <= maximum else None
