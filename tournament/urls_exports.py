"""Addresses of printed documents, downloads and the projector's screen. Their shapes never
change: bookmarks, printed QR codes and the projector point at them.

Each document of the registry (exports.registry) has its key's address, `documents/<key>`
under its concours, partie or season, and its alias (today's address, by its own name),
both served by the same view: built here from the registry, so a new document needs no
line. A key's converter matches the registry's keys only: a background job's address
(`documents/<job>/`, a random token and a slash) never meets a document's."""

import re

from django.urls import path, register_converter

from .exports import registry
from .views import exports, progress, public, restore, site_export


class _Keys:
    """One of `keys` (a document's key), exactly."""

    keys: tuple[str, ...] = ()
    regex = ""

    def __init_subclass__(cls) -> None:
        # The longest first: "standings.xlsx" is not read as "standings".
        cls.regex = "|".join(re.escape(key) for key in sorted(cls.keys, key=len, reverse=True))

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class ConcoursKey(_Keys):
    keys = tuple(registry.DOCUMENTS)


class PartieKey(_Keys):
    keys = tuple(registry.PARTIE_DOCUMENTS)


class SeasonKey(_Keys):
    keys = tuple(registry.SEASON_DOCUMENTS)


register_converter(ConcoursKey, "concours_document")
register_converter(PartieKey, "partie_document")
register_converter(SeasonKey, "season_document")

SEASON = "clubs/<slug:club>/saisons/<row_id:season>/"
urlpatterns = [
    path("t/<slug:slug>/documents/<concours_document:key>", exports.concours_document,
         name="document"),
    path("t/<slug:slug>/rounds/<number:number>/documents/<partie_document:key>",
         exports.partie_document, name="partie_document"),
    path(SEASON + "documents/<season_document:key>", exports.season_document,
         name="season_document"),
    *(path(f"t/<slug:slug>/{document.alias}", exports.concours_document,
           {"key": document.key}, name=document.url_name)
      for document in registry.DOCUMENTS.values() if document.alias),
    *(path(f"t/<slug:slug>/rounds/<number:number>/{document.alias}", exports.partie_document,
           {"key": document.key}, name=document.url_name)
      for document in registry.PARTIE_DOCUMENTS.values() if document.alias),
    *(path(SEASON + document.alias, exports.season_document, {"key": document.key},
           name=document.url_name)
      for document in registry.SEASON_DOCUMENTS.values() if document.alias),
    path("t/<slug:slug>/sheets-blank.pdf", exports.blank_score_sheets,
         name="blank_score_sheets"),
    path("t/<slug:slug>/screen/", public.screen, name="screen"),
    path("t/<slug:slug>/site.zip", site_export.concours_site, name="concours_site"),
    path("clubs/<slug:club>/export-site/", site_export.club_site, name="club_site"),
    path("clubs/<slug:club>/export-site/site.zip", site_export.club_site_zip,
         name="club_site_zip"),
    path("t/<slug:slug>/backup.json", exports.backup, name="backup"),
    path("t/<slug:slug>/backup/restore/", restore.restore, name="backup_restore"),
    path("t/<slug:slug>/backup/restore/confirm/", restore.restore_confirm,
         name="backup_restore_confirm"),
    path("t/<slug:slug>/copy/", restore.tournament_copy, name="tournament_copy"),
    path("t/<slug:slug>/documents/<str:job>/", progress.job, name="document_job"),
    path("t/<slug:slug>/documents/<str:job>/file", progress.job_file, name="document_file"),
    path("clubs/<slug:club>/documents/<str:job>/", progress.club_job, name="club_document_job"),
    path("clubs/<slug:club>/documents/<str:job>/file", progress.club_job_file,
         name="club_document_file"),
]
