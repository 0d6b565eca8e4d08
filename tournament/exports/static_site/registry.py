"""The static site's pages by key: each with its French title, its file's relative name, what
it reads (its context, from the site's data) and its template. The builder renders every
page once for each object of its scope: the site (one page), each concours, each person,
each season. A new page is one entry here (or one `register` call) and one template."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

from .data import Person, Site, SiteConcours

Scope = Literal["site", "concours", "person", "season"]


@dataclass(frozen=True)
class Page:
    key: str
    title: str | Promise  # French, as the links to it say it
    scope: Scope
    filename: Callable[[Any], str]  # the object of its scope → "concours/<slug>/x.html"
    context: Callable[[Site, Any], dict[str, Any]]  # (site, object) → the template's context
    template: str


PAGES: dict[str, Page] = {}


def register(page: Page) -> Page:
    """Add `page` to the site (a key taken twice is a bug)."""
    if page.key in PAGES:
        raise ValueError(f"static page {page.key!r} registered twice")
    PAGES[page.key] = page
    return page


def pages(scope: Scope) -> list[Page]:
    """The pages of `scope`, in their order of registration (the links' order)."""
    return [page for page in PAGES.values() if page.scope == scope]


def objects(site: Site, scope: Scope) -> Sequence[Any]:
    """What the pages of `scope` are rendered for."""
    if scope == "site":
        return [None]
    if scope == "concours":
        return site.concours
    if scope == "person":
        return site.people
    return site.seasons


def _nothing(_site: Site, _object: Any) -> dict[str, Any]:
    return {}


def _concours(_site: Site, concours: SiteConcours) -> dict[str, Any]:
    return {"concours": concours}


def _person(_site: Site, person: Person) -> dict[str, Any]:
    return {"person": person}


def _in_concours(name: str) -> Callable[[SiteConcours], str]:
    return lambda concours: f"{concours.folder}{name}"


register(Page("index", _l("Accueil"), "site", lambda _none: "index.html", _nothing,
              "static_site/index.html"))
register(Page("standings", _l("Classement"), "concours", _in_concours("classement.html"),
              _concours, "static_site/standings.html"))
register(Page("parties", _l("Parties, table par table"), "concours",
              _in_concours("parties.html"), _concours, "static_site/parties.html"))
register(Page("palmares", _l("Palmarès"), "concours", _in_concours("palmares.html"),
              _concours, "static_site/palmares.html"))
register(Page("person", _l("Joueur"), "person", lambda person: person.path, _person,
              "static_site/person.html"))
# The season's pages (its standings, its grid) register in `season.py`.
