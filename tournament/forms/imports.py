"""The one way in for files of teams and of players: a `.csv` or an `.xlsx` becomes checked
`ImportLine`s (a doublette's team a line) or `PlayerLine`s (a mêlée's player a line), or a
French refusal that lists every bad line by its number.

Every file is hostile until read: its size is capped before a byte is read, its text is
decoded only in an encoding it declares or that decodes it strictly (UTF-8, UTF-16 with its BOM,
else Windows-1252, the CSV of Excel on a French Windows), its separator is the one that splits
its first lines into the same columns (not `csv.Sniffer`'s guess), and a workbook's declared
size is ignored (some writers declare `A1:XFD1048576` for ten rows, others `A1:D3` for ten
teams). Each line then goes through `clean_team_field` (or `clean_player_field`), the very
check of the team (or player) form.

Both kinds of file are read by the same code with the same bounds; a `Layout` says what
differs: the columns, the header, and the words of the refusals ("équipes" or "joueurs").

The form calls `read_team_file` (`read_player_file`) in its `clean`, before the service opens
its transaction: a slow file never holds the database.
"""

from __future__ import annotations

import codecs
import csv
import dataclasses
import datetime
import io
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from typing import IO, Any

from django import forms
from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Player, Team
from ..services import ImportLine, PlayerLine
from ..services.common import model_column
from ..validators import InvalidText, clean_text, same_name

# --- What a team's texts may be: one rule for the form and the file ---------------------------

TEAM_FIELDS = ("name", "player1", "player2", "club", "licence1", "licence2")
TEAM_LABELS = {
    "name": gettext_lazy("Équipe"),
    "player1": gettext_lazy("Joueur 1"),
    "player2": gettext_lazy("Joueur 2"),
    "club": gettext_lazy("Club"),
    "licence1": gettext_lazy("Licence 1"),
    "licence2": gettext_lazy("Licence 2"),
}
# A team file's optional columns: the players' licences (issue 32: refused before).
OPTIONAL_TEAM_FIELDS = ("club", "licence1", "licence2")


def _max_length(model: type[Model], field: str) -> int:
    length = model_column(model, field).max_length
    if length is None:  # every text column here has one: a bug if not
        raise TypeError(f"{model.__name__}.{field} has no length")
    return length


def team_max_length(field: str) -> int:
    """The model's length, so that the form, the file and the database agree (a team's
    players are `Player` rows: their names have its `name` column's length)."""
    if field in ("player1", "player2"):
        return _max_length(Player, "name")
    if field in ("licence1", "licence2"):
        return _max_length(Player, "licence")
    return _max_length(Team, field)


def clean_team_field(field: str, value: object) -> str:
    """A team's `field` (name, player1, player2, club) as stored, or `InvalidText`.

    The team form's `clean_<field>` and every line of a team file call this one function."""
    return clean_text(value, label=str(TEAM_LABELS[field]), max_length=team_max_length(field),
                      required=field not in OPTIONAL_TEAM_FIELDS)


# --- What a mêlée player's texts may be: one rule for the player form and the file ------------

PLAYER_FIELDS = ("name", "club", "licence")
PLAYER_LABELS = {
    "name": gettext_lazy("Joueur"),
    "club": gettext_lazy("Club"),
    "licence": gettext_lazy("Licence"),
}


def player_max_length(field: str) -> int:
    return _max_length(Player, field)


def clean_player_field(field: str, value: object) -> str:
    """A player's `field` (name, club, licence) as stored, or `InvalidText`: the player
    form's `clean_<field>` and every line of a file of players call this one function."""
    return clean_text(value, label=str(PLAYER_LABELS[field]),
                      max_length=player_max_length(field), required=field == "name")


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

COLUMNS = gettext_lazy("équipe, joueur 1, joueur 2, club, licence 1, licence 2")
EXPECTED_COLUMNS = gettext_lazy("équipe, joueur 1, joueur 2, club, licence 1, licence 2 (le "
                                "club et les licences peuvent rester vides)")
