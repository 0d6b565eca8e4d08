"""The pure matcher of entrants to a club's register (tournament/register_match.py): accents
and case variants of a name match, a licence match wins over names, two register players of
the same name make it ambiguous, another club's namesake is offered, never linked."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from tournament.register_match import AMBIGUOUS, LINKED, NEW, Incoming, Known, matches

# Names built to be valid: letters with and without accents, words of 2 to 8.
LETTERS = "abcdefghijklmnopqrstuvwxyzéèêëàâîïôöûüçñ"
words = st.text(alphabet=LETTERS, min_size=2, max_size=8)
names = st.lists(words, min_size=1, max_size=3).map(" ".join)


def _bare(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(char))


@st.composite
def variants(draw: st.DrawFn, name: str) -> str:
    """`name` as another file may write it: each letter's case and accents changed, spaces
    doubled, or decomposed (E + combining accent)."""
    chars = []
    for char in name:
        if char == " ":
            chars.append(draw(st.sampled_from([" ", "  ", "\u00a0"])))
            continue
        char = draw(st.sampled_from([char, _bare(char)]))
        chars.append(draw(st.sampled_from([char, char.upper()])))
    text = "".join(chars)
    return unicodedata.normalize(draw(st.sampled_from(["NFC", "NFD"])), text)


@given(st.data(), names)
def test_a_name_differing_by_accents_case_and_spaces_is_linked(data, name):
    variant = data.draw(variants(name))
    register = [Known(id=7, name=name), Known(id=8, name=name + " Autre")]
    [match] = matches(register, [Incoming(variant)])
    assert (match.kind, match.candidates, match.by) == (LINKED, (7,), "name")


@given(words, words)
def test_a_file_writes_first_name_then_name_or_name_then_first_name(name, first_name):
    register = [Known(id=3, name=name.upper(), first_name=first_name.capitalize())]
    found = matches(register, [Incoming(f"{first_name} {name}"),
                               Incoming(f"{name} {first_name}")])
    assert [match.linked for match in found] == [3, 3]


@given(names, names, st.text(alphabet="0123456789AB", min_size=1, max_size=8))
def test_a_licence_match_wins_over_names(name, other, licence):
    register = [Known(id=1, name=name), Known(id=2, name=other, licence=licence)]
    # The file names the first one, with the second one's licence written otherwise.
    spaced = " ".join(licence.lower())
    [match] = matches(register, [Incoming(name, licence=spaced)])
    assert (match.kind, match.candidates, match.by) == (LINKED, (2,), "licence")


@given(st.data(), names, st.lists(st.text(alphabet="xyz", min_size=1, max_size=3),
                                  max_size=2))
def test_two_register_players_of_the_same_name_make_it_ambiguous(data, name, clubs):
    register = [Known(id=1, name=name), Known(id=2, name=data.draw(variants(name))),
                Known(id=3, name=name + " Autre")]
    club = clubs[0] if clubs else ""
    [match] = matches(register, [Incoming(name, club=club)])
    assert match.kind == AMBIGUOUS
    assert match.candidates == (1, 2)
    assert match.linked is None


def test_the_home_club_tells_two_namesakes_apart():
    register = [Known(id=1, name="Jean Martin", home_club="Belote Club"),
                Known(id=2, name="Jean Martin", home_club="Amicale")]
    found = matches(register, [Incoming("jean martin", club="AMICALE"),
                               Incoming("Jean Martin", club="Autre club"),
                               Incoming("Jean Martin")])
    assert [(match.kind, match.candidates) for match in found] == [
        (LINKED, (2,)), (AMBIGUOUS, (1, 2)), (AMBIGUOUS, (1, 2))]


def test_a_namesake_of_another_club_is_offered_never_linked():
    register = [Known(id=1, name="Jean Martin", home_club="Belote Club")]
    found = matches(register, [Incoming("Jean Martin", club="Amicale"),
                               Incoming("Jean Martin"),
                               Incoming("Jean Martin", club="belote club")])
    assert [(match.kind, match.candidates) for match in found] == [
        (AMBIGUOUS, (1,)), (LINKED, (1,)), (LINKED, (1,))]


def test_an_entry_with_another_licence_is_another_person():
    register = [Known(id=1, name="Jean Martin", licence="111"),
                Known(id=2, name="Paul Petit")]
    found = matches(register, [Incoming("Jean Martin", licence="222"),
                               Incoming("Jean Martin"),
                               Incoming("Paul Petit", licence="333")])
    assert [(match.kind, match.candidates) for match in found] == [
        (NEW, ()), (LINKED, (1,)), (LINKED, (2,))]


def test_a_backups_uid_wins_over_licence_and_name():
    register = [Known(id=1, name="Jean Martin", uid="u-1"),
                Known(id=2, name="Joueur n° 2", licence="9", uid="u-2")]
    found = matches(register, [Incoming("Jean Martin", licence="9", uid="u-2"),
                               Incoming("Jean Martin", uid="u-unknown")])
    assert [(match.kind, match.candidates, match.by) for match in found] == [
        (LINKED, (2,), "uid"), (LINKED, (1,), "name")]


@given(names, st.text(alphabet="xyz", max_size=3))
def test_a_name_the_register_does_not_have_is_new_and_its_namesakes_one(name, club):
    found = matches([Known(id=1, name="Joueur 0")],
                    [Incoming(name, club=club), Incoming(name.upper(), club=club.upper()),
                     Incoming(name, club=club + "w")])
    assert [match.kind for match in found] == [NEW, NEW, NEW]
    assert found[0].new_key == found[1].new_key != found[2].new_key
