"""Restore a backup from the browser, or copy a concours (organiser only).

Restoring into the concours replaces it: the file is checked whole first, then kept aside
(var/restores/, a random name, an hour at most) while a confirmation page lists what will be
replaced and by what; the confirmation names the journal's last entry it listed, and a
concours changed since is not replaced. A copy (of a file, or « Copier ce concours ») is
made at once: a new concours, unpublished, at a new address, with new table links."""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import time
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import organised
from ..errors import UserError
from ..forms.restore import CopyForm, RestoreForm
from ..models import Tournament
from ..services import autobackups, backup
from .common import _form_error

KEEP = 3600  # seconds a file awaiting its confirmation is kept
_PENDING = re.compile(r"[A-Za-z0-9_-]{22}")


def _pending_folder() -> Path:
    folder = Path(settings.VAR_DIR) / "restores"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def _pending_path(tournament: Tournament, pending: str) -> Path | None:
    if not _PENDING.fullmatch(pending):
        return None
    return _pending_folder() / f"{tournament.pk}-{pending}.json"


def _keep_aside(tournament: Tournament, data: object) -> str:
    """Keep the checked document until its confirmation; files left over an hour go."""
    folder = _pending_folder()
    for old in folder.glob("*.json"):
        with contextlib.suppress(FileNotFoundError):
            if old.stat().st_mtime < time.time() - KEEP:
                old.unlink()
    pending = secrets.token_urlsafe(16)
    path = _pending_path(tournament, pending)
    assert path is not None
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return pending


def _page(request: HttpRequest, tournament: Tournament, form: RestoreForm,
          copy_form: CopyForm, status: int = 200) -> HttpResponse:
    return render(request, "tournament/organiser/restore.html", {
        "tournament": tournament, "form": form, "copy_form": copy_form,
        "max_mb": backup.MAX_BYTES // (1024 * 1024),
    }, status=status)


@login_required
def restore(request: HttpRequest, slug: str) -> HttpResponse:
    """The page: a backup to restore into this concours or as a copy; a copy of this one."""
    tournament = organised(request, slug)
    if request.method != "POST":
        return _page(request, tournament, RestoreForm(), CopyForm())
    form = RestoreForm(request.POST, request.FILES)
    if form.is_valid():
        data = form.cleaned_data["data"]
        try:
            if form.cleaned_data["mode"] == "copy":
                copy = backup.backup_restore(
                    organiser=request.user, data=data, mode="copy",
                    slug=form.cleaned_data["slug"].strip(),
                    name=form.cleaned_data["name"].strip())
                messages.success(request, _("Sauvegarde restaurée comme nouveau concours "
                                            "« %(name)s ».") % {"name": copy.name})
                return redirect("tournament:detail", slug=copy.slug)
            contents = backup.backup_contents(data)
        except UserError as error:
            _form_error(form, error)
        else:
            return _confirmation(request, tournament, data, contents)
    return _page(request, tournament, form, CopyForm(), status=400)


def _confirmation(request: HttpRequest, tournament: Tournament, data: object,
                  contents: backup.Contents) -> HttpResponse:
    """The page that lists what a restore replaces and by what, the file kept aside."""
    return render(request, "tournament/organiser/restore_confirm.html", {
        "tournament": tournament, "current": backup.tournament_contents(tournament),
        "incoming": contents, "pending": _keep_aside(tournament, data),
        "seen": backup.last_entry(tournament),
    })


@login_required
@require_POST
def autobackup_restore(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """One of the concours' automatic backups (the installed command's data folder) restored
    into it: the same check as an uploaded file, then the same confirmation."""
    tournament = organised(request, slug)
    try:
        path = autobackups.autobackup_file(tournament=tournament, name=name)
    except LookupError:
        raise Http404(_("Pas de sauvegarde de ce nom.")) from None
    try:
        data = backup.parse_document(path.read_bytes())
        contents = backup.backup_contents(data)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:backup_restore", slug=slug)
    return _confirmation(request, tournament, data, contents)


@login_required
@require_POST
def restore_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    path = _pending_path(tournament, request.POST.get("pending", ""))
    seen = request.POST.get("seen", "")
    if path is None or not path.is_file() or not seen.isdigit() or len(seen) > 18:
        messages.error(request, _("Cette restauration n'est plus en attente : envoyez le "
                                  "fichier à nouveau."))
        return redirect("tournament:backup_restore", slug=slug)
    if "cancel" in request.POST:
        path.unlink(missing_ok=True)
        messages.info(request, _("Restauration annulée : rien n'a changé."))
        return redirect("tournament:detail", slug=slug)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        restored = backup.backup_restore(organiser=request.user, data=data, mode="replace",
                                         tournament=tournament, seen=int(seen))
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:backup_restore", slug=slug)
    path.unlink(missing_ok=True)
    messages.success(request, _("Sauvegarde restaurée : le concours « %(name)s » est celui du "
                                "fichier.") % {"name": restored.name})
    return redirect("tournament:detail", slug=restored.slug)


@login_required
@require_POST
def tournament_copy(request: HttpRequest, slug: str) -> HttpResponse:
    """« Copier ce concours »: a new concours from this one's backup."""
    tournament = organised(request, slug)
    form = CopyForm(request.POST)
    if form.is_valid():
        form.check_copy()
    if form.is_valid():
        try:
            copy = backup.tournament_copy(
                tournament=tournament, organiser=request.user,
                slug=form.cleaned_data["slug"].strip(), name=form.cleaned_data["name"].strip())
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Concours copié : « %(name)s », à sa nouvelle "
                                        "adresse, avec de nouveaux liens de table.")
                             % {"name": copy.name})
            return redirect("tournament:detail", slug=copy.slug)
    return _page(request, tournament, RestoreForm(), form, status=400)
