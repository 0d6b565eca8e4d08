"""Secrets of the server (pure: no ORM): join codes and tokens are random and stored only as
their sha256; a fiche de résultats is signed with a key derived from the club's token.

The issue asks for a fiche « signed with the club's token », and for a server that stores
only the token's hash: a server holding only a hash cannot check an HMAC keyed by the token.
So the laptop signs with `signing_key(token)` — HMAC-SHA256 of a fixed label, keyed by the
token — which the server computes once, when the club joins (it sees the token then), and
stores. That key signs fiches and does nothing else: someone who reads the server's database
can forge a fiche for the comité to upload, but cannot push as the club (a push needs the
token, of which the database holds only the hash). Revoking the token revokes both.

A fiche is one header line then the push's JSON, byte for byte:

    FICHE-RESULTATS 1 <club's address> <hex HMAC-SHA256 of "<club's address>\\n" + JSON>\\n
    {"concours": …}

so that any byte changed after it was signed (in the JSON or the header) is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# The laptop writes fiches with these (what circuit/ reads comes from tournament/publish/).
from tournament.publish.fiche import (
    FICHE_MAGIC,
    FICHE_VERSION,
    SIGNING_LABEL,
    fiche_make,
    fiche_signature,
    signing_key,
)

__all__ = ["FICHE_MAGIC", "FICHE_VERSION", "SIGNING_LABEL", "fiche_make", "fiche_signature",
           "signing_key"]

TOKEN_BYTES = 32


def new_secret() -> str:
    """A new token or join code: 256 random bits, URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hashed(secret: str) -> str:
    """What the server stores of a token or code: its sha256 (hex). A token is 256 random
    bits, so a plain hash is enough (no salt, no slow hash: nothing to guess)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class FicheError(ValueError):
    """A fiche that cannot be read or whose signature fails: the message says why, in
    French."""


def fiche_split(fiche: bytes) -> tuple[str, str, bytes]:
    """The fiche's club address, signature and JSON body (unchecked), or a FicheError."""
    header, newline, body = fiche.partition(b"\n")
    parts = header.split(b" ")
    if (not newline or len(parts) != 4 or parts[0] != FICHE_MAGIC
            or parts[1] != FICHE_VERSION):
        raise FicheError("Ce fichier n'est pas une fiche de résultats (sa première ligne "
                         "doit commencer par « FICHE-RESULTATS 1 »).")
    try:
        slug, signature = parts[2].decode("ascii"), parts[3].decode("ascii")
    except UnicodeDecodeError:
        raise FicheError("L'en-tête de la fiche de résultats est illisible.") from None
    return slug, signature, body


def fiche_verified(*, key: str, club_slug: str, signature: str, body: bytes) -> None:
    """Nothing when `signature` is the club's over `body`; a FicheError otherwise."""
    if not key or not hmac.compare_digest(fiche_signature(key, club_slug, body),
                                          signature.lower()):
        raise FicheError("La signature de la fiche de résultats ne correspond pas : elle a "
                         "été modifiée après avoir été écrite, ou vient d'un autre club. "
                         "Rien n'a été enregistré.")
