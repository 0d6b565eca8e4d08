"""Restore a backup from the browser, or copy a concours (organiser only).

Restoring into the concours replaces it: the file is checked whole first, then kept aside
(views.pending: var/restores/, a random name, an hour at most) while a confirmation page
lists what will be replaced and by what, and asks which register player each ambiguous
player of the file is (services.backup: version 5 carries their register identity); the
confirmation names the journal's last entry it listed, and a concours changed since is not
replaced. A copy (of a file, or « Copier ce concours ») is made at once: a new concours,
unpublished, at a new address, with new table links; a copy of a file with ambiguous
players goes by the same confirmation first."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..access import organised
from ..errors import UserError
from ..exports import serve
from ..exports.serve import LONG, Step
from ..forms import ChoicesForm
from ..forms.restore import CopyForm, RestoreForm, copy_suggestion
from ..models import Tournament
from ..selectors import donne_count
from ..selectors.backup import restore_losses
from ..services import autobackups, backup
from . import pending
from .common import _form_error

KIND = "restores"  # the folder of the files kept aside (var/restores/)


def _donnes(data: object) -> int:
    """The donnes a backup holds (what its restore's time grows with), counted without
    checking it: a file of another shape counts 0 (its restore refuses it at once)."""
    rounds = data.get("rounds") if isinstance(data, dict) else None
    return sum(len(game.get("donnes") or ()) for round_ in rounds or ()
               if isinstance(round_, dict) for game in round_.get("games") or ()
               if isinstance(game, dict) and isinstance(game.get("donnes"), list))


def _restored(tournament: Tournament, restored: Tournament, replace: bool,
              kept: Path | None = None) -> str:
    if replace:
        done = _("Sauvegarde restaurée : le concours « %(name)s » est celui du fichier.") % {
            "name": restored.name}
        if kept is None:
            return done
        where = (_("parmi ses sauvegardes automatiques, en bas de la page « Restaurer »")
                 if autobackups.enabled() else _("sur le serveur"))
        return done + " " + _("Le concours tel qu'il était avant est sauvegardé %(where)s : "
                              "%(path)s") % {"where": where, "path": kept}
    return _("Sauvegarde restaurée comme nouveau concours « %(name)s ».") % {
        "name": restored.name}


def _kept_before(tournament: Tournament) -> Path:
    """The concours as it is, backed up before a restore replaces it; a French UserError
    when it cannot be (then nothing is restored)."""
    try:
        return autobackups.autobackup_before_restore(tournament=tournament)
    except OSError as error:
        raise UserError(_("La sauvegarde du concours tel qu'il est, écrite avant toute "
                          "restauration, n'a pas pu l'être (%(why)s) : rien n'a changé.")
                        % {"why": error.strerror or error}) from error


@contextmanager
def _settled(tournament: Tournament, before: Path | None) -> Iterator[None]:
    """Around a restore: the backup written before it stays if it is done, and goes if it
    is refused (nothing changed, and no older backup was pruned for it)."""
    try:
        yield
    except BaseException:
        if before is not None:
            autobackups.autobackup_restore_settled(tournament=tournament, kept=before,
                                                   restored=False)
        raise
    if before is not None:
        autobackups.autobackup_restore_settled(tournament=tournament, kept=before,
                                               restored=True)


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
        return _page(request, tournament, RestoreForm(),
                     CopyForm(initial=copy_suggestion(tournament)))
    form = RestoreForm(request.POST, request.FILES)
    if form.is_valid():
        data = form.cleaned_data["data"]
        try:
            if form.cleaned_data["mode"] == "copy":
                copy = {"slug": form.cleaned_data["slug"].strip(),
                        "name": form.cleaned_data["name"].strip()}
                review = backup.backup_review(data,
                                              club=backup.restoring_club(request.user))
                if review.ambiguities:  # its players to choose first
                    return _confirmation(request, tournament, {"mode": "copy", **copy,
                                                               "data": data}, review)
                estimate = LONG["restore"].estimate(_donnes(data))
                if estimate is not None:  # a federation's concours: in the background
                    return _restore_in_background(request, tournament, {
                        "mode": "copy", **copy, "data": data}, "", "", estimate)
                restored = backup.backup_restore(organiser=request.user, data=data,
                                                 mode="copy", **copy)
                messages.success(request, _("Sauvegarde restaurée comme nouveau concours "
                                            "« %(name)s ».") % {"name": restored.name})
                return redirect("tournament:detail", slug=restored.slug)
            review = backup.backup_review(data, club=tournament.club)
        except UserError as error:
            _form_error(form, error)
        else:
            return _confirmation(request, tournament, {"mode": "replace", "data": data},
                                 review)
    return _page(request, tournament, form, CopyForm(initial=copy_suggestion(tournament)),
                 status=400)


def _confirmation(request: HttpRequest, tournament: Tournament, kept: dict[str, Any],
                  review: backup.Review, *, name: str | None = None,
                  form: ChoicesForm | None = None, status: int = 200) -> HttpResponse:
    """The page that lists what a restore replaces and by what (a copy: what it makes),
    and asks which register player each ambiguous player of the file is; the file kept
    aside (under `name` if it already is)."""
    if name is None:
        name = pending.keep_aside(KIND, tournament, kept)
    if form is None:
        form = ChoicesForm(review.ambiguities)
    current = backup.tournament_contents(tournament)
    return render(request, "tournament/organiser/restore_confirm.html", {
        "tournament": tournament, "current": current,
        "lost": (restore_losses(current, review.contents)
                 if kept["mode"] != "copy" else []),
        "incoming": review.contents, "pending": name, "mode": kept["mode"],
        "copy_name": kept.get("name", ""), "copy_slug": kept.get("slug", ""),
        "seen": backup.last_entry(tournament), "form": form,
        "rows": [(ambiguity, form[ambiguity.field],
                  _("joueur n° %(n)d") % {"n": review.numbers[ambiguity.index]})
                 for ambiguity in form.ambiguities],
    }, status=status)


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
        review = backup.backup_review(data, club=tournament.club)
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:backup_restore", slug=slug)
    return _confirmation(request, tournament, {"mode": "replace", "data": data}, review)


@login_required
@require_POST
def restore_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    name = request.POST.get("pending", "")
    kept = pending.kept(KIND, tournament, name)
    seen = request.POST.get("seen", "")
    if (not isinstance(kept, dict) or kept.get("mode") not in backup.RESTORE_MODES
            or "data" not in kept or not seen.isdigit() or len(seen) > 18):
        messages.error(request, _("Cette restauration n'est plus en attente : envoyez le "
                                  "fichier à nouveau."))
        return redirect("tournament:backup_restore", slug=slug)
    if "cancel" in request.POST:
        pending.discard(KIND, tournament, name)
        messages.info(request, _("Restauration annulée : rien n'a changé."))
        return redirect("tournament:detail", slug=slug)
    replace = kept["mode"] == "replace"
    estimate = LONG["restore"].estimate(_donnes(kept["data"]))
    if estimate is not None:  # a federation's concours: a minute, in the background
        return _restore_in_background(request, tournament, kept, name, seen, estimate)
    try:
        # The register is read again: the choices are those it offers now.
        review = backup.backup_review(kept["data"], club=(
            tournament.club if replace else backup.restoring_club(request.user)))
        form = ChoicesForm(review.ambiguities, request.POST)
        if not form.is_valid():
            return _confirmation(request, tournament, kept, review, name=name, form=form,
                                 status=400)
        before = _kept_before(tournament) if replace else None
        with _settled(tournament, before):
            restored = backup.backup_restore(
                organiser=request.user, data=kept["data"], mode=kept["mode"],
                tournament=tournament if replace else None,
                seen=int(seen) if replace else None, slug=kept.get("slug"),
                name=kept.get("name"), choices=form.choices())
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:backup_restore", slug=slug)
    pending.discard(KIND, tournament, name)
    messages.success(request, _restored(tournament, restored, replace, before))
    return redirect("tournament:detail", slug=restored.slug)


def _restore_in_background(request: HttpRequest, tournament: Tournament, kept: dict[str, Any],
                           name: str, seen: str, estimate: float) -> HttpResponse:
    """The confirmed restore of a long backup, made by a job whose page shows its progress
    and then links to the concours; a refusal is the job's French error, nothing changed."""
    replace = kept["mode"] == "replace"
    choices = request.POST.copy()
    user = request.user

    def make(step: Step) -> str:
        step(_("Lecture et vérification de la sauvegarde…"))
        review = backup.backup_review(kept["data"], club=(
            tournament.club if replace else backup.restoring_club(user)))
        form = ChoicesForm(review.ambiguities, choices)
        if not form.is_valid():
            raise UserError(_("Les choix des joueurs ne sont plus valables : envoyez le "
                              "fichier à nouveau."))
        before = None
        if replace:
            step(_("Sauvegarde du concours tel qu'il est…"))
            before = _kept_before(tournament)
        step(_("Écriture du concours…"))
        with _settled(tournament, before):
            restored = backup.backup_restore(
                organiser=user, data=kept["data"], mode=kept["mode"],
                tournament=tournament if replace else None,
                seen=int(seen) if replace else None, slug=kept.get("slug"),
                name=kept.get("name"), choices=form.choices())
        pending.discard(KIND, tournament, name)
        step(_restored(tournament, restored, replace, before))
        return reverse("tournament:detail", args=[restored.slug])

    return serve.start(request, tournament, filename=tournament.slug, estimate=estimate,
                          make=make, back=reverse("tournament:backup_restore",
                                                  args=[tournament.slug]),
                          title=_("Restauration en cours"))


def _after_copy(original: Tournament, copy: Tournament) -> str:
    """Where a copy opens: its page; its settings at the season's choice when the original
    is in a season (issue 32: the copy's warning pointed to a choice that did not exist)."""
    if original.season_id is not None:
        return reverse("tournament:rules", args=[copy.slug]) + "#id_season"
    return reverse("tournament:detail", args=[copy.slug])


@login_required
@require_POST
def tournament_copy(request: HttpRequest, slug: str) -> HttpResponse:
    """« Copier ce concours »: a new concours from this one's backup."""
    tournament = organised(request, slug)
    form = CopyForm(request.POST, date=tournament.date)
    if form.is_valid():
        form.check_copy()
    estimate = LONG["restore"].estimate(donne_count(tournament)) if form.is_valid() else None
    if estimate is not None:  # a federation's concours: a minute, in the background
        slug_copy, name_copy = (form.cleaned_data["slug"].strip(),
                                form.cleaned_data["name"].strip())
        user = request.user

        def make(step: Step) -> str:
            step(_("Copie du concours…"))
            copy = backup.tournament_copy(tournament=tournament, organiser=user,
                                          slug=slug_copy, name=name_copy)
            step(_("Concours copié : « %(name)s », à sa nouvelle adresse, avec de nouveaux "
                   "liens de table.") % {"name": copy.name})
            return _after_copy(tournament, copy)

        return serve.start(request, tournament, filename=tournament.slug,
                              estimate=estimate, make=make,
                              back=reverse("tournament:backup_restore", args=[slug]),
                              title=_("Copie en cours"))
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
            if tournament.season_id is not None:
                messages.warning(request, _("La copie ne compte pour aucune saison : "
                                            "choisissez la sienne ici (« Saison »)."))
            return redirect(_after_copy(tournament, copy))
    return _page(request, tournament, RestoreForm(), form, status=400)
