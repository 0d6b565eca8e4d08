"""The one way in for team files: a `.csv` or an `.xlsx` becomes checked `ImportLine`s, or a
French refusal that lists every bad line by its number.

Every file is hostile until read: its size is capped before a byte is read, its text is
decoded only in an encoding it declares or that decodes it strictly (UTF-8, UTF-16 with its BOM,
else Windows-1252, the CSV of Excel on a French Windows), its separator is the one that splits
its first lines into the same columns (not `csv.Sniffer`'s guess), and a workbook's declared
size is ignored (some writers declare `A1:XFD1048576` for ten rows, others `A1:D3` for ten
teams). Each line then goes through `clean_team_field`, the very check of the team form.

The form calls `read_team_file` in its `clean`, before the service opens its transaction: a
slow file never holds the database.
"""

from __future__ import annotations

import codecs
import csv
import io
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Generator, Iterable
from typing import IO, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Player, Team
from ..services import ImportLine
from ..validators import InvalidText, clean_text, same_name

# --- What a team's texts may be: one rule for the form and the file ---------------------------

TEAM_FIELDS = ("name", "player1", "player2", "club")
TEAM_LABELS = {
    "name": gettext_lazy("Équipe"),
    "player1": gettext_lazy("Joueur 1"),
    "player2": gettext_lazy("Joueur 2"),
    "club": gettext_lazy("Club"),
}


def team_max_length(field: str) -> int:
    """The model's length, so that the form, the file and the database agree (a team's
    players are `Player` rows: their names have its `name` column's length)."""
    if field in ("player1", "player2"):
        return Player._meta.get_field("name").max_length
    return Team._meta.get_field(field).max_length


def clean_team_field(field: str, value: object) -> str:
    """A team's `field` (name, player1, player2, club) as stored, or `InvalidText`.

    The team form's `clean_<field>` and every line of a team file call this one function."""
    return clean_text(value, label=str(TEAM_LABELS[field]), max_length=team_max_length(field),
                      required=field != "club")


# --- Bounds -----------------------------------------------------------------------------------

MAX_BYTES = 2 * 1024 * 1024
# A concours has at most a few hundred teams; blank lines are not counted, but reading stops
# at MAX_ROWS lines, blank or not, so that a file of empty rows costs nothing either.
MAX_LINES = 2_000
MAX_ROWS = 20_000
# The uncompressed size of each part of a workbook (a sheet, the shared strings…), read in the
# zip's directory before openpyxl parses anything: a zip bomb is refused. (zipfile never
# inflates a part beyond the size its directory declares.) A sheet of 2,000 teams is well
# under 1 MB; openpyxl parses about 4 MB of dense cells a second.
MAX_XLSX_PART = 8 * 1024 * 1024
# Columns read from a workbook: the four of a team and a few more, to report extra cells.
# (Reading every column would let one cell in column XFD pad each row to 16,384 values.)
XLSX_COLUMNS = 16

# Preferred first on a tie: Excel on a French Windows writes ";".
SEPARATORS = (";", "\t", ",")
SAMPLE_LINES = 20

COLUMNS = gettext_lazy("équipe, joueur 1, joueur 2, club")
EXPECTED_COLUMNS = gettext_lazy("équipe, joueur 1, joueur 2, club (le club peut rester vide)")
HEADER_KEYS = ("equipe", "joueur1", "joueur2", "club")


# (line number, cells); cells None: the csv module could not read on from that line.
Row = tuple[int, list[str] | None]


def _refuse(*messages: str) -> forms.ValidationError:
    return forms.ValidationError(list(messages))


# --- Entry point ------------------------------------------------------------------------------


def read_team_file(upload: IO[bytes] | Any) -> list[ImportLine]:
    """The teams of an uploaded `.csv` or `.xlsx`, every line checked like the team form.

    Raises `forms.ValidationError` (French, one message per bad line) and nothing else for
    any file; nothing is written anywhere."""
    name = str(getattr(upload, "name", "") or "").lower()
    if not name.endswith((".csv", ".xlsx")):
        raise _refuse(_("Choisissez un fichier .xlsx ou .csv."))
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_BYTES:
        raise _too_big()
    if hasattr(upload, "seek"):
        upload.seek(0)
    data = upload.read(MAX_BYTES + 1)  # a size that lied is caught here, still bounded
    if len(data) > MAX_BYTES:
        raise _too_big()
    rows = _xlsx_rows(data) if name.endswith(".xlsx") else _csv_rows(data)
    try:
        return team_lines(rows)  # reads lazily: stops at the first line beyond the caps
    finally:
        rows.close()


