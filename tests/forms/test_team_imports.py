"""Team files: every defect of issue 9's "Team imports" through the real form and through the
team page, and random files to the one reader (`tournament.forms.imports`): a team list or a French
refusal, never an exception, never a write."""

import codecs
import csv
import datetime
import html
import io
import re
import tracemalloc
import zipfile
from dataclasses import dataclass, field

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.worksheet._read_only import ReadOnlyWorksheet

from tests.builders import tournament
from tournament.forms import TeamImportForm
from tournament.forms import entrants as team_forms
from tournament.forms.imports import MAX_BYTES, MAX_ROWS, read_team_file
from tournament.validators import same_name

HEADER = "équipe;joueur 1;joueur 2;club\n"


# --- Builders ---------------------------------------------------------------------------------


def xlsx(rows: list[list[object]], *, dimension: str | None = None) -> bytes:
    """A workbook written by openpyxl, its declared <dimension> rewritten when asked (as some
    writers declare A1:XFD1048576 for ten rows, or always A1:D3)."""
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    written = io.BytesIO()
    workbook.save(written)
    if dimension is None:
        return written.getvalue()
    return _rewrite_sheet(written.getvalue(), lambda xml: re.sub(
        rb'<dimension ref="[^"]*"', b'<dimension ref="%s"' % dimension.encode(), xml))


def _rewrite_sheet(data: bytes, change) -> bytes:
    rewritten = io.BytesIO()
    with (zipfile.ZipFile(io.BytesIO(data)) as source,
          zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as target):
        for info in source.infolist():
            part = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                changed = change(part)
                assert changed != part, "the sheet was not rewritten"
                part = changed
            target.writestr(info.filename, part, compress_type=zipfile.ZIP_DEFLATED,
                            compresslevel=9)
    return rewritten.getvalue()


def ten_teams() -> list[list[str]]:
    return [["équipe", "joueur 1", "joueur 2", "club"]] + [
        [f"Équipe {n}", f"Joueur {n}a", f"Joueur {n}b", "Club"] for n in range(1, 11)]


def zip_bomb() -> bytes:
    """A small workbook whose sheet inflates to 100 MB of blanks."""
    return _rewrite_sheet(xlsx(ten_teams()), lambda xml: xml.replace(
        b"<sheetData>", b"<sheetData>" + b" " * 100_000_000, 1))


def unknown_zip_version() -> bytes:
    """A workbook whose zip directory asks for version 17.6 of zip (zipfile raises
    NotImplementedError), found by the random bytes below."""
    data = bytearray(xlsx(ten_teams()))
    directory = data.index(b"PK\x01\x02")
    data[directory + 6:directory + 8] = (176).to_bytes(2, "little")
    return bytes(data)


def read(name: str, data: bytes):
    """What the team import form makes of a file: its lines, or its French refusal."""
    form = TeamImportForm(data={}, files={"file": SimpleUploadedFile(name, data)})
    if form.is_valid():
        return form.cleaned_data["file"]
    return form.errors["file"]


# --- Every defect, through the form and through the page ---------------------------------------


@dataclass
class Case:
    """A team file and what becomes of it: these teams, or a refusal saying these words."""

    id: str
    name: str
    data: object  # bytes, or a function that makes them (workbooks are built when needed)
    teams: list[str] = field(default_factory=list)
    refusal: list[str] = field(default_factory=list)

    def content(self) -> bytes:
        return self.data() if callable(self.data) else self.data