HEADER_KEYS = ("equipe", "joueur1", "joueur2", "club", "licence1", "licence2")
PLAYER_COLUMNS = gettext_lazy("joueur, club, licence")
PLAYER_EXPECTED_COLUMNS = gettext_lazy("joueur, club, licence (le club et la licence peuvent "
                                       "rester vides)")
PLAYER_HEADER_KEYS = ("joueur", "club", "licence")


@dataclasses.dataclass(frozen=True)
class Layout:
    """What a kind of file holds, and how its refusals say it (whole French sentences: the
    words around "équipes" or "joueurs" change with them)."""

    fields: tuple[str, ...]
    header_keys: tuple[str, ...]  # the first one recognises a header
    shortest_header: int  # a header names at least this many columns, in order
    columns: Any  # the columns, as messages list them (lazy text)
    expected: Any
    clean: Callable[[str, object], str]
    make: Callable[..., Any]  # (line number, **values) -> the line
    # Whether a line of one cell is a line (a name alone): a file then needs no separator.
    one_column: bool
    too_big: Any
    too_many_rows: Any  # %(rows)s
    too_many_lines: Any  # %(n)s
    large_workbook: Any
    empty: Any  # %(columns)s
    repeated: Any  # %(name)s, %(first)d
    # Whether a file without a header whose lines read « NOM, Prénom » is refused (players:
    # the first name would be registered as the club, see `surname_first`).
    refuses_split_names: bool = False


TEAMS = Layout(
    fields=TEAM_FIELDS, header_keys=HEADER_KEYS, shortest_header=3, columns=COLUMNS,
    expected=EXPECTED_COLUMNS, clean=clean_team_field, make=ImportLine, one_column=False,
    too_big=gettext_lazy("Ce fichier dépasse 2 Mo : une liste d'équipes tient en bien moins. "
                         "Vérifiez que c'est le bon fichier."),
    too_many_rows=gettext_lazy("Ce fichier a plus de %(rows)s lignes : un concours compte au "
                               "plus quelques centaines d'équipes. Supprimez les lignes en "
                               "trop."),
    too_many_lines=gettext_lazy("Ce fichier a plus de %(n)s lignes remplies : un concours "
                                "compte au plus quelques centaines d'équipes."),
    large_workbook=gettext_lazy("Ce classeur décompressé dépasse 8 Mo par feuille : une liste "
                                "d'équipes tient en bien moins. Enregistrez la seule feuille "
                                "des équipes en .xlsx ou en CSV."),
    empty=gettext_lazy("Le fichier ne contient aucune équipe (colonnes attendues : "
                       "%(columns)s)."),
    repeated=gettext_lazy("l'équipe « %(name)s » est déjà à la ligne %(first)d."),
)
PLAYERS = Layout(
    fields=PLAYER_FIELDS, header_keys=PLAYER_HEADER_KEYS, shortest_header=1,
    columns=PLAYER_COLUMNS, expected=PLAYER_EXPECTED_COLUMNS, clean=clean_player_field,
    make=PlayerLine, one_column=True,
    too_big=gettext_lazy("Ce fichier dépasse 2 Mo : une liste de joueurs tient en bien moins. "
                         "Vérifiez que c'est le bon fichier."),
    too_many_rows=gettext_lazy("Ce fichier a plus de %(rows)s lignes : un concours compte au "
                               "plus quelques centaines de joueurs. Supprimez les lignes en "
                               "trop."),
    too_many_lines=gettext_lazy("Ce fichier a plus de %(n)s lignes remplies : un concours "
                                "compte au plus quelques centaines de joueurs."),
    large_workbook=gettext_lazy("Ce classeur décompressé dépasse 8 Mo par feuille : une liste "
                                "de joueurs tient en bien moins. Enregistrez la seule feuille "
                                "des joueurs en .xlsx ou en CSV."),
    empty=gettext_lazy("Le fichier ne contient aucun joueur (colonnes attendues : "
                       "%(columns)s)."),
    repeated=gettext_lazy("le joueur « %(name)s » est déjà à la ligne %(first)d."),
    refuses_split_names=True,
)