def _too_big() -> forms.ValidationError:
    return _refuse(_("Ce fichier dépasse 2 Mo : une liste d'équipes tient en bien moins. "
                     "Vérifiez que c'est le bon fichier."))


# --- Text files -------------------------------------------------------------------------------

_BOMS = (
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


def decode_text(data: bytes) -> str:
    """The text of a team file: UTF-8 or UTF-16 when its BOM says so, else UTF-8 if it decodes
    strictly, else Windows-1252 if it decodes strictly; anything else is refused."""
    for bom, encoding, label in _BOMS:
        if data.startswith(bom):
            return _decode(data[len(bom):], encoding, label, offset=len(bom))
    try:
        return _no_nul(data.decode("utf-8"))
    except UnicodeDecodeError:
        return _decode(data, "cp1252", "Windows-1252 (ANSI)", offset=0)


def _decode(body: bytes, encoding: str, label: str, *, offset: int) -> str:
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as error:
        raise _refuse(
            _("Ce fichier n'est pas un texte en %(encoding)s : l'octet 0x%(byte)02X (position "
              "%(position)d) n'y a pas de sens. Enregistrez-le en « CSV UTF-8 » ou en .xlsx.")
            % {"encoding": label, "byte": body[error.start],
               "position": error.start + offset + 1}
        ) from None
    return _no_nul(text)


def _no_nul(text: str) -> str:
    if "\x00" in text:
        # A "text" full of NUL is a binary file, or UTF-16 without its BOM.
        raise _refuse(_("Ce fichier contient des octets nuls : ce n'est pas un fichier CSV "
                        "lisible. Enregistrez-le en « CSV UTF-8 » ou en .xlsx."))
    return text


def _cells(line: str, separator: str) -> list[str]:
    """One physical line split by `separator`, its trailing empty cells dropped."""
    try:
        cells = next(csv.reader([line], delimiter=separator), [])
    except csv.Error:
        return []
    cells = [cell.strip() for cell in cells]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def detect_separator(lines: Iterable[str]) -> str:
    """The separator among ";", tab and "," that splits the first lines into columns.

    A recognised header decides; otherwise the candidate that splits the most of the first
    lines into two columns or more, then into the same number of columns, wins (";" first on
    a tie). A file that no candidate splits has one column: refused, saying which are
    expected."""
    sample = []
    for line in lines:
        if line.strip():
            sample.append(line)
            if len(sample) == SAMPLE_LINES:
                break
    if sample:
        for separator in SEPARATORS:
            if is_header(_cells(sample[0], separator)):
                return separator
    best: tuple[tuple[int, int], str] | None = None
    for separator in SEPARATORS:
        widths = [len(_cells(line, separator)) for line in sample]
        split = [width for width in widths if width >= 2]
        if not split:
            continue
        score = (len(split), Counter(split).most_common(1)[0][1])
        if best is None or score > best[0]:
            best = (score, separator)
    if best is None:
        raise _refuse(_("Ce fichier n'a qu'une colonne. Il en faut quatre, séparées par des "
                        "points-virgules, des virgules ou des tabulations : %(columns)s.")
                      % {"columns": EXPECTED_COLUMNS})
    return best[1]


def _csv_rows(data: bytes) -> Generator[Row]:
    text = decode_text(data)
    separator = detect_separator(io.StringIO(text, newline=""))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    while True:
        start = reader.line_num + 1
        if start > MAX_ROWS:
            raise _too_many_rows()
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error:
            # The csv module stops at a cell beyond 131,072 characters or an unclosed quote:
            # the lines before are still checked, so every bad line up to there is listed.
            yield start, None
            return
        yield start, row


def _too_many_rows() -> forms.ValidationError:
    return _refuse(_("Ce fichier a plus de %(rows)s lignes : un concours compte au plus "
                     "quelques centaines d'équipes. Supprimez les lignes en trop.")
                   % {"rows": f"{MAX_ROWS:,}".replace(",", " ")})


# --- Workbooks --------------------------------------------------------------------------------


def _xlsx_rows(data: bytes) -> Generator[Row]:
    unreadable = _refuse(_("Ce fichier .xlsx ne peut pas être lu. Ouvrez-le dans votre "
                           "tableur et enregistrez-le à nouveau en .xlsx, ou en CSV."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            largest = max((info.file_size for info in archive.infolist()), default=0)
    except Exception:  # BadZipFile, NotImplementedError ("zip file version 17.6"), OSError…
        raise unreadable from None
    if largest > MAX_XLSX_PART:
        raise _refuse(_("Ce classeur décompressé dépasse 8 Mo par feuille : une liste "
                        "d'équipes tient en bien moins. Enregistrez la seule feuille des "
                        "équipes en .xlsx ou en CSV."))
    from openpyxl import load_workbook

    workbook = None
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = workbook.active
        if sheet is None or not hasattr(sheet, "reset_dimensions"):  # none, or a chart
            raise unreadable
        # The declared <dimension> is ignored: rows are read as they come, columns A to P.
        sheet.reset_dimensions()
        values = sheet.iter_rows(max_col=XLSX_COLUMNS, values_only=True)
        for number, row in enumerate(values, start=1):
            if number > MAX_ROWS:
                raise _too_many_rows()
            yield number, [_cell_text(value) for value in row]
    except forms.ValidationError:
        raise
    except Exception:  # openpyxl raises many kinds (KeyError, TypeError…) for a bad file
        raise unreadable from None
    finally:
        if workbook is not None:
            workbook.close()


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a club typed 75 is stored as 75.0 by some writers
    return str(value)


# --- Lines ------------------------------------------------------------------------------------


def header_key(cell: str) -> str:
    """A column title without accents, case, spaces or punctuation: "Joueur 1" → "joueur1"."""
    decomposed = unicodedata.normalize("NFKD", cell)
    return "".join(char for char in decomposed if char.isalnum()).casefold()


def is_header(cells: list[str]) -> bool:
    """Whether a line is a header: its first column is titled "équipe" (any case, accents)."""
    return bool(cells) and header_key(cells[0]) == HEADER_KEYS[0]


def team_lines(rows: Iterable[Row]) -> list[ImportLine]:
    """Check every line like the team form; return them all, or refuse listing every bad one.

    `rows` are (line number, cells). Blank lines are skipped; a first line titled "équipe"
    is the header and must name the expected columns; a fifth non-empty cell is an error,
    extra empty ones are not; two names that are the same team (`same_name`) are refused."""
    errors: list[str] = []
    lines: list[ImportLine] = []
    first_line_of: dict[str, int] = {}
    filled = 0
    for number, raw in rows:
        if raw is None:
            errors.append(_("Ligne %(n)d : illisible (une cellule de plus de 131 072 "
                            "caractères, ou un guillemet jamais fermé) ; la lecture s'arrête "
                            "là.") % {"n": number})
            break
        cells = [cell.strip() for cell in raw]
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            continue
        filled += 1
        if filled > MAX_LINES:
            raise _refuse(_("Ce fichier a plus de %(n)s lignes remplies : un concours compte "
                            "au plus quelques centaines d'équipes.")
                          % {"n": f"{MAX_LINES:,}".replace(",", " ")})
        if filled == 1 and is_header(cells):
            keys = [header_key(cell) for cell in cells]
            if keys not in (list(HEADER_KEYS[:3]), list(HEADER_KEYS)):
                errors.append(_("Ligne %(n)d : l'en-tête doit nommer les colonnes "
                                "%(columns)s.") % {"n": number, "columns": EXPECTED_COLUMNS})
            continue
        problems = []
        if len(cells) > len(TEAM_FIELDS):
            problems.append(_("%(count)d colonnes, %(max)d au plus sont attendues "
                              "(%(columns)s) : un séparateur en trop ?")
                            % {"count": len(cells), "max": len(TEAM_FIELDS), "columns": COLUMNS})
        cells += [""] * (len(TEAM_FIELDS) - len(cells))
        values: dict[str, str] = {}
        for field, cell in zip(TEAM_FIELDS, cells, strict=False):
            try:
                values[field] = clean_team_field(field, cell)
            except InvalidText as error:
                problems.append(str(error))
        if "name" in values:
            key = same_name(values["name"])
            if key in first_line_of:
                problems.append(_("l'équipe « %(name)s » est déjà à la ligne %(first)d.")
                                % {"name": values["name"], "first": first_line_of[key]})
            else:
                first_line_of[key] = number
        if problems:
            errors.append(_("Ligne %(n)d : %(problems)s")
                          % {"n": number, "problems": " ".join(problems)})
        else:
            lines.append(ImportLine(number, **values))
    if errors:
        raise _refuse(*errors)
    if not lines:
        raise _refuse(_("Le fichier ne contient aucune équipe (colonnes attendues : "
                        "%(columns)s).") % {"columns": EXPECTED_COLUMNS})
    return lines