CASES = [
    Case("an extra empty separator", "equipes.csv",
         (HEADER + "Les As;Ana;Bob;Metz;\nLes Rois;Carl;Dan;;;\n").encode(),
         teams=["Les As", "Les Rois"]),
    Case("an extra separator before a seventh cell", "equipes.csv",
         (HEADER + "Les As;Ana;Bob;Metz;L1;L2;Lyon\nLes Rois;Carl;Dan\n").encode(),
         refusal=["Ligne 2 : 7 colonnes, 6 au plus", "un séparateur en trop"]),
    Case("a one-column file", "equipes.csv", b"Les As\nLes Rois\n",
         refusal=["qu'une colonne", "équipe, joueur 1, joueur 2, club"]),
    Case("UTF-16 little-endian with its BOM", "equipes.csv",
         "équipe\tjoueur 1\tjoueur 2\tclub\r\nLes Étoiles\tAna\tBob\tMetz\r\n".encode("utf-16"),
         teams=["Les Étoiles"]),
    Case("UTF-16 big-endian with its BOM", "equipes.csv",
         codecs.BOM_UTF16_BE + "Les Étoiles,Ana,Bob,Metz\n".encode("utf-16-be"),
         teams=["Les Étoiles"]),
    Case("UTF-8 with its BOM", "equipes.csv",
         codecs.BOM_UTF8 + (HEADER + "Les Étoiles;Ana;Bob;\n").encode(),
         teams=["Les Étoiles"]),
    Case("Windows-1252", "equipes.csv", "Fête;Zoé;Loïc;Sète\n".encode("cp1252"),
         teams=["Fête"]),
    *[Case(f"byte 0x{byte:02X}, not Windows-1252", "equipes.csv",
           b"Caf\xe9;Ana;Bob;" + bytes([byte]) + b"\n",
           refusal=[f"l'octet 0x{byte:02X}", "Windows-1252"])
      for byte in (0x81, 0x8D, 0x8F, 0x90, 0x9D)],
    Case("a 200,000-character field", "equipes.csv",
         (HEADER + "Les As;Ana;Bob;\nLes Rois;" + "x" * 200_000 + ";Dan;\n").encode(),
         refusal=["Ligne 3 : illisible"]),
    Case("a 5,000-character name", "equipes.csv",
         (HEADER + "Les As;Ana;Bob;\n" + "n" * 5000 + ";Carl;Dan;\n").encode(),
         refusal=["Ligne 3 : Équipe : 120 caractères au plus (il y en a 5000)"]),
    Case("a NUL byte", "equipes.csv", (HEADER + "Les As\x00;Ana;Bob;\n").encode(),
         refusal=["octets nuls"]),
    Case("a control character", "equipes.csv", (HEADER + "Les As;An\x07a;Bob;\n").encode(),
         refusal=["Ligne 2 : Joueur 1 : caractère invisible ou de contrôle refusé (U+0007)"]),
    # A tab or a line feed inside a cell (a quoted CSV cell may hold one) is refused, never
    # turned into a space: a team name is one line.
    Case("a tab inside a name", "equipes.csv", (HEADER + "Les\tAs;Ana;Bob;\n").encode(),
         refusal=["Ligne 2 : Équipe : caractère invisible ou de contrôle refusé (U+0009)"]),
    Case("a line feed inside a quoted cell", "equipes.csv",
         (HEADER + 'Les As;"Ana\nMarie";Bob;\nLes Rois;Carl;Dan;\n').encode(),
         refusal=["Ligne 2 : Joueur 1 : caractère invisible ou de contrôle refusé (U+000A)"]),
    Case("a line feed inside a workbook cell", "equipes.xlsx",
         lambda: xlsx([["Les As", "Ana\nMarie", "Bob"]]),
         refusal=["Ligne 1 : Joueur 1 : caractère invisible ou de contrôle refusé (U+000A)"]),
    Case("a Hangul filler for a name", "equipes.csv", (HEADER + "\u3164;Ana;Bob;\n").encode(),
         refusal=["Ligne 2 : Équipe : caractère invisible ou de contrôle refusé (U+3164)"]),
    Case("a braille blank for a name in a workbook", "equipes.xlsx",
         lambda: xlsx([["\u2800", "Ana", "Bob"]]),
         refusal=["Ligne 1 : Équipe : caractère invisible ou de contrôle refusé (U+2800)"]),
    Case("a lone combining accent for a name", "equipes.csv",
         (HEADER + "\u0301;Ana;Bob;\n").encode(),
         refusal=["Ligne 2 : Équipe : aucun caractère visible"]),
    Case("a header without accents", "equipes.csv",
         b"equipe;joueur1;joueur2;club\nLes As;Ana;Bob;\n", teams=["Les As"]),
    Case("a header in capitals, with commas", "equipes.csv",
         b"EQUIPE,JOUEUR 1,JOUEUR 2\nLes As,Ana,Bob\n", teams=["Les As"]),
    Case("a header in a workbook", "equipes.xlsx",
         lambda: xlsx([["Équipe", "Joueur1", "Joueur2", "Club"], ["Les As", "Ana", "Bob"]]),
         teams=["Les As"]),
    Case("a header that names other columns", "equipes.csv",
         "équipe;nom;prénom;club\nLes As;Ana;Bob;\n".encode(),
         refusal=["Ligne 1 : l'en-tête doit nommer les colonnes"]),
    Case("the same name composed and decomposed", "equipes.csv",
         (HEADER + "Les Éclairs;Ana;Bob;\nLes E\u0301clairs;Carl;Dan;\n").encode(),
         refusal=["Ligne 3 : l'équipe « Les Éclairs » est déjà à la ligne 2"]),
    Case("the same name with a zero-width space", "equipes.csv",
         (HEADER + "Les As;Ana;Bob;\nLes\u200bAs;Carl;Dan;\n").encode(),
         refusal=["Ligne 3 : Équipe : caractère invisible ou de contrôle refusé (U+200B)"]),
    Case("an invisible-only name in a workbook", "equipes.xlsx",
         lambda: xlsx([["\u200b", "Ana", "Bob"]]),
         refusal=["Ligne 1 : Équipe : caractère invisible"]),
    Case("a missing player", "equipes.csv", (HEADER + "Les As;Ana;;Metz\n").encode(),
         refusal=["Ligne 2 : Joueur 2 : ce champ est obligatoire"]),
    Case("a workbook declaring A1:XFD1048576", "equipes.xlsx",
         lambda: xlsx(ten_teams(), dimension="A1:XFD1048576"),
         teams=[f"Équipe {n}" for n in range(1, 11)]),
    Case("a workbook declaring A1:D3 for ten teams", "equipes.xlsx",
         lambda: xlsx(ten_teams(), dimension="A1:D3"),
         teams=[f"Équipe {n}" for n in range(1, 11)]),
    Case("a zip bomb", "equipes.xlsx", zip_bomb, refusal=["dépasse 8 Mo"]),
    Case("a zip of an unknown version", "equipes.xlsx", unknown_zip_version,
         refusal=["ne peut pas être lu"]),
    Case("not a workbook", "equipes.xlsx", b"PK\x03\x04 truncated",
         refusal=["ne peut pas être lu"]),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_team_file_gives_its_teams_or_a_french_refusal_through_the_form(case):
    result = read(case.name, case.content())
    if case.teams:
        assert [line.name for line in result] == case.teams
    else:
        text = " ".join(result)
        assert all(words in text for words in case.refusal), text


def post_file(client, owner, name: str, data: bytes):
    concours = tournament(owner=owner, slug="equipes", teams=0)
    client.force_login(owner)
    upload = SimpleUploadedFile(name, data)
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": upload})
    return concours, response


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_team_file_posted_to_the_team_page_is_imported_whole_or_not_at_all(
        client, owner, case):
    concours, response = post_file(client, owner, case.name, case.content())
    names = list(concours.teams.values_list("name", flat=True))
    if case.teams:
        assert response.status_code == 302 and names == case.teams
    else:
        page = html.unescape(response.content.decode())
        assert response.status_code == 422 and names == []
        assert all(words in page for words in case.refusal), case.refusal


# --- Bounds -----------------------------------------------------------------------------------


class Unreadable(SimpleUploadedFile):
    def read(self, *args, **kwargs):
        raise AssertionError("a file beyond the size cap was read")


def test_a_16_mb_csv_is_refused_by_its_size_at_once_without_being_read():
    data = (HEADER + "Les As;Ana;Bob;\n" * 1_100_000).encode()
    assert len(data) > 16 * 1024 * 1024
    # Not one byte is read (Unreadable fails any read): the refusal costs nothing, on any
    # machine.
    with pytest.raises(forms.ValidationError) as refusal:
        read_team_file(Unreadable("equipes.csv", data))
    assert "dépasse 2 Mo" in refusal.value.messages[0]


def test_an_imported_name_decomposed_is_the_team_already_registered(client, owner):
    concours = tournament(owner=owner, slug="equipes")
    client.force_login(owner)
    url = reverse("tournament:teams", args=[concours.slug])
    client.post(url, {"name": "Les Éclairs", "player1": "Ana", "player2": "Bob"})
    data = (HEADER + "Les Rois;Carl;Dan;\nLES E\u0301CLAIRS;Eve;Fred;\n").encode()
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": SimpleUploadedFile("equipes.csv", data)})
    assert "Ligne 3" in html.unescape(response.content.decode())
    assert list(concours.teams.values_list("name", flat=True)) == ["Les Éclairs"]


def test_a_16_mb_csv_posted_to_the_page_is_refused_without_being_read(
        client, owner, monkeypatch):
    data = (HEADER + "Les As;Ana;Bob;\n" * 1_100_000).encode()
    concours = tournament(owner=owner, slug="equipes")
    client.force_login(owner)
    url = reverse("tournament:teams_import", args=[concours.slug])
    # Django spools the 16 MB to a temporary file; the reader must refuse it by its size
    # without reading a byte of it (the test client's own read of `upload` is not counted).
    uploads, reads = [], []
    real_read_team_file = team_forms.read_team_file

    def spy(upload):
        uploads.append(type(upload))
        return real_read_team_file(upload)

    def counted_read(self, *args, **kwargs):
        reads.append(args)
        return self.file.read(*args, **kwargs)

    monkeypatch.setattr(team_forms, "read_team_file", spy)
    monkeypatch.setattr(TemporaryUploadedFile, "read", counted_read, raising=False)
    response = client.post(url, {"file": SimpleUploadedFile("equipes.csv", data)})
    assert uploads == [TemporaryUploadedFile] and reads == []
    assert "dépasse 2 Mo" in html.unescape(response.content.decode())
    assert concours.teams.count() == 0


def test_a_file_of_exactly_the_size_cap_is_read():
    start = (HEADER + "Les As;Ana;Bob;").encode()
    data = start + b";" * (MAX_BYTES - len(start) - 1) + b"\n"  # empty cells are no cells
    assert len(data) == MAX_BYTES
    assert [team.name for team in read_team_file(SimpleUploadedFile("e.csv", data))] == [
        "Les As"]


def test_more_than_2000_teams_are_refused():
    data = (HEADER + "".join(f"É{n};a;b;\n" for n in range(2001))).encode()
    with pytest.raises(forms.ValidationError) as refusal:
        read_team_file(SimpleUploadedFile("equipes.csv", data))
    assert "plus de 2 000 lignes" in refusal.value.messages[0]


def test_a_workbook_declaring_a_million_rows_is_read_with_little_memory():
    data = xlsx(ten_teams(), dimension="A1:XFD1048576")
    assert len(data) < 10_000
    tracemalloc.start()
    try:
        lines = read_team_file(SimpleUploadedFile("equipes.xlsx", data))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 * 1024 * 1024
    assert [(line.line, line.name, line.player2) for line in lines] == [
        (n + 1, f"Équipe {n}", f"Joueur {n}b") for n in range(1, 11)]


def test_a_workbook_with_a_row_a_trillion_rows_down_is_refused_at_once(monkeypatch):
    data = _rewrite_sheet(xlsx(ten_teams()), lambda xml: xml.replace(
        b"</sheetData>", b'<row r="999999999999"><c r="A999999999999" t="inlineStr"><is><t>x'
        b"</t></is></c></row></sheetData>"))
    # openpyxl fills the gap with empty rows as they are asked for: the reader must stop
    # asking at the row cap, so that the work is bounded whatever the machine.
    drawn = []
    real_iter_rows = ReadOnlyWorksheet.iter_rows

    def counted_iter_rows(self, *args, **kwargs):
        for row in real_iter_rows(self, *args, **kwargs):
            drawn.append(None)
            yield row

    monkeypatch.setattr(ReadOnlyWorksheet, "iter_rows", counted_iter_rows)
    with pytest.raises(forms.ValidationError) as refusal:
        read_team_file(SimpleUploadedFile("equipes.xlsx", data))
    assert "plus de 20 000 lignes" in refusal.value.messages[0]
    # The cap, and the one row that shows it is passed; in the values and in the formulas.
    assert len(drawn) == 2 * (MAX_ROWS + 1)


def test_a_team_file_carries_its_players_licences():
    """Issue 32: « Licence 1 ; Licence 2 » columns were refused."""
    data = ("équipe;joueur 1;joueur 2;club;licence 1;licence 2\n"
            "Les As;Ana Roy;Bob Lis;Metz;AB12;\n").encode()
    [line] = read("equipes.csv", data)
    assert (line.player1, line.licence1, line.licence2) == ("Ana Roy", "AB12", "")


def test_a_team_files_licences_reach_its_players_and_a_licence_twice_is_refused(
        client, owner):
    data = ("équipe;joueur 1;joueur 2;club;licence 1;licence 2\n"
            "Les As;Ana Roy;Bob Lis;Metz;AB12;CD34\n").encode()
    concours, response = post_file(client, owner, "equipes.csv", data)
    assert response.status_code == 302
    assert sorted(concours.players.values_list("licence", flat=True)) == ["AB12", "CD34"]
    assert concours.players.get(name="Ana Roy").registered.licence == "AB12"
    twice = ("équipe;joueur 1;joueur 2;club;licence 1;licence 2\n"
             "Les Rois;Carl;Dan;;ab 12;\n").encode()
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": SimpleUploadedFile("equipes.csv", twice)})
    assert response.status_code == 422 and "déjà celle de Ana Roy" in html.unescape(
        response.content.decode())


def test_a_workbook_cell_beyond_the_sixth_column_is_reported():
    data = xlsx([["Les As", "Ana", "Bob", "Metz", None, None, "payé"]])
    assert "Ligne 1 : 7 colonnes, 6 au plus" in read("equipes.xlsx", data)[0]


@pytest.mark.parametrize(("cell", "said"), [
    ("=1+2", "Ligne 2 : une formule sans valeur enregistrée (=1+2)"),
    ('=HYPERLINK("http://x","y")', "Ligne 2 : une formule sans valeur"),
    (datetime.datetime(2026, 1, 2), "Ligne 2 : une date, une heure ou une case VRAI/FAUX"),
    (datetime.time(20, 30), "Ligne 2 : une date, une heure"),
    (True, "Ligne 2 : une date, une heure ou une case VRAI/FAUX"),
])
def test_a_workbook_cell_that_is_no_text_is_refused_not_emptied_or_written_out(cell, said):
    """A formula openpyxl (or a program) wrote has no saved value: it read as an empty club
    before, a date as « 2026-01-02 00:00:00 », TRUE as « True »."""
    data = xlsx([["équipe", "joueur 1", "joueur 2", "club"], ["Les As", "Ana", "Bob", cell]])
    refusal = read("equipes.xlsx", data)
    assert len(refusal) == 1 and refusal[0].startswith(said), refusal
    assert_french_refusal(refusal)


def test_a_workbook_formula_with_its_saved_value_is_read_as_that_value():
    """What a spreadsheet saves: the formula and its value (written here as the XML has it)."""
    data = _rewrite_sheet(xlsx([["Les As", "Ana", "Bob", "Metz"]]), lambda xml: xml.replace(
        b'<c r="D1" t="inlineStr"><is><t>Metz</t></is></c>',
        b'<c r="D1" t="str"><f>UPPER("metz")</f><v>METZ</v></c>'))
    assert [line.club for line in read_team_file(SimpleUploadedFile("e.xlsx", data))] == ["METZ"]


def test_every_bad_line_is_listed_by_its_number():
    data = (HEADER + "A;a;b;\n;c;d;\nB;;e;\nC;f;g;\na;h;i;\n").encode()
    refusal = read("equipes.csv", data)
    assert [message.split(" :")[0] for message in refusal] == ["Ligne 3", "Ligne 4", "Ligne 6"]


def test_reading_a_team_file_never_touches_the_database():
    # No django_db mark: a query would fail this test. The service's transaction opens after.
    assert len(read("equipes.xlsx", xlsx(ten_teams()))) == 10
    assert len(read("equipes.csv", (HEADER + "A;b;c;d\n").encode())) == 1


# --- Random files -----------------------------------------------------------------------------

# Letters whose Windows-1252 bytes are all ASCII or lead bytes (0xC0-0xFF): a cp1252 text made
# of them can never pass for UTF-8, so the reader's "UTF-8, else Windows-1252" is exact.
LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éèêàçôÉÈÀÇ'&.-"
WIDE = LATIN + "ßøłŁñ日本語🂡’œ"
SEPARATORS = [";", ",", "\t"]


def words(alphabet: str):
    """A name as the team form stores it: words of visible letters, single spaces."""
    return st.lists(st.text(alphabet=alphabet, min_size=1, max_size=10), min_size=1,
                    max_size=3).map(" ".join)


@st.composite
def team_file(draw, kind: str):
    """A team file that is valid by construction, and the lines the reader must return."""
    encoding = (draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "cp1252"]))
                if kind == "csv" else None)
    separator = draw(st.sampled_from(SEPARATORS))
    header = draw(st.booleans())
    alphabet = LATIN if encoding == "cp1252" else WIDE
    if kind == "csv" and header:
        alphabet += '";,'  # quoted by the writer when needed; the header says which separates
    elif kind == "csv":
        alphabet += '"'  # without a header another separator inside a name is ambiguous
    teams = draw(st.lists(st.tuples(words(alphabet), words(alphabet), words(alphabet),
                                    st.one_of(st.just(""), words(alphabet))),
                          min_size=1, max_size=12))
    rows: list[list[str]] = []
    if header:
        rows.append([draw(st.sampled_from(["équipe", "Equipe", "EQUIPE", "ÉQUIPE"])),
                     draw(st.sampled_from(["joueur 1", "Joueur1", "JOUEUR 1"])),
                     draw(st.sampled_from(["joueur 2", "Joueur2", "JOUEUR 2"])), "club"])
    expected = []
    for index, (name, player1, player2, club) in enumerate(teams):
        if draw(st.booleans()):
            rows.append([])  # a blank line is skipped, and still counts in line numbers
        # The index makes names distinct, and the first one never a header ("equipe1").
        name = f"{name} {index}"
        rows.append([name, player1, player2, club])
        expected.append((len(rows), name, player1, player2, club))
    if kind == "xlsx":
        return "equipes.xlsx", xlsx(rows), expected
    text = io.StringIO()
    csv.writer(text, delimiter=separator, lineterminator=draw(st.sampled_from(
        ["\n", "\r\n"]))).writerows(rows)
    if encoding == "utf-16-be":
        return "equipes.csv", codecs.BOM_UTF16_BE + text.getvalue().encode(encoding), expected
    return "equipes.csv", text.getvalue().encode(encoding), expected


