"""The static site rendered and zipped: every page of the registry for every object of its
scope, one shared `style.css` and the « grands caractères » box's script, all in memory.

Each page's links are relative to where it lies (`root`: "", "../" or "../../" back to the
site's top), so the unzipped folder opens from the file system, or anywhere the club puts it
on its website. The members are written in the order of their names, dated by the export's
time: the same data exported at the same moment gives the same bytes."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from ...errors import UserError
from .data import Site
from .registry import PAGES, Scope, objects
from .registry import pages as scope_pages

STYLE = "style.css"
# Keeps the « grands caractères » box's choice on the device; its own words, no user text.
SCRIPT = "grands-caracteres.js"
# Bounds of one export: a season of 60 concours of 200 teams is about 2,000 pages and 30 MB.
MAX_PAGES = 20_000
MAX_BYTES = 200 * 1024 * 1024


def _links(site: Site, scope: Scope, item: Any) -> list[tuple[str, str]]:
    return [(str(page.title), page.filename(item)) for page in scope_pages(scope)]


def _common(site: Site) -> dict[str, Any]:
    """What every page's frame reads: the site, and the links of the index."""
    return {
        "site": site,
        "concours_links": [(concours, _links(site, "concours", concours))
                           for concours in site.concours],
        "season_links": [(season, _links(site, "season", season)) for season in site.seasons],
        "style": STYLE,
        "script": SCRIPT,
    }


def pages(site: Site) -> dict[str, bytes]:
    """Every file of the site by its relative name: the pages, the style sheet, the
    script."""
    files: dict[str, bytes] = {}
    common = _common(site)
    files[STYLE] = render_to_string("static_site/style.css").encode()
    files[SCRIPT] = render_to_string("static_site/grands-caracteres.js").encode()
    files.update((logo.path, logo.data) for logo in site.sponsors)
    for page in PAGES.values():
        for item in objects(site, page.scope):
            name = page.filename(item)
            if name in files:
                raise ValueError(f"two static pages are named {name!r}")
            if len(files) > MAX_PAGES:
                raise UserError(_("Le site compterait plus de %(n)d pages : exportez moins "
                                  "de concours à la fois.") % {"n": MAX_PAGES})
            siblings = ([] if page.scope == "site" else
                        [(title, path, path == name)
                         for title, path in _links(site, page.scope, item)])
            context = {**common, **page.context(site, item), "page": page, "item": item,
                       "root": "../" * name.count("/"), "siblings": siblings}
            files[name] = render_to_string(page.template, context).encode()
    if sum(len(content) for content in files.values()) > MAX_BYTES:
        raise UserError(_("Le site dépasserait %(n)d Mo : exportez moins de concours à la "
                          "fois.") % {"n": MAX_BYTES // (1024 * 1024)})
    return files


def zipped(files: dict[str, bytes], when: Any) -> bytes:
    """`files` as a zip, in the order of their names, each dated `when` (an aware time)."""
    local = timezone.localtime(when)
    stamp = (max(local.year, 1980), local.month, local.day, local.hour, local.minute,
             local.second)
    content = io.BytesIO()
    with zipfile.ZipFile(content, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return content.getvalue()


def site_zip(site: Site) -> bytes:
    return zipped(pages(site), site.generated)
