"""The score sheets' QR codes, drawn where the sheets are laid out.

A sheet asks for its QR code as an image of the `qr:` scheme, the table link after it
(`source`); the printed documents' URL fetcher draws it (`png`, fetcher.LocalFetcher). So
the renderer's children draw the codes of their own chunk, side by side, while the sheets
are laid out; made in the server's process before the layout, one after the other, a
500-table round's cost 0.84 s. Neither Django nor WeasyPrint here: the renderer imports it.
"""

from __future__ import annotations

import io
from urllib.parse import quote, unquote

import segno

SCHEME = "qr:"


def source(url: str) -> str:
    """The image source of `url`'s QR code, as a printed document asks for it."""
    return SCHEME + quote(url, safe="")


def png(source_url: str) -> bytes:
    """The PNG of the QR code a `source` URL names.

    PNG, not SVG: WeasyPrint places a small raster far faster than it draws vector paths. One
    pixel a module: the template scales it up without smoothing (`image-rendering: pixelated`
    makes the PDF say /Interpolate false), so it prints as sharp as a bigger image. A fixed
    mask: segno would otherwise score all eight masks, 6 ms a code; any mask is a valid code
    and phones read it as well at this size. Always a full QR code (`make_qr`), never a
    Micro QR, which phones' cameras do not read (and segno.make tried first: 0.4 ms)."""
    if not source_url.startswith(SCHEME):
        raise ValueError(f"not a QR code's source: {source_url[:200]}")
    buffer = io.BytesIO()
    segno.make_qr(unquote(source_url[len(SCHEME):]), error="m", mask=0).save(
        buffer, kind="png", scale=1, border=2)
    return buffer.getvalue()


def data_uri(url: str) -> str:
    """`url`'s QR code as a PNG `data:` address, for a page to show (the projector's « Où
    est ma table ? »): one pixel a module, the page scales it up without smoothing."""
    return str(segno.make_qr(url, error="m", mask=0).png_data_uri(scale=1, border=2))
