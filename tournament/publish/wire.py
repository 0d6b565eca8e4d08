"""What travels between the laptop and the results server, byte for byte (circuit/README.md):
a push's JSON in its canonical form (keys sorted, no spaces, UTF-8) and its digest, the
sha256 the server answers with and the laptop checks. One definition for both sides: the
server (circuit/) imports it from here."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical(content: dict[str, Any]) -> bytes:
    """The bytes `digest` hashes, and the body a push sends."""
    return json.dumps(content, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def digest(content: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(content)).hexdigest()
