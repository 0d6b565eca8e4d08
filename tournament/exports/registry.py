"""The documents by key, as pretix's exporters: what each is called, its file's name, how it
is rendered, who may read it and when it is long. One view per kind serves them all through
exports.serve (`views.exports`), at one address per key: `/t/<slug>/documents/<key>`, a
partie's `/t/<slug>/rounds/<n>/documents/<key>`, a season's
`/clubs/<club>/saisons/<id>/documents/<key>` (tournament/urls_exports.py builds them from
here). Today's addresses (`alias`: standings.pdf, rounds/<n>/sheets.pdf, saison.pdf…) stay:
printed QR codes and bookmarks point at them; each serves its key's document, by the same
view. A new document is a render function, its template, and one entry here (and its key in
the `PAGE_LINKS` of the page that offers it). The pages' links are read from here
(`templatetags.documents`), each with its page's words.

A document's key is also its name in the cache of rendered documents (`exports.cache`): the
keys never change, or the documents cached before would be rendered again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from ..models import Round, Season, Tournament
from ..selectors import (
    concours_tables,
    draw_has_chart,
    entrant_count,
    round_tables,
    season_size,
)
from . import (
    brackets,
    caisse,
    documents,
    final_pack,
    palmares,
    pdf,
    poules,
    rotation,
    weasy,
    workbook,
)
from . import season as season_documents
from .files import concours_file_name
from .serve import LONG, Step

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Who may read a document (the views ask access.py accordingly): wherever the concours (or
# the season) is readable; the club's desk only; the desk, and an anonymous visitor is sent
# to the login page rather than told nothing (the caisse's, as its pages).
PUBLIC, DESK, SIGNED_IN_DESK = "public", "desk", "signed-in desk"


@dataclass(frozen=True)
class TooLong:
    """A document refused for its size: `size` and `bound` counted in `what` (French)."""

    size: int
    bound: int
    what: str


def _long(kind: str, size: Callable[[Tournament], int]
          ) -> Callable[[Tournament], float | None]:
    """The seconds document `kind` of a concours takes when long (exports.serve.LONG)."""
    return lambda tournament: LONG[kind].estimate(size(tournament))


@dataclass(frozen=True)
class Document:
    key: str  # also its name in the document cache
    label: str | Promise  # French, as a page's link may say it
    content_type: str
    inline: bool  # shown in the browser (a PDF) or saved (a workbook)
    cached: bool  # kept in the document cache (by the concours' version)
    filename: Callable[[Tournament, datetime], str]  # `when`: local time
    render: Callable[[Tournament, datetime], bytes]  # `when`: the export's time
    # Today's address under /t/<slug>/ (printed QR codes point at it) and its name: a
    # document added since has none, its key's address is its only one.
    alias: str = ""
    url_name: str = ""
    access: str = PUBLIC
    # Refused before any render: raises Http404 (not this concours' document), or says it
    # is too long.
    refuse: Callable[[Tournament], TooLong | None] | None = None
    # The seconds the desk's render takes when it is long enough for the background (None
    # below): made through the cache, or by `make` (its steps told) before any look at it.
    estimate: Callable[[Tournament], float | None] | None = None
    make: Callable[[Tournament, Step], bytes] | None = None
    # The club's members' copy of a mêlée, when it differs (the players' licences: cached
    # apart), and its renderer.
    members: Callable[[Tournament, datetime], bytes] | None = None
    back: str = "tournament:detail"  # where a long document's organiser goes when busy

    @property
    def extension(self) -> str:
        return "pdf" if self.content_type == PDF else "xlsx"


def _dated(stem: str, extension: str) -> Callable[[Tournament, datetime], str]:
    return lambda tournament, _when: concours_file_name(stem, tournament, extension)


def _rotation_refused(tournament: Tournament) -> TooLong | None:
    if not draw_has_chart(tournament):
        raise Http404(_("Ce concours ne se joue pas au tableau de marche."))
    cells = rotation.chart_cells(tournament)
    if cells > rotation.MAX_CELLS:
        return TooLong(cells, rotation.MAX_CELLS, _("cases (équipes × parties)"))
    return None


def _final_refused(tournament: Tournament) -> TooLong | None:
    tables = final_pack.pack_tables(tournament)
    if tables > final_pack.MAX_TABLES:
        return TooLong(tables, final_pack.MAX_TABLES, _("tables (toutes parties)"))
    return None


def _final_estimate(tournament: Tournament) -> float | None:
    tables = final_pack.pack_tables(tournament)
    if tables < final_pack.BACKGROUND_GAMES:
        return None
    return 3 + tables / (final_pack.GAMES_A_SECOND * weasy.workers_for(tables))


DOCUMENTS: dict[str, Document] = {document.key: document for document in (
    Document(key="standings", label=_l("Classement (PDF)"), url_name="standings_pdf",
             content_type=PDF, inline=True, cached=True,
             filename=_dated("classement", "pdf"),
             render=lambda tournament, _when: pdf.standings_pdf(tournament),
             alias="standings.pdf", estimate=_long("standings", entrant_count)),
    # The club's members' copy of a mêlée carries the players' licences, a visitor's none.
    Document(key="standings.xlsx", label=_l("Classement et parties (Excel)"),
             url_name="standings_xlsx", content_type=XLSX, inline=False, cached=True,
             filename=workbook.filename, render=workbook.standings_workbook,
             alias="standings.xlsx", estimate=_long("standings.xlsx", concours_tables),
             members=lambda tournament, when: workbook.standings_workbook(
                 tournament, when, licences=True)),
    # « Règlement du concours »: whoever may read the concours may print its rules.
    Document(key="reglement", label=_l("Règlement du concours (PDF)"),
             url_name="reglement_pdf", content_type=PDF, inline=True, cached=True,
             filename=lambda tournament, _when: f"reglement-{tournament.slug}.pdf",
             render=lambda tournament, _when: pdf.reglement_pdf(tournament),
             alias="reglement.pdf"),
    Document(key="palmares", label=_l("Palmarès (PDF)"), url_name="palmares_pdf",
             content_type=PDF, inline=True, cached=True, filename=_dated("palmares", "pdf"),
             render=lambda tournament, _when: palmares.palmares_pdf(tournament),
             alias="palmares.pdf"),
    # A rotation concours' only, and within its size: each team's table at each partie.
    Document(key="rotation", label=_l("Tableau de marche (PDF)"), url_name="rotation_pdf",
             content_type=PDF, inline=True, cached=True,
             filename=lambda tournament, _when: f"tableau-de-marche-{tournament.slug}.pdf",
             render=lambda tournament, _when: rotation.rotation_chart_pdf(tournament),
             alias="rotation.pdf", refuse=_rotation_refused),
    # The standings, the palmarès and every partie's results, one PDF; a big concours' is
    # made in the background for its organiser, its steps told.
    Document(key="final", label=_l("Dossier de fin de concours (PDF)"), url_name="final_pdf",
             content_type=PDF, inline=True, cached=True, filename=_dated("resultats", "pdf"),
             render=lambda tournament, _when: final_pack.final_pack_pdf(tournament),
             alias="final.pdf", refuse=_final_refused, estimate=_final_estimate,
             make=lambda tournament, step: final_pack.final_pack_pdf(tournament, step),
             back="tournament:prizes"),
    Document(key="final.xlsx", label=_l("Résultats et lots (Excel)"), url_name="final_xlsx",
             content_type=XLSX, inline=False, cached=True, filename=final_pack.filename,
             render=final_pack.final_workbook, alias="final.xlsx"),
    # The desk's (any member: the table de marque takes money): never cached, money changes
    # fast and a render is small.
    Document(key="caisse", label=_l("Caisse du trésorier (PDF)"), url_name="caisse_pdf",
             content_type=PDF, inline=True, cached=False, filename=_dated("caisse", "pdf"),
             render=caisse.caisse_pdf, alias="caisse.pdf", access=SIGNED_IN_DESK,
             estimate=_long("caisse", entrant_count)),
    Document(key="caisse.xlsx", label=_l("Classement, parties et caisse (Excel)"),
             url_name="caisse_xlsx", content_type=XLSX, inline=False, cached=False,
             filename=caisse.caisse_filename, render=caisse.caisse_workbook,
             alias="caisse.xlsx", access=SIGNED_IN_DESK,
             estimate=_long("caisse.xlsx", concours_tables)),
    # A concours in phases: each tableau as a tree (A4 landscape), or before the poules end
    # the blank tree of the poule places; its calls and results are journaled, so the
    # concours' version keeps it.
    Document(key="tableaux", label=_l("Tableaux à imprimer (PDF, A4 paysage)"),
             content_type=PDF, inline=True, cached=True, filename=_dated("tableaux", "pdf"),
             render=lambda tournament, _when: brackets.bracket_pdf(tournament),
             back="tournament:tableaux"),
    Document(key="poules", label=_l("Grilles des poules (PDF)"), content_type=PDF,
             inline=True, cached=True, filename=_dated("poules", "pdf"),
             render=lambda tournament, _when: poules.poules_pdf(tournament),
             back="tournament:poules"),
)}


@dataclass(frozen=True)
class PartieDocument:
    """A document of one partie (its address takes the partie's number)."""

    key: str  # also its name in the document cache (with the partie's number)
    label: str | Promise
    content_type: str
    filename: Callable[[Round], str]
    # `link_base`: the address the tables' phones reach ("" for a document without links);
    # then its large-type variant's paper ("" for the ordinary document, else one of `large`)
    render: Callable[[Round, str, str], bytes]
    alias: str = ""  # today's address under /t/<slug>/rounds/<n>/, and its name
    url_name: str = ""
    access: str = PUBLIC
    cached: bool = True  # (with the partie's number and the address phones reach)
    estimate: Callable[[Round], float | None] | None = None  # as a Document's
    make: Callable[[Round, str, Step], bytes] | None = None
    # The papers of its « grands caractères » variant, for the wall (`?grands=a4`): none for
    # a document read at arm's length.
    large: tuple[str, ...] = ()


def _sheets_estimate(round_: Round) -> float | None:
    tables = round_tables(round_)
    if tables < pdf.BACKGROUND_TABLES:
        return None
    return 2 + tables / (pdf.SHEETS_A_SECOND * weasy.workers_for(tables))


PARTIE_DOCUMENTS: dict[str, PartieDocument] = {document.key: document for document in (
    # The desk's (the tables' links in QR codes): never cached.
    PartieDocument(key="sheets", label=_l("Feuilles de marque avec les liens des tables (PDF)"),
                   url_name="score_sheets", content_type=PDF,
                   filename=lambda round_: (f"feuilles-{round_.tournament.slug}-partie-"
                                            f"{round_.number}.pdf"),
                   render=lambda round_, link_base, _large: pdf.score_sheets_pdf(
                       round_, link_base=link_base),
                   alias="sheets.pdf", access=DESK, cached=False, estimate=_sheets_estimate,
                   make=lambda round_, link_base, step: pdf.score_sheets_pdf(
                       round_, link_base=link_base, step=step)),
    # The address phones reach is part of what it shows (« Où est ma table ? »'s QR code).
    PartieDocument(key="pairings", label=_l("Tables à afficher (PDF)"), url_name="pairings_pdf",
                   content_type=PDF,
                   filename=lambda round_: (f"tables-{round_.tournament.slug}-partie-"
                                            f"{round_.number}.pdf"),
                   render=lambda round_, link_base, large: pdf.pairings_pdf(
                       round_, finder=documents.finder_link(round_.tournament, link_base),
                       large=large),
                   alias="pairings.pdf", large=pdf.PAIRINGS_LARGE_PAPERS,
                   estimate=lambda round_: LONG["pairings"].estimate(round_tables(round_))),
)}


@dataclass(frozen=True)
class SeasonDocument:
    """A document of a club's season, kept by what it shows (exports.cache.season_version);
    a member's long one is made in the background, under the club's address."""

    key: str
    label: str | Promise
    content_type: str
    inline: bool
    filename: Callable[[Season, datetime], str]
    render: Callable[[Season, datetime], bytes]
    alias: str = ""  # today's address under /clubs/<club>/saisons/<id>/, and its name
    url_name: str = ""
    # A member's long one is made in the background (`make`: its render), before any look
    # at the cache.
    estimate: Callable[[Season], float | None] | None = None


def _season_estimate(season: Season) -> float | None:
    return LONG["season"].estimate(season_size(season))


SEASON_DOCUMENTS: dict[str, SeasonDocument] = {document.key: document for document in (
    SeasonDocument(key="season", label=_l("Classement et grille de la saison (PDF)"),
                   url_name="season_pdf", content_type=PDF, inline=True,
                   filename=lambda season, when: season_documents.filename(season, "pdf", when),
                   render=season_documents.season_pdf, alias="saison.pdf",
                   estimate=_season_estimate),
    SeasonDocument(key="season.xlsx", label=_l("Classement et grille de la saison (Excel)"),
                   url_name="season_xlsx", content_type=XLSX, inline=False,
                   filename=lambda season, when: season_documents.filename(season, "xlsx",
                                                                           when),
                   render=season_documents.season_workbook, alias="saison.xlsx"),
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
    "tableaux": (PageLink("tableaux"),),
    "poules": (PageLink("poules"),),
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
    template can spell: `documents.final_xlsx.url`; a document without an alias by its key,
    its dot an underscore), in the page's order; a partie's documents need its number. A
    link goes to the alias where there is one (the address printed before, as the pages
    always linked), else to the key's address."""
    links = {}
    for link in PAGE_LINKS[page]:
        if link.key in DOCUMENTS:
            found: Document | PartieDocument = DOCUMENTS[link.key]
            args: list[object] = [tournament.slug]
            kind = "document"
        else:
            found = PARTIE_DOCUMENTS[link.key]
            args, kind = [tournament.slug, partie], "partie_document"
        url = (reverse(f"tournament:{found.url_name}", args=args) if found.alias
               else reverse(f"tournament:{kind}", args=[*args, found.key]))
        name = found.url_name or found.key.replace(".", "_")
        links[name] = Link(link.key, link.words or found.label, url, found.content_type)
    return links
