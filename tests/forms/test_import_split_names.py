"""A file of players written « NOM, Prénom »: without a header, its first names would be
registered as clubs. It is refused, naming the lines and how to write the file."""

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import given
from hypothesis import strategies as st

from tournament.forms.imports import read_player_file, surname_first


def read(text: str):
    return read_player_file(SimpleUploadedFile("joueurs.csv", text.encode("utf-8")))


@pytest.mark.parametrize("text", [
    "DUPONT, Jean\nMARTIN, Zoé\nLE GALL, Jean-Pierre\n",
    "DUPONT;Jean\nMARTIN;Zoé\n",
    "DUPONT, Jean\nMARTIN, Zoé\nRobert Durand, Club A\n",  # two lines of three
])
def test_a_file_written_nom_prenom_is_refused_naming_its_lines(text):
    with pytest.raises(forms.ValidationError) as refused:
        read(text)
    message = refused.value.messages[0]
    assert message.startswith("Ce fichier semble écrit « NOM, Prénom » (lignes 1, 2")
    assert "le prénom serait enregistré comme le club" in message
    assert "joueur;club;licence" in message


def test_a_header_says_the_second_column_is_the_club():
    lines = read("joueur,club\nDUPONT,Jean\nMARTIN,Zoé\n")
    assert [(line.name, line.club) for line in lines] == [("DUPONT", "Jean"), ("MARTIN", "Zoé")]


@pytest.mark.parametrize("text", [
    "Jean Dupont, Amicale\nZoé Martin, Club B\n",
    "DUPONT Jean, Belote Club\nMARTIN Zoé\n",
    '"DUPONT, Jean"\n"MARTIN, Zoé"\n',
    "DUPONT, Jean, 123\nMARTIN, Zoé, 456\n",  # a licence: three columns, read as written
    "Jean Dupont, Amicale\nZoé Martin, Club B\nDUPONT, Jean\n",  # one line in three
])
def test_other_files_are_read_as_before(text):
    assert read(text)


@given(st.from_regex(r"[A-Z]{2,12}", fullmatch=True),
       st.from_regex(r"[A-Z][a-zé]{1,10}", fullmatch=True))
def test_every_capitals_then_first_name_pair_is_recognised(surname, first):
    assert surname_first([surname, first])
    assert not surname_first([first, surname])
    assert not surname_first([surname, first, "123"])
