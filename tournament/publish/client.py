"""One request to the results server: JSON over HTTPS (plain HTTP to this computer only, so
that a token never crosses a network unencrypted), bounded in time and in what is read back.
Every failure is a `Failure` with a French message: `offline` when the server could not be
reached or failed (try again later), not when it answered a refusal."""

from __future__ import annotations

import functools
import ipaddress
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.utils.translation import gettext as _

TIMEOUT = 10.0  # seconds: a hall's connection that does not answer is retried later
ANSWER_MAX = 64 * 1024  # bytes read of an answer: the server's are a few hundred


class Failure(Exception):
    def __init__(self, message: str, *, offline: bool, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offline = offline
        self.status = status


@dataclass(frozen=True)
class Answer:
    status: int
    data: dict[str, Any]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed: it would carry the token to another address."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@functools.cache
def _opener() -> urllib.request.OpenerDirector:
    """Built at the first push, not at import: its HTTPS handler loads the system's
    certificates (20 ms every start of the app paid, issue 33)."""
    return urllib.request.build_opener(_NoRedirect)


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_url_checked(url: str) -> str:
    """The server's address without its trailing slash; refused in French when it is not
    https://, or http:// to this computer (127.0.0.1, [::1], localhost)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise Failure(_("Adresse du serveur invalide : elle commence par https://."),
                      offline=False)
    if parts.scheme == "http" and not loopback(parts.hostname):
        raise Failure(_("Adresse refusée : le jeton du club ne part jamais en clair (http://) "
                        "sur le réseau ; donnez l'adresse en https://."), offline=False)
    if parts.query or parts.fragment or parts.username or parts.password:
        raise Failure(_("Adresse du serveur invalide : ni « ? », ni « # », ni identifiant."),
                      offline=False)
    return url.strip().rstrip("/")


def post(url: str, path: str, body: bytes, *, token: str | None = None,
         timeout: float = TIMEOUT) -> Answer:
    """POST `body` (JSON) to `url` + `path`; the server's JSON answer, whatever its status.
    A network failure, a timeout or a server error (5xx) is an offline `Failure`."""
    address = server_url_checked(url) + path
    headers = {"Content-Type": "application/json", "Accept": "application/json",
               "User-Agent": "concours-belote"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(address, data=body, headers=headers, method="POST")
    try:
        with _opener().open(request, timeout=timeout) as response:
            status, raw = response.status, response.read(ANSWER_MAX + 1)
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read(ANSWER_MAX + 1)
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise Failure(_("pas de connexion au serveur (%(reason)s)")
                      % {"reason": str(reason)[:120]}, offline=True) from error
    if status >= 500:
        raise Failure(_("le serveur a répondu %(status)d") % {"status": status},
                      offline=True, status=status)
    try:
        data = json.loads(raw[:ANSWER_MAX].decode("utf-8")) if len(raw) <= ANSWER_MAX else None
    except (UnicodeDecodeError, ValueError):
        data = None
    if not isinstance(data, dict):
        raise Failure(_("réponse illisible du serveur (%(status)d)") % {"status": status},
                      offline=True, status=status)
    return Answer(status, data)