@given(st.sampled_from(["csv", "xlsx"]).flatmap(team_file))
def test_a_valid_team_file_gives_back_exactly_its_teams(made):
    name, data, expected = made
    lines = read_team_file(SimpleUploadedFile(name, data))
    assert [(line.line, line.name, line.player1, line.player2, line.club)
            for line in lines] == expected


# How each of the reader's refusals (tournament/forms/imports.py) begins: a whole-file refusal
# ("Ce fichier dépasse 2 Mo", "… n'est pas un texte en", "… contient des octets nuls",
# "… n'a qu'une colonne", "… a plus de 20 000 lignes", "… .xlsx ne peut pas être lu", "Ce classeur
# décompressé dépasse 8 Mo", "Le fichier ne contient aucune équipe", "Choisissez un fichier"), or
# a line's: "Ligne N : " then a field's check (clean_text, after the field's label), an
# unreadable line, a wrong header, too many columns or a name already on another line.
FRENCH_REFUSAL = re.compile(
    r"(Ce fichier |Ce classeur |Le fichier |Choisissez un fichier )"
    r"|Ligne [1-9][0-9]* : ((Équipe|Joueur 1|Joueur 2|Club|Licence 1|Licence 2) : "
    r"|illisible |l'en-tête "
    r"|[0-9]+ colonnes, |l'équipe « |une formule sans valeur |une date, une heure )"
)