# (line number, cells); cells None: the csv module could not read on from that line.
Row = tuple[int, list[str] | None]


def _refuse(*messages: str) -> forms.ValidationError:
    return forms.ValidationError(list(messages))


# --- Entry point ------------------------------------------------------------------------------


def read_team_file(upload: IO[bytes] | Any) -> list[ImportLine]:
    """The teams of an uploaded `.csv` or `.xlsx`, every line checked like the team form.

    Raises `forms.ValidationError` (French, one message per bad line) and nothing else for
    any file; nothing is written anywhere."""
    return _read_file(upload, TEAMS)


def read_player_file(upload: IO[bytes] | Any) -> list[PlayerLine]:
    """The players of a mêlée in an uploaded `.csv` or `.xlsx` (joueur, club, licence), every
    line checked like the player form; as `read_team_file`, a French refusal or the lines."""
    return _read_file(upload, PLAYERS)


def _read_file(upload: IO[bytes] | Any, layout: Layout) -> list[Any]:
    name = str(getattr(upload, "name", "") or "").lower()
    if not name.endswith((".csv", ".xlsx")):
        raise _refuse(_("Choisissez un fichier .xlsx ou .csv."))
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_BYTES:
        raise _refuse(str(layout.too_big))
    if hasattr(upload, "seek"):
        upload.seek(0)
    data = upload.read(MAX_BYTES + 1)  # a size that lied is caught here, still bounded
    if len(data) > MAX_BYTES:
        raise _refuse(str(layout.too_big))
    rows = _xlsx_rows(data, layout) if name.endswith(".xlsx") else _csv_rows(data, layout)
    try:
        return file_lines(rows, layout)  # reads lazily: stops at the first line beyond the caps
    finally:
        rows.close()


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


def detect_separator(lines: Iterable[str], layout: Layout = TEAMS) -> str:
    """The separator among ";", tab and "," that splits the first lines into columns.

    A recognised header decides; otherwise the candidate that splits the most of the first
    lines into two columns or more, then into the same number of columns, wins (";" first on
    a tie). A file of teams that no candidate splits has one column: refused, saying which
    are expected. A file of players may hold names alone: there a separator must split more
    than half of the first lines (one "Martin, Jean" among names is a name), else the lines
    are read whole."""
    sample = []
    for line in lines:
        if line.strip():
            sample.append(line)
            if len(sample) == SAMPLE_LINES:
                break
    if sample:
        for separator in SEPARATORS:
            if is_header(_cells(sample[0], separator), layout):
                return separator
    best: tuple[tuple[int, int], str] | None = None
    for separator in SEPARATORS:
        widths = [len(_cells(line, separator)) for line in sample]
        split = [width for width in widths if width >= 2]
        if not split or (layout.one_column and 2 * len(split) <= len(sample)):
            continue
        score = (len(split), Counter(split).most_common(1)[0][1])
        if best is None or score > best[0]:
            best = (score, separator)
    if best is None:
        if layout.one_column:
            # No separator: each line is one cell (NUL never splits: decode_text refused it).
            return "\x00"
        raise _refuse(_("Ce fichier n'a qu'une colonne. Il en faut quatre, séparées par des "
                        "points-virgules, des virgules ou des tabulations : %(columns)s.")
                      % {"columns": layout.expected})
    return best[1]


def _csv_rows(data: bytes, layout: Layout = TEAMS) -> Generator[Row]:
    text = decode_text(data)
    separator = detect_separator(io.StringIO(text, newline=""), layout)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    while True:
        start = reader.line_num + 1
        if start > MAX_ROWS:
            raise _too_many_rows(layout)
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


def _too_many_rows(layout: Layout) -> forms.ValidationError:
    return _refuse(str(layout.too_many_rows) % {"rows": f"{MAX_ROWS:,}".replace(",", " ")})


