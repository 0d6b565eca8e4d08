"""A sponsor's logo, as the club uploads it: a PNG or a JPEG, checked and redrawn by Pillow.

A file from anyone's laptop is hostile until proven otherwise. Its bytes are bounded before
Pillow reads them; its real content (the file's first bytes, not its name) decides what it
is, and its name must agree (a PNG called « .jpg » is refused: the club renames it knowingly
rather than keep a file whose name lies); its size in pixels is read from the header and
bounded before any pixel is decoded, so a decompression bomb (a few kilobytes that inflate to
gigabytes) is refused, as is anything Pillow's own guard calls one. The image kept is never
the file sent: it is decoded, reduced to what a screen shows and encoded again, without its
metadata (EXIF with a GPS position, comments, colour profiles). No SVG: it is a program.
Pure: bytes in, bytes out, no database.
"""

from __future__ import annotations

import dataclasses
import io
import warnings

from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 2 * 1024 * 1024  # the file sent, read no further
MAX_SIDE = 4000  # pixels, either side, read from the header before decoding
# Kept at most this wide or high: several logos share a 1920×1080 screen, and the backups
# carry them (a few hundred kilobytes each, not megabytes).
KEPT_SIDE = 1000
MAX_SPONSORS = 12  # logos a club keeps: two pages of six, and the backups stay small
NAME_LENGTH = 80

PNG, JPEG = "png", "jpeg"
MAGIC = {PNG: b"\x89PNG\r\n\x1a\n", JPEG: b"\xff\xd8\xff"}
EXTENSIONS = {PNG: (".png",), JPEG: (".jpg", ".jpeg")}
CONTENT_TYPES = {PNG: "image/png", JPEG: "image/jpeg"}
PILLOW_FORMATS = {PNG: "PNG", JPEG: "JPEG"}


class LogoRefused(Exception):
    """A file that is no logo we keep, with the French reason the club reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclasses.dataclass(frozen=True)
class Logo:
    """A logo as it is kept: encoded again by Pillow, its kind and size in pixels."""

    data: bytes
    kind: str  # PNG or JPEG
    width: int
    height: int

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.kind]


def kind_of(head: bytes) -> str | None:
    """PNG or JPEG by the file's first bytes (its signature), None for anything else."""
    for kind, magic in MAGIC.items():
        if head.startswith(magic):
            return kind
    return None


def _looks_like_markup(head: bytes) -> bool:
    sample = head[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return sample.startswith(b"<") or b"<svg" in sample


def logo_checked(raw: bytes, filename: str) -> Logo:
    """The logo of a file's bytes and name, decoded and encoded again; `LogoRefused` (in
    French) for anything else. `raw` is bounded by the caller's read (MAX_BYTES + 1 at
    most), and again here."""
    if not raw:
        raise LogoRefused(_("Le fichier est vide."))
    if len(raw) > MAX_BYTES:
        raise LogoRefused(_("Le fichier est trop lourd : %(mb)d Mo au plus.")
                          % {"mb": MAX_BYTES // (1024 * 1024)})
    kind = kind_of(raw)
    if kind is None:
        if _looks_like_markup(raw):
            raise LogoRefused(_("Les fichiers SVG (ou HTML) ne sont pas acceptés : ils peuvent "
                                "contenir un programme. Envoyez le logo en PNG ou en JPEG."))
        raise LogoRefused(_("Ce fichier n'est pas une image PNG ou JPEG."))
    extension = "." + filename.rpartition(".")[2].lower() if "." in filename else ""
    if extension not in EXTENSIONS[kind]:
        raise LogoRefused(_("Ce fichier est un %(kind)s, mais son nom finit par « %(ext)s » : "
                            "renommez-le en « %(right)s » s'il s'agit bien du logo.") % {
            "kind": PILLOW_FORMATS[kind], "ext": extension[:12] or _("(rien)"),
            "right": EXTENSIONS[kind][0]})
    unreadable = LogoRefused(_("Cette image %(kind)s est abîmée ou illisible.")
                             % {"kind": PILLOW_FORMATS[kind]})
    too_large = LogoRefused(_("L'image est trop grande : %(side)d × %(side)d pixels au plus.")
                            % {"side": MAX_SIDE})
    try:
        with warnings.catch_warnings():
            # Pillow's own guard only warns below twice its limit: a refusal here.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw), formats=[PILLOW_FORMATS[kind]]) as image:
                width, height = image.size  # from the header: nothing decoded yet
                if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
                    raise too_large
                image.load()
                # Upright, as the camera held it (the EXIF orientation goes with the rest).
                return _encoded(ImageOps.exif_transpose(image), kind)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise too_large from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise unreadable from None


def _encoded(image: Image.Image, kind: str) -> Logo:
    """The image drawn again: the pixels only (no metadata, no profile, the first frame of
    an animation), reduced to KEPT_SIDE."""
    if kind == JPEG:
        image = image.convert("RGB")
    else:
        image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P", "PA") else "RGB")
    image.thumbnail((KEPT_SIDE, KEPT_SIDE))
    clean = Image.new(image.mode, image.size)
    clean.paste(image)
    out = io.BytesIO()
    if kind == JPEG:
        clean.save(out, "JPEG", quality=88, optimize=True)
    else:
        clean.save(out, "PNG", optimize=True)
    data = out.getvalue()
    if len(data) > MAX_BYTES:
        raise LogoRefused(_("Ce logo reste trop lourd une fois réduit : enregistrez-le en "
                            "JPEG."))
    return Logo(data=data, kind=kind, width=clean.width, height=clean.height)
