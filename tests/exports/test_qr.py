"""The score sheets' QR codes: a `qr:` source naming the link, drawn by the documents' URL
fetcher where the sheet is laid out."""

import io

import pytest
import segno
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from tournament.exports import qr
from tournament.exports.fetcher import LocalFetcher

LINKS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                min_size=1, max_size=120)


@given(LINKS)
def test_a_source_names_its_link_whatever_its_characters(link):
    source = qr.source(link)
    assert source.startswith("qr:") and not any(char in source[3:] for char in ' "<>#?&')
    image = Image.open(io.BytesIO(qr.png(source)))
    code = segno.make_qr(link, error="m", mask=0)
    assert not code.is_micro  # phones read no Micro QR, however short the link
    assert image.size == code.symbol_size(scale=1, border=2)
    assert image.convert("L").tobytes() == bytes(
        0 if module else 255 for row in code.matrix_iter(scale=1, border=2) for module in row)


def test_the_documents_fetcher_draws_a_source_as_a_png():
    link = "http://192.168.1.20:8000/table/abc?x=1&y=2#z/"
    response = LocalFetcher().fetch(qr.source(link))
    assert response.headers.get_content_type() == "image/png"
    assert response.read() == qr.png(qr.source(link))


def test_what_is_not_a_source_is_refused():
    with pytest.raises(ValueError, match="not a QR code"):
        qr.png("data:image/png;base64,AAAA")
