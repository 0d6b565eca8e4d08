"""The concours' whole documents by key: what each is called, its file's name, how it is
rendered. The download views serve them through it (`views.exports.concours_document`);
a new document of the whole concours is one entry here, one address, and its key in the
`PAGE_LINKS` of the page that offers it. A partie's documents (`PARTIE_DOCUMENTS`) and a
season's (`SEASON_DOCUMENTS`) are listed the same way. The pages' links are read from here
(`templatetags.documents`), each with its page's words.

A document's key is also its name in the cache of rendered documents (`exports.cache`): the
keys never change, or the documents cached before would be rendered again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

from ..models import Round, Season, Tournament
from . import caisse, documents, final_pack, palmares, pdf, rotation, workbook
from . import season as season_documents
from .files import concours_file_name

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass(frozen=True)
class Document:
    key: str  # also its name in the document cache
    label: str | Promise  # French, as a page's link may say it
    url_name: str
    content_type: str
    inline: bool  # shown in the browser (a PDF) or saved (a workbook)
    cached: bool  # kept in the document cache (by the concours' version)
    filename: Callable[[Tournament, datetime], str]  # `when`: local time
    render: Callable[[Tournament, datetime], bytes]  # `when`: the export's time

    @property
    def extension(self) -> str:
        return "pdf" if self.content_type == PDF else "xlsx"


def _dated(stem: str, extension: str) -> Callable[[Tournament, datetime], str]:
    return lambda tournament, _when: concours_file_name(stem, tournament, extension)


DOCUMENTS: dict[str, Document] = {document.key: document for document in (
    Document(key="standings", label=_l("Classement (PDF)"), url_name="standings_pdf",
             content_type=PDF, inline=True, cached=True,
             filename=_dated("classement", "pdf"),
             render=lambda tournament, _when: pdf.standings_pdf(tournament)),
    Document(key="standings.xlsx", label=_l("Classement et parties (Excel)"),
             url_name="standings_xlsx", content_type=XLSX, inline=False, cached=True,
             filename=workbook.filename, render=workbook.standings_workbook),
    Document(key="reglement", label=_l("Règlement du concours (PDF)"),
             url_name="reglement_pdf", content_type=PDF, inline=True, cached=True,
             filename=lambda tournament, _when: f"reglement-{tournament.slug}.pdf",
             render=lambda tournament, _when: pdf.reglement_pdf(tournament)),
    Document(key="palmares", label=_l("Palmarès (PDF)"), url_name="palmares_pdf",
             content_type=PDF, inline=True, cached=True, filename=_dated("palmares", "pdf"),
             render=lambda tournament, _when: palmares.palmares_pdf(tournament)),
    # A rotation concours' only (views.rounds.rotation_pdf checks it, and its size).
    Document(key="rotation", label=_l("Tableau de marche (PDF)"), url_name="rotation_pdf",
             content_type=PDF, inline=True, cached=True,
             filename=lambda tournament, _when: f"tableau-de-marche-{tournament.slug}.pdf",
             render=lambda tournament, _when: rotation.rotation_chart_pdf(tournament)),
    Document(key="final", label=_l("Dossier de fin de concours (PDF)"), url_name="final_pdf",
             content_type=PDF, inline=True, cached=True, filename=_dated("resultats", "pdf"),
             render=lambda tournament, _when: final_pack.final_pack_pdf(tournament)),
    Document(key="final.xlsx", label=_l("Résultats et lots (Excel)"), url_name="final_xlsx",
             content_type=XLSX, inline=False, cached=True, filename=final_pack.filename,
             render=final_pack.final_workbook),
    # The desk's (views.money checks who may read them): never cached, money changes fast and
    # a render is small.
    Document(key="caisse", label=_l("Caisse du trésorier (PDF)"), url_name="caisse_pdf",
             content_type=PDF, inline=True, cached=False, filename=_dated("caisse", "pdf"),
             render=caisse.caisse_pdf),
    Document(key="caisse.xlsx", label=_l("Classement, parties et caisse (Excel)"),
             url_name="caisse_xlsx", content_type=XLSX, inline=False, cached=False,
             filename=caisse.caisse_filename, render=caisse.caisse_workbook),
)}


@dataclass(frozen=True)
class PartieDocument:
    """A document of one partie (its address takes the partie's number)."""

    key: str  # also its name in the document cache (with the partie's number)
    label: str | Promise
    url_name: str
    content_type: str
    filename: Callable[[Round], str]
    # `link_base`: the address the tables' phones reach ("" for a document without links);
    # then its large-type variant's paper ("" for the ordinary document, else one of `large`)
    render: Callable[[Round, str, str], bytes]
    # The papers of its « grands caractères » variant, for the wall (`?grands=a4`): none for
    # a document read at arm's length.
    large: tuple[str, ...] = ()


PARTIE_DOCUMENTS: dict[str, PartieDocument] = {document.key: document for document in (
    # The desk's (the tables' links in QR codes): views.exports.score_sheets checks it.
    PartieDocument(key="sheets", label=_l("Feuilles de marque avec les liens des tables (PDF)"),
                   url_name="score_sheets", content_type=PDF,
                   filename=lambda round_: (f"feuilles-{round_.tournament.slug}-partie-"
                                            f"{round_.number}.pdf"),
                   render=lambda round_, link_base, _large: pdf.score_sheets_pdf(
                       round_, link_base=link_base)),
    PartieDocument(key="pairings", label=_l("Tables à afficher (PDF)"), url_name="pairings_pdf",
                   content_type=PDF,
                   filename=lambda round_: (f"tables-{round_.tournament.slug}-partie-"
                                            f"{round_.number}.pdf"),
                   render=lambda round_, link_base, large: pdf.pairings_pdf(
                       round_, finder=documents.finder_link(round_.tournament, link_base),
                       large=large),
                   large=pdf.PAIRINGS_LARGE_PAPERS),
)}


@dataclass(frozen=True)
class SeasonDocument:
    """A document of a club's season (not kept in the concours' document cache: see
    exports.season)."""

    key: str
    label: str | Promise
    url_name: str
    content_type: str
    inline: bool
    filename: Callable[[Season, datetime], str]
    render: Callable[[Season, datetime], bytes]


SEASON_DOCUMENTS: dict[str, SeasonDocument] = {document.key: document for document in (
    SeasonDocument(key="season", label=_l("Classement et grille de la saison (PDF)"),
                   url_name="season_pdf", content_type=PDF, inline=True,
                   filename=lambda season, when: season_documents.filename(season, "pdf", when),
                   render=season_documents.season_pdf),
    SeasonDocument(key="season.xlsx", label=_l("Classement et grille de la saison (Excel)"),
                   url_name="season_xlsx", content_type=XLSX, inline=False,
                   filename=lambda season, when: season_documents.filename(season, "xlsx",
                                                                           when),
                   render=season_documents.season_workbook),
)}


def document(key: str) -> Document:
    """The document of `key` (a KeyError for an unknown one: a bug, not a visitor's input)."""
    return DOCUMENTS[key]


def file_name(key: str, tournament: Tournament, when: datetime) -> str:
    """The file's name of document `key` of `tournament` exported at `when`."""
    return DOCUMENTS[key].filename(tournament, timezone.localtime(when))


# --- The pages' links -------------------------------------------------------------------------


@dataclass(frozen=True)
class PageLink:
    """A document a page links to: its key (in DOCUMENTS, or PARTIE_DOCUMENTS on a partie's
    page) and the page's own words for it (None: the document's label)."""

    key: str
    words: str | Promise | None = None


# Each page's documents, in the order the page shows them. A page may show a link only to
# some (the score sheets to the desk, the rotation chart in a rotation concours): its
# template says when.
PAGE_LINKS: dict[str, tuple[PageLink, ...]] = {
    "standings": (PageLink("standings"), PageLink("standings.xlsx")),
    "tournament": (
        PageLink("reglement", _l("Règlement du concours (PDF, une page à afficher)")),
        PageLink("standings.xlsx", _l("Classement et donnes (Excel)")),
        PageLink("rotation"),
        PageLink("palmares"),
        PageLink("final"),
        PageLink("final.xlsx", _l("le classeur (xlsx)")),
    ),
    "prizes": (
        PageLink("palmares", _l("Palmarès à lire (PDF)")),
        PageLink("final", _l("Résultats complets : classement, palmarès et parties (PDF)")),
        PageLink("final.xlsx"),
    ),
    "caisse": (PageLink("caisse"), PageLink("caisse.xlsx")),
    "round": (PageLink("sheets"), PageLink("pairings"), PageLink("rotation")),
}


@dataclass(frozen=True)
class Link:
    """A document's link as a page shows it."""

    key: str
    label: str | Promise
    url: str
    content_type: str


def page_links(page: str, tournament: Tournament, partie: int | None = None) -> dict[str, Link]:
    """The documents page `page` links to, by their address's name (`url_name`, which a
    template can spell: `documents.final_xlsx.url`), in the page's order; a partie's
    documents need its number."""
    links = {}
    for link in PAGE_LINKS[page]:
        if link.key in DOCUMENTS:
            found: Document | PartieDocument = DOCUMENTS[link.key]
            url = reverse(f"tournament:{found.url_name}", args=[tournament.slug])
        else:
            found = PARTIE_DOCUMENTS[link.key]
            url = reverse(f"tournament:{found.url_name}", args=[tournament.slug, partie])
        links[found.url_name] = Link(link.key, link.words or found.label, url,
                                     found.content_type)
    return links