# --- Workbooks --------------------------------------------------------------------------------


def _xlsx_rows(data: bytes, layout: Layout = TEAMS) -> Generator[Row]:
    unreadable = _refuse(_("Ce fichier .xlsx ne peut pas être lu. Ouvrez-le dans votre "
                           "tableur et enregistrez-le à nouveau en .xlsx, ou en CSV."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            largest = max((info.file_size for info in archive.infolist()), default=0)
    except Exception:  # BadZipFile, NotImplementedError ("zip file version 17.6"), OSError…
        raise unreadable from None
    if largest > MAX_XLSX_PART:
        raise _refuse(str(layout.large_workbook))
    from openpyxl import load_workbook

    # Read twice, side by side: the values the spreadsheet saved, and what was typed. A
    # formula whose value was never saved (a file written by a program, not a spreadsheet)
    # reads as an empty cell: it is refused, not imported as a name or a club lost.
    books: list[Any] = []
    try:
        rows = []
        for data_only in (True, False):
            books.append(load_workbook(io.BytesIO(data), read_only=True, data_only=data_only))
            sheet = books[-1].active
            if sheet is None or not hasattr(sheet, "reset_dimensions"):  # none, or a chart
                raise unreadable
            # The declared <dimension> is ignored: rows are read as they come, columns A to P.
            sheet.reset_dimensions()
            rows.append(sheet.iter_rows(max_col=XLSX_COLUMNS, values_only=True))
        for number, (row, typed) in enumerate(zip(*rows, strict=True), start=1):
            if number > MAX_ROWS:
                raise _too_many_rows(layout)
            yield number, [_cell_text(value, written, number)
                           for value, written in zip(row, typed, strict=True)]
    except forms.ValidationError:
        raise
    except Exception:  # openpyxl raises many kinds (KeyError, TypeError…) for a bad file
        raise unreadable from None
    finally:
        for book in books:
            book.close()


def _cell_text(value: object, written: object, number: int) -> str:
    """A cell's saved value as text. Refused, naming the line: a formula without a saved
    value, a date or a true/false (a name, a club or a licence is text or a number)."""
    if value is None:
        if isinstance(written, str) and written.startswith("="):
            raise _refuse(_("Ligne %(n)d : une formule sans valeur enregistrée (%(formula)s). "
                            "Ouvrez le fichier dans votre tableur et enregistrez-le à "
                            "nouveau, ou remplacez la formule par son texte.")
                          % {"n": number, "formula": written[:40]})
        return ""
    if isinstance(value, bool | datetime.date | datetime.time | datetime.timedelta):
        raise _refuse(_("Ligne %(n)d : une date, une heure ou une case VRAI/FAUX où un nom, un "
                        "club ou une licence est attendu : écrivez-le en texte.")
                      % {"n": number})
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a club typed 75 is stored as 75.0 by some writers
    return str(value)


# --- Lines ------------------------------------------------------------------------------------


def header_key(cell: str) -> str:
    """A column title without accents, case, spaces or punctuation: "Joueur 1" → "joueur1"."""
    decomposed = unicodedata.normalize("NFKD", cell)
    return "".join(char for char in decomposed if char.isalnum()).casefold()


def is_header(cells: list[str], layout: Layout = TEAMS) -> bool:
    """Whether a line is a header: its first column is titled "équipe" (a file of players:
    "joueur"), in any case, with or without accents."""
    return bool(cells) and header_key(cells[0]) == layout.header_keys[0]


def _surname(cell: str) -> bool:
    """A family name as a register writes it: in capitals ("DUPONT", "LE GALL", "N'DIAYE")."""
    letters = [char for char in cell if char.isalpha()]
    return (bool(letters) and all(char.isupper() for char in letters)
            and all(char.isalpha() or char in " -'’" for char in cell))


def _first_name(cell: str) -> bool:
    """A first name: one to three words each capitalised then in small letters ("Jean",
    "Jean-Pierre", "Marie Claire", "Zoé")."""
    words = cell.replace("-", " ").split()
    return 1 <= len(words) <= 3 and all(
        word[0].isupper() and len(word) > 1 and word[1:].isalpha() and word[1:].islower()
        for word in words)


def surname_first(cells: list[str]) -> bool:
    """Whether a player's line looks like « NOM, Prénom » split in two columns: a name in
    capitals, then a first name where the club goes, and no licence."""
    return len(cells) == 2 and _surname(cells[0]) and _first_name(cells[1])


def _lines_phrase(numbers: list[int]) -> str:
    shown = ", ".join(str(number) for number in numbers[:10])
    return shown + ("…" if len(numbers) > 10 else "")


def file_lines(rows: Iterable[Row], layout: Layout) -> list[Any]:
    """Check every line like the team form (a file of players: like the player form); return
    them all, as `layout.make` builds them, or refuse listing every bad one.

    `rows` are (line number, cells). Blank lines are skipped; a first line titled "équipe"
    ("joueur") is the header and must name the expected columns; a cell beyond the layout's
    columns is an error, extra empty ones are not; two names that are the same team or
    player (`same_name`) are refused."""
    errors: list[str] = []
    lines: list[Any] = []
    first_line_of: dict[str, int] = {}
    filled = 0
    header = False
    split_names: list[int] = []  # the lines that read « NOM, Prénom » (players, no header)
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
            raise _refuse(str(layout.too_many_lines)
                          % {"n": f"{MAX_LINES:,}".replace(",", " ")})
        if filled == 1 and is_header(cells, layout):
            keys = [header_key(cell) for cell in cells]
            if not (layout.shortest_header <= len(keys) <= len(layout.header_keys)
                    and keys == list(layout.header_keys[:len(keys)])):
                errors.append(_("Ligne %(n)d : l'en-tête doit nommer les colonnes "
                                "%(columns)s.") % {"n": number, "columns": layout.expected})
            header = True
            continue
        if layout.refuses_split_names and not header and surname_first(cells):
            split_names.append(number)
        problems = []
        width = len(layout.fields)
        if len(cells) > width:
            problems.append(_("%(count)d colonnes, %(max)d au plus sont attendues "
                              "(%(columns)s) : un séparateur en trop ?")
                            % {"count": len(cells), "max": width, "columns": layout.columns})
        cells += [""] * (width - len(cells))
        values: dict[str, str] = {}
        for field, cell in zip(layout.fields, cells, strict=False):
            try:
                values[field] = layout.clean(field, cell)
            except InvalidText as error:
                problems.append(str(error))
        if "name" in values:
            key = same_name(values["name"])
            if key in first_line_of:
                problems.append(str(layout.repeated)
                                % {"name": values["name"], "first": first_line_of[key]})
            else:
                first_line_of[key] = number
        if problems:
            errors.append(_("Ligne %(n)d : %(problems)s")
                          % {"n": number, "problems": " ".join(problems)})
        else:
            lines.append(layout.make(number, **values))
    # « DUPONT, Jean » read as the player DUPONT of the club Jean: refused when it is the
    # file's habit (half of its lines or more), not for one club that looks like a first name.
    data_lines = filled - (1 if header else 0)
    if split_names and 2 * len(split_names) >= data_lines:
        errors.insert(0, _(
            "Ce fichier semble écrit « NOM, Prénom » (lignes %(lines)s) : le prénom serait "
            "enregistré comme le club. Mettez chaque joueur dans une seule colonne (« DUPONT "
            "Jean »), ou entourez-le de guillemets (« \"DUPONT, Jean\" ») ; si la deuxième "
            "colonne est bien le club, ajoutez la ligne d'en-tête « joueur;club;licence ».")
            % {"lines": _lines_phrase(split_names)})
    if errors:
        raise _refuse(*errors)
    if not lines:
        raise _refuse(str(layout.empty) % {"columns": layout.expected})
    return lines


