"""Addresses of many objects of one kind, reversed once: a page that names 500 tables or
1,000 teams spent a quarter of its time in `reverse` (the resolver, the script prefix, the
quoting), for addresses that differ only by their last part."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.urls import reverse

# The last part as the URL patterns take it: a number of 1 to 5 digits (the "number"
# converter), or a table link's token (URL-safe characters, which reverse leaves as they are).
NUMBER_MARKER = 98765
TOKEN_MARKER = "x7marker7x"
PLAIN = re.compile(r"[A-Za-z0-9_-]+")


def addresses(name: str, *args: object, marker: int | str = NUMBER_MARKER,
              ) -> Callable[[int | str], str]:
    """last -> `reverse(name, args=[*args, last])`, reversed once with `marker` in the last
    place and the value put in its place; a value that reverse might quote is reversed."""
    head, found, tail = reverse(name, args=[*args, marker]).rpartition(str(marker))

    def address(last: int | str) -> str:
        if found and PLAIN.fullmatch(str(last)):
            return f"{head}{last}{tail}"
        return reverse(name, args=[*args, last])

    return address
