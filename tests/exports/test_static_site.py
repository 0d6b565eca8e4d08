"""« Exporter pour le site »: a zip of static pages whose every link is one of its members,
with no script, no address outside the folder, stored names only, user text escaped."""

import datetime
import io
import zipfile
from html.parser import HTMLParser
from posixpath import dirname, join, normpath

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders import drawn, melee, melee_partie, organiser, play_partie, tournament
from tournament import services
from tournament.exports import static_site
from tournament.exports.static_site import builder, data, registry
from tournament.models import ClubPlayer, Player

WHEN = datetime.datetime(2026, 11, 21, 23, 30, tzinfo=datetime.UTC)


class Links(HTMLParser):
    """Every address a page names (href, src, action…) and every id it defines."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("href", "src", "action", "srcset", "poster", "data") and value:
                self.urls.append(value)
            if name == "id" and value:
                self.ids.add(value)


def members(content: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


def parsed(text: str) -> Links:
    links = Links()
    links.feed(text)
    return links


def broken_links(files: dict[str, str]) -> list[str]:
    """Each href of each page that is not a member of the zip (or names an id its target
    page lacks), as "page -> href"."""
    ids = {name: parsed(text).ids for name, text in files.items() if name.endswith(".html")}
    broken = []
    for name, text in files.items():
        if not name.endswith(".html"):
            continue
        for url in parsed(text).urls:
            path, _hash, fragment = url.partition("#")
            target = normpath(join(dirname(name), path)) if path else name
            if (":" in url or url.startswith("/") or target not in files
                    or (fragment and fragment not in ids.get(target, set()))):
                broken.append(f"{name} -> {url}")
    return broken


def _played_doublettes(owner, **options):
    t = drawn(owner=owner, teams=4, **options)
    play_partie(t.rounds.get(number=1))
    services.round_generate(tournament=t, seed=7)
    play_partie(t.rounds.get(number=2))
    services.prize_add(tournament=t, start=1, end=None, from_last=False, label="Un jambon")
    return t
