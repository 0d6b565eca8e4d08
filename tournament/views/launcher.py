"""The installed command's pages: the first start (the organiser's password, chosen on this
computer only), the address the phones use, with its QR code, and the download of an
automatic backup."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import SetPasswordForm
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ..access import at_desk
from ..launcher import first_start, network
from ..services import autobackups


def first_start_page(request: HttpRequest) -> HttpResponse:
    """Choose the first account's password. Only from this computer: anyone on the club's
    Wi-Fi reaches the server, and whoever chose this password would own every concours."""
    if not first_start.is_this_computer(request.META.get("REMOTE_ADDR", "")):
        return render(request, "launcher/first_start_refused.html", status=403)
    with transaction.atomic():
        account = first_start.pending_account()
        if account is None:  # done already (or a database made by `make run`)
            raise Http404(_("Le premier démarrage est déjà fait."))
        form = SetPasswordForm(account, request.POST or None)
        if request.method == "POST" and form.is_valid():
            form.save()
            login(request, account, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("phone_address")
    return render(request, "launcher/first_start.html", {"form": form, "account": account})


def phone_address(request: HttpRequest) -> HttpResponse:
    """The address the tables' phones type or scan (the one table links print)."""
    url = settings.PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")
    if network.only_this_computer(url):  # `--local`: no phone reaches 127.0.0.1
        return render(request, "launcher/phone_address.html", {"unreachable": True})
    return render(request, "launcher/phone_address.html",
                  {"url": url + "/", "qr": network.qr_svg(url + "/")})


def autobackup_download(request: HttpRequest, slug: str, name: str) -> FileResponse:
    """One automatic backup of the concours, for its organiser (the file import restores)."""
    tournament = at_desk(request, slug)  # a download; restoring is the organisers'
    try:
        path = autobackups.autobackup_file(tournament=tournament, name=name)
    except LookupError:
        raise Http404(_("Pas de sauvegarde de ce nom.")) from None
    return FileResponse(path.open("rb"), as_attachment=True, content_type="application/json",
                        filename=f"sauvegarde-{slug}-{name}")
