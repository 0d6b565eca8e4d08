"""A sponsor's logo: a PNG or a JPEG redrawn by Pillow, and every hostile file the issue
names refused in French before Pillow decodes a pixel of it. Pure: no database."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.sponsors.images import SVG_WITH_SCRIPT, image_bytes, png_header_only
from tournament.logos import JPEG, KEPT_SIDE, MAX_BYTES, PNG, LogoRefused, logo_checked


def refusal(raw: bytes, name: str) -> str:
    with pytest.raises(LogoRefused) as refused:
        logo_checked(raw, name)
    return refused.value.message


def test_a_png_and_a_jpeg_are_kept_redrawn_and_of_their_own_kind():
    png = logo_checked(image_bytes("PNG"), "logo.PNG")
    jpeg = logo_checked(image_bytes("JPEG"), "photo.jpeg")
    assert (png.kind, png.width, png.height, png.content_type) == (PNG, 40, 20, "image/png")
    assert (jpeg.kind, jpeg.content_type) == (JPEG, "image/jpeg")
    assert Image.open(io.BytesIO(png.data)).getpixel((5, 5))[:3] == (255, 0, 0)


def test_the_metadata_goes_and_a_large_logo_is_reduced():
    exif = Image.Exif()
    exif[0x010E] = "Position GPS de la maison du trésorier"  # ImageDescription
    sent = image_bytes("JPEG", size=(1600, 400), exif=exif.tobytes(),
                       comment=b"secret du club")
    assert b"maison du tr" in sent and b"secret du club" in sent  # the control
    kept = logo_checked(sent, "logo.jpg")
    assert b"maison du tr" not in kept.data and b"secret du club" not in kept.data
    assert (kept.width, kept.height) == (KEPT_SIDE, KEPT_SIDE // 4)


@pytest.mark.parametrize(("raw", "name", "words"), [
    (SVG_WITH_SCRIPT, "logo.svg", "SVG"),
    (SVG_WITH_SCRIPT, "logo.png", "SVG"),  # its name changes nothing
    (image_bytes("PNG"), "logo.jpg", "est un PNG, mais son nom finit par « .jpg »"),
    (image_bytes("JPEG"), "logo.png", "est un JPEG, mais son nom finit par « .png »"),
    (image_bytes("PNG"), "logo", "son nom finit par « (rien) »"),
    (b"Liste des partenaires : boulangerie", "logo.png", "n'est pas une image PNG"),
    (b"", "logo.png", "Le fichier est vide"),
    (b"\x89PNG\r\n\x1a\n" + b"\0" * 100, "logo.png", "abîmée ou illisible"),
    (png_header_only(4001, 10), "bombe.png", "4000 × 4000 pixels au plus"),
    (png_header_only(60000, 60000), "bombe.png", "4000 × 4000 pixels au plus"),
    (b"\x89PNG\r\n\x1a\n" + b"\0" * MAX_BYTES, "lourd.png", "trop lourd : 2 Mo au plus"),
])
def test_a_hostile_file_is_refused_in_french(raw, name, words):
    assert words in refusal(raw, name)


def test_pillow_s_own_bomb_guard_is_a_refusal_too(monkeypatch):
    # Below MAX_SIDE but above Pillow's limit (lowered here): its warning (between once and
    # twice the limit), a refusal.
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 300)
    assert "pixels au plus" in refusal(image_bytes("PNG", size=(20, 20)), "logo.png")
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)
    assert logo_checked(image_bytes("PNG", size=(20, 20)), "logo.png").width == 20
