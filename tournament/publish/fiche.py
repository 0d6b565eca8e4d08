"""A fiche de résultats: the push's JSON as a file, for a club whose hall has no connection
(circuit/README.md, « Fiche de résultats »): one header line — « FICHE-RESULTATS 1 », the
club's address on the server, the signature — then the push's body byte for byte. The
signature is an HMAC-SHA256 keyed by a key derived from the club's token (the server stores
that key, never the token), so that one byte changed on the way is refused. The results
server checks fiches with these same functions (circuit.tokens)."""

from __future__ import annotations

import hashlib
import hmac

FICHE_MAGIC = b"FICHE-RESULTATS"
FICHE_VERSION = b"1"
SIGNING_LABEL = b"belote fiche de resultats v1"


def signing_key(token: str) -> str:
    """The key a club's fiches are signed with (hex), derived from its token."""
    return hmac.new(token.encode("utf-8"), SIGNING_LABEL, hashlib.sha256).hexdigest()


def fiche_signature(key: str, club_slug: str, body: bytes) -> str:
    message = club_slug.encode("ascii") + b"\n" + body
    return hmac.new(bytes.fromhex(key), message, hashlib.sha256).hexdigest()


def fiche_make(*, token: str, club_slug: str, body: bytes) -> bytes:
    """The fiche de résultats of a push's JSON `body`, as the laptop writes it."""
    signature = fiche_signature(signing_key(token), club_slug, body)
    header = b" ".join([FICHE_MAGIC, FICHE_VERSION, club_slug.encode("ascii"),
                        signature.encode("ascii")])
    return header + b"\n" + body
