"""WeasyPrint fetches nothing but `data:` URLs and the app's static files: a URL that got into
a printed document anyhow reaches neither the network nor the disk (defence in depth)."""

from __future__ import annotations

import base64
import io
import os
import ssl
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from pypdf import PdfReader

from tournament.exports import fetcher, weasy

# A 1×1 PNG.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


@pytest.fixture
def listener():
    """A loopback HTTP server counting the requests it is sent."""
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # http.server's name
            asked.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            self.wfile.write(PIXEL)

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", asked
    finally:
        server.shutdown()
        server.server_close()


def attachments(pdf: bytes) -> dict:
    return PdfReader(io.BytesIO(pdf)).attachments


def test_an_image_on_the_network_is_never_fetched(listener):
    address, asked = listener
    pdf = weasy.html_to_pdf(f'<p>Équipe</p><img src="{address}/image.png">'
                            f'<link rel="stylesheet" href="{address}/style.css">'
                            f'<p style="background: url({address}/fond.png)">x</p>')
    assert pdf.startswith(b"%PDF")
    assert asked == []


def test_a_file_of_the_server_is_never_read_nor_attached(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("mot de passe", encoding="utf-8")
    pdf = weasy.html_to_pdf(f'<link rel="attachment" href="file:///etc/passwd">'
                            f'<link rel="attachment" href="{secret.as_uri()}">'
                            f'<a rel="attachment" href="{secret.as_uri()}">pièce</a>'
                            f'<img src="file:///etc/passwd">')
    assert attachments(pdf) == {}
    assert b"mot de passe" not in pdf


def test_a_static_file_of_the_app_or_a_data_url_is_fetched():
    icon = fetcher.STATIC / "tournament" / "favicon.svg"
    pdf = weasy.html_to_pdf(f'<link rel="attachment" href="{icon.as_uri()}">'
                            f'<img src="data:image/png;base64,{base64.b64encode(PIXEL).decode()}">')
    assert list(attachments(pdf)) == ["favicon.svg"]


def test_a_path_out_of_the_static_folder_is_refused_even_through_dots():
    local = fetcher.LocalFetcher()
    outside = (fetcher.STATIC / "tournament" / ".." / ".." / "manage.py").as_posix()
    for url in (f"file://{outside}", "file:///etc/passwd", "http://127.0.0.1/",
                "ftp://example.org/x", "file://autre-machine/etc/passwd"):
        with pytest.raises(ValueError, match="URL refusée"):
            local.fetch(url)
    assert local.fetch((fetcher.STATIC / "tournament" / "screen.css").as_uri()).read()


def test_the_fetcher_trusts_no_certificate_and_reads_none_to_be_made():
    """Its TLS context, for the HTTPS it refuses anyway, has no authority loaded: the default
    one read the system's certificates at each PDF (20 ms)."""
    [https] = [handler for handler in fetcher.LocalFetcher().handlers
               if isinstance(handler, urllib.request.HTTPSHandler)]
    assert https._context.cert_store_stats() == {"crl": 0, "x509": 0, "x509_ca": 0}
    assert https._context.verify_mode == ssl.CERT_REQUIRED


def test_the_renderer_of_long_documents_fetches_nothing_either(listener):
    address, asked = listener
    html = f'<p>Feuille</p><img src="{address}/qr.png">'
    pdf = weasy.htmls_to_pdf([html, html])
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2
    assert asked == []


def test_a_document_rendered_aside_is_laid_out_by_the_renderer_at_a_lower_priority():
    with weasy.aside():
        pdf = weasy.html_to_pdf("<p>Classement</p>")
    assert pdf.startswith(b"%PDF")
    process = weasy.renderer().process
    assert process is not None and weasy.renderer().last is not None
    assert os.getpriority(os.PRIO_PROCESS, process.pid) >= os.getpriority(
        os.PRIO_PROCESS, 0) + weasy.NICENESS
