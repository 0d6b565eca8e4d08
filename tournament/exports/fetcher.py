"""WeasyPrint's URL fetcher for every printed document: nothing but `data:` URLs, the score
sheets' QR codes (`qr:`, drawn here) and the app's own static files. A module of its own so
that WeasyPrint is imported with the first PDF, not with the app's pages
(tournament.exports.weasy)."""

from __future__ import annotations

import ssl
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from weasyprint.urls import URLFetcher, URLFetcherResponse

from . import qr

# The app's own static files: the only files a document may read (`LocalFetcher`).
# The checkout's static/ under make run, the wheel's share folder once installed.
STATIC = (Path(settings.SHARE_DIR) / "static").resolve()


class LocalFetcher(URLFetcher):
    """WeasyPrint's URL fetcher, refusing everything but `data:` URLs and the app's static
    files. Documents embed their images as `data:` URLs and user text is escaped, so nothing
    should ever ask for more; this is defence in depth: a URL that got into a document
    anyhow (an `<img src="http://…">`, a `<link rel="attachment" href="file:///etc/passwd">`)
    reaches neither the network (the hall's LAN, the server's own ports) nor the disk."""

    def __init__(self) -> None:
        # A TLS context that trusts no certificate, for the HTTPS this fetcher refuses anyway:
        # WeasyPrint's default one reads the system's certificates, 20 ms a fetcher, which is
        # a PDF (each part of a long one, each probe of its pages).
        super().__init__(ssl_context=ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT))

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        scheme = url.partition(":")[0].lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme + ":" == qr.SCHEME:  # a score sheet's QR code, drawn here
            return URLFetcherResponse(url, qr.png(url), headers={"Content-Type": "image/png"})
        if scheme == "file":
            path = Path(self._file_path(url)).resolve()
            if path.is_file() and path.is_relative_to(STATIC):
                return URLFetcherResponse(path.as_uri(), path.read_bytes())
        # A ValueError is a resource WeasyPrint leaves out with a warning, not a failure.
        raise ValueError(f"URL refusée dans un document imprimé : {url[:200]}")

    @staticmethod
    def _file_path(url: str) -> str:
        parts = urlsplit(url)
        # file://host/… names another machine's file: refused (an empty path).
        return unquote(parts.path) if parts.netloc in ("", "localhost") else ""
