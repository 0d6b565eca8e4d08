"""Small images for the sponsors' tests, made in memory: a logo, and the hostile files the
issue names (an SVG with a script, a decompression bomb, a PNG called .jpg, a text file)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def image_bytes(kind: str = "PNG", size: tuple[int, int] = (40, 20), color="red",
                **options) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, kind, **options)
    return out.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that says it is `width` × `height` in its header (a bomb: its pixels are a few
    bytes of zeroes that would inflate to width × height × 3 bytes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\0" * (1 + width * 3) * 4, 9)  # a few rows: enough to start
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows)
            + chunk(b"IEND", b""))


SVG_WITH_SCRIPT = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
                   b'width="10" height="10"><script>alert(document.cookie)</script>'
                   b'<rect width="10" height="10"/></svg>')
