"""The concours' whole documents by key: what each is called, its file's name, how it is
rendered. The download views serve them through it (`views.exports.concours_document`);
a new document of the whole concours is one entry here, one address and one link.

A document's key is also its name in the cache of rendered documents (`exports.cache`): the
keys never change, or the documents cached before would be rendered again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

from ..models import Season, Tournament
from . import caisse, final_pack, pdf, workbook
from . import season as season_documents

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
    return lambda tournament, when: f"{stem}-{tournament.slug}-{when:%Y-%m-%d}.{extension}"


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