def assert_french_refusal(messages: list[str]) -> None:
    assert messages, "a refusal without a message"
    for message in messages:
        assert isinstance(message, str) and FRENCH_REFUSAL.match(message), message


@pytest.mark.parametrize("messages", [
    [], [""], ["Line 2: invalid name"], ["list index out of range"], ["Ligne 2"],
    ["Ce fichier dépasse 2 Mo", "KeyError: 'xl/workbook.xml'"],
])
def test_the_french_refusal_check_refuses_what_the_reader_never_says(messages):
    with pytest.raises(AssertionError):
        assert_french_refusal(messages)


def _refused_or_read(name: str, data: bytes) -> None:
    try:
        lines = read_team_file(SimpleUploadedFile(name, data))
    except forms.ValidationError as refusal:
        assert_french_refusal(refusal.messages)
    else:
        assert lines
        assert len({same_name(line.name) for line in lines}) == len(lines)


def _damaged(data: bytes, at: int, junk: bytes) -> bytes:
    at %= len(data)
    return data[:at] + junk + data[at + len(junk):]


@given(st.one_of(
    st.tuples(st.sampled_from(["e.csv", "e.xlsx"]), st.binary(min_size=1, max_size=3000)),
    st.tuples(st.just("e.xlsx"), st.builds(_damaged, st.just(xlsx(ten_teams())),
                                           st.integers(0, 10**6),
                                           st.binary(min_size=1, max_size=64))),
))
def test_random_bytes_are_teams_or_a_french_refusal_never_an_exception(named):
    _refused_or_read(*named)


