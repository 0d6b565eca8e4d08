"""The addresses: this computer's on the club's network (the one the phones reach), a free
port, and the QR code the phones scan."""

from __future__ import annotations

import errno
import ipaddress
import socket
import sys
from typing import TextIO
from urllib.parse import urlsplit

import segno

# Windows' and Unix's "address in use" (WSAEADDRINUSE is 10048).
_IN_USE = {errno.EADDRINUSE, 10048}


def lan_address() -> str | None:
    """The address of the interface that leads out, or None without a network. No packet is
    sent: connecting a UDP socket only chooses the route. Without a default route (the
    laptop's own hotspot, a router that gives none), one of this computer's own addresses."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed, never answered
            address: str = probe.getsockname()[0]
        except OSError:
            address = ""
    if address and not address.startswith("127.") and address != "0.0.0.0":
        return address
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    own = sorted({str(entry[4][0]) for entry in found} - {"0.0.0.0"})
    return next((candidate for candidate in own if not candidate.startswith("127.")), None)


def only_this_computer(url: str) -> bool:
    """Whether `url` leads to this computer alone (127.0.0.1, localhost, ::1): what `--local`
    gives, and an address no phone can reach."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: the network's to resolve
        return False


def port_free(host: str, port: int) -> bool:
    """Whether a server could listen on `host`:`port` now. Bound as the server binds: with
    SO_REUSEADDR on Unix (a port left in TIME_WAIT by the last run is free), exclusively on
    Windows (where SO_REUSEADDR would let two servers share a port)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        if sys.platform == "win32":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno in _IN_USE or getattr(error, "winerror", None) in _IN_USE:
                return False
            raise
    return True


def next_free_port(host: str, port: int, tries: int = 20) -> int | None:
    """The first free port after `port`, among the next `tries`."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        if port_free(host, candidate):
            return candidate
    return None


def qr_svg(url: str) -> str:
    """The QR code of `url`, as an inline SVG element (no file, no external asset)."""
    svg: str = segno.make_qr(url, error="m").svg_inline(scale=6, border=2)
    return svg


def segno_terminal(url: str, out: TextIO) -> None:
    """The QR code of `url` drawn in the console, for a phone to scan from the screen."""
    segno.make_qr(url, error="m").terminal(out=out, compact=True, border=2)
