"""Addresses of printed documents, downloads and the projector's screen. Their shapes never
change: bookmarks and the projector point at them."""

from django.urls import path

from .views import exports, progress, public, restore, site_export

urlpatterns = [
    path("t/<slug:slug>/standings.pdf", exports.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/standings.xlsx", exports.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/reglement.pdf", exports.reglement_pdf, name="reglement_pdf"),
    path("t/<slug:slug>/sheets-blank.pdf", exports.blank_score_sheets,
         name="blank_score_sheets"),
    path("t/<slug:slug>/rounds/<number:number>/sheets.pdf", exports.score_sheets,
         name="score_sheets"),
    path("t/<slug:slug>/rounds/<number:number>/pairings.pdf", exports.pairings,
         name="pairings_pdf"),
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