ANY_TEXT = st.text(max_size=30)
# openpyxl refuses to write control characters and lone surrogates: workbooks hold the rest.
WORKBOOK_TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"]).map(
        lambda char: ILLEGAL_CHARACTERS_RE.sub("?", char)),
    max_size=30)


@given(st.lists(st.lists(ANY_TEXT, max_size=7), max_size=8), st.sampled_from(SEPARATORS),
       st.sampled_from(["utf-8", "utf-16", "cp1252"]))
def test_random_rows_written_as_csv_are_teams_or_a_french_refusal(rows, separator, encoding):
    text = io.StringIO()
    csv.writer(text, delimiter=separator).writerows(rows)
    _refused_or_read("equipes.csv", text.getvalue().encode(encoding, errors="replace"))


@given(st.lists(st.lists(st.one_of(WORKBOOK_TEXT, st.integers(),
                                   st.floats(allow_nan=False, allow_infinity=False), st.none()),
                         max_size=7), max_size=8))
def test_random_rows_written_as_xlsx_are_teams_or_a_french_refusal(rows):
    _refused_or_read("equipes.xlsx", xlsx(rows))


def test_a_files_licences_reach_the_register_players_it_links_and_a_different_one_is_said(
        client, owner):
    """Issue 32: the « Licence 1 ; Licence 2 » columns were read but never reached the
    register players the lines linked to. One without a licence takes it (logged); one with
    another (chosen among namesakes) keeps its own, and a licence another register player
    holds is not added: both said in the import's summary."""
    from tournament import services
    from tournament.models import ClubPlayer, RegisterEntry

    concours = tournament(owner=owner, slug="licences")
    club = concours.club
    ana = services.club_player_create(club=club, name="Arnaud", first_name="Ana")
    data = ("équipe;joueur 1;joueur 2;club;licence 1;licence 2\n"
            "Les As;Ana Arnaud;Bob Brun;;A-7;\n").encode()
    client.force_login(owner)
    response = client.post(reverse("tournament:teams_import", args=[concours.slug]),
                           {"file": SimpleUploadedFile("equipes.csv", data)}, follow=True)
    assert [str(message) for message in response.context["messages"]] == [
        "1 équipe inscrite."]
    assert ClubPlayer.objects.get(pk=ana.pk).licence == "A-7"
    assert RegisterEntry.objects.filter(player=ana, action="update").count() == 1
    # What a line cannot give is said, and the register keeps what it has.
    bob = services.club_player_create(club=club, name="Brun", first_name="Bob",
                                      licence="B-1")
    carl = services.club_player_create(club=club, name="Cros", first_name="Carl")
    notes = services.register_licences_from_file(club_id=club.pk, linked=[
        (bob, "B-2", "Bob Brun"), (carl, "A-7", "Carl Cros")])
    assert notes == [
        "Bob Brun : le fichier donne la licence B-2, le registre garde la sienne (B-1) ; "
        "corrigez sa fiche si c'est le fichier qui a raison.",
        "Carl Cros : la licence A-7 n'est pas ajoutée au registre, elle y est déjà celle "
        "de Ana Arnaud."]
    assert dict(ClubPlayer.objects.filter(pk__in=[bob.pk, carl.pk])
                .values_list("pk", "licence")) == {bob.pk: "B-1", carl.pk: ""}
